// A signed-in person changes their password (docs/decisions/017-account-dead-ends.md): the current one proves it
// is them, the new one follows the sign-up rules, every other session ends and a notice goes out by e-mail.
import { eq, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { ProgramContact } from '#server/config.ts';
import { users } from '#server/db/schema.ts';
import { fieldErrors, msg, notAuthenticated, type Message } from '#server/http/errors.ts';
import { isLanguage, type Language } from '#server/i18n/messages.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { AttemptLimiter } from '#server/auth/attempt-limits.ts';
import { hashPassword, passwordProblems, verifyPassword } from '#server/auth/passwords.ts';
import { findUserById, sessionUser, type AuthDeps, type User } from '#server/auth/accounts.ts';
import { openSession, type Client } from '#server/auth/sessions.ts';

type LoginResponse = components['schemas']['LoginResponse'];

/** When the password changed, as the person reads it: Puerto Rico's time, in their language. */
export const changedAt = (date: Date, language: Language): string =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-PR' : 'en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Puerto_Rico',
  }).format(date);

/**
 * Whether `given` is the account's password, counted against the account like a sign-in (a stolen session cannot guess
 * it without limit; 429 past the limit). The right one clears the count, whatever else the request gets wrong.
 */
export async function currentPasswordMatches(deps: AuthDeps, user: User, given: string): Promise<boolean> {
  const account = AttemptLimiter.keyOf(user.email);
  await deps.loginFailures.take(account);
  if (!(await verifyPassword(user.password_hash, given))) return false;
  await deps.loginFailures.forget(account);
  return true;
}

/**
 * Checks the current password (counted against the account like a sign-in: a stolen session cannot guess it
 * without limit), applies the sign-up rules to the new one, then in one transaction stores it, bumps the token
 * version (every session of the account ends, docs/decisions/003-tokens-and-revocation.md) and queues the notice.
 * Answers a fresh session for this device, so the person who changed it stays signed in.
 */
export async function changePassword(
  deps: AuthDeps,
  contact: ProgramContact,
  userId: number,
  input: { current_password: string; password: string },
  client: Client,
): Promise<LoginResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user || !user.is_active) throw notAuthenticated();

  const problems: Record<string, Message[]> = {};
  const newProblems = passwordProblems(input.password);
  if (input.password === input.current_password) newProblems.push(msg('api.password.sameAsCurrent'));
  if (newProblems.length > 0) problems.password = newProblems;

  if (!(await currentPasswordMatches(deps, user, input.current_password))) problems.current_password = [msg('api.password.currentWrong')];
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);

  const passwordHash = await hashPassword(input.password);
  const language: Language = isLanguage(user.language) ? user.language : 'es';
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1`, updated_at: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw notAuthenticated();
    await enqueueMail(
      tx,
      {
        template: 'passwordChanged',
        to: row.email,
        language,
        params: {
          name: row.first_name,
          date: changedAt(now, language),
          link: `${deps.publicUrl}/password/reset`,
          email: contact.email,
          phone: contact.phone,
        },
      },
      now,
    );
    return row;
  });
  return { ...sessionUser(updated), ...(await openSession(deps, updated, client)) };
}
