// The application's lifecycle as one pure transition table (docs/decisions/028-review-lifecycle.md): which event takes
// which status to which, and who may send it. The server's services and machines/review both read it, so the API and
// the staff screens cannot disagree about what is possible.
import type { components } from '#api/schema.d.ts';

export type ApplicationStatus = components['schemas']['ApplicationStatus'];
export type ReviewDecision = components['schemas']['ReviewDecision'];
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
 * The table. `submit` is the applicant's first sending and `resubmit` their sending after a change request: both go to
 * `submitted`, the one status that means "waiting for staff", so the list's `submitted` filter is staff's whole queue
 * (the reviewer stays assigned). A waitlisted application can still be approved or rejected when a place opens or the
 * cohort fills; approved and rejected are final. `close` and `reopen` are staff's existing close of a draft and its undo
 * (docs/decisions/025-admin-applications.md); a program's deadline also closes drafts, which is not an event of anyone.
 * A program made unavailable is not a status: it blocks every write of the applicant (docs/decisions/005).
 */
export const LIFECYCLE = {
  submit: { from: ['draft'], to: 'submitted', by: 'applicant' },
  resubmit: { from: ['changes_requested'], to: 'submitted', by: 'applicant' },
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
