// The sign-in's second step wired to the API (docs/decisions/049-second-factor.md), and what the profile's page actors
// (second-factor-pages.ts) share with it. A failed call rejects with the server's parsed error body, as the session's
// calls do, so the views read the field errors straight off it.
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { signInStepMachine } from '#machines/second-factor/sign-in-step.machine';
import type { LoginResponse, PasskeyStepInput, VerifyCodeInput } from '#machines/second-factor/second-factor.types';

/**
 * The browser's WebAuthn calls, loaded when a passkey is used: the sign-in step is in the entry, and most sign-ins use
 * no passkey (docs/decisions/066-boot-closure.md).
 */
export const webAuthn = () => import('@simplewebauthn/browser');

export const secondFactorKeys = { status: ['me', 'second-factor'] as const };

export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
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
export async function prompt<T extends { clientExtensionResults: object }>(run: () => Promise<T>): Promise<Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> }> {
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
export async function freshPasskey() {
  const options = await call(api.POST('/me/second-factor/passkeys/check'));
  const { startAuthentication } = await webAuthn();
  return prompt(() => startAuthentication({ optionsJSON: options }));
}

/** The code goes in the field the server names in its answer: `totp_code` for the app's, `recovery_code` otherwise. */
export const codeBody = (method: 'totp' | 'recovery_code', code: string) => (method === 'totp' ? { totp_code: code } : { recovery_code: code });

export const appSignInStepMachine = signInStepMachine.provide({
  actors: {
    verifyCode: fromPromise<LoginResponse, VerifyCodeInput>(({ input, signal }) =>
      call(api.POST('/auth/login/second-factor', { body: { challenge: input.challenge, ...codeBody(input.method, input.code) }, signal })),
    ),
    usePasskey: fromPromise<LoginResponse, PasskeyStepInput>(async ({ input }) => {
      const options = await call(api.POST('/auth/login/second-factor/passkey', { body: { challenge: input.challenge } }));
      const { startAuthentication } = await webAuthn();
      const passkey = await prompt(() => startAuthentication({ optionsJSON: options }));
      return call(api.POST('/auth/login/second-factor', { body: { challenge: input.challenge, passkey } }));
    }),
  },
});
