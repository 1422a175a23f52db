// An application's review lifecycle (docs/decisions/028-review-lifecycle.md) as a machine built from the one
// transition table, shared/review-lifecycle.ts: one state per status, one transition per row the table allows from
// it, guarded by who sends the event (staff, or the applicant) and by what the contract requires (a change request
// names at least one step and says what is wrong; a decision has a reason). Staff's review screen asks it which
// actions to offer (snapshot.can), and tests/server/review-paths.test.ts walks its paths against the API.
import { assign, setup } from 'xstate';
import { APPLICATION_STATUSES, LIFECYCLE, LIFECYCLE_EVENTS, type ApplicationStatus, type LifecycleEvent } from '#shared/review-lifecycle.ts';
import { STEP_NUMBERS } from '#shared/application-constants.ts';
import type { ReviewContext, ReviewEvent, ReviewInput } from './review.types.ts';

/** A text the contract's ReviewText accepts: something besides spaces. */
export const isFilled = (text: string): boolean => /\S/.test(text);

/** A change request the contract accepts: at least one step, each a real step, none twice, and a message. */
export const isValidChangeRequest = (message: string, steps: readonly number[]): boolean =>
  isFilled(message) && steps.length > 0 && new Set(steps).size === steps.length && steps.every((step) => STEP_NUMBERS.some((known) => known === step));

const STATUS_DESCRIPTIONS: Record<ApplicationStatus, string> = {
  draft: 'The applicant fills the steps; staff may close it.',
  submitted: "Waiting for staff: sent, not yet picked up.",
  in_review: 'A reviewer reads it: request changes or decide.',
  changes_requested: 'The applicant corrects the reopened steps, then resubmits.',
  approved: 'Approved, with a reason: final.',
  rejected: 'Not approved, with a reason: final.',
  waitlisted: 'On the waiting list, with a reason: may still be approved or rejected.',
  closed: 'Closed before it was sent; staff may reopen it.',
};

/** The transitions the table allows out of `status`, each guarded by who sends it (and its payload's rule). */
function transitionsFrom(status: ApplicationStatus) {
  const on: Partial<Record<LifecycleEvent, { target: string; guard: { type: 'allowed'; params: { event: LifecycleEvent } }; actions: 'record' }>> = {};
  for (const event of LIFECYCLE_EVENTS) {
    const row = LIFECYCLE[event];
    if ((row.from as readonly ApplicationStatus[]).includes(status)) {
      on[event] = { target: `#review.${row.to}`, guard: { type: 'allowed', params: { event } }, actions: 'record' };
    }
  }
  return on;
}

export const reviewMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  guards: {
    allowed: ({ event }, params: { event: LifecycleEvent }) => {
      if (LIFECYCLE[params.event].by !== event.by) return false;
      if (event.type === 'request_changes') return isValidChangeRequest(event.message, event.steps);
      if (event.type === 'approve' || event.type === 'reject' || event.type === 'waitlist') return isFilled(event.reason);
      return true;
    },
    byStaff: ({ event }) => event.by === 'staff',
    loadedAs: ({ context }, params: { status: ApplicationStatus }) => context.loadedStatus === params.status,
  },
  actions: {
    record: assign(({ context, event }) => {
      switch (event.type) {
        case 'start_review':
          return { reviewerId: context.reviewerId ?? context.viewerId };
        case 'request_changes':
          return { changeSteps: [...event.steps].sort((a, b) => a - b), changeMessage: event.message.trim() };
        case 'approve':
        case 'reject':
        case 'waitlist':
          return { reason: event.reason.trim() };
        default:
          return {};
      }
    }),
    assignReviewer: assign(({ event }) => (event.type === 'assign_reviewer' ? { reviewerId: event.reviewerId } : {})),
  },
}).createMachine({
  id: 'review',
  description: "An application's status, from draft to a decision: the transitions of shared/review-lifecycle.ts.",
  context: ({ input }) => ({
    reviewerId: input.reviewerId,
    viewerId: input.viewerId,
    loadedStatus: input.status,
    changeSteps: [],
    changeMessage: null,
    reason: null,
  }),
  initial: 'loading',
  // Staff assign (or change) the reviewer whatever the status; audited, never e-mailed.
  on: { assign_reviewer: { guard: 'byStaff', actions: 'assignReviewer' } },
  states: {
    loading: {
      description: 'Picks the state of the status the server reported.',
      always: APPLICATION_STATUSES.map((status) => ({ guard: { type: 'loadedAs', params: { status } }, target: status })),
    },
    ...Object.fromEntries(
      APPLICATION_STATUSES.map((status) => [
        status,
        // Approved and rejected take no lifecycle event (isFinal), but are not `final` states: staff still assign
        // the reviewer there, as the server allows in any status.
        { description: STATUS_DESCRIPTIONS[status], on: transitionsFrom(status) },
      ]),
    ),
  },
});
