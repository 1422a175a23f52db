// Authentication rules: register, login, session refresh, logout and password reset. Each call is one transaction.
import { eq, lt, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { revokedTokens, users } from '#server/db/schema.ts';
import { detailError, fieldErrors, type Message } from '#server/http/errors.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { isLanguage, type Language } from '#server/i18n/messages.ts';
import { burnPasswordCheck, hashPassword, passwordProblems, verifyPassword } from './passwords.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './reset-tokens.ts';
import { AttemptLimiter } from './attempt-limits.ts';
import { findSessionAccount, findUserByEmail, findUserById, sessionUser, type AuthDeps, type User } from './accounts.ts';
import { hasSecondFactor, secondFactorChallenge } from './second-factor.ts';
import { RESET_LINK_TTL_DAYS } from '#shared/account-constants.ts';
import { forgetSession, isUseDue, markUsed, openSession, type Client } from './sessions.ts';

type Schemas = components['schemas'];

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

const badCredentials = () => detailError(401, 'api.error.badCredentials', 'no_active_account');
const tokenNotValid = () => detailError(401, 'api.error.tokenNotValid', 'token_not_valid');

export async function register(deps: AuthDeps, input: Schemas['RegisterRequest']): Promise<User> {
  const problems: Record<string, Message[]> = {};
  // The conditions accepted, the e-mail's format and the lengths are the contract's rules (RegisterRequest), checked
  // before this runs; what follows are the rules only the server knows.
  const passwordIssues = passwordProblems(input.password);
  if (passwordIssues.length > 0) problems.password = passwordIssues;
  if (!input.first_name.trim()) problems.first_name = [{ id: 'api.field.required' }];
  if (!input.last_name.trim()) problems.last_name = [{ id: 'api.field.required' }];
  const captcha = await deps.captcha.solved(input.captcha);
  if (!captcha) problems.captcha = [{ id: 'api.error.captcha' }];
  // A form refused for its own rules spends no captcha (a typo needs no new puzzle) and says nothing of the address.
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);

  // Spent before anything tells whether the address has an account, or costs a password hash: every such
  // answer costs a solved puzzle, so the form cannot be used to list the addresses that have accounts.
  if (!(await deps.captcha.spend(captcha!))) throw fieldErrors({ captcha: 'api.error.captcha' }, 'captcha_invalid');
  if (await findUserByEmail(deps.db, input.email)) throw fieldErrors({ email: 'api.error.emailTaken' });
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await deps.db
      .insert(users)
      .values({
        email: input.email.trim(),
        password_hash: passwordHash,
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        language: input.language,
        conditions_accepted_at: deps.now(),
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ email: 'api.error.emailTaken' });
    throw error;
  }
}

/**
 * Signs in. Each attempt counts against the account (the address typed, known or not) before the password is
 * checked, so attempts sent at once count too; past the limit every attempt, a right password included, gets 429
 * until the window moves on. A successful sign-in clears the count. An account with a second factor gets a challenge
 * instead of tokens (docs/decisions/049-second-factor.md); its second step is counted on its own.
 */
export async function login(
  deps: AuthDeps,
  email: string,
  password: string,
  client: Client,
): Promise<Schemas['LoginResponse'] | Schemas['SecondFactorChallenge']> {
  const account = AttemptLimiter.keyOf(email);
  await deps.loginFailures.take(account);
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw badCredentials();
  }
  const matches = await verifyPassword(user.password_hash, password);
  if (!matches || !user.is_active) throw badCredentials();
  await deps.loginFailures.forget(account);
  if (await hasSecondFactor(deps.db, user.id)) return secondFactorChallenge(deps, user);
  return { ...sessionUser(user), ...(await openSession(deps, user, client)) };
}

/** The user and claims of a refresh token that is well signed, unexpired, not logged out and not ended by a reset. */
async function userOfRefreshToken(deps: AuthDeps, refresh: string) {
  const claims = await deps.tokens.verify(refresh, 'refresh');
  const user = claims ? await findSessionAccount(deps.db, claims) : undefined;
  if (!claims || !user) throw tokenNotValid();
  return { user, claims };
}

/**
 * A new access token for a live session. The session's last use is written at most every few minutes (sessions.ts),
 * after the answer, so no refresh waits for that write (docs/decisions/057-see-your-sessions.md).
 */
export async function refreshSession(deps: AuthDeps, refresh: string, client: Client): Promise<Schemas['SessionResponse']> {
  const { user, claims } = await userOfRefreshToken(deps, refresh);
  const now = deps.now();
  if (isUseDue(deps.db, claims.sessionId, now)) deps.work.enqueue('session last use', () => markUsed(deps.db, claims, client, now));
  const session = { id: claims.sessionId, version: claims.version, expiresAt: claims.expiresAt };
  return { ...sessionUser(user), access: await deps.tokens.issueAccess(user.id, session) };
}

/** Ends the refresh token's session: the token and every access token issued with or from it stop working. */
export async function logout(deps: AuthDeps, refresh: string): Promise<void> {
  const { claims } = await userOfRefreshToken(deps, refresh);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(revokedTokens)
      .values({ jti: claims.sessionId, expires_at: new Date(claims.expiresAt * 1000) })
      .onConflictDoNothing();
    await forgetSession(tx, claims.sessionId);
    // Keep the deny list small: a session past its expiry is refused anyway, and so are its access tokens.
    await tx.delete(revokedTokens).where(lt(revokedTokens.expires_at, deps.now()));
  });
}

/**
 * Answers a reset request the same way, doing the same work, whether the address has an account or not: the
 * per-address limit, then the lookup and e-mail queued to run after the answer (sendPasswordResetMail).
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const address = AttemptLimiter.keyOf(email);
  await deps.resetMails.take(address);
  deps.work.enqueue('password reset e-mail', () => sendPasswordResetMail(deps, email));
}

/** Queues the reset e-mail in the outbox when the address has an active account; nothing otherwise. */
export async function sendPasswordResetMail(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.is_active) return;
  const token = makeResetToken(deps.secret, user.id, user.password_hash, deps.now());
  const link = `${deps.publicUrl}/password/reset/confirm?uid=${encodeUid(user.id)}&token=${encodeURIComponent(token)}`;
  const language: Language = isLanguage(user.language) ? user.language : 'es';
  await enqueueMail(deps.db, {
    template: 'passwordReset',
    to: user.email,
    language,
    params: { name: user.first_name, link, days: RESET_LINK_TTL_DAYS },
  }, deps.now());
}

export async function confirmPasswordReset(deps: AuthDeps, uid: string, token: string, password: string): Promise<void> {
  const userId = decodeUid(uid);
  const user = userId === null ? undefined : await findUserById(deps.db, userId);
  if (!user || !user.is_active || !checkResetToken(deps.secret, user.id, user.password_hash, token, deps.now())) {
    // The link is not a field the person can edit: a form-wide error, which the SPA's toast shows (docs/product.md section 8).
    throw fieldErrors({ non_field_errors: 'api.reset.invalidLink' }, 'reset_link_invalid');
  }
  const problems = passwordProblems(password);
  if (problems.length > 0) throw fieldErrors({ password: problems });
  const passwordHash = await hashPassword(password);
  // The version bump ends every session of the account: refresh and access tokens alike (findSessionUser).
  await deps.db
    .update(users)
    .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1`, updated_at: deps.now() })
    .where(eq(users.id, user.id));
  // Whoever holds the mailbox owns the account again: the sign-in lock and the reset-mail count start afresh.
  await deps.loginFailures.forget(AttemptLimiter.keyOf(user.email));
  await deps.resetMails.forget(AttemptLimiter.keyOf(user.email));
}

