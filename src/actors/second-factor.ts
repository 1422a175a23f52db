// The second-factor machines wired to the API (docs/decisions/049-second-factor.md). A failed call rejects with the
// server's parsed error body, as the session's calls do, so the views read the field errors straight off it.
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '#api/client';
import { enrolmentMachine } from '#machines/second-factor/enrolment.machine';
import { signInStepMachine } from '#machines/second-factor/sign-in-step.machine';
import type {
  ConfirmEnrolmentInput,
  LoginResponse,
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

/** The code goes in the field the server names in its answer: `totp_code` for the app's, `recovery_code` otherwise. */
const codeBody = (method: 'totp' | 'recovery_code', code: string) => (method === 'totp' ? { totp_code: code } : { recovery_code: code });

export const appSignInStepMachine = signInStepMachine.provide({
  actors: {
    verifyCode: fromPromise<LoginResponse, VerifyCodeInput>(({ input, signal }) =>
      call(api.POST('/auth/login/second-factor', { body: { challenge: input.challenge, ...codeBody(input.method, input.code) }, signal })),
    ),
  },
});

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
