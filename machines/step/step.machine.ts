// One application step: incomplete <-> submitted, validated by the server on "submit step", read-only once the application is.
import { assign, fromPromise, setup } from 'xstate';
import type {
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
    // Slot: the SPA provides the real call in src/actors; tests provide deferred promises.
    submitStep: fromPromise<SubmitStepOutput, SubmitStepInput>(async () => {
      throw { body: { detail: 'submitStep is not provided' } };
    }),
  },
  actions: {
    // Slot: the SPA forwards it to the application actor as `application.stepChanged`.
    reportStatus: (_, _report: StepStatusReport) => {},
    setStatus: assign((_, params: { status: StepStatus }) => ({ status: params.status })),
    lock: assign({ readonly: true }),
    startSubmit: assign({ error: null, editedWhileSubmitting: false }),
    noteEditWhileSubmitting: assign({ editedWhileSubmitting: true }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toStepSubmitError(params.error) })),
  },
  guards: {
    isReadonly: ({ context }) => context.readonly,
    wasSubmitted: ({ context }) => context.status === 'submitted',
    editedWhileSubmitting: ({ context }) => context.editedWhileSubmitting,
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
  }),
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
        'step.submit': { target: 'submitting' },
        'step.lock': { target: 'readonly', actions: 'lock' },
      },
    },
    submitting: {
      description: 'The server validates the whole step.',
      tags: ['busy'],
      entry: 'startSubmit',
      invoke: {
        id: 'submitStep',
        src: 'submitStep',
        input: ({ context }) => ({ applicationId: context.applicationId, step: context.step }),
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
