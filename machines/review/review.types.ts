// The review machine's context, input and events (docs/decisions/028-review-lifecycle.md, and its screen:
// docs/decisions/035-review-screen-on-its-machine.md).
import type { components } from '#api/schema.d.ts';
import type { ApplicationStatus, LifecycleActor } from '#shared/review-lifecycle.ts';
import type { StaffCallError, StaffCommand } from '#shared/staff-commands.ts';

type AdminDocument = components['schemas']['AdminDocument'];

/** The staff operations the review screen sends, as typed commands of the contract. */
export type ReviewCommand = StaffCommand<
  | 'setAdminApplicationStatus'
  | 'setAdminApplicationReviewer'
  | 'startAdminApplicationReview'
  | 'requestAdminApplicationChanges'
  | 'decideAdminApplication'
  | 'confirmAdminApplicationApproval'
  | 'declareAdminApplicationConflict'
  | 'verifyAdminApplicationDocument'
  | 'rejectAdminApplicationDocument'
>;

/**
 * What the machine reads of an application as the server answers it (getAdminApplication and every review
 * operation answer the whole AdminApplication, which fits this).
 */
export interface ReviewAnswer {
  id: number;
  status: ApplicationStatus;
  reviewer: { id: number } | null;
  applicant: { id: number };
  documents: ReadonlyArray<Pick<AdminDocument, 'file_id' | 'kind' | 'file_name' | 'step' | 'verdict'>>;
  change_request: { steps: number[]; message: string } | null;
  decision: { reason: string } | null;
  /** Separation of duties (docs/decisions/036-review-rules.md): the accounts counted as the owner. */
  duty_owner_ids: number[];
  conflict_declarations: ReadonlyArray<{ staff: { id: number }; conflict: boolean }>;
  /** The program asks a second staff member to confirm an approval; the approval proposed or confirmed. */
  approval_needs_confirmation: boolean;
  approval: { proposed_by: { id: number } | null; reason: string; confirmed_by: { id: number } | null } | null;
}

/** A document of the checklist as the machine's guards read it. */
export interface ReviewDocument {
  fileId: number;
  kind: AdminDocument['kind'];
  name: string;
  step: AdminDocument['step'];
  verdict: AdminDocument['verdict'];
}

/** The dialogs the review screen opens before it sends: each is a form, or a confirmation. */
export type ReviewDialog = 'request_changes' | 'decide' | 'close' | 'reject_document' | 'recuse';

export interface ReviewContext {
  applicationId: number;
  /** The applicant (the application's owner). */
  applicantId: number;
  /** The staff member reviewing, or null before one is assigned (or starts the review). */
  reviewerId: number | null;
  /** The staff member using the screen: starting a review with nobody assigned makes them the reviewer. */
  viewerId: number;
  /** The status the server reported last: `loading` picks the state from it. */
  loadedStatus: ApplicationStatus;
  /** The document checklist. */
  documents: ReviewDocument[];
  /** The accounts counted as the application's owner (none of them may act on it). */
  ownerIds: number[];
  /** The viewer's conflict-of-interest declaration: true a conflict, false none, null not declared. */
  declaredConflict: boolean | null;
  /** Whether the program asks a second staff member to confirm an approval, and who proposed the one waiting. */
  needsConfirmation: boolean;
  proposedBy: number | null;
  /** The reason of the approval waiting for its confirmation. */
  proposedReason: string | null;
  /** The steps the open change request reopened, and its message. */
  changeSteps: number[];
  changeMessage: string | null;
  /** The decision's reason, once decided. */
  reason: string | null;
  /** The dialog open now (and the document it is about), or null. */
  asking: ReviewDialog | null;
  askingFileId: number | null;
  /** The command on its way to the server, or the last one sent. */
  command: ReviewCommand | null;
  /** The server's refusal (its body, already localized) or a failed call (no answer, or a 5xx), or null. */
  error: { kind: 'refused' | 'failed'; body: unknown } | null;
}

export interface ReviewInput {
  /** The staff member using the screen. */
  viewerId: number;
  application: ReviewAnswer;
}

/** Every lifecycle event says who sends it: the table allows each to one side only. */
type By = { by: LifecycleActor };
export type ReviewEvent =
  | ({ type: 'submit' } & By)
  | ({ type: 'resubmit' } & By)
  | ({ type: 'start_review' } & By)
  | ({ type: 'request_changes'; message: string; steps: number[] } & By)
  | ({ type: 'approve'; reason: string } & By)
  | ({ type: 'reject'; reason: string } & By)
  | ({ type: 'waitlist'; reason: string } & By)
  | ({ type: 'close' } & By)
  | ({ type: 'reopen' } & By)
  | ({ type: 'assign_reviewer'; reviewerId: number | null } & By)
  /** A second staff member confirms the approval another proposed (docs/decisions/036-review-rules.md). */
  | ({ type: 'confirm_approval' } & By)
  /** The viewer declares, for themself, no conflict of interest (`conflict: false`) or a conflict (recused for good). */
  | ({ type: 'declare_conflict'; conflict: boolean } & By)
  | ({ type: 'verify_document'; fileId: number } & By)
  | ({ type: 'reject_document'; fileId: number; reason: string } & By)
  /** Opens a dialog (a form to fill or a confirmation); `fileId` names the document a rejection is about. */
  | { type: 'review.ask'; dialog: ReviewDialog; fileId?: number }
  | { type: 'review.cancel' }
  /** Hides the last refusal or failure. */
  | { type: 'review.dismiss' }
  /** The application as the server reports it now (read again after a change, or changed by the applicant). */
  | { type: 'review.loaded'; application: ReviewAnswer };

export type { StaffCallError as ReviewCallError };

/** What the machine tells its listeners: a command was answered (null: an answer with no command of this screen's). */
export interface ReviewEmitted {
  type: 'review.done';
  command: ReviewCommand | null;
}
