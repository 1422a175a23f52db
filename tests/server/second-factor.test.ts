// The second factor (docs/decisions/049-second-factor.md) on both databases: enrolling an authenticator app from the
// profile, the sign-in challenge and its second step, wrong codes counted per account up to a lock, recovery codes
// that work once, removal that needs the password and a fresh code and e-mails the person, and staff refused the
// admin area (and the resumable door to the shared materials) until they enrol. Codes are computed here with otplib at the server's (test) clock.
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { driveNodes, recoveryCodes, totpFactors, users } from '#server/db/schema.ts';
import { createProgram, samplePdf } from '../support/applicants.ts';
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
const STEP_MS = 30_000;


describe.each(databaseKinds)('second factor (%s)', (kind) => {
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
        ACCOUNT_LOGIN_ATTEMPTS: '5',
        ACCOUNT_LIMIT_WINDOW_MS: '60000',
        // The rule itself is under test here: no staff account is exempt.
        STAFF_SECOND_FACTOR_EXEMPT: '',
      },
    });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });
  afterEach(() => clock.reset());

  /** The app's code now (the server's clock); each use moves the clock a step on, as a code is spent once. */
  const codeNow = async (secret: string) => {
    clock.advance(STEP_MS);
    return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  };
  const post = (path: string, body: unknown, access?: string, headers: Record<string, string> = en) =>
    test.call('POST', path, body, { ...(access ? bearer(access) : {}), ...headers });
  const status = async (access: string) => (await test.call('GET', '/me/second-factor', undefined, bearer(access))).json() as Record<string, unknown>;

  /** Enrols an authenticator app on the account: its secret and the ten recovery codes. */
  async function enrol(account: Account): Promise<{ secret: string; codes: string[]; access: string }> {
    const { access } = await signIn(test, account);
    const started = await post('/me/second-factor/totp', { current_password: account.password }, access);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };
    const confirmed = await post('/me/second-factor/totp/confirm', { totp_code: await codeNow(secret) }, access);
    expect(confirmed.statusCode).toBe(200);
    return { secret, codes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes, access };
  }
  const challengeOf = async (account: Account) => {
    const answer = await post('/auth/login', { email: account.email, password: account.password });
    expect(answer.statusCode).toBe(202);
    return (answer.json() as { challenge: string }).challenge;
  };

  it('enrols an app: the password first, a first code confirms it, ten recovery codes once; the secret is stored encrypted and the codes hashed', async () => {
    const account = await registerAccount(test);
    const { access } = await signIn(test, account);
    expect(await status(access)).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0, required: false });

    const wrongPassword = await post('/me/second-factor/totp', { current_password: 'Not-The-Password-1' }, access);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ current_password: ['The current password is not correct.'], code: 'invalid' });

    const started = await post('/me/second-factor/totp', { current_password: account.password }, access);
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri } = started.json() as { secret: string; otpauth_uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Incubadora');
    // Not confirmed yet: nothing changes at sign-in.
    expect(await status(access)).toMatchObject({ totp: false });
    expect((await post('/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);

    const wrong = await post('/me/second-factor/totp/confirm', { totp_code: '000000' }, access);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ totp_code: ['The code is wrong, already used or expired. Type the code your app shows now.'], code: 'second_factor_code_invalid' });

    const confirmed = await post('/me/second-factor/totp/confirm', { totp_code: await codeNow(secret) }, access);
    expect(confirmed.statusCode).toBe(200);
    const codes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await status(access)).toEqual({ totp: true, passkeys: [], recovery_codes_left: 10, required: false });

    // Never answered again: a second enrolment is refused while this one stands.
    const again = await post('/me/second-factor/totp', { current_password: account.password }, access);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'second_factor_exists' });
    const confirmAgain = await post('/me/second-factor/totp/confirm', { totp_code: await codeNow(secret) }, access);
    expect(confirmAgain.json()).toMatchObject({ code: 'second_factor_exists' });

    const [row] = await test.app.ctx.db.select().from(totpFactors).where(eq(totpFactors.user_id, account.id));
    expect(row?.secret_encrypted).not.toContain(secret);
    const hashes = await test.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, account.id));
    expect(hashes).toHaveLength(10);
    for (const code of codes) {
      for (const stored of hashes) expect(stored.code_hash).not.toContain(code.replace('-', ''));
    }
  });

  it('a confirmation with nothing begun is 409 second_factor_not_enrolled', async () => {
    const account = await registerAccount(test);
    const { access } = await signIn(test, account);
    const answer = await post('/me/second-factor/totp/confirm', { totp_code: '123456' }, access);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'second_factor_not_enrolled' });
  });

  it('signs in in two steps: the password answers 202 with a challenge and no tokens, a right code answers what login answers', async () => {
    const account = await registerAccount(test, { language: 'en' });
    const { secret } = await enrol(account);

    const first = await post('/auth/login', { email: account.email, password: account.password });
    expect(first.statusCode).toBe(202);
    const body = first.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['challenge', 'methods', 'second_factor_required']);
    expect(body).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    // The challenge is no access token.
    expect((await test.call('GET', '/me', undefined, bearer(String(body.challenge)))).statusCode).toBe(401);

    const code = await codeNow(secret);
    const second = await post('/auth/login/second-factor', { challenge: body.challenge, totp_code: code });
    expect(second.statusCode).toBe(200);
    const session = second.json() as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual(['access', 'email', 'first_name', 'id', 'is_staff', 'language', 'last_name', 'refresh']);
    expect(session).toMatchObject({ id: account.id, language: 'en', is_staff: false });
    expect((await test.call('GET', '/me', undefined, bearer(String(session.access)))).statusCode).toBe(200);
    expect((await post('/auth/session/', { refresh: session.refresh })).statusCode).toBe(200);

    // The same code a second time (a replay): refused, on the code field.
    const replay = await post('/auth/login/second-factor', { challenge: body.challenge, totp_code: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'second_factor_code_invalid' });
  });

  it('keeps the contract of accounts without a second factor as it is: 200 with tokens at once', async () => {
    const account = await registerAccount(test);
    const answer = await post('/auth/login', { email: account.email, password: account.password });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json() as object).sort()).toEqual(['access', 'email', 'first_name', 'id', 'is_staff', 'language', 'last_name', 'refresh']);
    // A wrong password on an account with one is still the plain 401: the challenge needs the right password.
    const other = await registerAccount(test);
    await enrol(other);
    const wrong = await post('/auth/login', { email: other.email, password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'no_active_account' });
  });

  it('refuses a challenge that is malformed, expired, an access token, or of a session ended by a password reset', async () => {
    const account = await registerAccount(test);
    const { secret, access } = await enrol(account);
    const garbage = await post('/auth/login/second-factor', { challenge: 'not-a-token', totp_code: '123456' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ detail: 'The sign-in expired. Type your e-mail and password again.', code: 'second_factor_challenge_invalid' });
    const asAccess = await post('/auth/login/second-factor', { challenge: access, totp_code: await codeNow(secret) });
    expect(asAccess.json()).toMatchObject({ code: 'second_factor_challenge_invalid' });

    const challenge = await challengeOf(account);
    clock.advance(301_000);
    const expired = await post('/auth/login/second-factor', { challenge, totp_code: await codeNow(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'second_factor_challenge_invalid' });

    const before = await challengeOf(account);
    await test.app.ctx.db.update(users).set({ token_version: 99 }).where(eq(users.id, account.id));
    const ended = await post('/auth/login/second-factor', { challenge: before, totp_code: await codeNow(secret) });
    expect(ended.json()).toMatchObject({ code: 'second_factor_challenge_invalid' });
  });

  it('wants exactly one code', async () => {
    const account = await registerAccount(test);
    await enrol(account);
    const challenge = await challengeOf(account);
    const none = await post('/auth/login/second-factor', { challenge });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'invalid' });
    expect(Object.keys(none.json() as object)).toContain('totp_code');
    const both = await post('/auth/login/second-factor', { challenge, totp_code: '123456', recovery_code: 'AAAAA-BBBBB' });
    expect(both.json()).toEqual({ non_field_errors: ['Send a code from the app or a recovery code, not both.'], code: 'invalid' });
    const malformed = await post('/auth/login/second-factor', { challenge, totp_code: '12 34 56' });
    expect(malformed.statusCode).toBe(400);
  });

  it('counts wrong codes per account and locks after the limit, a right code included, until the window moves on', async () => {
    const account = await registerAccount(test);
    const { secret } = await enrol(account);
    const challenge = await challengeOf(account);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await post('/auth/login/second-factor', { challenge, totp_code: '000000' });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await post('/auth/login/second-factor', { challenge, totp_code: await codeNow(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'throttled' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per account: another challenge of the same account (another device) is locked too.
    const other = await challengeOf(account);
    expect((await post('/auth/login/second-factor', { challenge: other, recovery_code: 'AAAAA-BBBBB' })).statusCode).toBe(429);
    // Another account is not.
    const someoneElse = await registerAccount(test);
    const theirs = await enrol(someoneElse);
    expect((await post('/auth/login/second-factor', { challenge: await challengeOf(someoneElse), totp_code: await codeNow(theirs.secret) })).statusCode).toBe(200);

    clock.advance(60_000);
    const fresh = await challengeOf(account);
    const after = await post('/auth/login/second-factor', { challenge: fresh, totp_code: await codeNow(secret) });
    expect(after.statusCode).toBe(200);
  });

  it('a recovery code signs in once, however it is typed; then it is spent', async () => {
    const account = await registerAccount(test);
    const { codes, access } = await enrol(account);
    const code = codes[3]!;
    const typed = code.toLowerCase().replace('-', ' ');
    const first = await post('/auth/login/second-factor', { challenge: await challengeOf(account), recovery_code: typed });
    expect(first.statusCode).toBe(200);
    expect(await status(access)).toMatchObject({ totp: true, recovery_codes_left: 9 });
    const again = await post('/auth/login/second-factor', { challenge: await challengeOf(account), recovery_code: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ recovery_code: ['The code is wrong, already used or expired. Type the code your app shows now.'], code: 'second_factor_code_invalid' });
    // Another account's code is no code of this one.
    const other = await registerAccount(test);
    const theirs = await enrol(other);
    const foreign = await post('/auth/login/second-factor', { challenge: await challengeOf(account), recovery_code: theirs.codes[0] });
    expect(foreign.statusCode).toBe(400);
  });

  it('removing needs the password and a fresh code, and e-mails the person in their language', async () => {
    for (const language of ['es', 'en'] as const) {
      const account = await registerAccount(test, { language });
      const { secret, access } = await enrol(account);
      const remove = (body: Record<string, unknown>) => post('/me/second-factor/remove', body, access);

      const noCode = await remove({ current_password: account.password });
      expect(noCode.statusCode).toBe(400);
      const wrongPassword = await remove({ current_password: 'Not-The-Password-1', totp_code: await codeNow(secret) });
      expect(wrongPassword.json()).toEqual({ current_password: ['The current password is not correct.'], code: 'invalid' });
      const wrongCode = await remove({ current_password: account.password, totp_code: '000000' });
      expect(wrongCode.json()).toMatchObject({ code: 'second_factor_code_invalid' });
      expect(await status(access)).toMatchObject({ totp: true });

      const removed = await remove({ current_password: account.password, totp_code: await codeNow(secret) });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ detail: 'Two-step verification was removed. We sent you a notice by e-mail.' });
      expect(await status(access)).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0, required: false });
      expect((await post('/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
      expect(await test.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, account.id))).toEqual([]);

      const mail = await smtp.waitFor(sentTo(account.email), 10_000);
      const text = mailText(mail);
      if (language === 'es') {
        expect(mail.raw).toMatch(/Subject: =\?UTF-8\?|Subject: Se quit/);
        expect(text).toContain('Se quitó la verificación en dos pasos');
      } else {
        expect(mail.raw).toContain('Subject: Two-step verification was removed from your account');
        expect(text).toContain('Two-step verification (the authenticator app and the recovery codes) was removed');
      }
      expect(text).toContain('http://portal.test/password/reset');

      const gone = await remove({ current_password: account.password, totp_code: await codeNow(secret) });
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toMatchObject({ code: 'second_factor_not_enrolled' });
    }
  });

  it('a removal may use a recovery code (the device was lost)', async () => {
    const account = await registerAccount(test);
    const { codes, access } = await enrol(account);
    const removed = await post('/me/second-factor/remove', { current_password: account.password, recovery_code: codes[0] }, access);
    expect(removed.statusCode).toBe(200);
  });

  it('refuses staff the admin area until they enrol (403 second_factor_required); others keep their 403', async () => {
    const staff = await registerAccount(test);
    await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, staff.id));
    const { access } = await signIn(test, staff);
    expect(await status(access)).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0, required: true });
    const refused = await test.call('GET', '/admin/users', undefined, { ...bearer(access), ...en });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Staff must turn on two-step verification before using the admin area. Turn it on in your profile.',
      code: 'second_factor_required',
    });
    // Their own profile stays open, so they can enrol.
    expect((await test.call('GET', '/me', undefined, bearer(access))).statusCode).toBe(200);

    const { secret } = await enrol(staff);
    // The session they had opens the admin area now.
    expect((await test.call('GET', '/admin/users', undefined, bearer(access))).statusCode).toBe(200);
    const challenge = await challengeOf(staff);
    const second = await post('/auth/login/second-factor', { challenge, totp_code: await codeNow(secret) });
    const session = second.json() as { access: string; is_staff: boolean };
    expect(session.is_staff).toBe(true);
    expect((await test.call('GET', '/admin/users', undefined, bearer(session.access))).statusCode).toBe(200);

    const applicant = await registerAccount(test);
    const plain = await signIn(test, applicant);
    expect((await test.call('GET', '/admin/users', undefined, bearer(plain.access))).json()).toMatchObject({ code: 'permission_denied' });
  });

  it('asks staff for it at the resumable door to the shared materials too, when an upload begins and again when it ends', async () => {
    const base = `${await test.app.listen({ port: 0, host: '127.0.0.1' })}/api/uploads/resumable`;
    const programId = (await createProgram(test)).id;
    const staff = await registerAccount(test);
    await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, staff.id));
    const { access } = await signIn(test, staff);
    const pdf = samplePdf(4_000);
    const metadata = Object.entries({ filename: 'guia.pdf', target: 'admin_drive', program_id: String(programId) })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const tus = { 'tus-resumable': '1.0.0', ...en, ...bearer(access) };
    const create = () => fetch(base, { method: 'POST', headers: { ...tus, 'upload-length': String(pdf.length), 'upload-metadata': metadata } });
    const send = (url: string, offset: number, bytes: Buffer) =>
      fetch(url, { method: 'PATCH', headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, body: new Uint8Array(bytes) });

    const refused = await create();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      detail: 'Staff must turn on two-step verification before using the admin area. Turn it on in your profile.',
      code: 'second_factor_required',
    });

    await enrol(staff);
    const begun = await create();
    expect(begun.status, await begun.clone().text()).toBe(201);
    const url = new URL(begun.headers.get('location') ?? '', base).toString();
    expect((await send(url, 0, pdf.subarray(0, 2_000))).status).toBe(204);
    // The app is taken off the account before the last byte: the upload does not end in the shared materials.
    await test.app.ctx.db.delete(totpFactors).where(eq(totpFactors.user_id, staff.id));
    const last = await send(url, 2_000, pdf.subarray(2_000));
    expect(last.status).toBe(403);
    expect(await last.json()).toMatchObject({ code: 'second_factor_required' });
    const shared = await test.app.ctx.db.select({ id: driveNodes.id }).from(driveNodes).where(eq(driveNodes.program_id, programId));
    expect(shared).toEqual([]);
  });
});

describe.each(databaseKinds)('the development exemption (%s)', (kind) => {
  let test: TestApp;
  const exempt = `exempt.${process.pid}.${Date.now()}@example.org`;
  beforeAll(async () => {
    test = await startTestApp(kind, { env: { STAFF_SECOND_FACTOR_EXEMPT: exempt.toUpperCase() } });
  });
  afterAll(async () => test?.close());

  it('lets the listed staff account in without a second factor, and nobody else', async () => {
    const listed = await registerAccount(test, { email: exempt });
    const other = await registerAccount(test);
    await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, listed.id));
    await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, other.id));
    const listedSession = await signIn(test, listed);
    expect((await test.call('GET', '/admin/users', undefined, bearer(listedSession.access))).statusCode).toBe(200);
    expect((await test.call('GET', '/me/second-factor', undefined, bearer(listedSession.access))).json()).toMatchObject({ required: false });
    const otherSession = await signIn(test, other);
    expect((await test.call('GET', '/admin/users', undefined, bearer(otherSession.access))).json()).toMatchObject({ code: 'second_factor_required' });
  });
});

describe('the exemption in configuration', () => {
  it('defaults to the demo staff account outside production, and production refuses any', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).staffSecondFactorExempt).toEqual({ all: false, emails: ['staff@incubadora.example'] });
    expect(loadConfig({ NODE_ENV: 'development', SEED_STAFF_EMAIL: 'Demo@Example.org' }).staffSecondFactorExempt.emails).toEqual(['demo@example.org']);
    expect(loadConfig({ NODE_ENV: 'development', STAFF_SECOND_FACTOR_EXEMPT: '' }).staffSecondFactorExempt).toEqual({ all: false, emails: [] });
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://portal.example.org' };
    expect(loadConfig(production).staffSecondFactorExempt).toEqual({ all: false, emails: [] });
    expect(() => loadConfig({ ...production, STAFF_SECOND_FACTOR_EXEMPT: '*' })).toThrow(/STAFF_SECOND_FACTOR_EXEMPT is refused when NODE_ENV=production/);
  });
});
