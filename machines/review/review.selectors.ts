// What the review screen reads from the review machine: the status, which of staff's actions to offer (the machine's
// own `snapshot.can`; while a command is on its way, of the status it left from), the dialog open, the command in flight and the server's refusal.
import type { SnapshotFrom } from 'xstate';
import { REVIEW_DECISION_VALUES } from '#shared/contract-enums.ts';
import {
  APPLICATION_STATUSES,
  mayDeclareConflict,
  mayGiveVerdict,
  mayScore,
  nextStatus,
  rejectedDocuments,
  scoringOpen,
  type ApplicationStatus,
  type LifecycleEvent,
} from '#shared/review-lifecycle.ts';
import { approvalStepOf, dutyConflictOf, reviewMachine, unverifiedDocuments } from './review.machine.ts';
import type { ReviewCommand, ReviewContext, ReviewDialog, ReviewDocument } from './review.types.ts';

type Snapshot = SnapshotFrom<typeof reviewMachine>;

/** The status state the machine is in (null while it picks one, or while a command is on its way). */
export function selectStatus(snapshot: Snapshot): ApplicationStatus | null {
  const value = snapshot.value;
  return typeof value === 'string' ? (APPLICATION_STATUSES.find((status) => status === value) ?? null) : null;
}

/**
 * The snapshot whose offers the screen shows: itself, or while a command is on its way, the state of the status it
 * left from (the buttons stay where they are, disabled, instead of vanishing under the person's focus).
 */
const settled = (snapshot: Snapshot): Snapshot =>
  snapshot.hasTag('busy') ? reviewMachine.resolveState({ value: snapshot.context.loadedStatus, context: snapshot.context }) : snapshot;

/** Staff's lifecycle actions the machine takes now (a decision or a change request still needs its text). */
export type StaffReviewAction = Exclude<LifecycleEvent, 'submit' | 'resubmit'>;
export const STAFF_REVIEW_ACTIONS = ['start_review', 'request_changes', 'approve', 'reject', 'waitlist', 'close', 'reopen'] as const satisfies readonly StaffReviewAction[];

export function selectStaffActions(current: Snapshot): StaffReviewAction[] {
  const snapshot = settled(current);
  const can = (event: StaffReviewAction) => {
    switch (event) {
      case 'request_changes':
        return snapshot.can({ type: event, by: 'staff', message: '·', steps: [1] });
      case 'approve':
      case 'reject':
      case 'waitlist':
        return snapshot.can({ type: event, by: 'staff', reason: '·' });
      default:
        return snapshot.can({ type: event, by: 'staff' });
    }
  };
  return STAFF_REVIEW_ACTIONS.filter(can);
}

/** The decisions the machine takes now, in the table's order. */
export const selectDecisions = (snapshot: Snapshot) =>
  REVIEW_DECISION_VALUES.filter((decision) =>
    settled(snapshot).can({ type: decision === 'approved' ? 'approve' : decision === 'rejected' ? 'reject' : 'waitlist', by: 'staff', reason: '·' }),
  );

/** Staff may assign the reviewer now (not while a command is on its way). */
export const selectCanAssign = (snapshot: Snapshot): boolean => settled(snapshot).can({ type: 'assign_reviewer', by: 'staff', reviewerId: null });

/** What the checklist offers on one document: verify it (not yet verified), reject it (with a reason). */
export const selectDocumentActions = (snapshot: Snapshot, fileId: number) => ({
  verify: settled(snapshot).can({ type: 'verify_document', by: 'staff', fileId }),
  reject: settled(snapshot).can({ type: 'reject_document', by: 'staff', fileId, reason: '·' }),
});

export const selectReviewerId = (snapshot: Snapshot): number | null => snapshot.context.reviewerId;
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** The dialog open now, or null. */
export const selectAsking = (snapshot: Snapshot): ReviewDialog | null => snapshot.context.asking;
/** The document a rejection dialog is about. */
export const selectAskingDocument = (snapshot: Snapshot): ReviewDocument | undefined =>
  snapshot.context.asking === 'reject_document' ? snapshot.context.documents.find((document) => document.fileId === snapshot.context.askingFileId) : undefined;
/** The command on its way, or the last one sent. */
export const selectCommand = (snapshot: Snapshot): ReviewCommand | null => snapshot.context.command;
export const selectError = (snapshot: Snapshot): ReviewContext['error'] => snapshot.context.error;

// ---- why an action is not offered (docs/decisions/036-review-rules.md), read from the rules the guards read ----------

/** Why the viewer may not act on the application at all: their own, or a declared conflict; else null. */
export const selectDutyConflict = (snapshot: Snapshot) => dutyConflictOf(snapshot.context);
/**
 * The same reason as the screen words it: an application counted as the viewer's own is either theirs (they are its
 * applicant) or linked to their account by the duplicate check (docs/decisions/038); else a declared conflict, or null.
 */
export function selectDutyReason(snapshot: Snapshot): 'own_application' | 'linked_duplicate' | 'conflict_of_interest' | null {
  const reason = dutyConflictOf(snapshot.context);
  return reason === 'own_application' && snapshot.context.viewerId !== snapshot.context.applicantId ? 'linked_duplicate' : reason;
}
/**
 * Whether the viewer's scoring sheet is offered, and why not: the application decided (its totals are kept), the
 * viewer may not act on it, or they have not declared "no conflict of interest" yet (shared/review-lifecycle.ts mayScore).
 */
export function selectScoring(snapshot: Snapshot): 'open' | 'decided' | 'duty' | 'not_sent' | 'declare_first' {
  const { context } = snapshot;
  if (!scoringOpen(context.loadedStatus)) return 'decided';
  if (dutyConflictOf(context) !== null) return 'duty';
  // A draft (or a closed one) takes no declaration yet, so no scores either.
  if (!mayDeclareConflict(context.loadedStatus)) return 'not_sent';
  return mayScore({ staffId: context.viewerId, ownerIds: context.ownerIds, declaredConflict: context.declaredConflict }) ? 'open' : 'declare_first';
}
/** The documents that keep the application from being approved (not verified), by name. */
export const selectUnverifiedNames = (snapshot: Snapshot): string[] => unverifiedDocuments(snapshot.context).map((document) => document.name);
/** The rejected documents waiting for the round's change request, by name. */
export const selectRejectedNames = (snapshot: Snapshot): string[] => rejectedDocuments(snapshot.context.documents).map((document) => document.name);
/** The approval waiting for a second person: whose it is (the viewer's own or another's) and its reason; else null. */
export const selectPendingApproval = (snapshot: Snapshot) =>
  snapshot.context.proposedBy === null ? null : { mine: snapshot.context.proposedBy === snapshot.context.viewerId, reason: snapshot.context.proposedReason ?? '' };
/** Approving records a proposal (the program asks a second staff member to confirm). */
export const selectApprovalIsProposal = (snapshot: Snapshot): boolean => approvalStepOf(snapshot.context) === 'propose';
export const selectCanConfirmApproval = (snapshot: Snapshot): boolean => settled(snapshot).can({ type: 'confirm_approval', by: 'staff' });
/** The declarations the viewer can make now, and the one made. */
export const selectDeclaration = (snapshot: Snapshot) => ({
  declared: snapshot.context.declaredConflict,
  none: settled(snapshot).can({ type: 'declare_conflict', by: 'staff', conflict: false }),
  conflict: settled(snapshot).can({ type: 'declare_conflict', by: 'staff', conflict: true }),
});

/**
 * The notes that say where the review stands and what holds an action back, each shown where the lifecycle table
 * (shared/review-lifecycle.ts) puts it, for the status the machine holds (while a command is on its way, the one it
 * left from): the review not started yet (`start_review` is next), the application closed (`reopen` is next); while a
 * decision can be made, the documents not verified and the approval waiting for a second person; while changes can be
 * asked for, the rejected documents the change request will carry. The screen compares no status itself.
 */
export function selectReviewNotes(snapshot: Snapshot) {
  const status = snapshot.context.loadedStatus;
  const staffMay = (event: LifecycleEvent) => nextStatus(status, event, 'staff') !== null;
  const deciding = mayGiveVerdict(status);
  return {
    awaitsStart: staffMay('start_review'),
    closed: staffMay('reopen'),
    unverified: deciding ? selectUnverifiedNames(snapshot) : [],
    pendingApproval: deciding ? selectPendingApproval(snapshot) : null,
    rejectedPending: staffMay('request_changes') ? selectRejectedNames(snapshot) : [],
  };
}
