// The second-factor machines wired to the API (docs/decisions/049-second-factor.md). A failed call rejects with the
// server's parsed error body, as the session's calls do, so the views read the field errors straight off it.
import { fromPromise } from 'xstate';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '#api/client';
import { enrolmentMachine } from '#machines/second-factor/enrolment.machine';
import { passkeysMachine } from '#machines/second-factor/passkeys.machine';
import { signInStepMachine } from '#machines/second-factor/sign-in-step.machine';
import type {
  AddPasskeyInput,
  ConfirmEnrolmentInput,
  LoginResponse,
  PasskeyRegistered,
  PasskeyStepInput,
  RemovePasskeyInput,
  RemoveFactorInput,
  StartEnrolmentInput,
  TotpEnrolment,
  VerifyCodeInput,
} from '#machines/second-factor/second-factor.types';
import { showToast } from '#lib/toast';

export const secondFactorKeys = { status: ['me', 'second-factor'] as const };

async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await request;
  if (!response.ok || data === undefined) throw error ?? null;
  return data;
}

/**
 * The browser's passkey prompt failed (closed, timed out, no passkey on this device, no WebAuthn): not the server's
 * answer, so the view says so in its own words (docs/decisions/056-passkeys.md).
 */
export class PasskeyPromptError extends Error {
  constructor(cause: unknown) {
    super('passkey prompt failed', { cause });
    this.name = 'PasskeyPromptError';
  }
}

/** Runs the browser's prompt; its answer's extension results become a plain object, as the contract types them. */
async function prompt<T extends { clientExtensionResults: object }>(run: () => Promise<T>): Promise<Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> }> {
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    throw new PasskeyPromptError(error);
  }
  const results: Record<string, unknown> = { ...answer.clientExtensionResults };
  return { ...answer, clientExtensionResults: results };
}

/** A fresh passkey while signed in: the options of POST /me/second-factor/passkeys/check, then the browser's prompt. */
async function freshPasskey() {
  const options = await call(api.POST('/me/second-factor/passkeys/check'));
  return prompt(() => startAuthentication({ optionsJSON: options }));
}

/** The code goes in the field the server names in its answer: `totp_code` for the app's, `recovery_code` otherwise. */
const codeBody = (method: 'totp' | 'recovery_code', code: string) => (method === 'totp' ? { totp_code: code } : { recovery_code: code });

export const appSignInStepMachine = signInStepMachine.provide({
  actors: {
    verifyCode: fromPromise<LoginResponse, VerifyCodeInput>(({ input, signal }) =>
      call(api.POST('/auth/login/second-factor', { body: { challenge: input.challenge, ...codeBody(input.method, input.code) }, signal })),
    ),
    usePasskey: fromPromise<LoginResponse, PasskeyStepInput>(async ({ input }) => {
      const options = await call(api.POST('/auth/login/second-factor/passkey', { body: { challenge: input.challenge } }));
      const passkey = await prompt(() => startAuthentication({ optionsJSON: options }));
      return call(api.POST('/auth/login/second-factor', { body: { challenge: input.challenge, passkey } }));
    }),
  },
});

export function providePasskeysMachine(queryClient: QueryClient) {
  return passkeysMachine.provide({
    actors: {
      addPasskey: fromPromise<PasskeyRegistered, AddPasskeyInput>(async ({ input }) => {
        const options = await call(api.POST('/me/second-factor/passkeys/options', { body: { current_password: input.password } }));
        const credential = await prompt(() => startRegistration({ optionsJSON: options }));
        return call(api.POST('/me/second-factor/passkeys', { body: { name: input.name, credential } }));
      }),
      removePasskey: fromPromise<{ detail: string }, RemovePasskeyInput>(async ({ input }) => {
        const fresh = input.method === 'passkey' ? { passkey: await freshPasskey() } : codeBody(input.method, input.code);
        return call(
          api.POST('/me/second-factor/passkeys/{passkeyId}/remove', {
            params: { path: { passkeyId: input.id } },
            body: { current_password: input.password, ...fresh },
          }),
        );
      }),
    },
    actions: {
      factorChanged: () => void queryClient.invalidateQueries({ queryKey: secondFactorKeys.status }),
      announceRemoved: (_, params) => void showToast({ kind: 'success', message: params.detail }),
    },
  });
}

export function provideEnrolmentMachine(queryClient: QueryClient) {
  return enrolmentMachine.provide({
    actors: {
      startEnrolment: fromPromise<TotpEnrolment, StartEnrolmentInput>(({ input }) =>
        call(api.POST('/me/second-factor/totp', { body: { current_password: input.password } })),
      ),
      confirmEnrolment: fromPromise<{ recovery_codes: string[] }, ConfirmEnrolmentInput>(({ input }) =>
        call(api.POST('/me/second-factor/totp/confirm', { body: { totp_code: input.code } })),
      ),
      removeFactor: fromPromise<{ detail: string }, RemoveFactorInput>(({ input }) =>
        call(api.POST('/me/second-factor/remove', { body: { current_password: input.password, ...codeBody(input.method, input.code) } })),
      ),
    },
    actions: {
      factorChanged: () => void queryClient.invalidateQueries({ queryKey: secondFactorKeys.status }),
      announceRemoved: (_, params) => void showToast({ kind: 'success', message: params.detail }),
    },
  });
}
