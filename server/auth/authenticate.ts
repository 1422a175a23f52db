// The sign-in check of every operation that requires it: a valid access token whose session has not ended.
import type { AppContext } from '#server/context.ts';
import { detailError, notAuthenticated } from '#server/http/errors.ts';
import { findSessionUser, type User } from './accounts.ts';

export interface AuthenticatedUser {
  id: number;
  isStaff: boolean;
  /** The account's row as the session check read it, so a handler that shows it needs no second query. */
  account: User;
  /** The session the access token belongs to (its refresh token's jti): "this device" in the list of sessions. */
  sessionId: string;
}

/**
 * The user behind `Authorization: Bearer <access token>`. The token must be well signed and unexpired, and its
 * session alive, read in the same query as the user: not logged out (the session id is not in revoked_tokens), not
 * ended by a password reset (the token version is the user's), the account active, the staff flag as it is now.
 */
export async function authenticate(ctx: Pick<AppContext, 'db' | 'tokens'>, header: string | undefined): Promise<AuthenticatedUser> {
  const [scheme, token] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw notAuthenticated();
  const claims = await ctx.tokens.verify(token, 'access');
  const user = claims ? await findSessionUser(ctx.db, claims) : undefined;
  if (!claims || !user) throw detailError(401, 'api.error.tokenNotValid', 'token_not_valid');
  return { id: user.id, isStaff: user.is_staff, account: user, sessionId: claims.sessionId };
}
