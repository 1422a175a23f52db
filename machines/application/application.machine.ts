// The lifecycle of one application: a draft until all six steps are submitted and it is sent; closed or unavailable otherwise.
import { assign, fromPromise, setup } from 'xstate';
import type {
  ApplicationContext,
  ApplicationError,
  ApplicationEvent,
  ApplicationInput,
  StepKey,
  StepStatuses,
  SubmitApplicationInput,
  SubmitApplicationOutput,
} from './application.types.ts';

export const STEP_KEYS: readonly StepKey[] = ['1', '2', '3', '4', '5', '6'];

export const allStepsSubmitted = (steps: StepStatuses): boolean => STEP_KEYS.every((key) => steps[key] === 'submitted');

const SERVER_CODES = ['steps_incomplete', 'application_closed', 'program_unavailable', 'application_submitted'] as const;

/** Reads a submitApplication rejection: the server's `code` when we know it, its body always kept. */
export function toApplicationError(error: unknown): ApplicationError {
  if (typeof error !== 'object' || error === null || !('body' in error) || error.body === undefined) {
    return { code: 'network', body: null };
  }
  const { body } = error;
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  const known = SERVER_CODES.find((serverCode) => serverCode === code);
  return { code: known ?? 'submit_failed', body };
}

type StepChanged = Extract<ApplicationEvent, { type: 'application.stepChanged' }>;
const stepChangeOf = ({ event }: { event: StepChanged }) => ({ key: `${event.step}` as const, status: event.status });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const applicationMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
    input: {} as ApplicationInput,
    tags: {} as 'busy' | 'readonly',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slot: the SPA provides the real call in src/actors; tests provide deferred promises.
    submitApplication: fromPromise<SubmitApplicationOutput, SubmitApplicationInput>(async () => {
      throw { body: { detail: 'submitApplication is not provided' } };
    }),
  },
  actions: {
    setStepStatus: assign(({ context }, params: { key: StepKey; status: ApplicationContext['steps'][StepKey] }) => ({
      steps: { ...context.steps, [params.key]: params.status },
    })),
    clearError: assign({ error: null }),
    refuseIncomplete: assign({ error: { code: 'steps_incomplete' as const, body: null } }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toApplicationError(params.error) })),
  },
  guards: {
    programUnavailable: ({ context }) => context.programStatus === 'unavailable',
    loadedSubmitted: ({ context }) => context.loadedStatus === 'submitted',
    // A draft whose program closed (deadline passed or closed by staff) is closed too.
    loadedClosed: ({ context }) => context.loadedStatus === 'closed' || context.programStatus === 'closed',
    allStepsSubmitted: ({ context }) => allStepsSubmitted(context.steps),
    completesAllSteps: ({ context }, params: { key: StepKey; status: ApplicationContext['steps'][StepKey] }) =>
      allStepsSubmitted({ ...context.steps, [params.key]: params.status }),
    isApplicationClosed: (_, params: { error: unknown }) => toApplicationError(params.error).code === 'application_closed',
    isProgramUnavailable: (_, params: { error: unknown }) => toApplicationError(params.error).code === 'program_unavailable',
    isAlreadySubmitted: (_, params: { error: unknown }) => toApplicationError(params.error).code === 'application_submitted',
  },
}).createMachine({
  id: 'application',
  description: 'One application: a draft until its six steps are submitted and it is sent; then read-only.',
  context: ({ input }) => ({
    id: input.id,
    programStatus: input.programStatus,
    loadedStatus: input.status,
    steps: { ...input.steps },
    error: null,
  }),
  initial: 'init',
  states: {
    init: {
      description: 'Transient: starts where the loaded application and its program say.',
      always: [
        // A withdrawn program hides everything under it, submitted applications included.
        { guard: 'programUnavailable', target: 'unavailable' },
        { guard: 'loadedSubmitted', target: 'submitted' },
        { guard: 'loadedClosed', target: 'closed' },
        { guard: 'allStepsSubmitted', target: 'draft.ready' },
        { target: 'draft.incomplete' },
      ],
    },
    draft: {
      description: 'Being filled in; the applicant can leave and come back at any time.',
      initial: 'incomplete',
      on: {
        'application.stepChanged': [
          {
            guard: { type: 'completesAllSteps', params: stepChangeOf },
            target: '.ready',
            actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'],
          },
          {
            target: '.incomplete',
            actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'],
          },
        ],
      },
      states: {
        incomplete: {
          description: 'Some step is still incomplete: submitting is refused with steps_incomplete.',
          on: {
            'application.submit': { actions: 'refuseIncomplete' },
          },
        },
        ready: {
          description: 'All six steps are submitted: the application can be submitted.',
          on: {
            'application.submit': { target: '#application.submitting', actions: 'clearError' },
          },
        },
      },
    },
    submitting: {
      description: 'Sending the application.',
      tags: ['busy'],
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'submitted' },
        onError: [
          {
            guard: { type: 'isApplicationClosed', params: errorOf },
            target: 'closed',
            actions: { type: 'keepError', params: errorOf },
          },
          {
            guard: { type: 'isProgramUnavailable', params: errorOf },
            target: 'unavailable',
            actions: { type: 'keepError', params: errorOf },
          },
          // Another tab submitted it first: the application is submitted all the same.
          {
            guard: { type: 'isAlreadySubmitted', params: errorOf },
            target: 'submitted',
            actions: { type: 'keepError', params: errorOf },
          },
          {
            guard: 'allStepsSubmitted',
            target: 'draft.ready',
            actions: { type: 'keepError', params: errorOf },
          },
          { target: 'draft.incomplete', actions: { type: 'keepError', params: errorOf } },
        ],
      },
      on: {
        // Kept, so that a failed submit returns to a draft that shows the steps as they are.
        'application.stepChanged': {
          actions: { type: 'setStepStatus', params: stepChangeOf },
        },
      },
    },
    submitted: {
      type: 'final',
      description: 'Application has been submitted: read-only; a confirmation e-mail is on its way.',
      tags: ['readonly'],
    },
    closed: {
      type: 'final',
      description: 'Application has been closed: its program closed before it was submitted; read-only.',
      tags: ['readonly'],
    },
    unavailable: {
      description: 'Program Unavailable: the program was withdrawn or hidden; nothing can be done here.',
      tags: ['readonly'],
    },
  },
});

export type ApplicationMachine = typeof applicationMachine;
