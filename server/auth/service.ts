// Authentication rules: register, login, session refresh, logout and password reset. Each call is one transaction.
import { eq, lt, sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.d.ts';
import type { Db } from '../db/client.ts';
import { revokedTokens, users } from '../db/schema.ts';
import { detailError, fieldErrors, type Message } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { isLanguage, type Language } from '../i18n/messages.ts';
import type { CaptchaService } from '../captcha/captcha.ts';
import { burnPasswordCheck, hashPassword, passwordProblems, verifyPassword } from './passwords.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './reset-tokens.ts';
import type { TokenService } from './tokens.ts';

type Schemas = components['schemas'];
export type User = typeof users.$inferSelect;

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  captcha: CaptchaService;
  secret: string;
  publicUrl: string;
  now: () => Date;
}

export const findUserByEmail = async (db: Db, email: string): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())).limit(1))[0];

export const findUserById = async (db: Db, id: number): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

export const sessionUser = (user: User): Schemas['SessionUser'] => ({
  id: user.id,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  language: isLanguage(user.language) ? user.language : 'es',
  is_staff: user.is_staff,
});

const badCredentials = () => detailError(401, 'api.error.badCredentials', 'no_active_account');
const tokenNotValid = () => detailError(401, 'api.error.tokenNotValid', 'token_not_valid');

export async function register(deps: AuthDeps, input: Schemas['RegisterRequest']): Promise<User> {
  const problems: Record<string, Message[]> = {};
  if (input.conditions !== true) problems.conditions = [{ id: 'api.error.conditions' }];
  const passwordIssues = passwordProblems(input.password);
  if (passwordIssues.length > 0) problems.password = passwordIssues;
  if (!input.first_name.trim()) problems.first_name = [{ id: 'api.field.required' }];
  if (!input.last_name.trim()) problems.last_name = [{ id: 'api.field.required' }];
  if (await findUserByEmail(deps.db, input.email)) problems.email = [{ id: 'api.error.emailTaken' }];
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);

  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      // The captcha is spent only when everything else is right, so a typo does not cost a new puzzle.
      if (!(await deps.captcha.verifyOnce(input.captcha, tx))) throw fieldErrors({ captcha: 'api.error.captcha' });
      const [created] = await tx
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
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ email: 'api.error.emailTaken' });
    throw error;
  }
}

export async function login(deps: AuthDeps, email: string, password: string): Promise<Schemas['LoginResponse']> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw badCredentials();
  }
  const matches = await verifyPassword(user.password_hash, password);
  if (!matches || !user.is_active) throw badCredentials();
  return {
    ...sessionUser(user),
    access: await deps.tokens.issueAccess(user.id),
    refresh: await deps.tokens.issueRefresh(user.id, user.token_version),
  };
}

/** The user behind a refresh token that is well signed, unexpired, not logged out and not revoked by a reset. */
async function userOfRefreshToken(deps: AuthDeps, refresh: string) {
  const claims = await deps.tokens.verify(refresh, 'refresh');
  if (!claims) throw tokenNotValid();
  const [revoked] = await deps.db.select().from(revokedTokens).where(eq(revokedTokens.jti, claims.jti)).limit(1);
  if (revoked) throw tokenNotValid();
  const user = await findUserById(deps.db, claims.userId);
  if (!user || !user.is_active || user.token_version !== claims.version) throw tokenNotValid();
  return { user, claims };
}

export async function refreshSession(deps: AuthDeps, refresh: string): Promise<Schemas['SessionResponse']> {
  const { user } = await userOfRefreshToken(deps, refresh);
  return { ...sessionUser(user), access: await deps.tokens.issueAccess(user.id) };
}

export async function logout(deps: AuthDeps, refresh: string): Promise<void> {
  const { claims } = await userOfRefreshToken(deps, refresh);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(revokedTokens)
      .values({ jti: claims.jti, expires_at: new Date(claims.expiresAt * 1000) })
      .onConflictDoNothing();
    // Keep the deny list small: a token past its expiry is refused anyway.
    await tx.delete(revokedTokens).where(lt(revokedTokens.expires_at, deps.now()));
  });
}

/** Queues the reset e-mail when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.is_active) return;
  const token = makeResetToken(deps.secret, user.id, user.password_hash, deps.now());
  const link = `${deps.publicUrl}/password/reset/confirm?uid=${encodeUid(user.id)}&token=${encodeURIComponent(token)}`;
  const language: Language = isLanguage(user.language) ? user.language : 'es';
  await enqueueMail(deps.db, {
    template: 'passwordReset',
    to: user.email,
    language,
    params: { name: user.first_name, link },
  }, deps.now());
}

export async function confirmPasswordReset(deps: AuthDeps, uid: string, token: string, password: string): Promise<void> {
  const userId = decodeUid(uid);
  const user = userId === null ? undefined : await findUserById(deps.db, userId);
  if (!user || !user.is_active || !checkResetToken(deps.secret, user.id, user.password_hash, token, deps.now())) {
    // The link is not a field the person can edit: a form-wide error, which the SPA's toast shows (SPEC section 8).
    throw fieldErrors({ non_field_errors: 'api.reset.invalidLink' });
  }
  const problems = passwordProblems(password);
  if (problems.length > 0) throw fieldErrors({ password: problems });
  const passwordHash = await hashPassword(password);
  await deps.db
    .update(users)
    .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1`, updated_at: deps.now() })
    .where(eq(users.id, user.id));
}

