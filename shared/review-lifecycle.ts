// The application's lifecycle as one pure transition table (docs/decisions/028-review-lifecycle.md): which event takes
// which status to which, and who may send it; and the rules that protect the program around it
// (docs/decisions/036-review-rules.md): separation of duties, what a decision needs, the second person, the document
// checklist. The server's services and machines/review both read it, so the API and the staff screens cannot
// disagree about what is possible.
import type { components } from '#api/schema.d.ts';

export type ApplicationStatus = components['schemas']['ApplicationStatus'];
export type ReviewDecision = components['schemas']['ReviewDecision'];
export type DocumentKind = components['schemas']['DocumentKind'];
export type DutyConflict = components['schemas']['DutyConflict'];
/** Who sends an event: the applicant (the application's owner) or staff. */
export type LifecycleActor = 'applicant' | 'staff';

/** Every status, for reading one at run time; the checks below keep it equal to the contract's enum. */
export const APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'changes_requested',
  'approved',
  'rejected',
  'waitlisted',
  'closed',
] as const satisfies readonly ApplicationStatus[];
export const statusesListed: [Exclude<ApplicationStatus, (typeof APPLICATION_STATUSES)[number]>] extends [never] ? true : never = true;

/** The three decisions, in the order staff's screens offer them. */
export const REVIEW_DECISIONS = ['approved', 'rejected', 'waitlisted'] as const satisfies readonly ReviewDecision[];
export const decisionsListed: [Exclude<ReviewDecision, (typeof REVIEW_DECISIONS)[number]>] extends [never] ? true : never = true;

interface Transition {
  from: readonly ApplicationStatus[];
  to: ApplicationStatus;
  by: LifecycleActor;
}

/**
 * The table. `submit` is the applicant's first sending, to `submitted` ("waiting for staff"); `resubmit` is their
 * sending after a change request, straight back to `in_review` with the reviewer who asked for the changes, so the
 * applicant is not told "in review" twice and staff do not start the review again (docs/decisions/036). A waitlisted application can still be approved or rejected when a place opens or the
 * cohort fills; approved and rejected are final. `close` and `reopen` are staff's existing close of a draft and its undo
 * (docs/decisions/025-admin-applications.md); a program's deadline also closes drafts, which is not an event of anyone.
 * A program made unavailable is not a status: it blocks every write of the applicant (docs/decisions/005).
 */
export const LIFECYCLE = {
  submit: { from: ['draft'], to: 'submitted', by: 'applicant' },
  resubmit: { from: ['changes_requested'], to: 'in_review', by: 'applicant' },
  start_review: { from: ['submitted'], to: 'in_review', by: 'staff' },
  request_changes: { from: ['in_review'], to: 'changes_requested', by: 'staff' },
  approve: { from: ['in_review', 'waitlisted'], to: 'approved', by: 'staff' },
  reject: { from: ['in_review', 'waitlisted'], to: 'rejected', by: 'staff' },
  waitlist: { from: ['in_review'], to: 'waitlisted', by: 'staff' },
  close: { from: ['draft'], to: 'closed', by: 'staff' },
  reopen: { from: ['closed'], to: 'draft', by: 'staff' },
} as const satisfies Record<string, Transition>;

export type LifecycleEvent = keyof typeof LIFECYCLE;
export const LIFECYCLE_EVENTS = Object.keys(LIFECYCLE) as LifecycleEvent[];

/** The event that records a decision. */
export const DECISION_EVENT = { approved: 'approve', rejected: 'reject', waitlisted: 'waitlist' } as const satisfies Record<ReviewDecision, LifecycleEvent>;

/** Where `event` takes an application in `status` when `actor` sends it, or null when the table does not allow it. */
export function nextStatus(status: ApplicationStatus, event: LifecycleEvent, actor: LifecycleActor): ApplicationStatus | null {
  const transition: Transition = LIFECYCLE[event];
  return transition.by === actor && transition.from.includes(status) ? transition.to : null;
}

/** The events `actor` may send to an application in `status`, in the table's order. */
export const eventsFrom = (status: ApplicationStatus, actor: LifecycleActor): LifecycleEvent[] =>
  LIFECYCLE_EVENTS.filter((event) => nextStatus(status, event, actor) !== null);

/** What staff may do to an application in `status`: the review screen offers exactly these (the server refuses others). */
export interface StaffReviewActions {
  startReview: boolean;
  requestChanges: boolean;
  /** The decisions open from here, in REVIEW_DECISIONS' order. */
  decisions: ReviewDecision[];
  close: boolean;
  reopen: boolean;
}

export function staffReviewActions(status: ApplicationStatus): StaffReviewActions {
  const allowed = eventsFrom(status, 'staff');
  return {
    startReview: allowed.includes('start_review'),
    requestChanges: allowed.includes('request_changes'),
    decisions: REVIEW_DECISIONS.filter((decision) => allowed.includes(DECISION_EVENT[decision])),
    close: allowed.includes('close'),
    reopen: allowed.includes('reopen'),
  };
}

/** No event leaves these: the review is over. */
export const isFinal = (status: ApplicationStatus): boolean => eventsFrom(status, 'staff').length === 0 && eventsFrom(status, 'applicant').length === 0;

/** A decision has been made (final or waitlisted): the applicant reads the outcome. */
export const isDecided = (status: ApplicationStatus): status is ReviewDecision => (REVIEW_DECISIONS as readonly string[]).includes(status);

/** The applicant may change their answers: a draft, or the steps staff reopened while changes are requested. */
export const applicantEdits = (status: ApplicationStatus): boolean => status === 'draft' || status === 'changes_requested';

/** Staff's review has started: everything from `submitted` on, except a draft or a closed application. */
export const isUnderReview = (status: ApplicationStatus): boolean => status !== 'draft' && status !== 'closed';

/**
 * The next step is staff's review (start it, request changes or decide): the statuses a program's target in days
 * measures, so staff's list marks only the applications waiting on staff (docs/decisions/040-staff-queues-and-history.md).
 */
export const awaitsStaff = (status: ApplicationStatus): boolean =>
  eventsFrom(status, 'staff').some((event) => event !== 'close' && event !== 'reopen');

/**
 * Staff may still write score sheets: not once the application is decided, so the total it was decided at stays
 * (docs/decisions/037-rubric-versions.md). The server refuses a sheet otherwise; the scoring panel reads the answer.
 */
export const scoringOpen = (status: ApplicationStatus): boolean => !isDecided(status);
// ---- the rules that protect the program (docs/decisions/036-review-rules.md) ----------------------------------------

/**
 * The staff operations on one application that separation of duties guards: nobody does any of them on an application
 * they own (or, once the duplicate check exists, one it links to them), nor after declaring a conflict of interest on
 * it. The server checks each one (server/admin/separation-of-duties.ts); tests/server/review-rules.test.ts tries each.
 */
export const DUTY_OPERATIONS = [
  'setAdminApplicationStatus',
  'setAdminApplicationReviewer',
  'startAdminApplicationReview',
  'requestAdminApplicationChanges',
  'decideAdminApplication',
  'confirmAdminApplicationApproval',
  'verifyAdminApplicationDocument',
  'rejectAdminApplicationDocument',
  'setAdminApplicationScore',
  'addAdminApplicationNote',
  'updateAdminApplicationNote',
  'declareAdminApplicationConflict',
] as const;
export type DutyOperation = (typeof DUTY_OPERATIONS)[number];

export interface DutyFacts {
  /** The staff member who would act. */
  staffId: number;
  /** The accounts counted as the application's owner (AdminApplication.duty_owner_ids). */
  ownerIds: readonly number[];
  /** The staff member's declaration on this application: true a conflict, false none, null not declared. */
  declaredConflict: boolean | null;
}

/** Why `staffId` may not act on the application, or null: their own comes first, then a declared conflict. */
export function dutyConflict({ staffId, ownerIds, declaredConflict }: DutyFacts): DutyConflict | null {
  if (ownerIds.includes(staffId)) return 'own_application';
  if (declaredConflict === true) return 'conflict_of_interest';
  return null;
}

/** Scoring needs the scorer's declaration of no conflict of interest first (a declared conflict is dutyConflict's). */
export const mayScore = (facts: DutyFacts): boolean => dutyConflict(facts) === null && facts.declaredConflict === false;

/** A declaration is possible once the application was sent (not a draft, not closed). */
export const mayDeclareConflict = (status: ApplicationStatus): boolean => isUnderReview(status);

/**
 * Staff give a document its verdict while a decision is open (in review, or waitlisted, which can still be approved):
 * approving rests on the verdicts. Sending a change request stays the table's (`request_changes`, in review only).
 */
export const mayGiveVerdict = (status: ApplicationStatus): boolean => nextStatus(status, 'approve', 'staff') !== null;

/** The step that holds each kind of document: the step a rejection reopens. */
export const STEP_OF_DOCUMENT = { owner_id: 3, income_document: 4, no_income_form: 4, intake_form: 6 } as const satisfies Record<DocumentKind, 3 | 4 | 6>;

/** What the rules read of one document of the checklist (AdminDocument has these fields). */
export interface ChecklistEntry {
  kind: DocumentKind;
  verdict: 'verified' | 'rejected' | null;
}

/** Which decisions need every document verified: approving does; rejecting and waitlisting only need a reason. */
export const DECISION_NEEDS_VERIFIED_DOCUMENTS = { approved: true, rejected: false, waitlisted: false } as const satisfies Record<ReviewDecision, boolean>;

/** The checklist's documents that stand in the way of `decision` (approving: every one not verified), in their order. */
export const documentsBlocking = <T extends ChecklistEntry>(decision: ReviewDecision, documents: readonly T[]): T[] =>
  DECISION_NEEDS_VERIFIED_DOCUMENTS[decision] ? documents.filter((document) => document.verdict !== 'verified') : [];

/** The documents the round's change request will name (rejected, waiting in the checklist). */
export const rejectedDocuments = <T extends ChecklistEntry>(documents: readonly T[]): T[] => documents.filter((document) => document.verdict === 'rejected');

/** The steps one change request reopens: those staff chose and the step of every rejected document, in order. */
export const changeRequestSteps = (chosen: readonly number[], documents: readonly ChecklistEntry[]): number[] =>
  [...new Set([...chosen, ...rejectedDocuments(documents).map((document) => STEP_OF_DOCUMENT[document.kind])])].sort((a, b) => a - b);

/** The applicant's rejected documents of `step` (not replaced yet): while any is left, the step cannot be submitted. */
export const documentsToReplace = <T extends ChecklistEntry>(step: number, documents: readonly T[]): T[] =>
  rejectedDocuments(documents).filter((document) => STEP_OF_DOCUMENT[document.kind] === step);

/** What approving does now for `staffId`: approve at once, propose (a second person confirms), or confirm a proposal. */
export type ApprovalStep = 'approve' | 'propose' | 'confirm';

export interface ApprovalFacts {
  /** The program's setting (AdminApplication.approval_needs_confirmation). */
  needsConfirmation: boolean;
  /** Who proposed the pending approval, or null when none waits. */
  proposedBy: number | null;
  staffId: number;
}

/**
 * The approval step open to `staffId`: without the program's second person, `approve`; with it, `propose` when none
 * waits (or when it is their own proposal: proposing again replaces it) and `confirm` when another staff member
 * proposed it. The proposer never confirms (`proposer_cannot_confirm`).
 */
export function approvalStep({ needsConfirmation, proposedBy, staffId }: ApprovalFacts): ApprovalStep {
  if (!needsConfirmation) return 'approve';
  return proposedBy === null || proposedBy === staffId ? 'propose' : 'confirm';
}

/** Whether `staffId` may confirm the pending approval: one must wait, proposed by someone else. */
export function confirmationRefusal({ proposedBy, staffId }: Pick<ApprovalFacts, 'proposedBy' | 'staffId'>): 'review_not_allowed' | 'proposer_cannot_confirm' | null {
  if (proposedBy === null) return 'review_not_allowed';
  return proposedBy === staffId ? 'proposer_cannot_confirm' : null;
}
