// Passkeys (WebAuthn, @simplewebauthn/server) as a second factor (docs/decisions/056-passkeys.md): the options the
// browser signs, each with a one-time challenge kept in the database, and the checks of what it answers.
import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, gt, lte, notInArray, or } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import type { components } from '#api/schema.d.ts';
import { passkeyChallenges, passkeys } from '#server/db/schema.ts';
import { detailError, fieldErrors, type AppError } from '#server/http/errors.ts';
import type { AuthDeps, User } from './accounts.ts';

type Schemas = components['schemas'];
export type PasskeyAssertion = Schemas['PasskeyAssertion'];
export type PasskeyAttestation = Schemas['PasskeyAttestation'];

/** What a passkey is called where it is shown: the portal's name. */
const RP_NAME = 'Incubadora';
/** Time for the person to answer the browser's prompt; the challenge lives as long. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Challenges kept per account and purpose: a few devices at once, and no table that grows by asking. */
const OPEN_CHALLENGES = 4;
/** Passkeys per account: enough for every device a person has, and a bound on the rows one account makes. */
export const MAX_PASSKEYS = 10;
const TRANSPORTS: readonly AuthenticatorTransportFuture[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

export const passkeyInvalid = (): AppError => fieldErrors({ credential: 'api.passkey.invalid' }, 'passkey_invalid');
export const passkeyLimit = (): AppError => detailError(409, 'api.passkey.limit', 'passkey_limit', { count: MAX_PASSKEYS });

type PasskeyRow = typeof passkeys.$inferSelect;

const transportsOf = (row: PasskeyRow): AuthenticatorTransportFuture[] => {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? TRANSPORTS.filter((t) => parsed.includes(t)) : [];
  } catch {
    return [];
  }
};

export const passkeysOf = (deps: Pick<AuthDeps, 'db'>, userId: number): Promise<PasskeyRow[]> =>
  deps.db.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.id));

export const countPasskeys = async (deps: Pick<AuthDeps, 'db'>, userId: number): Promise<number> =>
  (await deps.db.select({ n: count() }).from(passkeys).where(eq(passkeys.user_id, userId)))[0]?.n ?? 0;

export const toPasskey = (row: PasskeyRow): Schemas['Passkey'] => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

/**
 * Keeps a challenge the server just issued, after dropping the account's expired ones and all but the newest few of
 * the same purpose.
 */
async function keepChallenge(deps: AuthDeps, userId: number, purpose: 'register' | 'authenticate', challenge: string): Promise<void> {
  const now = deps.now();
  const newest = deps.db
    .select({ challenge: passkeyChallenges.challenge })
    .from(passkeyChallenges)
    .where(and(eq(passkeyChallenges.user_id, userId), eq(passkeyChallenges.purpose, purpose)))
    .orderBy(desc(passkeyChallenges.expires_at))
    .limit(OPEN_CHALLENGES - 1);
  await deps.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.user_id, userId),
        or(lte(passkeyChallenges.expires_at, now), and(eq(passkeyChallenges.purpose, purpose), notInArray(passkeyChallenges.challenge, newest))),
      ),
    );
  await deps.db.insert(passkeyChallenges).values({ challenge, user_id: userId, purpose, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/** The challenge the browser signed (from clientDataJSON), spent: true only the first time, and while it lives. */
async function spendChallenge(deps: AuthDeps, userId: number, purpose: 'register' | 'authenticate', clientDataJSON: string): Promise<string | undefined> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    return undefined;
  }
  if (typeof challenge !== 'string' || challenge === '') return undefined;
  const spent = await deps.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.user_id, userId),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expires_at, deps.now()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return spent.length > 0 ? challenge : undefined;
}

/** The WebAuthn user handle: opaque and stable per account, so the device keeps one passkey per person. */
const userHandle = (deps: AuthDeps, userId: number): Uint8Array<ArrayBuffer> =>
  new Uint8Array(createHmac('sha256', `passkey-user:${deps.secret}`).update(String(userId)).digest().subarray(0, 16));

/** Options for `navigator.credentials.create()`; the person's passkeys are excluded so a device is not added twice. */
export async function registrationOptions(deps: AuthDeps, user: User): Promise<Schemas['PasskeyCreationOptions']> {
  const existing = await passkeysOf(deps, user.id);
  if (existing.length >= MAX_PASSKEYS) throw passkeyLimit();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: deps.passkeys.rpId,
    userName: user.email,
    userID: userHandle(deps, user.id),
    userDisplayName: `${user.first_name} ${user.last_name}`.trim() || user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(deps, user.id, 'register', options.challenge);
  return options;
}

/** Checks the browser's answer to registrationOptions (its challenge spent, right or wrong) and keeps the passkey. */
export async function verifyRegistration(deps: AuthDeps, userId: number, credential: PasskeyAttestation, name: string): Promise<PasskeyRow> {
  const challenge = await spendChallenge(deps, userId, 'register', credential.response.clientDataJSON);
  if (!challenge) throw passkeyInvalid();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: { ...credential, response: { ...credential.response, transports: [] } },
      expectedChallenge: challenge,
      expectedOrigin: deps.passkeys.origins,
      expectedRPID: deps.passkeys.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw passkeyInvalid();
  }
  if (!verified.verified) throw passkeyInvalid();
  const { credential: made } = verified.registrationInfo;
  const transports = TRANSPORTS.filter((t) => credential.response.transports?.includes(t));
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      user_id: userId,
      credential_id: made.id,
      public_key: Buffer.from(made.publicKey).toString('base64url'),
      counter: made.counter,
      transports: JSON.stringify(transports),
      name,
      created_at: deps.now(),
    })
    .onConflictDoNothing({ target: passkeys.credential_id })
    .returning();
  // The same credential registered already (to this account or another): nothing new to keep.
  if (!row) throw passkeyInvalid();
  return row;
}

/** Options for `navigator.credentials.get()` over the account's passkeys; none: 409. */
export async function authenticationOptions(deps: AuthDeps, userId: number): Promise<Schemas['PasskeyRequestOptions']> {
  const rows = await passkeysOf(deps, userId);
  if (rows.length === 0) throw detailError(409, 'api.secondFactor.notEnrolled', 'second_factor_not_enrolled');
  const options = await generateAuthenticationOptions({
    rpID: deps.passkeys.rpId,
    allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(deps, userId, 'authenticate', options.challenge);
  return options;
}

/**
 * Whether the answer is a signature of one of the account's passkeys over a challenge issued to it and not spent;
 * the challenge is spent either way, and the passkey's counter and last use move on when it is right.
 */
export async function spendPasskeyAssertion(deps: AuthDeps, userId: number, assertion: PasskeyAssertion): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.user_id, userId), eq(passkeys.credential_id, assertion.id)))
    .limit(1);
  if (!row) return false;
  const challenge = await spendChallenge(deps, userId, 'authenticate', assertion.response.clientDataJSON);
  if (!challenge) return false;
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: deps.passkeys.origins,
      expectedRPID: deps.passkeys.rpId,
      credential: { id: row.credential_id, publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')), counter: row.counter, transports: transportsOf(row) },
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  await deps.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: deps.now() })
    .where(eq(passkeys.id, row.id));
  return true;
}
