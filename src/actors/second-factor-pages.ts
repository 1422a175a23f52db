// The profile's second-factor page actors wired to the API (docs/decisions/049-second-factor.md, 056-passkeys.md):
// apart from the sign-in's step (second-factor.ts, in the entry), so they load with the profile's screens
// (docs/decisions/066-boot-closure.md).
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { enrolmentMachine } from '#machines/second-factor/enrolment.machine';
import { passkeysMachine } from '#machines/second-factor/passkeys.machine';
import type {
  AddPasskeyInput,
  ConfirmEnrolmentInput,
  PasskeyRegistered,
  RemovePasskeyInput,
  RemoveFactorInput,
  StartEnrolmentInput,
  TotpEnrolment,
} from '#machines/second-factor/second-factor.types';
import { showToast } from '#lib/toast';
import { call, codeBody, freshPasskey, prompt, secondFactorKeys, webAuthn } from './second-factor';

export function providePasskeysMachine(queryClient: QueryClient) {
  return passkeysMachine.provide({
    actors: {
      addPasskey: fromPromise<PasskeyRegistered, AddPasskeyInput>(async ({ input }) => {
        const options = await call(api.POST('/me/second-factor/passkeys/options', { body: { current_password: input.password } }));
        const { startRegistration } = await webAuthn();
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
