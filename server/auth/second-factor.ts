// The second factor (docs/decisions/049-second-factor.md, docs/decisions/056-passkeys.md): an authenticator app (TOTP,
// otplib) and passkeys (WebAuthn, ./passkeys.ts), with ten one-time recovery codes. Enrolment and removal from the
// profile, the second step of a sign-in, and the staff rule.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { components } from '#api/schema.d.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { passkeys, recoveryCodes, totpFactors } from '#server/db/schema.ts';
import { AppError, detailError, fieldErrors, notAuthenticated, notFound } from '#server/http/errors.ts';
import { isLanguage, type Language } from '#server/i18n/messages.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { openSession, type Client } from './sessions.ts';
import { AttemptLimiter } from './attempt-limits.ts';
import {
  authenticationOptions,
  countPasskeys,
  MAX_PASSKEYS,
  passkeyLimit,
  passkeysOf,
  registrationOptions,
  spendPasskeyAssertion,
  toPasskey,
  verifyRegistration,
  type PasskeyAssertion,
  type PasskeyAttestation,
} from './passkeys.ts';
import { verifyPassword } from './passwords.ts';
import { findUserById, sessionUser, type AuthDeps, type User } from './accounts.ts';

type Schemas = components['schemas'];

/** How many recovery codes an enrolment gives, each working once. */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the account. */
const ISSUER = 'Incubadora';
/** A code of the step before or after the server's clock is accepted: phones drift. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Recovery codes: no 0/O, 1/I/L, so a code copied by hand is read back right. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Keys derived from SECRET for this use only, so a leak of one key does not open tokens or reset links. */
const keyOf = (secret: string, use: string): Buffer => createHash('sha256').update(`${use}:${secret}`).digest();

/** AES-256-GCM: `iv.tag.ciphertext`, base64url. The secret is read back only to check a code. */
export function encryptSecret(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret, 'totp'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [iv, tag, body] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('totp secret: unreadable');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret, 'totp'), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** The same code however it is typed: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** Recovery codes are random (50 bits each), so a keyed hash is enough: no slow hash is needed against guessing. */
const hashRecoveryCode = (appSecret: string, code: string): string =>
  createHmac('sha256', keyOf(appSecret, 'recovery')).update(normalizeRecoveryCode(code)).digest('base64url');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const confirmedFactor = (db: Db, userId: number) =>
  db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.user_id, userId), isNotNull(totpFactors.confirmed_at)))
    .limit(1)
    .then((rows) => rows[0]);

/** Whether the account signs in with a second step: a confirmed app or a passkey. */
export const hasSecondFactor = async (db: Db, userId: number): Promise<boolean> =>
  (await confirmedFactor(db, userId)) !== undefined || (await countPasskeys({ db }, userId)) > 0;

/** The one definition of who may skip the rule (config.ts refuses any exemption in production). */
export const isExempt = (config: Pick<Config, 'staffSecondFactorExempt'>, email: string): boolean =>
  config.staffSecondFactorExempt.all || config.staffSecondFactorExempt.emails.includes(email.trim().toLowerCase());

/** The staff rule: a staff session whose account has no second factor is refused every admin operation. */
export async function requireStaffSecondFactor(db: Db, config: Pick<Config, 'staffSecondFactorExempt'>, user: User): Promise<void> {
  if (!user.is_staff || isExempt(config, user.email)) return;
  if (!(await hasSecondFactor(db, user.id))) throw detailError(403, 'api.secondFactor.required', 'second_factor_required');
}

export async function secondFactorStatus(db: Db, config: Pick<Config, 'staffSecondFactorExempt'>, user: User): Promise<Schemas['SecondFactorStatus']> {
  const [factor, keys, [left]] = await Promise.all([
    confirmedFactor(db, user.id),
    passkeysOf({ db }, user.id),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.user_id, user.id), isNull(recoveryCodes.used_at))),
  ]);
  const any = factor !== undefined || keys.length > 0;
  return {
    totp: factor !== undefined,
    passkeys: keys.map(toPasskey),
    recovery_codes_left: any ? (left?.n ?? 0) : 0,
    required: user.is_staff && !isExempt(config, user.email),
  };
}

const codeWrong = (field: 'totp_code' | 'recovery_code' | 'passkey'): AppError =>
  fieldErrors({ [field]: field === 'passkey' ? 'api.passkey.failed' : 'api.secondFactor.codeWrong' }, 'second_factor_code_invalid');
const notEnrolled = (): AppError => detailError(409, 'api.secondFactor.notEnrolled', 'second_factor_not_enrolled');
const alreadyEnrolled = (): AppError => detailError(409, 'api.secondFactor.exists', 'second_factor_exists');
const challengeInvalid = (): AppError => detailError(401, 'api.secondFactor.challengeInvalid', 'second_factor_challenge_invalid');

/** The attempts of one account's second factor, counted apart from its password's. */
const attemptsKey = (userId: number): string => `user:${userId}`;

/**
 * Checks a TOTP code against the factor's secret and spends its time step, so the same code cannot be used twice
 * (the update only wins while last_time_step is older: two requests racing with one code, one of them wins).
 */
async function spendTotpCode(deps: AuthDeps, factor: typeof totpFactors.$inferSelect, code: string): Promise<boolean> {
  const result = await verify({
    secret: decryptSecret(deps.secret, factor.secret_encrypted),
    token: code,
    epoch: Math.floor(deps.now().getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(factor.last_time_step > 0 ? { afterTimeStep: factor.last_time_step } : {}),
  });
  // The functional verify types TOTP and HOTP answers together; only a TOTP answer has its time step.
  if (!result.valid || !('timeStep' in result)) return false;
  const spent = await deps.db
    .update(totpFactors)
    .set({ last_time_step: result.timeStep })
    .where(and(eq(totpFactors.user_id, factor.user_id), lt(totpFactors.last_time_step, result.timeStep)))
    .returning({ user_id: totpFactors.user_id });
  return spent.length > 0;
}

/** Marks one unused recovery code spent; false when it is not one of the account's, or was used already. */
async function spendRecoveryCode(deps: AuthDeps, userId: number, code: string): Promise<boolean> {
  const spent = await deps.db
    .update(recoveryCodes)
    .set({ used_at: deps.now() })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hashRecoveryCode(deps.secret, code)), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

export interface CodeInput {
  totp_code?: string | undefined;
  recovery_code?: string | undefined;
  passkey?: PasskeyAssertion | undefined;
}

/**
 * Counts the attempt against the account (429 past the limit, a right code included), then checks the one code
 * sent: the app's, or a recovery code. A right code clears the count.
 */
async function checkSecondFactor(deps: AuthDeps, userId: number, input: CodeInput): Promise<void> {
  const sent = [input.totp_code, input.recovery_code, input.passkey].filter((value) => value !== undefined).length;
  if (sent === 0) throw fieldErrors({ totp_code: 'api.field.required' });
  if (sent > 1) throw fieldErrors({ non_field_errors: 'api.secondFactor.oneCode' });
  await deps.secondFactorAttempts.take(attemptsKey(userId));
  if (!(await hasSecondFactor(deps.db, userId))) throw notEnrolled();
  let right: boolean;
  if (input.totp_code !== undefined) {
    const factor = await confirmedFactor(deps.db, userId);
    right = factor !== undefined && (await spendTotpCode(deps, factor, input.totp_code));
  } else if (input.passkey !== undefined) {
    right = await spendPasskeyAssertion(deps, userId, input.passkey);
  } else {
    right = await spendRecoveryCode(deps, userId, input.recovery_code ?? '');
  }
  if (!right) throw codeWrong(input.totp_code !== undefined ? 'totp_code' : input.passkey !== undefined ? 'passkey' : 'recovery_code');
  await deps.secondFactorAttempts.forget(attemptsKey(userId));
}

/** The answer of a right password on an account with a second factor: a challenge for the second step, no tokens. */
export async function secondFactorChallenge(deps: AuthDeps, user: User): Promise<Schemas['SecondFactorChallenge']> {
  const [app, keys] = await Promise.all([confirmedFactor(deps.db, user.id), countPasskeys(deps, user.id)]);
  const methods: Schemas['SecondFactorChallenge']['methods'] = [...(app ? (['totp'] as const) : []), ...(keys > 0 ? (['passkey'] as const) : []), 'recovery_code'];
  return { second_factor_required: true, challenge: await deps.tokens.issueChallenge(user.id, user.token_version), methods };
}

/** The account a sign-in challenge names, while its sessions have not ended since; otherwise 401. */
async function userOfChallenge(deps: AuthDeps, challenge: string): Promise<User> {
  const claims = await deps.tokens.verify(challenge, 'challenge');
  const user = claims ? await findUserById(deps.db, claims.userId) : undefined;
  if (!claims || !user || !user.is_active || user.token_version !== claims.version) throw challengeInvalid();
  return user;
}

/** The WebAuthn options to answer a sign-in challenge with one of the account's passkeys. */
export async function passkeyLoginOptions(deps: AuthDeps, challenge: string): Promise<Schemas['PasskeyRequestOptions']> {
  const user = await userOfChallenge(deps, challenge);
  return authenticationOptions(deps, user.id);
}

/** Completes a sign-in: the challenge names an account whose sessions have not ended since; then one right code. */
export async function completeLogin(deps: AuthDeps, challenge: string, input: CodeInput, client: Client): Promise<Schemas['LoginResponse']> {
  const user = await userOfChallenge(deps, challenge);
  await checkSecondFactor(deps, user.id, input);
  return { ...sessionUser(user), ...(await openSession(deps, user, client)) };
}

/** The current password, counted against the account like a sign-in; a field error on `current_password` when wrong. */
async function checkPassword(deps: AuthDeps, user: User, password: string): Promise<void> {
  const account = AttemptLimiter.keyOf(user.email);
  await deps.loginFailures.take(account);
  if (!(await verifyPassword(user.password_hash, password))) throw fieldErrors({ current_password: 'api.password.currentWrong' });
  await deps.loginFailures.forget(account);
}

async function activeUser(deps: AuthDeps, userId: number): Promise<User> {
  const user = await findUserById(deps.db, userId);
  if (!user || !user.is_active) throw notAuthenticated();
  return user;
}

/**
 * Begins an enrolment: a new secret, kept encrypted and unconfirmed (a begun enrolment replaces the one before),
 * answered this once for the person to add to their app.
 */
export async function startTotpEnrolment(deps: AuthDeps, userId: number, currentPassword: string): Promise<Schemas['TotpEnrolment']> {
  const user = await activeUser(deps, userId);
  await checkPassword(deps, user, currentPassword);
  if (await confirmedFactor(deps.db, user.id)) throw alreadyEnrolled();
  const secret = generateSecret();
  const stored = { secret_encrypted: encryptSecret(deps.secret, secret), confirmed_at: null, last_time_step: 0, created_at: deps.now() };
  await deps.db
    .insert(totpFactors)
    .values({ user_id: user.id, ...stored })
    .onConflictDoUpdate({ target: totpFactors.user_id, set: stored });
  return { secret, otpauth_uri: generateURI({ issuer: ISSUER, label: user.email, secret }) };
}

/** Confirms the begun enrolment with a first code; answers ten new recovery codes (any older ones are dropped). */
export async function confirmTotpEnrolment(deps: AuthDeps, userId: number, code: string): Promise<Schemas['RecoveryCodes']> {
  const user = await activeUser(deps, userId);
  const [factor] = await deps.db.select().from(totpFactors).where(eq(totpFactors.user_id, user.id)).limit(1);
  if (!factor) throw notEnrolled();
  if (factor.confirmed_at) throw alreadyEnrolled();
  await deps.secondFactorAttempts.take(attemptsKey(user.id));
  if (!(await spendTotpCode(deps, factor, code))) throw codeWrong('totp_code');
  await deps.secondFactorAttempts.forget(attemptsKey(user.id));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    await tx.update(totpFactors).set({ confirmed_at: deps.now() }).where(eq(totpFactors.user_id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ user_id: user.id, code_hash: hashRecoveryCode(deps.secret, c), created_at: deps.now() })));
  });
  return { recovery_codes: codes };
}

/**
 * Removes the second factor: the current password and a fresh code (the app's or an unused recovery code) prove it
 * is the person, not someone at an unattended session. The notice goes out in the same transaction as the removal.
 */
export async function removeSecondFactor(
  deps: AuthDeps,
  contact: { email: string; phone: string },
  userId: number,
  input: CodeInput & { current_password: string },
): Promise<void> {
  const user = await activeUser(deps, userId);
  if (!(await confirmedFactor(deps.db, user.id))) throw notEnrolled();
  await checkPassword(deps, user, input.current_password);
  await checkSecondFactor(deps, user.id, input);
  const language: Language = isLanguage(user.language) ? user.language : 'es';
  await deps.db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.user_id, user.id));
    // With passkeys left, the account keeps a second factor, and the recovery codes stay with it.
    const [left] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.user_id, user.id));
    const last = (left?.n ?? 0) === 0;
    if (last) await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
    await enqueueMail(
      tx,
      {
        template: last ? 'secondFactorRemoved' : 'authenticatorAppRemoved',
        to: user.email,
        language,
        params: { name: user.first_name, link: `${deps.publicUrl}/password/reset`, email: contact.email, phone: contact.phone },
      },
      deps.now(),
    );
  });
}

/** Begins adding a passkey: the current password, counted like a sign-in, then the options for the browser. */
export async function startPasskeyRegistration(deps: AuthDeps, userId: number, currentPassword: string): Promise<Schemas['PasskeyCreationOptions']> {
  const user = await activeUser(deps, userId);
  await checkPassword(deps, user, currentPassword);
  return registrationOptions(deps, user);
}

/**
 * Keeps the passkey the browser made for the options of startPasskeyRegistration. The account's first second factor
 * comes with ten recovery codes, shown this once; an account that had one keeps its codes.
 */
export async function registerPasskey(deps: AuthDeps, userId: number, input: { name: string; credential: PasskeyAttestation }): Promise<Schemas['PasskeyRegistered']> {
  const user = await activeUser(deps, userId);
  const name = input.name.trim();
  if (name === '') throw fieldErrors({ name: 'api.field.required' });
  if ((await countPasskeys(deps, user.id)) >= MAX_PASSKEYS) throw passkeyLimit();
  const first = !(await hasSecondFactor(deps.db, user.id));
  const row = await verifyRegistration(deps, user.id, input.credential, name);
  if (!first) return { passkey: toPasskey(row) };
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ user_id: user.id, code_hash: hashRecoveryCode(deps.secret, c), created_at: deps.now() })));
  });
  return { passkey: toPasskey(row), recovery_codes: codes };
}

/** Options to prove one of the person's passkeys while signed in (a removal's fresh factor). */
export async function passkeyCheckOptions(deps: AuthDeps, userId: number): Promise<Schemas['PasskeyRequestOptions']> {
  const user = await activeUser(deps, userId);
  return authenticationOptions(deps, user.id);
}

/**
 * Removes one passkey: the current password and a fresh factor, as any removal. The recovery codes go with the last
 * factor; the notice goes out in the same transaction as the removal.
 */
export async function removePasskey(
  deps: AuthDeps,
  contact: { email: string; phone: string },
  userId: number,
  passkeyId: number,
  input: CodeInput & { current_password: string },
): Promise<void> {
  const user = await activeUser(deps, userId);
  const [row] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.user_id, user.id)))
    .limit(1);
  if (!row) throw notFound();
  await checkPassword(deps, user, input.current_password);
  await checkSecondFactor(deps, user.id, input);
  const language: Language = isLanguage(user.language) ? user.language : 'es';
  await deps.db.transaction(async (tx) => {
    await tx.delete(passkeys).where(eq(passkeys.id, row.id));
    const [keys] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.user_id, user.id));
    const [app] = await tx
      .select({ n: count() })
      .from(totpFactors)
      .where(and(eq(totpFactors.user_id, user.id), isNotNull(totpFactors.confirmed_at)));
    const last = (keys?.n ?? 0) === 0 && (app?.n ?? 0) === 0;
    if (last) await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
    await enqueueMail(
      tx,
      {
        template: 'passkeyRemoved',
        to: user.email,
        language,
        params: {
          name: user.first_name,
          passkey: row.name,
          last: last ? 'yes' : 'no',
          link: `${deps.publicUrl}/password/reset`,
          email: contact.email,
          phone: contact.phone,
        },
      },
      deps.now(),
    );
  });
}
