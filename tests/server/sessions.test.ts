// Signed-in devices (docs/decisions/057-see-your-sessions.md) on both databases: the person's list with this device
// marked, ending one or every other, another person's session refused, staff listing and ending an account's sessions
// (audited), the ended device refused at its next refresh and call, and the last use written at most every few minutes.
import { eq } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_USE_INTERVAL_MS, countryOf, describeAgent, networkOf } from '#server/auth/sessions.ts';
import { auditLog, signedInSessions, users } from '#server/db/schema.ts';
import { sessionCacheOf } from '#server/db/session-cache.ts';
import { bearer, databaseKinds, registerAccount, startTestApp, testClock, type Account, type Session, type TestApp } from '../support/server.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
/** An address of a Puerto Rico provider in IP2Location LITE's data. */
const PUERTO_RICO = '70.45.1.20';

type Listed = components['schemas']['SignedInSession'];

describe('what a session shows of its device', () => {
  it('reads browser and system with their major versions', () => {
    expect(describeAgent(CHROME_ANDROID)).toEqual({ browser: 'Chrome 131', system: 'Android 14' });
    expect(describeAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', system: 'Linux' });
    expect(describeAgent('')).toEqual({ browser: null, system: null });
  });

  it('cuts the address to its network and finds the country of an IPv4 address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:0db8:0001:0002::5')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('')).toBeNull();
    expect(countryOf(PUERTO_RICO)).toBe('PR');
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('10.1.2.3')).toBeNull();
    expect(countryOf('2001:db8::1')).toBeNull();
  });
});

describe.each(databaseKinds)('signed-in devices (%s)', (kind) => {
  let test: TestApp;
  const clock = testClock();
  let staffAccount: Account;
  let staff: Session;

  beforeAll(async () => {
    // The proxy on loopback is trusted, so each test's X-Forwarded-For is the device's address.
    test = await startTestApp(kind, { now: clock.now, env: { TRUST_PROXY: '127.0.0.1' } });
    staffAccount = await registerAccount(test);
    await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, staffAccount.id));
  });
  afterAll(async () => {
    await test?.close();
  });

  async function signInFrom(account: Pick<Account, 'email' | 'password'>, agent: string, address: string): Promise<Session> {
    const response = await test.call('POST', '/auth/login', { email: account.email, password: account.password }, { 'user-agent': agent, 'x-forwarded-for': address });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Session;
  }
  const list = async (session: Session): Promise<Listed[]> => {
    const response = await test.call('GET', '/me/sessions', undefined, bearer(session.access));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: Listed[] }).results;
  };
  const me = (session: Session) => test.call('GET', '/me', undefined, bearer(session.access));
  /** A refresh, and the last-use write it queued after its answer done. */
  const refresh = async (session: Session, headers: Record<string, string> = {}) => {
    const response = await test.call('POST', '/auth/session/', { refresh: session.refresh }, headers);
    await test.app.ctx.auth.work.drain();
    return response;
  };
  /** The session with a new access token: the tests move the clock past an access token's life. */
  const renewed = async (session: Session): Promise<Session> => {
    const response = await refresh(session);
    expect(response.statusCode, response.body).toBe(200);
    return { ...session, access: (response.json() as { access: string }).access };
  };
  const idOf = async (session: Session) => (await list(session)).find((row) => row.current)!.id;

  /** One person signed in on a phone in Puerto Rico and on a laptop elsewhere. */
  async function personOnTwoDevices() {
    const account = await registerAccount(test);
    const phone = await signInFrom(account, CHROME_ANDROID, PUERTO_RICO);
    clock.advance(1000);
    const laptop = await signInFrom(account, FIREFOX_LINUX, '198.51.100.4');
    return { account, phone, laptop };
  }

  it('lists the person’s devices, the last used first, this one marked, the address cut to its network', async () => {
    const { phone, laptop } = await personOnTwoDevices();
    const seen = await list(laptop);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ browser: 'Firefox 133', system: 'Linux', network: '198.51.100.0/24', current: true });
    expect(seen[1]).toMatchObject({ browser: 'Chrome 131', system: 'Android 14', country: 'PR', network: '70.45.1.0/24', current: false });
    expect(JSON.stringify(seen)).not.toContain(PUERTO_RICO);
    expect(Date.parse(seen[1]!.signed_in_at)).toBeLessThan(Date.parse(seen[0]!.signed_in_at));
    // From the phone, the phone is this device.
    expect((await list(phone)).map((row) => row.current)).toEqual([false, true]);
  });

  it('ends one session: that device is refused at its next refresh and call, the cache warm; the other goes on', async () => {
    const { phone, laptop } = await personOnTwoDevices();
    // Warm: on PGlite the phone's session is in the session cache now.
    expect((await me(phone)).statusCode).toBe(200);
    expect((await refresh(phone)).statusCode).toBe(200);
    if (kind === 'pglite') expect(sessionCacheOf(test.app.ctx.db)!.size).toBeGreaterThan(0);
    const phoneId = (await list(phone)).find((row) => row.current)!.id;
    const ended = await test.call('DELETE', `/me/sessions/${phoneId}`, undefined, bearer(laptop.access));
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await refresh(phone)).json()).toMatchObject({ code: 'token_not_valid' });
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((row) => row.current)).toEqual([true]);
    // Ended already: 404, as for a session that never was.
    expect((await test.call('DELETE', `/me/sessions/${phoneId}`, undefined, bearer(laptop.access))).statusCode).toBe(404);
    expect((await test.call('DELETE', '/me/sessions/00000000-0000-4000-8000-000000000000', undefined, bearer(laptop.access))).statusCode).toBe(404);
    expect((await test.call('DELETE', '/me/sessions/not-a-session', undefined, bearer(laptop.access))).statusCode).toBe(400);
  });

  it('ends every other session and keeps this one', async () => {
    const { account, phone, laptop } = await personOnTwoDevices();
    const tablet = await signInFrom(account, CHROME_ANDROID, '192.0.2.1');
    const ended = await test.call('POST', '/me/sessions/end-others', undefined, bearer(laptop.access));
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    for (const gone of [phone, tablet]) {
      expect((await refresh(gone)).statusCode).toBe(401);
      expect((await me(gone)).statusCode).toBe(401);
    }
    expect((await refresh(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((row) => row.current)).toEqual([true]);
    expect((await test.call('POST', '/me/sessions/end-others', undefined, bearer(laptop.access))).json()).toEqual({ ended: 0 });
  });

  it('ending this device’s own session signs it out here', async () => {
    const { laptop } = await personOnTwoDevices();
    const id = await idOf(laptop);
    expect((await test.call('DELETE', `/me/sessions/${id}`, undefined, bearer(laptop.access))).statusCode).toBe(204);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await refresh(laptop)).statusCode).toBe(401);
  });

  it("answers 404 to another person's session, and leaves it alive", async () => {
    const { phone } = await personOnTwoDevices();
    const other = await personOnTwoDevices();
    const phoneId = await idOf(phone);
    const refused = await test.call('DELETE', `/me/sessions/${phoneId}`, undefined, bearer(other.laptop.access));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found' });
    expect((await refresh(phone)).statusCode).toBe(200);
    expect((await list(other.laptop)).map((row) => row.id)).not.toContain(phoneId);
  });

  it('lists nothing a sign-out, a password change or an expiry ended', async () => {
    const { account, phone, laptop } = await personOnTwoDevices();
    expect((await test.call('POST', '/auth/logout', { refresh: phone.refresh })).statusCode).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
    const changed = await test.call('POST', '/me/password', { current_password: account.password, password: 'Another-Horse-8-Staple' }, { ...bearer(laptop.access), 'user-agent': CHROME_ANDROID });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json() as Session;
    // The password change answered this device a new session, recorded like a sign-in's.
    expect(await list(fresh)).toEqual([expect.objectContaining({ browser: 'Chrome 131', current: true })]);
    const second = await signInFrom({ email: account.email, password: 'Another-Horse-8-Staple' }, FIREFOX_LINUX, '192.0.2.8');
    expect(await list(second)).toHaveLength(2);
    clock.advance(test.app.ctx.config.refreshTokenTtlSeconds * 1000 + 1000);
    const later = await signInFrom({ email: account.email, password: 'Another-Horse-8-Staple' }, FIREFOX_LINUX, '192.0.2.8');
    expect(await list(later)).toHaveLength(1);
    // The expired rows of the account went at that sign-in.
    const rows = await test.app.ctx.db.select().from(signedInSessions).where(eq(signedInSessions.user_id, account.id));
    expect(rows).toHaveLength(1);
  });

  it('writes the last use at a refresh at most every few minutes, with the address it came from', async () => {
    const { phone, laptop } = await personOnTwoDevices();
    const id = await idOf(phone);
    const row = async () => (await test.app.ctx.db.select().from(signedInSessions).where(eq(signedInSessions.id, id)))[0]!;
    const first = (await row()).last_used_at.getTime();
    clock.advance(60_000);
    expect((await refresh(phone, { 'x-forwarded-for': '192.0.2.200' })).statusCode).toBe(200);
    // Within the interval: nothing written.
    expect((await row()).last_used_at.getTime()).toBe(first);
    clock.advance(LAST_USE_INTERVAL_MS);
    expect((await refresh(phone, { 'x-forwarded-for': '192.0.2.200' })).statusCode).toBe(200);
    const moved = await row();
    expect(moved.last_used_at.getTime()).toBeGreaterThan(first);
    expect(moved.address).toBe('192.0.2.200');
    expect((await list(await renewed(laptop))).find((listed) => listed.id === id)).toMatchObject({ network: '192.0.2.0/24', current: false });
  });

  it('a session from before the table gets its row at its first refresh', async () => {
    const { phone, laptop } = await personOnTwoDevices();
    const id = await idOf(phone);
    await test.app.ctx.db.delete(signedInSessions).where(eq(signedInSessions.id, id));
    expect(await list(laptop)).toHaveLength(1);
    clock.advance(LAST_USE_INTERVAL_MS + 1000);
    expect((await refresh(phone, { 'user-agent': CHROME_ANDROID })).statusCode).toBe(200);
    expect((await list(await renewed(laptop))).map((row) => row.id)).toContain(id);
  });

  it('staff list an account’s sessions and end one or all, each audited; the devices are refused at their next refresh', async () => {
    const { account, phone, laptop } = await personOnTwoDevices();
    staff = await signInFrom(staffAccount, FIREFOX_LINUX, '203.0.113.9');
    const listed = await test.call('GET', `/admin/users/${account.id}/sessions`, undefined, bearer(staff.access));
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = (listed.json() as { results: Listed[] }).results;
    expect(sessions.map((row) => [row.browser, row.current])).toEqual([
      ['Firefox 133', false],
      ['Chrome 131', false],
    ]);
    const phoneId = sessions[1]!.id;
    const one = await test.call('DELETE', `/admin/users/${account.id}/sessions/${phoneId}`, undefined, bearer(staff.access));
    expect(one.statusCode, one.body).toBe(204);
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    // Another account's session through this account's path: 404, and it lives on.
    const staffId = await idOf(staff);
    expect((await test.call('DELETE', `/admin/users/${account.id}/sessions/${staffId}`, undefined, bearer(staff.access))).statusCode).toBe(404);
    expect((await me(staff)).statusCode).toBe(200);
    expect((await test.call('GET', '/admin/users/2147483647/sessions', undefined, bearer(staff.access))).statusCode).toBe(404);

    const all = await test.call('DELETE', `/admin/users/${account.id}/sessions`, undefined, bearer(staff.access));
    expect(all.json()).toEqual({ ended: 1 });
    expect((await refresh(laptop)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);

    const entries = await test.app.ctx.db.select().from(auditLog).where(eq(auditLog.record_id, account.id));
    expect(entries.map((entry) => [entry.operation, entry.record_type, entry.actor_id, entry.after])).toEqual([
      ['endAdminUserSession', 'user', staff.id, { sessions_ended: 1 }],
      ['endAdminUserSessions', 'user', staff.id, { sessions_ended: 1 }],
    ]);
    expect(entries[0]!.before).toEqual({ sessions: [expect.objectContaining({ browser: 'Chrome 131', system: 'Android 14', country: 'PR', network: '70.45.1.0/24' })] });
    expect(JSON.stringify(entries)).not.toContain(PUERTO_RICO);
    // Nothing left to end: no entry is written for nothing.
    expect((await test.call('DELETE', `/admin/users/${account.id}/sessions`, undefined, bearer(staff.access))).json()).toEqual({ ended: 0 });
    expect(await test.app.ctx.db.select().from(auditLog).where(eq(auditLog.record_id, account.id))).toHaveLength(2);
  });

  it('answers applicants 403 on the staff operations, and ends nothing', async () => {
    const { account, phone, laptop } = await personOnTwoDevices();
    const other = await personOnTwoDevices();
    const refused = await test.call('DELETE', `/admin/users/${account.id}/sessions`, undefined, bearer(other.laptop.access));
    expect(refused.statusCode).toBe(403);
    expect((await test.call('GET', `/admin/users/${account.id}/sessions`, undefined, bearer(other.laptop.access))).statusCode).toBe(403);
    for (const alive of [phone, laptop]) expect((await refresh(alive)).statusCode).toBe(200);
  });
});
