// The review machine's context and events (docs/decisions/028-review-lifecycle.md).
import type { ApplicationStatus, LifecycleActor } from '#shared/review-lifecycle.ts';

export interface ReviewContext {
  /** The staff member reviewing, or null before one is assigned (or starts the review). */
  reviewerId: number | null;
  /** The staff member using the screen: starting a review with nobody assigned makes them the reviewer. */
  viewerId: number;
  /** The status the server reported: it only picks the first state, which is authoritative after. */
  loadedStatus: ApplicationStatus;
  /** The steps the last change request reopened, and its message. */
  changeSteps: number[];
  changeMessage: string | null;
  /** The decision's reason, once decided. */
  reason: string | null;
}

export interface ReviewInput {
  status: ApplicationStatus;
  /** The staff member using the screen: starting a review with nobody assigned makes them the reviewer. */
  viewerId: number;
  reviewerId: number | null;
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
  | ({ type: 'assign_reviewer'; reviewerId: number | null } & By);
