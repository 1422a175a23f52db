// Enrolling and removing an authenticator app from the profile (docs/decisions/049-second-factor.md): the password,
// then the secret to scan and a first code, then the ten recovery codes shown once; removal needs the password and a
// fresh code. Pure: the calls are injected with .provide(), and so are the effects the person notices.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  ConfirmEnrolmentInput,
  EnrolmentContext,
  EnrolmentEvent,
  EnrolmentInput,
  RemoveFactorInput,
  StartEnrolmentInput,
  TotpEnrolment,
} from './second-factor.types.ts';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`enrolment: provide the "${name}" actor`);
};

export const enrolmentMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    input: {} as EnrolmentInput,
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    startEnrolment: fromPromise<TotpEnrolment, StartEnrolmentInput>(notProvided('startEnrolment')),
    confirmEnrolment: fromPromise<{ recovery_codes: string[] }, ConfirmEnrolmentInput>(notProvided('confirmEnrolment')),
    removeFactor: fromPromise<{ detail: string }, RemoveFactorInput>(notProvided('removeFactor')),
  },
  actions: {
    /** A refused call: its error for the form, and one more attempt so the error summary takes focus again. */
    recordFailure: assign(({ context }, params: { error: unknown }) => ({ error: params.error ?? null, attempt: context.attempt + 1 })),
    /** The account's second factor changed: the SPA reads GET /me/second-factor again. */
    factorChanged: () => {},
    /** Removed: the SPA shows the server's words. */
    announceRemoved: (_, _params: { detail: string }) => {},
  },
  guards: {
    startsEnrolled: ({ context }) => context.enrolledAtStart,
  },
}).createMachine({
  id: 'enrolment',
  description: 'The authenticator app of the signed-in person: add it (password, scan, first code, recovery codes) or remove it.',
  context: ({ input }) => ({ enrolledAtStart: input.enrolled, enrolment: null, recoveryCodes: null, error: null, attempt: 0 }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Transient: where the account stands now.',
      always: [{ guard: 'startsEnrolled', target: 'enrolled' }, { target: 'notEnrolled' }],
    },
    notEnrolled: {
      description: 'No app: the password starts an enrolment.',
      tags: 'editable',
      on: { 'enrol.start': { target: 'starting' } },
    },
    starting: {
      description: 'POST /me/second-factor/totp is in flight.',
      tags: 'busy',
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        input: ({ event }) => {
          assertEvent(event, 'enrol.start');
          return { password: event.password };
        },
        onDone: { target: 'scanning', actions: assign({ enrolment: ({ event }) => event.output, error: null }) },
        onError: { target: 'notEnrolled', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    scanning: {
      description: 'The QR code and the secret as text are shown; a first code from the app confirms them.',
      tags: 'editable',
      on: {
        'enrol.confirm': { target: 'confirming' },
        'enrol.cancel': { target: 'notEnrolled', actions: assign({ enrolment: null, error: null }) },
      },
    },
    confirming: {
      description: 'POST /me/second-factor/totp/confirm is in flight.',
      tags: 'busy',
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        input: ({ event }) => {
          assertEvent(event, 'enrol.confirm');
          return { code: event.code };
        },
        onDone: {
          target: 'showingCodes',
          actions: [assign({ recoveryCodes: ({ event }) => event.output.recovery_codes, enrolment: null, error: null }), 'factorChanged'],
        },
        onError: { target: 'scanning', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showingCodes: {
      description: 'The ten recovery codes, shown this once, until the person says they kept them.',
      on: { 'codes.saved': { target: 'enrolled', actions: assign({ recoveryCodes: null }) } },
    },
    enrolled: {
      description: 'The app is the account\'s second factor; the password and a fresh code remove it.',
      tags: 'editable',
      on: { 'remove.submit': { target: 'removing' } },
    },
    removing: {
      description: 'POST /me/second-factor/remove is in flight.',
      tags: 'busy',
      invoke: {
        id: 'removeFactor',
        src: 'removeFactor',
        input: ({ event }) => {
          assertEvent(event, 'remove.submit');
          return { password: event.password, method: event.method, code: event.code };
        },
        onDone: {
          target: 'notEnrolled',
          actions: [assign({ error: null }), 'factorChanged', { type: 'announceRemoved', params: ({ event }) => ({ detail: event.output.detail }) }],
        },
        onError: { target: 'enrolled', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type EnrolmentMachine = typeof enrolmentMachine;
