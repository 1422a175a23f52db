// One application step: incomplete <-> submitted, validated by the server on "submit step" once its draft is saved,
// read-only once the application is. The application machine spawns six of these, each beside its autosave actor.
import { assign, fromPromise, not, sendParent, setup, waitFor, type ActorRefFrom } from 'xstate';
import { autosaveSystemId, type AutosaveActorRef } from '#machines/autosave/autosave.machine.ts';
import { selectAutosaveError, selectAutosaveStatus, selectDraftData } from '#machines/autosave/autosave.selectors.ts';
import type {
  FlushDraftInput,
  FlushDraftOutput,
  StepContext,
  StepEvent,
  StepInput,
  StepStatus,
  StepStatusReport,
  StepSubmitError,
  SubmitStepInput,
  SubmitStepOutput,
} from './step.types.ts';

/** Reads a submitStep rejection: `{ body }` is the server's answer; anything else never reached it. */
export function toStepSubmitError(error: unknown): StepSubmitError {
  if (typeof error === 'object' && error !== null && 'body' in error && error.body !== undefined) {
    return { kind: 'rejected', body: error.body };
  }
  return { kind: 'network' };
}

/**
 * Keys of a refusal body that are not a field's messages (docs/product.md section 11's error shapes); `messages` holds
 * the same errors as message ids (the Error-Messages header, docs/decisions/014-one-set-of-rules.md).
 */
const NOT_FIELDS = new Set(['code', 'detail', 'non_field_errors', 'messages']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The error once `field` is answered: the refusal without that field's messages; no error at all when no other field
 * is named (its form-wide 'check that all data have been entered' was about the fields just answered).
 */
export function withoutFieldError(error: StepSubmitError | null, field: string): StepSubmitError | null {
  if (error?.kind !== 'rejected') return error;
  const { body } = error;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !(field in body)) return error;
  // The field goes from the worded errors and from their message ids alike.
  const rest = Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== field)
      .map(([key, value]) => [key, key === 'messages' && isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([name]) => name !== field)) : value]),
  );
  return Object.keys(rest).some((key) => !NOT_FIELDS.has(key)) ? { kind: 'rejected', body: rest } : null;
}

/** How long "Submit step" waits for the draft to reach the server before giving up (read as a network failure). */
export const FLUSH_TIMEOUT_MS = 60_000;

/** The draft of the step could not be saved before "submit step": `body` is the server's refusal, if it answered one. */
export class DraftNotSaved extends Error {
  readonly body: unknown;
  constructor(body: unknown) {
    super('the step draft is not saved');
    this.body = body;
  }
}

/**
 * The server validates what it stored, so "submit step" first sends the latest draft: flush the step's autosave
 * actor (its sibling, found in the actor system) and wait until it settles. Saved (or nothing to save): done.
 * Refused by the server: rejects with its body. Offline, retrying or in conflict: rejects without one (the person
 * sees the autosave indicator say why, and tries again). It answers the draft as the autosave actor holds it: what
 * "submit step" checks, never a cached copy of the server's.
 */
export const flushStepDraft = fromPromise<FlushDraftOutput, FlushDraftInput>(async ({ input, system }) => {
  const autosave: AutosaveActorRef | undefined = system.get(autosaveSystemId(input.step));
  if (autosave === undefined) return { draft: null };
  autosave.send({ type: 'autosave.flush' });
  const settled = await waitFor(autosave, (snapshot) => !['dirty', 'saving'].includes(selectAutosaveStatus(snapshot)), {
    timeout: FLUSH_TIMEOUT_MS,
  }).catch(() => null);
  if (settled === null) throw new DraftNotSaved(undefined);
  const status = selectAutosaveStatus(settled);
  if (status === 'idle' || status === 'saved') return { draft: selectDraftData(settled) };
  const error = selectAutosaveError(settled);
  throw new DraftNotSaved(status === 'failed' && error?.kind === 'rejected' ? error.body : undefined);
});

const report = (status: StepStatus) =>
  ({
    type: 'reportStatus',
    params: ({ context }: { context: StepContext }): StepStatusReport => ({ step: context.step, status }),
  }) as const;

export const stepMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as StepContext,
    events: {} as StepEvent,
    input: {} as StepInput,
    tags: {} as 'busy' | 'readonly',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    flushDraft: flushStepDraft,
    // Slot: the SPA provides the real call in src/actors; tests provide deferred promises.
    submitStep: fromPromise<SubmitStepOutput, SubmitStepInput>(async () => {
      throw { body: { detail: 'submitStep is not provided' } };
    }),
  },
  actions: {
    // Tells the application machine, which spawned this step, that its status changed.
    reportStatus: sendParent((_, report: StepStatusReport) => ({ type: 'application.stepChanged', step: report.step, status: report.status })),
    setStatus: assign((_, params: { status: StepStatus }) => ({ status: params.status })),
    lock: assign({ readonly: true }),
    startSubmit: assign({ error: null, editedWhileSubmitting: false, draft: null }),
    keepDraft: assign((_, params: { draft: StepContext['draft'] }) => ({ draft: params.draft })),
    noteEditWhileSubmitting: assign({ editedWhileSubmitting: true }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toStepSubmitError(params.error) })),
    dropError: assign({ error: null }),
    dropFieldError: assign(({ context }, params: { field: string }) => ({ error: withoutFieldError(context.error, params.field) })),
  },
  guards: {
    isReadonly: ({ context }) => context.readonly,
    wasSubmitted: ({ context }) => context.status === 'submitted',
    editedWhileSubmitting: ({ context }) => context.editedWhileSubmitting,
    serverSubmitted: ({ event }) => event.type === 'step.serverCopy' && event.status === 'submitted',
  },
}).createMachine({
  id: 'step',
  description: 'One application step; "submit step" asks the server to validate it and mark it submitted.',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    step: input.step,
    status: input.status,
    readonly: input.readonly,
    error: null,
    editedWhileSubmitting: false,
    draft: null,
  }),
  on: {
    'step.answered': { actions: { type: 'dropFieldError', params: ({ event }) => ({ field: event.field }) } },
  },
  initial: 'init',
  states: {
    init: {
      description: 'Transient: starts where the input says.',
      always: [
        { guard: 'isReadonly', target: 'readonly' },
        { guard: 'wasSubmitted', target: 'submitted' },
        { target: 'incomplete' },
      ],
    },
    incomplete: {
      description: 'Being filled in (or edited since it was submitted).',
      on: {
        'step.submit': { target: 'flushing' },
        'step.lock': { target: 'readonly', actions: 'lock' },
        'step.serverCopy': {
          guard: 'serverSubmitted',
          target: 'submitted',
          // A refusal of this tab's last submit is stale: the step the person kept is submitted.
          actions: ['dropError', { type: 'setStatus', params: { status: 'submitted' } }, report('submitted')],
        },
      },
    },
    flushing: {
      description: 'Before the server validates the step, its latest draft is saved (the autosave actor is flushed).',
      tags: ['busy'],
      entry: 'startSubmit',
      invoke: {
        id: 'flushDraft',
        src: 'flushDraft',
        input: ({ context }) => ({ applicationId: context.applicationId, step: context.step }),
        onDone: { target: 'submitting', actions: { type: 'keepDraft', params: ({ event }) => ({ draft: event.output.draft }) } },
        onError: {
          target: 'incomplete',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'step.edit': { actions: 'noteEditWhileSubmitting' },
        'step.lock': { target: 'readonly', actions: 'lock' },
      },
    },
    submitting: {
      description: 'The server validates the whole step.',
      tags: ['busy'],
      invoke: {
        id: 'submitStep',
        src: 'submitStep',
        input: ({ context }) => ({ applicationId: context.applicationId, step: context.step, draft: context.draft }),
        onDone: [
          // The server validated the data before this edit; the next autosave tells it the step changed.
          { guard: 'editedWhileSubmitting', target: 'incomplete' },
          { target: 'submitted', actions: [{ type: 'setStatus', params: { status: 'submitted' } }, report('submitted')] },
        ],
        onError: {
          target: 'incomplete',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'step.edit': { actions: 'noteEditWhileSubmitting' },
        'step.lock': { target: 'readonly', actions: 'lock' },
      },
    },
    submitted: {
      description: 'Validated and marked submitted; any edit makes it incomplete again.',
      on: {
        'step.edit': {
          target: 'incomplete',
          actions: [{ type: 'setStatus', params: { status: 'incomplete' } }, report('incomplete')],
        },
        'step.serverCopy': {
          guard: not('serverSubmitted'),
          target: 'incomplete',
          actions: [{ type: 'setStatus', params: { status: 'incomplete' } }, report('incomplete')],
        },
        'step.lock': { target: 'readonly', actions: 'lock' },
      },
    },
    readonly: {
      description: 'The application is submitted or closed: the step is shown as it is and ignores every event.',
      tags: ['readonly'],
    },
  },
});

export type StepMachine = typeof stepMachine;
export type StepActorRef = ActorRefFrom<StepMachine>;
