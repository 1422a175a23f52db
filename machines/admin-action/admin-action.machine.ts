// One staff action on a record (docs/decisions/021): confirm (for a destructive one, or a dialog that is a form:
// docs/decisions/029-review-screens.md) -> working -> done | refused |
// failed. A refusal (the server said no: self-protection, last staff...) shows its reason; a failure (no answer, a
// server error) offers to try again. The call itself is the `perform` slot, provided in src/actors: it sends the
// request's typed command (shared/staff-commands.ts) and answers with the command and the server's result.
import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { asStaffCallError, isTransientFailure, type StaffCallError, type StaffCommand, type StaffOutcome } from '#shared/staff-commands.ts';
import type { AdminActionContext, AdminActionEmitted, AdminActionEvent, AdminActionRequest } from './admin-action.types.ts';

export { isTransientFailure };
const asActionError = asStaffCallError;

type Request = Extract<AdminActionEvent, { type: 'action.request' }>;

export const adminActionMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as AdminActionContext,
    events: {} as AdminActionEvent,
    tags: {} as 'busy',
    // Heard by the screen (it opens a new record, or moves focus); the machine lives in the session, not in the view.
    emitted: {} as AdminActionEmitted,
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slot: the SPA provides the real call; tests settle it themselves.
    perform: fromPromise<StaffOutcome, StaffCommand>(async () => {
      throw { status: 0 } satisfies StaffCallError;
    }),
  },
  actions: {
    // Slot: the SPA refreshes its queries and announces the success.
    reportDone: (_, _params: { request: AdminActionRequest; outcome: StaffOutcome }) => {},
    /** Tells whoever listens (the screen) what the server did. */
    announceDone: emit((_, params: { outcome: StaffOutcome }) => ({ type: 'action.done' as const, outcome: params.outcome })),
    keepRequest: assign((_, params: { request: AdminActionRequest }) => ({ request: params.request, result: null, error: null })),
    keepResult: assign((_, params: { result: StaffOutcome }) => ({ result: params.result, error: null })),
    keepError: assign((_, params: { error: unknown }) => {
      const error = asActionError(params.error);
      return { error: { kind: isTransientFailure(error) ? ('failed' as const) : ('refused' as const), body: error.body ?? null } };
    }),
    fillRequest: assign(({ context }, params: { command: StaffCommand | undefined }) =>
      context.request && params.command !== undefined ? { request: { ...context.request, command: params.command } } : {},
    ),
    forget: assign({ request: null, result: null, error: null }),
    clearError: assign({ error: null }),
  },
  guards: {
    needsConfirmation: (_, params: { confirm: boolean }) => params.confirm,
    transient: (_, params: { error: unknown }) => isTransientFailure(asActionError(params.error)),
  },
}).createMachine({
  id: 'adminAction',
  description: 'One staff action on a record: confirmed when destructive, sent, then done, refused or failed.',
  context: { request: null, result: null, error: null },
  initial: 'idle',
  on: {
    'action.request': [
      {
        guard: { type: 'needsConfirmation', params: ({ event }: { event: Request }) => ({ confirm: event.confirm }) },
        target: '.confirming',
        actions: { type: 'keepRequest', params: ({ event }: { event: Request }) => ({ request: event.request }) },
      },
      { target: '.working', actions: { type: 'keepRequest', params: ({ event }: { event: Request }) => ({ request: event.request }) } },
    ],
  },
  states: {
    idle: { description: 'Nothing asked yet, or the last outcome was dismissed.' },
    confirming: {
      description: 'A destructive action waits for the person to confirm it in a dialog.',
      on: {
        'action.confirm': { target: 'working', actions: { type: 'fillRequest', params: ({ event }) => ({ command: event.command }) } },
        'action.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    working: {
      description: 'The action is on its way to the server.',
      tags: ['busy'],
      // A request sent while one is in flight is ignored: the first one decides.
      on: { 'action.request': {} },
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => {
          if (!context.request) throw new Error('working without a request');
          return context.request.command;
        },
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
            {
              type: 'reportDone',
              params: ({ context, event }) => ({ request: context.request ?? { command: event.output.command }, outcome: event.output }),
            },
            { type: 'announceDone', params: ({ event }) => ({ outcome: event.output }) },
          ],
        },
        onError: [
          { guard: { type: 'transient', params: ({ event }) => ({ error: event.error }) }, target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          { target: 'refused', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: {
      description: 'The server made the change.',
      on: { 'action.dismiss': { target: 'idle', actions: 'forget' } },
    },
    refused: {
      description: 'The server refused the action (its body says why): trying again cannot help.',
      on: { 'action.dismiss': { target: 'idle', actions: 'forget' } },
    },
    failed: {
      description: 'No answer, or the server failed: the same action can be tried again.',
      on: { 'action.retry': { target: 'working', actions: 'clearError' }, 'action.dismiss': { target: 'idle', actions: 'forget' } },
    },
  },
});

export type AdminActionMachine = typeof adminActionMachine;
export type AdminActionActorRef = ActorRefFrom<AdminActionMachine>;
