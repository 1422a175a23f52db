// The auth calls that are not the session's (docs/product.md section 7): create an account, ask for and confirm a
// password reset. Login, refresh and logout belong to the session machine (src/actors/session.ts).
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import type { components } from '#api/schema';

export type RegisterRequest = components['schemas']['RegisterRequest'];

export const register = (body: RegisterRequest) => unwrap(api.POST('/auth/register/', { body }));

export const requestPasswordReset = (email: string) =>
  unwrap(api.POST('/auth/password/reset/', { body: { email } }));

export const confirmPasswordReset = (body: { uid: string; token: string; password: string }) =>
  unwrap(api.POST('/auth/password/reset/confirm/', { body }));

/** The links of an e-mail change (docs/decisions/046-account-safety.md): the new address's confirm, the old one's undo. */
export const followEmailLink = (kind: 'confirm' | 'undo', token: string) =>
  kind === 'confirm'
    ? unwrap(api.POST('/auth/email/confirm', { body: { token } }))
    : unwrap(api.POST('/auth/email/undo', { body: { token } }));
