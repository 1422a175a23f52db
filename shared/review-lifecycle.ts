// The application's lifecycle as one pure transition table (docs/decisions/028-review-lifecycle.md): which event takes
// which status to which, and who may send it; and the rules that protect the program around it
// (docs/decisions/036-review-rules.md): separation of duties, what a decision needs, the second person, the document
// checklist. The server's services and machines/review both read it, so the API and the staff screens cannot
// disagree about what is possible. It also holds the applicant's side of each status (docs/decisions/045-one-lifecycle-table.md):
// what they may edit and what My Programs offers, which the server's write check and action, the application machine's
// guards and the applicant's screens all read.
import type { components } from '#api/schema.d.ts';
import { APPLICATION_STATUS_VALUES, REVIEW_DECISION_VALUES } from './contract-enums.ts';
import { STEP_COUNT } from './application-constants.ts';

export type ApplicationStatus = components['schemas']['ApplicationStatus'];
export type ReviewDecision = components['schemas']['ReviewDecision'];
export type DocumentKind = components['schemas']['DocumentKind'];
export type DutyConflict = components['schemas']['DutyConflict'];
export type ProgramStatus = components['schemas']['ProgramStatus'];
export type StepStatus = components['schemas']['StepStatus'];
export type ApplicationAction = components['schemas']['ApplicationAction'];
/** Who sends an event: the applicant (the application's owner) or staff. */
export type LifecycleActor = 'applicant' | 'staff';

/** Every status, in the contract's order (generated from openapi.yaml by `npm run gen:api`). */
export const APPLICATION_STATUSES = APPLICATION_STATUS_VALUES;

/** The three decisions, in the order staff's screens offer them (the contract's order). */
export const REVIEW_DECISIONS = REVIEW_DECISION_VALUES;

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

/** Staff's review has started: everything from `submitted` on, except a draft or a closed application. */
export const isUnderReview = (status: ApplicationStatus): boolean => status !== 'draft' && status !== 'closed';

/**
 * The next step is staff's review (start it, request changes or decide): the statuses a program's target in days
 * measures, so staff's list marks only the applications waiting on staff (docs/decisions/040-staff-queues-and-history.md).
 */
export const awaitsStaff = (status: ApplicationStatus): boolean =>
  eventsFrom(status, 'staff').some((event) => event !== 'close' && event !== 'reopen');

/**
 * The applicant's resubmission is what staff have before them: the application is where `resubmit` takes it (in
 * review). Staff's list names the resubmission's date beside the status while this holds
 * (docs/decisions/036-review-rules.md); once staff decide or ask for changes again, the status says it all.
 */
export const showsResubmission = (status: ApplicationStatus): boolean => status === LIFECYCLE.resubmit.to;

/**
 * Staff may still write score sheets: not once the application is decided, so the total it was decided at stays
 * (docs/decisions/037-rubric-versions.md). The server refuses a sheet otherwise; the scoring panel reads the answer.
 */
export const scoringOpen = (status: ApplicationStatus): boolean => !isDecided(status);
// ---- the applicant's side of each status (docs/decisions/045-one-lifecycle-table.md) --------------------------------

/** Which steps the applicant may change: every one, only those staff reopened, or none. */
export type ApplicantEdits = 'all' | 'reopened' | 'none';

/**
 * What My Programs offers for an application (while its program is available): `steps` is the filling in, whose
 * button the steps' progress names (start, continue, submit); `view` opens the answers read-only, with staff's words.
 */
export type MyProgramsOffer = 'steps' | 'view';

/**
 * What the applicant sees of staff's review: nothing yet (`none`: a draft, or closed before it was sent), staff's change
 * request to answer, the application waiting for staff, in review, or decided. The application machine has a state for
 * each (machines/application), so the screens read the outcome from its state, not from query data.
 */
export type ApplicantReview = 'none' | 'changes_requested' | 'waiting' | 'in_review' | 'decided';

interface ApplicantRow {
  /** The application went to staff once (its writes now answer `application_submitted` unless staff reopened steps). */
  sent: boolean;
  edits: ApplicantEdits;
  /** The program's deadline (or staff closing it) ends the edits: a draft's. A change request is answered whatever the deadline. */
  untilDeadline: boolean;
  offer: MyProgramsOffer;
  review: ApplicantReview;
}

/**
 * The applicant's side of the table, one row per status. The server's write check (`assertWritable` in
 * server/applications/access.ts) and the action it sends (server/programs/status.ts), the application machine's
 * guards and read-only steps (machines/application) and My Programs all read it through the functions below;
 * tests/unit/one-lifecycle.test.ts asks each of them about every status, program status, step and reopened set.
 */
export const APPLICANT_SIDE = {
  draft: { sent: false, edits: 'all', untilDeadline: true, offer: 'steps', review: 'none' },
  submitted: { sent: true, edits: 'none', untilDeadline: false, offer: 'view', review: 'waiting' },
  in_review: { sent: true, edits: 'none', untilDeadline: false, offer: 'view', review: 'in_review' },
  changes_requested: { sent: true, edits: 'reopened', untilDeadline: false, offer: 'steps', review: 'changes_requested' },
  approved: { sent: true, edits: 'none', untilDeadline: false, offer: 'view', review: 'decided' },
  rejected: { sent: true, edits: 'none', untilDeadline: false, offer: 'view', review: 'decided' },
  waitlisted: { sent: true, edits: 'none', untilDeadline: false, offer: 'view', review: 'decided' },
  closed: { sent: false, edits: 'none', untilDeadline: false, offer: 'view', review: 'none' },
} as const satisfies Record<ApplicationStatus, ApplicantRow>;

/** Why the applicant may not write now: the contract's error codes the server answers (409). */
export type WriteRefusal = Extract<components['schemas']['ErrorCode'], 'application_submitted' | 'program_unavailable' | 'application_closed' | 'step_locked'>;

/**
 * Why the applicant may not write to an application in `status` (as stored) now, or null when they may. `step` is the
 * step the write touches (undefined for the whole application: its submit); `reopened` the steps staff reopened.
 * In this order: an application with staff is staff's whatever its program; a withdrawn program blocks every other
 * write; a change request takes only the reopened steps; a closed application, or a draft past its program's deadline,
 * takes nothing.
 */
export function applicantWriteRefusal(
  status: ApplicationStatus,
  program: ProgramStatus,
  step: number | undefined,
  reopened: readonly number[],
): WriteRefusal | null {
  const row: ApplicantRow = APPLICANT_SIDE[status];
  if (row.edits === 'none' && row.sent) return 'application_submitted';
  if (program === 'unavailable') return 'program_unavailable';
  if (row.edits === 'none' || (row.untilDeadline && program !== 'open')) return 'application_closed';
  if (row.edits === 'reopened' && step !== undefined && !reopened.includes(step)) return 'step_locked';
  return null;
}

/** What the applicant sees of staff's review of an application in `status` (the table's `review`). */
export const applicantReview = (status: ApplicationStatus): ApplicantReview => APPLICANT_SIDE[status].review;

/** The applicant may change their answers: a draft, or the steps staff reopened while changes are requested. */
export const applicantEdits = (status: ApplicationStatus): boolean => APPLICANT_SIDE[status].edits !== 'none';

/**
 * Which screen the applicant's application opens on: the steps (`editing`), the read-only "sent" screens (with staff's
 * review and decision), "closed", or "Program Unavailable", which a withdrawn program shows over everything.
 */
export type ApplicantPhase = 'editing' | 'sent' | 'closed' | 'unavailable';

export function applicantPhase(status: ApplicationStatus, program: ProgramStatus): ApplicantPhase {
  if (program === 'unavailable') return 'unavailable';
  const refusal = applicantWriteRefusal(status, program, undefined, []);
  return refusal === 'application_submitted' ? 'sent' : refusal === 'application_closed' ? 'closed' : 'editing';
}

/** Where the applicant's sending (submit, or resubmit after a change request) takes `status`, or null when they cannot send. */
export function statusAfterSending(status: ApplicationStatus): ApplicationStatus | null {
  const event = eventsFrom(status, 'applicant')[0];
  return event === undefined ? null : nextStatus(status, event, 'applicant');
}

/**
 * A program in `program` closes its drafts: staff closing it (or its deadline passing) ends a draft, which then reads
 * as `closed` (the table's `untilDeadline` rows); a program made unavailable only blocks the applicant's writes while
 * it lasts (`program_unavailable`), so its drafts stay drafts. The server's reading of a draft and the programs form's
 * warning before staff close a program both ask it.
 */
export const programClosesDrafts = (program: ProgramStatus): boolean => program === 'closed';

/** A step counts as done once the applicant submitted it (a stored row's string is read the same way). */
export const isStepSubmitted = (status: StepStatus | (string & {})): boolean => status === 'submitted';

/** One step as My Programs reads it (ApplicationStep has these fields). */
export interface StepProgress {
  /** A StepStatus (a stored row's string is read the same way: only `submitted` counts). */
  status: StepStatus | (string & {});
  version: number;
}

/**
 * What My Programs shows for an application the server sent: its action, or `view` (read the answers) when it sends
 * none and the program is available. The inverse of server/programs/status.ts applicationAction: together they give
 * applicantOffer's answer.
 */
export const myProgramsOffer = (action: ApplicationAction, program: ProgramStatus): Exclude<ApplicationAction, 'apply' | null> | 'view' | null =>
  action === 'apply' ? null : (action ?? (program === 'unavailable' ? null : 'view'));

/** How far the applicant is: steps submitted of the STEP_COUNT ("3 of 6 steps submitted"). */
export const applicantProgress = (steps: readonly Pick<StepProgress, 'status'>[]): { done: number; total: number } => ({
  done: steps.filter((step) => isStepSubmitted(step.status)).length,
  total: STEP_COUNT,
});

/**
 * What My Programs offers for an application: nothing while its program is unavailable; `view` when the applicant
 * cannot write (the table's `view` rows, and a draft past its deadline); else by the steps: `submit` once all six are
 * submitted, `continue` once anything was saved or submitted, `start` for a new one (step 1 prefilled from the
 * profile does not count as saved). The server sends the same answer as `action`, with `view` as null (the contract's
 * ApplicationAction has no `view`).
 */
export function applicantOffer(
  status: ApplicationStatus,
  program: ProgramStatus,
  steps: readonly StepProgress[],
): Exclude<ApplicationAction, 'apply' | null> | 'view' | null {
  if (program === 'unavailable') return null;
  if (APPLICANT_SIDE[status].offer === 'view' || applicantWriteRefusal(status, program, undefined, []) !== null) return 'view';
  if (applicantProgress(steps).done === STEP_COUNT) return 'submit';
  if (steps.some((step) => step.version > 0 || isStepSubmitted(step.status))) return 'continue';
  return 'start';
}

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
  verdict: components['schemas']['DocumentVerdict'] | null;
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
