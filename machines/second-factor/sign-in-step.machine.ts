// The second step of a sign-in (docs/decisions/049-second-factor.md, docs/decisions/056-passkeys.md): after a right
// password on an account with a second factor, the person uses a passkey, or types the app's code or a recovery code.
// Pure: the calls (and the browser's WebAuthn prompt) are injected with .provide().
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { serverErrorCode } from '#machines/shared/error-codes.ts';
import type { LoginResponse, PasskeyStepInput, SignInStepContext, SignInStepEvent, SignInStepInput, SignInStepOutput, VerifyCodeInput } from './second-factor.types.ts';

export const signInStepMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    input: {} as SignInStepInput,
    context: {} as SignInStepContext,
    events: {} as SignInStepEvent,
    output: {} as SignInStepOutput,
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    verifyCode: fromPromise<LoginResponse, VerifyCodeInput>(async () => {
      throw new Error('second factor: provide the "verifyCode" actor');
    }),
    usePasskey: fromPromise<LoginResponse, PasskeyStepInput>(async () => {
      throw new Error('second factor: provide the "usePasskey" actor');
    }),
  },
  guards: {
    offersPasskey: ({ context }) => context.methods.includes('passkey'),
    offersTotp: ({ context }) => context.methods.includes('totp'),
    challengeEnded: (_, params: { error: unknown }) => serverErrorCode(params.error) === 'second_factor_challenge_invalid',
  },
}).createMachine({
  id: 'signInStep',
  description: 'The second step of a sign-in whose password was right: a passkey, the app\'s six digits or a recovery code.',
  context: ({ input }) => ({
    challenge: input.challenge,
    methods: input.methods,
    method: input.methods.includes('totp') ? 'totp' : 'recovery_code',
    error: null,
    attempt: 0,
    record: null,
    expired: false,
  }),
  initial: 'entering',
  states: {
    entering: {
      description: 'The code field is shown, with the last refusal if any.',
      tags: 'editable',
      on: {
        'code.submit': { target: 'verifying' },
        'passkey.use': { guard: 'offersPasskey', target: 'usingPasskey' },
        'method.switch': {
          guard: 'offersTotp',
          actions: assign({ method: ({ context }) => (context.method === 'totp' ? 'recovery_code' : 'totp'), error: null }),
        },
        cancel: { target: 'cancelled' },
      },
    },
    verifying: {
      description: 'POST /auth/login/second-factor is in flight.',
      tags: 'busy',
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context, event }) => {
          assertEvent(event, 'code.submit');
          return { challenge: context.challenge, method: context.method, code: event.code };
        },
        onDone: { target: 'signedIn', actions: assign({ error: null, record: ({ event }) => event.output }) },
        onError: [
          // Expired, or the account's sessions ended meanwhile: only a new sign-in helps.
          { guard: { type: 'challengeEnded', params: ({ event }) => ({ error: event.error }) }, target: 'expired', actions: assign({ expired: true }) },
          {
            target: 'entering',
            actions: assign({ error: ({ event }) => event.error ?? null, attempt: ({ context }) => context.attempt + 1 }),
          },
        ],
      },
    },
    usingPasskey: {
      description: 'The browser asks for a passkey (POST /auth/login/second-factor/passkey for its options), then its answer goes to POST /auth/login/second-factor.',
      tags: 'busy',
      invoke: {
        id: 'usePasskey',
        src: 'usePasskey',
        input: ({ context }) => ({ challenge: context.challenge }),
        onDone: { target: 'signedIn', actions: assign({ error: null, record: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'challengeEnded', params: ({ event }) => ({ error: event.error }) }, target: 'expired', actions: assign({ expired: true }) },
          {
            target: 'entering',
            actions: assign({ error: ({ event }) => event.error ?? null, attempt: ({ context }) => context.attempt + 1 }),
          },
        ],
      },
    },
    signedIn: {
      description: 'A right code: the answer is the session record, handed to the session machine.',
      type: 'final',
    },
    expired: {
      description: 'The challenge is no good any more: back to the e-mail and password, with a word why.',
      type: 'final',
    },
    cancelled: { description: 'The person went back to the e-mail and password.', type: 'final' },
  },
  output: ({ context }) => ({ record: context.record, expired: context.expired }),
});

export type SignInStepMachine = typeof signInStepMachine;
