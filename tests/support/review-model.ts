// The review machine's model (docs/decisions/028-review-lifecycle.md), shared by its path tests on the machine
// (tests/machines/review.machine.test.ts) and against the API (tests/server/review-paths.test.ts): the same sample
// events, so both walk the same paths.
import { createTestModel } from 'xstate/graph';
import { reviewMachine } from '#machines/review/review.machine.ts';
import type { ReviewEvent, ReviewInput } from '#machines/review/review.types.ts';

export const STAFF_ID = 7;
export const OTHER_REVIEWER_ID = 9;
export const REVIEW_INPUT: ReviewInput = { status: 'draft', viewerId: STAFF_ID, reviewerId: null };
export const CHANGE_MESSAGE = 'Falta el nombre del negocio. / The business name is missing.';
export const CHANGE_STEPS = [2, 4];
export const REASON = 'Cumple los requisitos. / Meets the requirements.';

/** Each event once with what the contract accepts, sent by the side the table names. */
export const VALID_EVENTS: ReviewEvent[] = [
  { type: 'submit', by: 'applicant' },
  { type: 'resubmit', by: 'applicant' },
  { type: 'start_review', by: 'staff' },
  { type: 'request_changes', by: 'staff', message: CHANGE_MESSAGE, steps: CHANGE_STEPS },
  { type: 'approve', by: 'staff', reason: REASON },
  { type: 'reject', by: 'staff', reason: REASON },
  { type: 'waitlist', by: 'staff', reason: REASON },
  { type: 'close', by: 'staff' },
  { type: 'reopen', by: 'staff' },
];

/** What the table or the contract refuses: the wrong side, a blank reason or message, no step, a step twice. */
export const REFUSED_EVENTS: ReviewEvent[] = [
  { type: 'submit', by: 'staff' },
  { type: 'resubmit', by: 'staff' },
  { type: 'start_review', by: 'applicant' },
  { type: 'approve', by: 'applicant', reason: REASON },
  { type: 'approve', by: 'staff', reason: '   ' },
  { type: 'request_changes', by: 'staff', message: ' ', steps: [2] },
  { type: 'request_changes', by: 'staff', message: CHANGE_MESSAGE, steps: [] },
  { type: 'request_changes', by: 'staff', message: CHANGE_MESSAGE, steps: [3, 3] },
  { type: 'close', by: 'applicant' },
  { type: 'assign_reviewer', by: 'applicant', reviewerId: OTHER_REVIEWER_ID },
];

export const reviewModel = (events: () => ReviewEvent[]) => createTestModel(reviewMachine, { input: REVIEW_INPUT, events });

/**
 * The shortest path to each state of the model (a state is a status with the context that led there, so the paths
 * also resubmit after a change request, reopen a closed draft and decide on a waitlisted application: every row of
 * the table). XState's graph may end a path with a bare root event (`assign_reviewer` without its sender), which the
 * machine ignores: such steps are dropped.
 */
export function reviewPaths() {
  return reviewModel(() => VALID_EVENTS)
    .getShortestPaths()
    .map((path) => ({ path, events: path.steps.map((step) => step.event).filter((event): event is ReviewEvent => 'by' in event) }));
}
