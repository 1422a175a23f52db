// Passkeys as a second factor (docs/decisions/056-passkeys.md) on both databases, answered by a software
// authenticator made here with node:crypto (tests/support/passkey-authenticator.ts): adding one (the password, a
// challenge spent once, the relying party and origin checked), signing in with one, wrong answers counted per account,
// removal with the password and a fresh factor that e-mails the person, and staff let in with a passkey alone.
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { passkeys, recoveryCodes, users } from '#server/db/schema.ts';
import { SoftPasskey } from '../support/passkey-authenticator.ts';
import {
  bearer,
  databaseKinds,
  mailText,
  registerAccount,
  sentTo,
  signIn,
  startSmtp,
  startTestApp,
  testClock,
  type Account,
  type TestApp,
  type TestSmtp,
} from '../support/server.ts';

const en = { 'accept-language': 'en' };

describe.each(databaseKinds)('passkeys (%s)', (kind) => {
  const clock = testClock();
  let smtp: TestSmtp;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, {
      now: clock.now,
      env: {
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '100',
        ACCOUNT_SECOND_FACTOR_ATTEMPTS: '3',
        ACCOUNT_LIMIT_WINDOW_MS: '60000',
        STAFF_SECOND_FACTOR_EXEMPT: '',
      },
    });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });
  afterEach(() => clock.reset());

  const post = (path: string, body: unknown, access?: string) => test.call('POST', path, body, { ...(access ? bearer(access) : {}), ...en });
  const status = async (access: string) => (await test.call('GET', '/me/second-factor', undefined, bearer(access))).json() as Record<string, unknown>;

  /** Adds a passkey to the signed-in account: the options (password), then the authenticator's answer. */
  async function addPasskey(account: Account, access: string, key = new SoftPasskey(), name = 'Mi teléfono') {
    const options = await post('/me/second-factor/passkeys/options', { current_password: account.password }, access);
    expect(options.statusCode, options.body).toBe(200);
    const registered = await post('/me/second-factor/passkeys', { name, credential: key.register(options.json() as { challenge: string }) }, access);
    expect(registered.statusCode, registered.body).toBe(201);
    return { key, body: registered.json() as { passkey: { id: number; name: string }; recovery_codes?: string[] } };
  }
  const challengeOf = async (account: Account) => {
    const answer = await post('/auth/login', { email: account.email, password: account.password });
    expect(answer.statusCode).toBe(202);
    return answer.json() as { challenge: string; methods: string[] };
  };
  const loginOptions = async (challenge: string) => {
    const answer = await post('/auth/login/second-factor/passkey', { challenge });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { challenge: string; allowCredentials: { id: string }[]; rpId: string };
  };

  it('adds a passkey: the password, options for this relying party, the answer checked; the first comes with ten recovery codes', async () => {
    const account = await registerAccount(test);
    const { access } = await signIn(test, account);
    expect(await status(access)).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0, required: false });

    const wrong = await post('/me/second-factor/passkeys/options', { current_password: 'Not-The-Password-1' }, access);
    expect(wrong.json()).toEqual({ current_password: ['The current password is not correct.'], code: 'invalid' });

    const optionsAnswer = await post('/me/second-factor/passkeys/options', { current_password: account.password }, access);
    const options = optionsAnswer.json() as { challenge: string; rp: { id: string; name: string }; user: { name: string }; excludeCredentials: unknown[] };
    expect(options.rp).toEqual({ id: 'portal.test', name: 'Incubadora' });
    expect(options.user.name).toBe(account.email);
    expect(options.excludeCredentials).toEqual([]);

    const key = new SoftPasskey();
    // Signed for another origin, or another relying party: refused, and the challenge is spent by the try.
    const elsewhere = await post('/me/second-factor/passkeys', { name: 'x', credential: key.register(options, { origin: 'http://evil.test' }) }, access);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ credential: ['The passkey could not be checked. Try again from the start.'], code: 'passkey_invalid' });
    const spent = await post('/me/second-factor/passkeys', { name: 'x', credential: key.register(options) }, access);
    expect(spent.json()).toMatchObject({ code: 'passkey_invalid' });
    const again = (await post('/me/second-factor/passkeys/options', { current_password: account.password }, access)).json() as { challenge: string };
    const otherRp = await post('/me/second-factor/passkeys', { name: 'x', credential: key.register(again, { rpId: 'evil.test' }) }, access);
    expect(otherRp.json()).toMatchObject({ code: 'passkey_invalid' });

    const { body } = await addPasskey(account, access, key, '  Mi teléfono  ');
    expect(body.passkey).toMatchObject({ name: 'Mi teléfono' });
    expect(body.recovery_codes).toHaveLength(10);
    const after = await status(access);
    expect(after).toMatchObject({ totp: false, recovery_codes_left: 10 });
    expect(after.passkeys).toEqual([{ id: body.passkey.id, name: 'Mi teléfono', created_at: expect.any(String), last_used_at: null }]);

    // A second passkey: the first is excluded in its options, and no new codes come (the ten stand).
    const next = (await post('/me/second-factor/passkeys/options', { current_password: account.password }, access)).json() as {
      excludeCredentials: { id: string }[];
    };
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([key.id]);
    const second = await addPasskey(account, access, new SoftPasskey(), 'Llave USB');
    expect(second.body.recovery_codes).toBeUndefined();
    // The same authenticator again: nothing new to keep.
    const dup = (await post('/me/second-factor/passkeys/options', { current_password: account.password }, access)).json() as { challenge: string };
    expect((await post('/me/second-factor/passkeys', { name: 'x', credential: key.register(dup) }, access)).json()).toMatchObject({ code: 'passkey_invalid' });
    // Only the public key is kept.
    const [row] = await test.app.ctx.db.select().from(passkeys).where(eq(passkeys.credential_id, key.id));
    expect(row?.public_key).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('signs in with a passkey: 202 names it, the options list the account\'s passkeys, a right signature answers the tokens once', async () => {
    const account = await registerAccount(test);
    const { access } = await signIn(test, account);
    const { key } = await addPasskey(account, access);

    const first = await challengeOf(account);
    expect(first.methods).toEqual(['passkey', 'recovery_code']);
    const options = await loginOptions(first.challenge);
    expect(options.rpId).toBe('portal.test');
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const assertion = key.assert(options);
    const signedIn = await post('/auth/login/second-factor', { challenge: first.challenge, passkey: assertion });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as { access: string; id: number };
    expect(session.id).toBe(account.id);
    expect((await test.call('GET', '/me', undefined, bearer(session.access))).statusCode).toBe(200);
    // A signed-in session like a code's (server/auth/sessions.ts openSession): listed, and this device's.
    const listed = await test.call('GET', '/me/sessions', undefined, bearer(session.access));
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { results: { current: boolean }[] }).results.filter((row) => row.current)).toHaveLength(1);
    expect(((await status(access)).passkeys as { last_used_at: string | null }[])[0]?.last_used_at).not.toBeNull();

    // The same answer again (a replay): its challenge is spent.
    const replay = await post('/auth/login/second-factor', { challenge: first.challenge, passkey: assertion });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ passkey: ['The passkey did not work. Try again or use another method.'], code: 'second_factor_code_invalid' });

    // A passkey that is not the account's, and a signature made for another origin: refused.
    const stranger = new SoftPasskey();
    const fresh = await challengeOf(account);
    expect((await post('/auth/login/second-factor', { challenge: fresh.challenge, passkey: stranger.assert(await loginOptions(fresh.challenge)) })).json()).toMatchObject({
      code: 'second_factor_code_invalid',
    });
    expect(
      (await post('/auth/login/second-factor', { challenge: fresh.challenge, passkey: key.assert(await loginOptions(fresh.challenge), { origin: 'http://evil.test' }) })).json(),
    ).toMatchObject({ code: 'second_factor_code_invalid' });

    // The options need a live challenge, and an account with passkeys.
    expect((await post('/auth/login/second-factor/passkey', { challenge: 'not-a-token' })).json()).toMatchObject({ code: 'second_factor_challenge_invalid' });
    expect((await post('/auth/login/second-factor', { challenge: fresh.challenge, passkey: key.assert(await loginOptions(fresh.challenge)), recovery_code: 'AAAAA-BBBBB' })).json()).toMatchObject({
      non_field_errors: ['Send a code from the app or a recovery code, not both.'],
    });
  });

  it('counts wrong passkey answers per account with the codes, and locks after the limit, a right answer included', async () => {
    const account = await registerAccount(test);
    const { access } = await signIn(test, account);
    const { key } = await addPasskey(account, access);
    const { challenge } = await challengeOf(account);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await post('/auth/login/second-factor', { challenge, passkey: key.assert(await loginOptions(challenge), { rpId: 'evil.test' }) });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await post('/auth/login/second-factor', { challenge, passkey: key.assert(await loginOptions(challenge)) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'throttled' });
    clock.advance(60_000);
    const fresh = await challengeOf(account);
    expect((await post('/auth/login/second-factor', { challenge: fresh.challenge, passkey: key.assert(await loginOptions(fresh.challenge)) })).statusCode).toBe(200);
  });

  it('removes a passkey with the password and a fresh factor, e-mails the person; the last one takes the recovery codes with it', async () => {
    for (const language of ['es', 'en'] as const) {
      const account = await registerAccount(test, { language });
      const { access } = await signIn(test, account);
      const { key, body } = await addPasskey(account, access);
      const remove = (payload: Record<string, unknown>, id = body.passkey.id) => post(`/me/second-factor/passkeys/${id}/remove`, payload, access);
      const check = async () => {
        const answer = await post('/me/second-factor/passkeys/check', undefined, access);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json() as { challenge: string };
      };

      expect((await remove({ current_password: account.password })).statusCode).toBe(400);
      expect((await remove({ current_password: 'Not-The-Password-1', passkey: key.assert(await check()) })).json()).toMatchObject({ current_password: expect.any(Array) });
      // Someone else's passkey, or none: 404 before anything is checked.
      const other = await registerAccount(test);
      const theirs = await signIn(test, other);
      const theirKey = await addPasskey(other, theirs.access);
      expect((await remove({ current_password: account.password, passkey: key.assert(await check()) }, theirKey.body.passkey.id)).statusCode).toBe(404);

      const removed = await remove({ current_password: account.password, passkey: key.assert(await check()) });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ detail: 'The passkey was removed. We sent you a notice by e-mail.' });
      expect(await status(access)).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0, required: false });
      expect(await test.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, account.id))).toEqual([]);
      expect((await post('/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
      const text = mailText(await smtp.waitFor(sentTo(account.email), 10_000));
      expect(text).toContain(language === 'es' ? 'Se quitó la llave de acceso «Mi teléfono»' : 'The passkey “Mi teléfono” was removed');
      expect(text).toContain(language === 'es' ? 'Era su último segundo factor' : 'It was your last second factor');
      expect(text).toContain('http://portal.test/password/reset');
      expect((await post('/me/second-factor/passkeys/check', undefined, access)).json()).toMatchObject({ code: 'second_factor_not_enrolled' });
    }
  });

  it('with an app and a passkey, removing either keeps the other and the recovery codes; a recovery code is a fresh factor', async () => {
    const account = await registerAccount(test);
    const { access } = await signIn(test, account);
    const { body } = await addPasskey(account, access);
    const codes = body.recovery_codes ?? [];
    const started = (await post('/me/second-factor/totp', { current_password: account.password }, access)).json() as { secret: string };
    clock.advance(30_000);
    const confirmed = await post('/me/second-factor/totp/confirm', { totp_code: await generate({ secret: started.secret, epoch: Math.floor(clock.now().getTime() / 1000) }) }, access);
    expect(confirmed.statusCode).toBe(200);
    const newCodes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
    expect(newCodes).not.toEqual(codes);
    expect((await challengeOf(account)).methods).toEqual(['totp', 'passkey', 'recovery_code']);

    // The app goes; the passkey and the codes stay, and the notice says so.
    clock.advance(30_000);
    const code = await generate({ secret: started.secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    expect((await post('/me/second-factor/remove', { current_password: account.password, totp_code: code }, access)).statusCode).toBe(200);
    expect(await status(access)).toMatchObject({ totp: false, recovery_codes_left: 10 });
    expect(mailText(await smtp.waitFor(sentTo(account.email), 10_000))).toContain('la aplicación de autenticación');
    // The passkey goes with a recovery code as the fresh factor (the device was lost).
    const gone = await post(`/me/second-factor/passkeys/${body.passkey.id}/remove`, { current_password: account.password, recovery_code: newCodes[0] }, access);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await status(access)).toMatchObject({ passkeys: [], recovery_codes_left: 0 });
  });

  it('lets staff with a passkey alone into the admin area', async () => {
    const staff = await registerAccount(test);
    await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, staff.id));
    const { access } = await signIn(test, staff);
    expect((await test.call('GET', '/admin/users', undefined, bearer(access))).json()).toMatchObject({ code: 'second_factor_required' });
    const { key } = await addPasskey(staff, access);
    expect((await test.call('GET', '/admin/users', undefined, bearer(access))).statusCode).toBe(200);
    const { challenge } = await challengeOf(staff);
    const session = (await post('/auth/login/second-factor', { challenge, passkey: key.assert(await loginOptions(challenge)) })).json() as { access: string };
    expect((await test.call('GET', '/admin/users', undefined, bearer(session.access))).statusCode).toBe(200);
  });
});

describe('passkey configuration', () => {
  it('takes the relying party from PUBLIC_URL unless PASSKEY_RP_ID and PASSKEY_ORIGINS say otherwise, and refuses bad values', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.org/' }).passkeys).toEqual({ rpId: 'portal.example.org', origins: ['https://portal.example.org'] });
    expect(loadConfig({ PASSKEY_RP_ID: 'Example.org', PASSKEY_ORIGINS: 'https://portal.example.org,https://example.org' }).passkeys).toEqual({
      rpId: 'example.org',
      origins: ['https://portal.example.org', 'https://example.org'],
    });
    // An address in PUBLIC_URL still starts the server: passkeys cannot be added there, everything else works.
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8000' }).passkeys).toEqual({ rpId: '127.0.0.1', origins: ['http://127.0.0.1:8000'] });
    expect(() => loadConfig({ PASSKEY_RP_ID: '127.0.0.1' })).toThrow(/PASSKEY_RP_ID must be a host name/);
    expect(() => loadConfig({ PASSKEY_RP_ID: 'https://example.org' })).toThrow(/PASSKEY_RP_ID must be a host name/);
    expect(() => loadConfig({ PASSKEY_RP_ID: 'example.org', PASSKEY_ORIGINS: 'https://example.com' })).toThrow(/is not on PASSKEY_RP_ID/);
    expect(() => loadConfig({ PASSKEY_RP_ID: 'example.org', PASSKEY_ORIGINS: 'https://example.org/path' })).toThrow(/PASSKEY_ORIGINS must list origins/);
  });
});
