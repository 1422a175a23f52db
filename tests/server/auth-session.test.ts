// Staying signed in: POST /auth/session/ trades a refresh token for a new access token, POST /auth/logout ends a
// session, and tokens expire (access 5 minutes, refresh 1 day). The app's clock is moved forward to expire them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { revokedTokens, users } from '#server/db/schema.ts';
import {
  bearer,
  databaseKinds,
  registerAccount,
  signIn,
  startTestApp,
  testClock,
  type Account,
  type TestApp,
} from '../support/server.ts';

const en = { 'accept-language': 'en' };
const MINUTE = 60_000;
const tokenNotValid = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

describe.each(databaseKinds)('sessions: refresh, logout and expiry (%s)', (kind) => {
  const clock = testClock();
  let test: TestApp;
  let account: Account;

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now });
    account = await registerAccount(test, { first_name: 'Carmen', last_name: 'Díaz', language: 'en' });
  });
  afterAll(async () => {
    await test?.close();
  });
  afterEach(() => clock.reset());

  const refresh = (token: string, headers: Record<string, string> = en) => test.call('POST', '/auth/session/', { refresh: token }, headers);
  const logout = (token: string, headers: Record<string, string> = en) => test.call('POST', '/auth/logout', { refresh: token }, headers);
  const me = (access: string, headers: Record<string, string> = en) => test.call('GET', '/me', undefined, { ...bearer(access), ...headers });

  describe('POST /auth/session/', () => {
    it('answers a new access token and the same user fields, and does not rotate the refresh token', async () => {
      const session = await signIn(test, account);
      clock.advance(2_000);
      const response = await refresh(session.refresh);
      expect(response.statusCode).toBe(200);
      const renewed = response.json();
      expect(renewed).toEqual({
        id: session.id,
        email: session.email,
        first_name: 'Carmen',
        last_name: 'Díaz',
        language: 'en',
        is_staff: false,
        access: expect.any(String),
      });
      expect(renewed).not.toHaveProperty('refresh');
      expect(renewed.access).not.toBe(session.access);
      expect((await me(renewed.access)).statusCode).toBe(200);
      // The client keeps its refresh token: it goes on working.
      expect((await refresh(session.refresh)).statusCode).toBe(200);
      expect((await refresh(session.refresh)).statusCode).toBe(200);
    });

    it('reflects a change of the user (name, language, staff flag) in the renewed session', async () => {
      const other = await registerAccount(test);
      const session = await signIn(test, other);
      await test.app.ctx.db.update(users).set({ first_name: 'Renamed', language: 'en', is_staff: true }).where(eq(users.id, other.id));
      expect((await refresh(session.refresh)).json()).toMatchObject({ first_name: 'Renamed', language: 'en', is_staff: true });
    });

    it.each([
      ['garbage', 'not-a-token'],
      ['a JWT signed with another key', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwIjoicmVmcmVzaCJ9.c2lnbmF0dXJlLW9mLWFub3RoZXIta2V5'],
      ['an unsigned JWT (alg none)', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidHlwIjoicmVmcmVzaCIsImlzcyI6ImluY3ViYXRvci1wb3J0YWwifQ.'],
    ])('refuses %s: 401 {detail, code: token_not_valid}', async (_case, token) => {
      const response = await refresh(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(tokenNotValid);
    });

    it('refuses a refresh token whose signature was tampered with', async () => {
      const { refresh: token } = await signIn(test, account);
      const [header, payload] = token.split('.');
      const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
      forged.sub = String(account.id + 1000);
      const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${token.split('.')[2]}`;
      expect((await refresh(tampered)).json()).toEqual(tokenNotValid);
      const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      expect((await refresh(flipped)).statusCode).toBe(401);
    });

    it('never accepts an access token as a refresh token', async () => {
      const session = await signIn(test, account);
      const response = await refresh(session.access);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(tokenNotValid);
      expect((await logout(session.access)).statusCode).toBe(401);
    });

    it('refuses a refresh token after one day, in the language asked', async () => {
      const session = await signIn(test, account);
      clock.advance(24 * 60 * MINUTE - MINUTE);
      expect((await refresh(session.refresh)).statusCode).toBe(200);
      clock.advance(2 * MINUTE);
      const expired = await refresh(session.refresh);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(tokenNotValid);
      expect((await refresh(session.refresh, {})).json()).toEqual({ detail: 'El token no es válido o ha expirado', code: 'token_not_valid' });
    });

    it('refuses the session of an account deactivated since', async () => {
      const other = await registerAccount(test);
      const session = await signIn(test, other);
      await test.app.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, other.id));
      expect((await refresh(session.refresh)).json()).toEqual(tokenNotValid);
      expect((await me(session.access)).json()).toEqual(tokenNotValid);
    });

    it('answers refreshes sent at once each for its own session: ended ones refused, live ones with their own account', async () => {
      // On PostgreSQL the checks of one turn of the event loop go in one statement (server/auth/session-checks.ts).
      const sessions = [];
      for (let i = 0; i < 4; i += 1) sessions.push(await signIn(test, await registerAccount(test)));
      const [live, loggedOut, reset, deactivated] = sessions;
      expect((await logout(loggedOut!.refresh)).statusCode).toBe(200);
      await test.app.ctx.db.update(users).set({ token_version: sql`${users.token_version} + 1` }).where(eq(users.id, reset!.id));
      await test.app.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, deactivated!.id));
      const answers = await Promise.all([live, loggedOut, reset, deactivated, live].map((session) => refresh(session!.refresh)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 401, 401, 200]);
      for (const answer of [answers[0]!, answers[4]!]) expect(answer.json()).toMatchObject({ id: live!.id, email: live!.email });
      expect(answers[1]!.json()).toEqual(tokenNotValid);
    });

    it('refuses a body without a refresh token as a field error', async () => {
      const response = await test.call('POST', '/auth/session/', {}, en);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ refresh: ['This field is required.'], code: 'invalid' });
    });
  });

  describe('access tokens', () => {
    it('open /me for 5 minutes; after that /me answers 401 token_not_valid until the session is refreshed', async () => {
      const session = await signIn(test, account);
      clock.advance(4 * MINUTE);
      expect((await me(session.access)).statusCode).toBe(200);
      clock.advance(2 * MINUTE);
      const expired = await me(session.access);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(tokenNotValid);
      const renewed = (await refresh(session.refresh)).json();
      expect((await me(renewed.access)).json()).toMatchObject({ id: account.id, email: account.email });
    });

    it('never accepts a refresh token as the bearer of /me', async () => {
      const session = await signIn(test, account);
      const response = await me(session.refresh);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(tokenNotValid);
    });

    it('asks to sign in when /me is called without a bearer token or with another scheme', async () => {
      const session = await signIn(test, account);
      for (const authorization of [undefined, `Basic ${session.access}`, 'Bearer', 'Bearer ', `Token ${session.access}`]) {
        const response = await test.call('GET', '/me', undefined, authorization === undefined ? en : { ...en, authorization });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'You must sign in to continue.', code: 'not_authenticated' });
      }
      expect((await test.call('GET', '/me')).json().detail).toBe('Debe iniciar sesión para continuar.');
    });
  });

  describe('POST /auth/logout', () => {
    it('ends the session: the refresh token works until logout and never after', async () => {
      const session = await signIn(test, account);
      expect((await refresh(session.refresh)).statusCode).toBe(200);
      expect((await refresh(session.refresh)).statusCode).toBe(200);

      const out = await logout(session.refresh);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ detail: 'You have signed out.' });

      const after = await refresh(session.refresh);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(tokenNotValid);
      // Logging out twice is refused the same way: the token is on the deny list.
      expect((await logout(session.refresh)).json()).toEqual(tokenNotValid);
    });

    it('ends only that session: the same person signed in elsewhere stays signed in', async () => {
      const laptop = await signIn(test, account);
      const phone = await signIn(test, account);
      expect((await logout(laptop.refresh)).statusCode).toBe(200);
      expect((await refresh(laptop.refresh)).statusCode).toBe(401);
      expect((await refresh(phone.refresh)).statusCode).toBe(200);
    });

    it('refuses an expired refresh token, and keeps the deny list free of tokens that have expired anyway', async () => {
      const session = await signIn(test, account);
      clock.advance(25 * 60 * MINUTE);
      const response = await logout(session.refresh);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(tokenNotValid);

      clock.reset();
      const old = await signIn(test, account);
      expect((await logout(old.refresh)).statusCode).toBe(200);
      clock.advance(25 * 60 * MINUTE);
      const fresh = await signIn(test, account);
      expect((await logout(fresh.refresh)).statusCode).toBe(200);
      // The first token's entry was purged (it expired); the second one's stays until it expires too.
      const denied = await test.app.ctx.db.select().from(revokedTokens);
      expect(denied.every((row) => row.expires_at.getTime() > clock.now().getTime())).toBe(true);
      expect(denied.length).toBeGreaterThanOrEqual(1);
    });

    it('answers in Spanish by default', async () => {
      const session = await signIn(test, account);
      expect((await logout(session.refresh, {})).json()).toEqual({ detail: 'Ha cerrado la sesión.' });
    });
  });
});
