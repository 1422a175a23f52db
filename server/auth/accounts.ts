// The account as every part of the server reads it: the user row, its lookups (the session's on every authenticated
// call), its public shape, and what the auth services are given (AuthDeps). The auth services (service.ts,
// second-factor.ts) and the others (me, applications, staff's users) share these without importing each other.
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { oncePerDatabase } from '#server/db/prepared.ts';
import { sessionCacheOf } from '#server/db/session-cache.ts';
import { revokedTokens, users } from '#server/db/schema.ts';
import { isLanguage } from '#server/i18n/messages.ts';
import type { CaptchaService } from '#server/captcha/captcha.ts';
import type { PasskeySettings } from '#server/config.ts';
import type { TokenService, VerifiedToken } from './tokens.ts';
import { sessionChecksOf, type SessionAccount } from './session-checks.ts';
import type { AccountLimiter } from './attempt-limits.ts';
import type { WorkQueue } from './work-queue.ts';

type Schemas = components['schemas'];
export type User = typeof users.$inferSelect;

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  captcha: CaptchaService;
  secret: string;
  publicUrl: string;
  now: () => Date;
  /** Work done after the answer (the password-reset lookup and e-mail). */
  work: WorkQueue;
  /** Failed sign-ins per account, from any address. */
  loginFailures: AccountLimiter;
  /** Password-reset e-mails asked for per address, from any client address. */
  resetMails: AccountLimiter;
  /** E-mail change requests per account (each one e-mails the new address). */
  emailChanges: AccountLimiter;
  /** Second-factor codes tried per account (server/auth/second-factor.ts). */
  secondFactorAttempts: AccountLimiter;
  /** The WebAuthn relying party of passkeys (server/auth/passkeys.ts). */
  passkeys: PasskeySettings;
}

/**
 * Prepared once per database (drizzle builds the SQL text once; PostgreSQL plans a named statement once per
 * connection): these run on every sign-in, refresh and authenticated call (docs/decisions/012-speed.md).
 */
function preparedQueries(db: Db) {
  return {
    userByEmail: db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, sql.placeholder('email')))
      .limit(1)
      .prepare('find_user_by_email'),
    sessionUser: db
      .select()
      .from(users)
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          eq(users.is_active, true),
          eq(users.token_version, sql.placeholder('version')),
          notExists(db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, sql.placeholder('sessionId')))),
        ),
      )
      .limit(1)
      .prepare('find_session_user'),
  };
}
const prepared = oncePerDatabase(preparedQueries);

export const findUserByEmail = async (db: Db, email: string): Promise<User | undefined> =>
  (await prepared(db).userByEmail.execute({ email: email.trim().toLowerCase() }))[0];

export const findUserById = async (db: Db, id: number): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/**
 * The active user of a token's session, in one query: undefined when the session was logged out (its id is in
 * revoked_tokens) or ended by a password reset (the user's token_version moved past the token's).
 */
export const findSessionUser = async (db: Db, token: Pick<VerifiedToken, 'userId' | 'version' | 'sessionId'>): Promise<User | undefined> => {
  const load = async () => (await prepared(db).sessionUser.execute({ userId: token.userId, version: token.version, sessionId: token.sessionId }))[0];
  // On PGlite an exact cache answers most checks without a query (server/db/session-cache.ts); PostgreSQL always asks.
  const cache = sessionCacheOf<User>(db);
  return cache ? cache.read(`${token.userId}:${token.version}:${token.sessionId}`, load) : load();
};

/**
 * The account fields a refresh answers, under the same checks as findSessionUser. On PostgreSQL the checks of one turn
 * of the event loop go in one statement, reading only those fields (session-checks.ts); PGlite answers from its cache.
 */
export const findSessionAccount = (db: Db, token: Pick<VerifiedToken, 'userId' | 'version' | 'sessionId'>): Promise<SessionAccount | undefined> => {
  const checks = sessionChecksOf(db);
  return checks ? checks.check(token.userId, token.version, token.sessionId) : findSessionUser(db, token);
};

export const sessionUser = (user: SessionAccount): Schemas['SessionUser'] => ({
  id: user.id,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  language: isLanguage(user.language) ? user.language : 'es',
  is_staff: user.is_staff,
});
