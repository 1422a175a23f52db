// POST /me/password (docs/decisions/017-account-dead-ends.md): the current password is required and limited like a
// sign-in, the new one follows the sign-up rules, other sessions end while this device gets a new one, and the
// "your password was changed" e-mail reaches a real SMTP server on loopback in the person's language.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  mailHeader,
  mailText,
  registerAccount,
  sentTo,
  signIn,
  startSmtp,
  startTestApp,
  testClock,
  type TestApp,
  type TestSmtp,
} from '../support/server.ts';

const en = { 'accept-language': 'en' };
const tokenNotValid = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const NEW_PASSWORD = 'Brand-New-Passw0rd-2026';


describe.each(databaseKinds)('changing the password while signed in (%s)', (kind) => {
  const clock = testClock();
  let smtp: TestSmtp;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, {
      now: clock.now,
      env: {
        SMTP_URL: smtp.url,
        ACCOUNT_LOGIN_ATTEMPTS: '3',
        ACCOUNT_LIMIT_WINDOW_MS: '60000',
        PROGRAM_CONTACT_EMAIL: 'ayuda@incubadora.test',
        PROGRAM_CONTACT_PHONE: '+1 787-555-0199',
      },
    });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });
  afterEach(() => clock.reset());

  const change = (access: string, body: unknown, headers: Record<string, string> = en) =>
    test.call('POST', '/me/password', body, { ...bearer(access), ...headers });
  const me = (access: string) => test.call('GET', '/me', undefined, { ...bearer(access), ...en });

  it('refuses a wrong current password with a field error on current_password, and changes nothing', async () => {
    const account = await registerAccount(test);
    const session = await signIn(test, account);
    const refused = await change(session.access, { current_password: 'Not-The-Password-1', password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ current_password: ['The current password is not correct.'], code: 'invalid' });
    // Spanish by default.
    const spanish = await change(session.access, { current_password: 'Not-The-Password-1', password: NEW_PASSWORD }, {});
    expect(spanish.json()).toEqual({ current_password: ['La contraseña actual no es correcta.'], code: 'invalid' });
    expect((await me(session.access)).statusCode).toBe(200);
    expect((await signIn(test, account)).id).toBe(account.id);
  });

  it('refuses a weak new password with the sign-up rules, and a reused one', async () => {
    const account = await registerAccount(test);
    const session = await signIn(test, account);
    const common = await change(session.access, { current_password: account.password, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ password: ['This password is too common.'], code: 'invalid' });
    const numeric = await change(session.access, { current_password: account.password, password: '20262027202' });
    expect(numeric.json()).toMatchObject({ password: ['This password is entirely numeric.'], code: 'invalid' });
    const same = await change(session.access, { current_password: account.password, password: account.password });
    expect(same.json()).toEqual({ password: ['The new password must be different from the current one.'], code: 'invalid' });
    const short = await change(session.access, { current_password: account.password, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'invalid' });
    expect(Object.keys(short.json() as object)).toContain('password');
    // Both wrong at once: both fields are named.
    const both = await change(session.access, { current_password: 'Wrong-One-22', password: 'password123' });
    expect(Object.keys(both.json() as object).sort()).toEqual(['code', 'current_password', 'password']);
    expect((await signIn(test, account)).id).toBe(account.id);
  });

  it('needs a signed-in person', async () => {
    const anonymous = await test.call('POST', '/me/password', { current_password: 'x', password: NEW_PASSWORD }, en);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('counts wrong current passwords against the account like sign-ins: past the limit, 429 with Retry-After', async () => {
    const account = await registerAccount(test);
    const session = await signIn(test, account);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await change(session.access, { current_password: `Wrong-Guess-${attempt}-x`, password: NEW_PASSWORD })).statusCode).toBe(400);
    }
    const limited = await change(session.access, { current_password: account.password, password: NEW_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'throttled' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Sign-in shares the count: the account is locked there too until the window moves on.
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password })).statusCode).toBe(429);
    clock.advance(61_000);
    expect((await change(session.access, { current_password: account.password, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('ends every other session, keeps this device signed in with new tokens, and e-mails a notice in the person\'s language', async () => {
    const account = await registerAccount(test, { first_name: 'Grace', language: 'en' });
    const laptop = await signIn(test, account);
    const phone = await signIn(test, account);

    // Asked from a Spanish browser: the answer is Spanish, the e-mail follows the account's language.
    const done = await change(laptop.access, { current_password: account.password, password: NEW_PASSWORD }, {});
    expect(done.statusCode, done.body).toBe(200);
    const answer = done.json() as { access: string; refresh: string; detail: string; email: string; id: number };
    expect(answer.detail).toBe('Su contraseña fue cambiada. Se cerró la sesión en los demás dispositivos.');
    expect(answer.id).toBe(account.id);
    expect(answer.email).toBe(account.email);

    // The other device: its refresh token and access token are refused.
    expect((await test.call('POST', '/auth/session/', { refresh: phone.refresh }, en)).statusCode).toBe(401);
    const phoneCall = await me(phone.access);
    expect(phoneCall.statusCode).toBe(401);
    expect(phoneCall.json()).toEqual(tokenNotValid);

    // This device goes on with the tokens of the answer: calls work, and its refresh gives a working access token.
    expect((await me(answer.access)).statusCode).toBe(200);
    const refreshed = await test.call('POST', '/auth/session/', { refresh: answer.refresh }, en);
    expect(refreshed.statusCode).toBe(200);
    expect((await me((refreshed.json() as { access: string }).access)).statusCode).toBe(200);

    // The new password signs in, the old one no longer does.
    expect((await signIn(test, { email: account.email, password: NEW_PASSWORD })).id).toBe(account.id);
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password }, en)).statusCode).toBe(401);

    expect(await test.app.ctx.outbox.deliverDue()).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(sentTo(account.email));
    expect(mailHeader(mail, 'subject')).toBe('Your password was changed');
    const text = mailText(mail);
    expect(text).toContain('Hello Grace,');
    expect(text).toContain('If you did not');
    expect(text).toContain('http://portal.test/password/reset');
    expect(text).toContain('ayuda@incubadora.test');
    expect(text).toContain('+1 787-555-0199');
    expect(text).not.toContain(NEW_PASSWORD);
  });

  it('GET /contact answers the configured contact details, with no sign-in', async () => {
    const contact = await test.call('GET', '/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toEqual({ email: 'ayuda@incubadora.test', phone: '+1 787-555-0199' });
  });

  it('writes the notice in Spanish to a Spanish-speaking person', async () => {
    const account = await registerAccount(test, { first_name: 'Íñigo', language: 'es' });
    const session = await signIn(test, account);
    expect((await change(session.access, { current_password: account.password, password: NEW_PASSWORD })).statusCode).toBe(200);
    await test.app.ctx.outbox.deliverDue();
    const mail = await smtp.waitFor(sentTo(account.email));
    expect(mailHeader(mail, 'subject')).toBe('Su contraseña fue cambiada');
    const text = mailText(mail);
    expect(text).toContain('Hola Íñigo:');
    expect(text).toContain('Si no fue usted');
  });
});
