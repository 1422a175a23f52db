// Changing the sign-in e-mail (docs/decisions/046-account-safety.md): asked with the current password, made only when
// the link sent to the new address is followed, undone from the notice the old address then gets. The request answers
// the same whether the new address is free or taken, so it cannot be used to find out who has an account.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ProgramContact } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { emailChanges, users } from '#server/db/schema.ts';
import { fieldErrors, notAuthenticated, type AppError } from '#server/http/errors.ts';
import { isLanguage, type Language } from '#server/i18n/messages.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { AttemptLimiter } from '#server/auth/attempt-limits.ts';
import { findUserByEmail, findUserById, type AuthDeps, type User } from '#server/auth/accounts.ts';
import { EMAIL_CHANGE_LINK_HOURS, EMAIL_UNDO_DAYS } from '#shared/account-constants.ts';
import { changedAt, currentPasswordMatches } from './password.ts';

/** Only the digest is stored: a copy of the table opens no account. */
const digest = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');
const languageOf = (user: User): Language => (isLanguage(user.language) ? user.language : 'es');

/** The SPA pages the links open; each asks for a click before it calls the API (a mail scanner's visit changes nothing). */
export const emailLinks = {
  confirm: (publicUrl: string, token: string) => `${publicUrl}/account/email/confirm?token=${token}`,
  undo: (publicUrl: string, token: string) => `${publicUrl}/account/email/undo?token=${token}`,
};

const linkInvalid = (): AppError => fieldErrors({ non_field_errors: 'api.emailChange.invalidLink' }, 'email_link_invalid');

const isUniqueViolation = (error: unknown): boolean => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === '23505';
};

/** Another account (than `userId`) signs in with this address, whatever its case. */
async function addressTakenByOther(db: Db, address: string, userId: number): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, address.trim().toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/** Spends the links of the person's changes not followed yet. */
const cancelPending = (db: Db, userId: number, now: Date) =>
  db
    .update(emailChanges)
    .set({ cancelled_at: now })
    .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.confirmed_at), isNull(emailChanges.cancelled_at)));

/**
 * Checks the password (counted against the account like a sign-in, as a password change does), then counts the
 * request against the account and leaves the rest to run after the answer (sendEmailChangeMail): the answer, its
 * body and its time are the same for a free address and a taken one.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  contact: ProgramContact,
  userId: number,
  input: { current_password: string; email: string },
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user || !user.is_active) throw notAuthenticated();
  if (!(await currentPasswordMatches(deps, user, input.current_password))) throw fieldErrors({ current_password: 'api.password.currentWrong' });
  const address = input.email.trim();
  // Only the person's own address is named: that tells nothing about anyone else.
  if (AttemptLimiter.keyOf(address) === AttemptLimiter.keyOf(user.email)) throw fieldErrors({ email: 'api.emailChange.sameAsCurrent' });
  await deps.emailChanges.take(String(user.id));
  deps.work.enqueue('e-mail change message', () => sendEmailChangeMail(deps, contact, user, address));
}

/**
 * A free address gets the link that makes the change; a taken one gets a message saying someone tried (in its
 * owner's language), and no link. Either way the earlier links of this person stop working.
 */
export async function sendEmailChangeMail(deps: AuthDeps, contact: ProgramContact, user: User, address: string): Promise<void> {
  const now = deps.now();
  const owner = await findUserByEmail(deps.db, address);
  await deps.db.transaction(async (tx) => {
    await cancelPending(tx, user.id, now);
    if (owner) {
      await enqueueMail(
        tx,
        {
          template: 'emailChangeTaken',
          to: owner.email,
          language: languageOf(owner),
          params: { link: `${deps.publicUrl}/password/reset`, email: contact.email, phone: contact.phone },
        },
        now,
      );
      return;
    }
    const token = newToken();
    await tx.insert(emailChanges).values({
      user_id: user.id,
      old_email: user.email,
      new_email: address,
      confirm_token_hash: digest(token),
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 3600_000),
    });
    await enqueueMail(
      tx,
      {
        template: 'emailChangeConfirm',
        to: address,
        language: languageOf(user),
        params: { name: user.first_name, link: emailLinks.confirm(deps.publicUrl, token), hours: EMAIL_CHANGE_LINK_HOURS },
      },
      now,
    );
  });
}

/**
 * Follows the link of the new address: once, before it expires, and only while the account still signs in with the
 * address it had when the change was asked for. Ends every session of the account (the token version moves on) and
 * sends the old address the notice with its undo link.
 */
export async function confirmEmailChange(deps: AuthDeps, contact: ProgramContact, token: string): Promise<{ email: string }> {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [change] = await tx.select().from(emailChanges).where(eq(emailChanges.confirm_token_hash, digest(token))).limit(1).for('update');
      if (!change || change.confirmed_at || change.cancelled_at || change.expires_at.getTime() <= now.getTime()) throw linkInvalid();
      const [user] = await tx.select().from(users).where(eq(users.id, change.user_id)).limit(1).for('update');
      if (!user || !user.is_active || user.email !== change.old_email) throw linkInvalid();
      // Taken since the request: only the holder of the new address learns it, by following its link.
      if (await addressTakenByOther(tx, change.new_email, user.id)) throw fieldErrors({ non_field_errors: 'api.emailChange.nowTaken' }, 'email_link_invalid');
      const undo = newToken();
      await tx
        .update(users)
        .set({ email: change.new_email, token_version: sql`${users.token_version} + 1`, updated_at: now })
        .where(eq(users.id, user.id));
      await tx
        .update(emailChanges)
        .set({ confirmed_at: now, undo_token_hash: digest(undo), undo_expires_at: new Date(now.getTime() + EMAIL_UNDO_DAYS * 86_400_000) })
        .where(eq(emailChanges.id, change.id));
      await cancelPending(tx, user.id, now);
      const language = languageOf(user);
      await enqueueMail(
        tx,
        {
          template: 'emailChanged',
          to: change.old_email,
          language,
          params: {
            name: user.first_name,
            newEmail: change.new_email,
            date: changedAt(now, language),
            link: emailLinks.undo(deps.publicUrl, undo),
            days: EMAIL_UNDO_DAYS,
            email: contact.email,
            phone: contact.phone,
          },
        },
        now,
      );
      return { email: change.new_email };
    });
  } catch (error) {
    // Two accounts taking the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw fieldErrors({ non_field_errors: 'api.emailChange.nowTaken' }, 'email_link_invalid');
    throw error;
  }
}

/**
 * Follows the undo link of the old address: once, within EMAIL_UNDO_DAYS. The old address signs in again, every
 * session ends (whoever made the change is signed out) and changes asked for meanwhile are spent.
 */
export async function undoEmailChange(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const now = deps.now();
  let restored: string;
  try {
    restored = await deps.db.transaction(async (tx) => {
      const [change] = await tx.select().from(emailChanges).where(eq(emailChanges.undo_token_hash, digest(token))).limit(1).for('update');
      if (!change || change.undone_at || !change.undo_expires_at || change.undo_expires_at.getTime() <= now.getTime()) throw linkInvalid();
      if (await addressTakenByOther(tx, change.old_email, change.user_id)) throw fieldErrors({ non_field_errors: 'api.emailChange.nowTaken' }, 'email_link_invalid');
      const [updated] = await tx
        .update(users)
        .set({ email: change.old_email, token_version: sql`${users.token_version} + 1`, updated_at: now })
        .where(eq(users.id, change.user_id))
        .returning({ id: users.id });
      if (!updated) throw linkInvalid();
      await tx.update(emailChanges).set({ undone_at: now }).where(eq(emailChanges.id, change.id));
      await cancelPending(tx, change.user_id, now);
      return change.old_email;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ non_field_errors: 'api.emailChange.nowTaken' }, 'email_link_invalid');
    throw error;
  }
  // The owner is back: a sign-in lock run up meanwhile does not keep them out.
  await deps.loginFailures.forget(AttemptLimiter.keyOf(restored));
  return { email: restored };
}
