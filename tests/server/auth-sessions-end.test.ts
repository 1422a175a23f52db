// Sessions end when they say they end: access tokens die with their session at logout and at a password reset,
// per-account limits hold across client addresses, and the reset request answers before its lookup and e-mail run.
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import {
  bearer,
  captureLogs,
  databaseKinds,
  registerAccount,
  resetLink,
  signIn,
  startTestApp,
  testClock,
  uniqueEmail,
  type Account,
  type TestApp,
} from '../support/server.ts';

const en = { 'accept-language': 'en' };
const tokenNotValid = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const WINDOW_MS = 60_000;

describe.each(databaseKinds)('sessions end when they say they end (%s)', (kind) => {
  const clock = testClock();
  const logs = captureLogs();
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, {
      now: clock.now,
      env: { ACCOUNT_LOGIN_ATTEMPTS: '3', ACCOUNT_RESET_MAILS: '2', ACCOUNT_LIMIT_WINDOW_MS: String(WINDOW_MS), LOG_LEVEL: 'error' },
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await test?.close();
  });
  afterEach(() => clock.reset());

  const me = (access: string) => test.call('GET', '/me', undefined, { ...bearer(access), ...en });
  const refreshed = async (refresh: string) => {
    const response = await test.call('POST', '/auth/session/', { refresh });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { access: string }).access;
  };
  const mailsTo = (address: string) =>
    test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(desc(mailOutbox.id));
  /** A login from its own client address (the per-address rate limit cannot be what refuses it). */
  // Only the two fields login takes: an account's other fields (its id) would be refused as not allowed.
  const loginFrom = (address: string, { email, password }: { email: string; password: string }) =>
    test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: address, headers: { ...en, 'x-forwarded-for': address } });
  const resetFrom = (address: string, email: string) =>
    test.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email }, remoteAddress: address, headers: en });

  async function resetPassword(account: Account, password: string) {
    expect((await test.call('POST', '/auth/password/reset/', { email: account.email })).statusCode).toBe(200);
    const [mail] = await mailsTo(account.email);
    if (!mail) throw new Error('no reset e-mail queued');
    const { uid, token } = resetLink(mail.text_body);
    const done = await test.call('POST', '/auth/password/reset/confirm/', { uid, token, password });
    expect(done.statusCode, done.body).toBe(200);
  }

  describe('access tokens', () => {
    it('stop working at logout, the sign-in one and those refreshed from it, while another session goes on', async () => {
      const account = await registerAccount(test);
      const laptop = await signIn(test, account);
      const phone = await signIn(test, account);
      const laptopRefreshed = await refreshed(laptop.refresh);
      expect((await me(laptop.access)).statusCode).toBe(200);
      expect((await me(laptopRefreshed)).statusCode).toBe(200);

      expect((await test.call('POST', '/auth/logout', { refresh: laptop.refresh })).statusCode).toBe(200);
      for (const access of [laptop.access, laptopRefreshed]) {
        const refused = await me(access);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual(tokenNotValid);
      }
      expect((await test.call('POST', '/auth/session/', { refresh: laptop.refresh })).statusCode).toBe(401);

      // The phone's session is another one: its access token, its refresh and a new access all still work.
      expect((await me(phone.access)).statusCode).toBe(200);
      expect((await me(await refreshed(phone.refresh))).statusCode).toBe(200);
    });

    it('stop working after a password reset, in every session, refreshed ones included', async () => {
      const account = await registerAccount(test);
      const laptop = await signIn(test, account);
      const phone = await signIn(test, account);
      const phoneRefreshed = await refreshed(phone.refresh);

      await resetPassword(account, 'Brand-New-Passw0rd');
      for (const access of [laptop.access, phone.access, phoneRefreshed]) {
        const refused = await me(access);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual(tokenNotValid);
      }
      for (const refresh of [laptop.refresh, phone.refresh]) {
        expect((await test.call('POST', '/auth/session/', { refresh })).statusCode).toBe(401);
      }
      const fresh = await signIn(test, { email: account.email, password: 'Brand-New-Passw0rd' });
      expect((await me(fresh.access)).statusCode).toBe(200);
    });

    it('never outlive their session, even when refreshed just before it expires', async () => {
      const account = await registerAccount(test);
      const session = await signIn(test, account);
      // REFRESH_TOKEN_TTL is a day by default; refresh 10 s before the session ends.
      clock.advance(86_400_000 - 10_000);
      const late = await refreshed(session.refresh);
      const { exp } = JSON.parse(Buffer.from(late.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
      const { exp: sessionEnd } = JSON.parse(Buffer.from(session.refresh.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
      expect(exp).toBe(sessionEnd);
    });
  });

  describe('per-account limits, across client addresses', () => {
    it('after 3 sign-in attempts from 3 addresses, a 4th address gets 429, the right password too, until the window moves', async () => {
      const account = await registerAccount(test);
      const wrong = { email: account.email, password: 'Wrong-Horse-7-Battery' };
      for (const address of ['203.0.113.1', '203.0.113.2', '198.51.100.3']) {
        expect((await loginFrom(address, wrong)).statusCode).toBe(401);
      }
      for (const body of [wrong, account, { email: account.email.toLowerCase(), password: account.password }]) {
        const refused = await loginFrom('192.0.2.44', body);
        expect(refused.statusCode, refused.body).toBe(429);
        const seconds = Number(refused.headers['retry-after']);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
        expect(refused.json()).toEqual({ detail: `Too many attempts. Try again in ${seconds} seconds.`, code: 'throttled' });
      }
      const spanish = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password }, remoteAddress: '192.0.2.45' });
      expect(spanish.json().detail).toMatch(/^Demasiados intentos\. Inténtelo de nuevo en \d+ segundos?\.$/);
      // An address with no account is limited the same way: the lock tells nothing about who has an account.
      const stranger = { email: uniqueEmail('stranger'), password: 'Wrong-Horse-7-Battery' };
      for (const address of ['203.0.113.1', '203.0.113.2', '198.51.100.3']) expect((await loginFrom(address, stranger)).statusCode).toBe(401);
      expect((await loginFrom('192.0.2.44', stranger)).statusCode).toBe(429);

      clock.advance(WINDOW_MS);
      expect((await loginFrom('192.0.2.44', account)).statusCode).toBe(200);
    });

    it('counts attempts sent at once: of 12 concurrent wrong passwords from 4 addresses, 3 are checked', async () => {
      const account = await registerAccount(test);
      const wrong = { email: account.email, password: 'Wrong-Horse-7-Battery' };
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => loginFrom(`203.0.113.${10 + (i % 4)}`, wrong)));
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(3);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(9);
    });

    it('a successful sign-in clears the count; a password reset lifts a lock at once', async () => {
      const account = await registerAccount(test);
      const wrong = { email: account.email, password: 'Wrong-Horse-7-Battery' };
      for (const address of ['203.0.113.1', '203.0.113.2']) expect((await loginFrom(address, wrong)).statusCode).toBe(401);
      expect((await loginFrom('203.0.113.3', account)).statusCode).toBe(200);
      for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await loginFrom(address, wrong)).statusCode).toBe(401);
      expect((await loginFrom('203.0.113.4', account)).statusCode).toBe(429);

      await resetPassword(account, 'Brand-New-Passw0rd');
      expect((await loginFrom('203.0.113.4', { email: account.email, password: 'Brand-New-Passw0rd' })).statusCode).toBe(200);
    });

    it('limits reset e-mails per address from any client address, known or not, with the same answers', async () => {
      const account = await registerAccount(test);
      const stranger = uniqueEmail('stranger');
      for (const email of [account.email, stranger]) {
        expect((await resetFrom('203.0.113.1', email)).statusCode).toBe(200);
        expect((await resetFrom('203.0.113.2', email.toUpperCase())).statusCode).toBe(200);
        const refused = await resetFrom('198.51.100.3', email);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/), code: 'throttled' });
      }
      await test.app.ctx.auth.work.drain();
      expect(await mailsTo(account.email)).toHaveLength(2);

      clock.advance(WINDOW_MS);
      expect((await resetFrom('198.51.100.3', account.email)).statusCode).toBe(200);
    });
  });

  describe('password reset request', () => {
    it('answers before the lookup and e-mail run, queueing the same work for a known and an unknown address', async () => {
      const account = await registerAccount(test);
      const stranger = uniqueEmail('stranger');
      // Hold the queue: whatever the answers are, they cannot have waited for the work queued behind this.
      let open = () => {};
      const held = new Promise<void>((resolve) => (open = resolve));
      test.app.ctx.auth.work.enqueue('held by the test', () => held);

      const known = await resetFrom('203.0.113.7', account.email);
      const unknown = await resetFrom('203.0.113.8', stranger);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // One queued task for each request, none done yet: nothing was looked up or written before answering.
      expect(test.app.ctx.auth.work.pending).toBe(3);
      expect(await mailsTo(account.email)).toHaveLength(0);

      open();
      await expect.poll(async () => (await mailsTo(account.email)).length).toBe(1);
      await test.app.ctx.auth.work.drain();
      expect(await mailsTo(stranger)).toHaveLength(0);
    });

    it('logs queued work that fails, and goes on with the next', async () => {
      logs.clear();
      test.app.ctx.auth.work.enqueue('failing on purpose', () => Promise.reject(new Error('relay down')));
      const account = await registerAccount(test);
      expect((await resetFrom('203.0.113.9', account.email)).statusCode).toBe(200);
      await expect.poll(async () => (await mailsTo(account.email)).length).toBe(1);
      const failure = logs.entries().find((entry) => entry.msg === 'queued work failed');
      expect(failure).toMatchObject({ task: 'failing on purpose', err: { message: 'relay down' } });
    });
  });
});
