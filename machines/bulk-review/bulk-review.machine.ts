// Staff's bulk actions on the applications list (docs/decisions/040-staff-queues-and-history.md): choosing ->
// working -> reported | failed. The selection lives here, not in the view; each application's outcome comes back
// from the server (one refused does not undo the others), and after a report only the refused stay selected, so staff
// see at once what is left to do. The call is the `perform` slot, provided in src/actors/bulk-review.ts.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { BulkOutcome, BulkRequest, BulkReviewContext, BulkReviewEvent } from './bulk-review.types.ts';

const toggled = (selected: number[], id: number): number[] => (selected.includes(id) ? selected.filter((one) => one !== id) : [...selected, id]);
const errorBodyOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'body' in error ? error.body : null);

export const bulkReviewMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as BulkReviewContext,
    events: {} as BulkReviewEvent,
    tags: {} as 'busy',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slot: the SPA provides the real call; tests settle it themselves.
    perform: fromPromise<{ results: BulkOutcome[] }, BulkRequest>(async () => {
      throw { status: 0 };
    }),
  },
  actions: {
    // Slot: the SPA refreshes the list.
    reportDone: () => {},
    toggle: assign(({ context }, params: { id: number }) => ({ selected: toggled(context.selected, params.id) })),
    selectPage: assign(({ context }, params: { ids: number[]; selected: boolean }) => ({
      selected: params.selected ? [...context.selected, ...params.ids.filter((id) => !context.selected.includes(id))] : context.selected.filter((id) => !params.ids.includes(id)),
    })),
    clear: assign({ selected: [] }),
    keepRequest: assign(({ context }, params: { request: Omit<BulkRequest, 'ids'> }) => ({ request: { ...params.request, ids: context.selected }, outcomes: [], errorBody: null })),
    keepOutcomes: assign((_, params: { outcomes: BulkOutcome[] }) => ({
      outcomes: params.outcomes,
      selected: params.outcomes.filter((outcome) => !outcome.done).map((outcome) => outcome.id),
    })),
    keepError: assign((_, params: { error: unknown }) => ({ errorBody: errorBodyOf(params.error) })),
    forget: assign({ request: null, outcomes: [], errorBody: null }),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
  },
}).createMachine({
  id: 'bulkReview',
  description: 'Applications selected on staff\'s list, assigned or started in one request, each one\'s outcome reported.',
  context: { selected: [], request: null, outcomes: [], errorBody: null },
  initial: 'choosing',
  on: {
    'bulk.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
    'bulk.page': { actions: { type: 'selectPage', params: ({ event }) => ({ ids: event.ids, selected: event.selected }) } },
    'bulk.clear': { actions: 'clear' },
  },
  states: {
    choosing: {
      description: 'Staff pick applications; an action is offered once one is picked.',
      on: {
        'bulk.assign': { guard: 'hasSelection', target: 'working', actions: { type: 'keepRequest', params: ({ event }) => ({ request: { action: 'assign' as const, reviewer_id: event.reviewerId } }) } },
        'bulk.start_review': { guard: 'hasSelection', target: 'working', actions: { type: 'keepRequest', params: { request: { action: 'start_review' as const } } } },
      },
    },
    working: {
      description: 'The request is on its way; the selection cannot change under it.',
      tags: ['busy'],
      on: { 'bulk.toggle': {}, 'bulk.page': {}, 'bulk.clear': {} },
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => {
          if (!context.request) throw new Error('working without a request');
          return context.request;
        },
        onDone: { target: 'reported', actions: [{ type: 'keepOutcomes', params: ({ event }) => ({ outcomes: event.output.results }) }, 'reportDone'] },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reported: {
      description: 'Each application\'s outcome is shown; the refused stay selected.',
      on: {
        'bulk.dismiss': { target: 'choosing', actions: 'forget' },
        'bulk.assign': { guard: 'hasSelection', target: 'working', actions: { type: 'keepRequest', params: ({ event }) => ({ request: { action: 'assign' as const, reviewer_id: event.reviewerId } }) } },
        'bulk.start_review': { guard: 'hasSelection', target: 'working', actions: { type: 'keepRequest', params: { request: { action: 'start_review' as const } } } },
      },
    },
    failed: {
      description: 'The whole request was refused or never answered: nothing changed; the same request can be sent again.',
      // The selection stays what was sent until the person dismisses the problem, so "try again" sends the same.
      on: { 'bulk.toggle': {}, 'bulk.page': {}, 'bulk.clear': {}, 'bulk.retry': 'working', 'bulk.dismiss': { target: 'choosing', actions: 'forget' } },
    },
  },
});

export type BulkReviewMachine = typeof bulkReviewMachine;
export type BulkReviewActorRef = ActorRefFrom<BulkReviewMachine>;
