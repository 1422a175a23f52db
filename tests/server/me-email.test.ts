// POST /me/email, /auth/email/confirm and /auth/email/undo (docs/decisions/046-account-safety.md): the sign-in e-mail
// changes only with the current password and the link sent to the new address, the answer never tells whether the new
// address has an account, links work once and expire, the old address gets an undo link that ends every session, and
// every message reaches a real SMTP server on loopback in the person's language.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailChanges } from '#server/db/schema.ts';
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
  type Account,
  type CapturedMail,
  type TestApp,
  type TestSmtp,
} from '../support/server.ts';

const en = { 'accept-language': 'en' };
const tokenIn = (text: string, page: 'confirm' | 'undo'): string => {
  const match = new RegExp(`https?://\\S+/account/email/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return match[1]!;
};
const freshAddress = (label: string) => `${label}.${process.pid}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.net`;

describe.each(databaseKinds)('changing the sign-in e-mail (%s)', (kind) => {
  const clock = testClock();
  let smtp: TestSmtp;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, {
      now: clock.now,
      env: {
        SMTP_URL: smtp.url,
        ACCOUNT_LOGIN_ATTEMPTS: '4',
        ACCOUNT_EMAIL_CHANGE_MAILS: '3',
        ACCOUNT_LIMIT_WINDOW_MS: '60000',
        RATE_LIMIT_EMAIL_CHANGE: '1000',
        RATE_LIMIT_PASSWORD_RESET: '1000',
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

  const ask = async (access: string, body: unknown, headers: Record<string, string> = en) => {
    const answer = await test.call('POST', '/me/email', body, { ...bearer(access), ...headers });
    await test.app.ctx.auth.work.drain();
    return answer;
  };
  const confirm = (token: string, headers: Record<string, string> = en) => test.call('POST', '/auth/email/confirm', { token }, headers);
  const undo = (token: string, headers: Record<string, string> = en) => test.call('POST', '/auth/email/undo', { token }, headers);
  const me = (access: string) => test.call('GET', '/me', undefined, { ...bearer(access), ...en });
  /** The next message to `address`, delivered by the outbox through the loopback SMTP server. */
  const mailTo = async (address: string): Promise<CapturedMail> => {
    const before = smtp.messages.filter(sentTo(address)).length;
    await test.app.ctx.outbox.deliverDue();
    return smtp.waitFor((mail) => sentTo(address)(mail) && smtp.messages.filter(sentTo(address)).indexOf(mail) >= before);
  };
  const linkInvalid = { non_field_errors: ['The link is invalid, was already used or has expired.'], code: 'email_link_invalid' };

  async function requested(account: Account, newAddress: string) {
    const session = await signIn(test, account);
    const answer = await ask(session.access, { current_password: account.password, email: newAddress });
    expect(answer.statusCode, answer.body).toBe(202);
    return { session, token: tokenIn(mailText(await mailTo(newAddress)), 'confirm') };
  }

  it('answers a free address and a taken one with the same status, body and headers; only the messages differ', async () => {
    const account = await registerAccount(test, { first_name: 'Grace', language: 'en' });
    const other = await registerAccount(test, { first_name: 'Otra', language: 'es' });
    const session = await signIn(test, account);
    const free = freshAddress('free');
    const answers: Awaited<ReturnType<typeof ask>>[] = [];
    for (const email of [free, other.email, other.email.toUpperCase()]) {
      answers.push(await ask(session.access, { current_password: account.password, email }));
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({
        detail: 'We sent a link to the new address. Your e-mail changes when you open that link; until then, keep signing in with the current one.',
      });
      expect(answer.body).not.toContain('exist');
    }
    const headerNames = (answer: (typeof answers)[number]) =>
      Object.keys(answer.headers).filter((name) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(name)).sort();
    expect(headerNames(answers[1]!)).toEqual(headerNames(answers[0]!));
    expect(answers[1]!.headers['content-length']).toBe(answers[0]!.headers['content-length']);

    // The free address gets the link; the taken one's owner is told, in their language, and gets no link.
    const link = await mailTo(free);
    expect(mailHeader(link, 'subject')).toBe('Confirm your new e-mail address');
    expect(mailText(link)).toContain('Hello Grace,');
    expect(mailText(link)).toContain('expires in 24 hours');
    expect(tokenIn(mailText(link), 'confirm')).toBeTruthy();
    const notice = await smtp.waitFor(sentTo(other.email));
    expect(mailHeader(notice, 'subject')).toBe('Alguien intentó usar esta dirección en el portal');
    expect(mailText(notice)).toContain('ya tiene una cuenta');
    expect(mailText(notice)).toContain('ayuda@incubadora.test');
    expect(mailText(notice)).not.toMatch(/account\/email\/confirm/);
    // Nothing changed yet: the old address still signs in, the session goes on.
    expect((await me(session.access)).json()).toMatchObject({ email: account.email });
    expect((await signIn(test, account)).id).toBe(account.id);
  });

  it('refuses a wrong password with a field error and counts it against the account; PATCH /me cannot change the e-mail', async () => {
    const account = await registerAccount(test);
    const session = await signIn(test, account);
    const wrong = await ask(session.access, { current_password: 'Not-The-Password-1', email: freshAddress('wrong') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['The current password is not correct.'], code: 'invalid' });
    const spanish = await ask(session.access, { current_password: 'Not-The-Password-1', email: freshAddress('wrong') }, {});
    expect(spanish.json()).toEqual({ current_password: ['La contraseña actual no es correcta.'], code: 'invalid' });
    // Sign-in and this call share the count: two more wrong tries lock both.
    await ask(session.access, { current_password: 'Not-The-Password-2', email: freshAddress('wrong') });
    await ask(session.access, { current_password: 'Not-The-Password-3', email: freshAddress('wrong') });
    const locked = await ask(session.access, { current_password: account.password, email: freshAddress('wrong') });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'throttled' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password })).statusCode).toBe(429);
    clock.advance(61_000);
    // The own address is no change; the e-mail is no longer a field of PATCH /me (refused, not dropped).
    const same = await ask(session.access, { current_password: account.password, email: account.email.toUpperCase() });
    expect(same.json()).toEqual({ email: ['That is already your e-mail address.'], code: 'invalid' });
    const patched = await test.call('PATCH', '/me', { email: freshAddress('patch') }, { ...bearer(session.access), ...en });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ email: ['This field is not allowed.'], code: 'invalid' });
    expect((await me(session.access)).json()).toMatchObject({ email: account.email });
    // Without a session there is nothing to change.
    expect((await test.call('POST', '/me/email', { current_password: 'x', email: freshAddress('anon') }, en)).statusCode).toBe(401);
  });

  it('limits requests per account: past ACCOUNT_EMAIL_CHANGE_MAILS, 429 whatever the address', async () => {
    const account = await registerAccount(test);
    const session = await signIn(test, account);
    for (let sent = 0; sent < 3; sent += 1) {
      expect((await ask(session.access, { current_password: account.password, email: freshAddress(`limit${sent}`) })).statusCode).toBe(202);
    }
    const over = await ask(session.access, { current_password: account.password, email: freshAddress('limit-over') });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'throttled' });
  });

  it('makes the change when the link is followed: every session ends, the new address signs in, the old one gets the undo link', async () => {
    const account = await registerAccount(test, { first_name: 'Íñigo', language: 'es' });
    const newAddress = freshAddress('nueva');
    const laptop = await signIn(test, account);
    const { session: phone, token } = await requested(account, newAddress);

    const done = await confirm(token, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      email: newAddress,
      detail: `Su correo electrónico ahora es ${newAddress}. Se cerró la sesión en todos los dispositivos: entre con la nueva dirección.`,
    });
    // Every session of the account ended, refresh tokens too.
    for (const session of [laptop, phone]) {
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await test.call('POST', '/auth/session/', { refresh: session.refresh }, en)).statusCode).toBe(401);
    }
    const again = await signIn(test, { email: newAddress, password: account.password });
    expect(again.email).toBe(newAddress);
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password }, en)).statusCode).toBe(401);

    // The old address is told, in Spanish, with a link that undoes it.
    const notice = await mailTo(account.email);
    expect(mailHeader(notice, 'subject')).toBe('El correo electrónico de su cuenta cambió');
    const text = mailText(notice);
    expect(text).toContain('Hola Íñigo:');
    expect(text).toContain(newAddress);
    expect(text).toContain('ayuda@incubadora.test');
    expect(tokenIn(text, 'undo')).toBeTruthy();

    // The link works once.
    expect((await confirm(token)).json()).toEqual(linkInvalid);
  });

  it('undoes a change from the old address: the old address is back, every session ends, the link works once', async () => {
    const account = await registerAccount(test, { first_name: 'Grace', language: 'en' });
    const stolen = freshAddress('taker');
    const { token } = await requested(account, stolen);
    expect((await confirm(token)).statusCode).toBe(200);
    const undoToken = tokenIn(mailText(await mailTo(account.email)), 'undo');
    // Whoever made the change signs in with the new address; the undo ends that session too.
    const taker = await signIn(test, { email: stolen, password: account.password });
    // A change the taker asks for meanwhile is spent by the undo.
    const pending = await ask(taker.access, { current_password: account.password, email: freshAddress('taker2') });
    expect(pending.statusCode).toBe(202);

    const undone = await undo(undoToken);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({
      email: account.email,
      detail: `Your e-mail is ${account.email} again and every device was signed out. Whoever made the change knew your password: choose a new one now.`,
    });
    expect((await me(taker.access)).statusCode).toBe(401);
    expect((await test.call('POST', '/auth/session/', { refresh: taker.refresh }, en)).statusCode).toBe(401);
    expect((await signIn(test, account)).email).toBe(account.email);
    expect((await test.call('POST', '/auth/login', { email: stolen, password: account.password }, en)).statusCode).toBe(401);
    const rows = await test.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.user_id, account.id));
    expect(rows.filter((row) => row.confirmed_at === null).every((row) => row.cancelled_at !== null)).toBe(true);

    // Used once: a second undo and the spent confirm link are refused, in Spanish by default.
    expect((await undo(undoToken)).json()).toEqual(linkInvalid);
    expect((await undo(undoToken, {})).json()).toEqual({
      non_field_errors: ['El enlace no es válido, ya se usó o ha expirado.'],
      code: 'email_link_invalid',
    });
    expect((await confirm(token)).json()).toEqual(linkInvalid);
  });

  it('refuses expired links, made-up tokens, and a link of an earlier request once a new one was asked for', async () => {
    const account = await registerAccount(test);
    const first = await requested(account, freshAddress('first'));
    const second = await requested(account, freshAddress('second'));
    // The earlier request's link was spent by the new one.
    expect((await confirm(first.token)).json()).toEqual(linkInvalid);
    for (const made of ['x', first.token.slice(0, -1), 'A'.repeat(43)]) {
      const refused = await confirm(made);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(linkInvalid);
      expect((await undo(made)).json()).toEqual(linkInvalid);
    }
    // 24 hours later the link is dead.
    clock.advance(24 * 3600_000 + 1000);
    expect((await confirm(second.token)).json()).toEqual(linkInvalid);
    expect((await signIn(test, account)).email).toBe(account.email);

    // An undo link lives 7 days.
    clock.reset();
    const third = await requested(account, freshAddress('third'));
    expect((await confirm(third.token)).statusCode).toBe(200);
    const undoToken = tokenIn(mailText(await mailTo(account.email)), 'undo');
    clock.advance(7 * 86_400_000 + 1000);
    expect((await undo(undoToken)).json()).toEqual(linkInvalid);
  });

  it('refuses a link whose address was taken by another account meanwhile, and changes nothing', async () => {
    const account = await registerAccount(test);
    const wanted = freshAddress('wanted');
    const { token } = await requested(account, wanted);
    await registerAccount(test, { email: wanted });
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: ['That address already belongs to another account; your e-mail did not change.'],
      code: 'email_link_invalid',
    });
    expect((await signIn(test, account)).email).toBe(account.email);
  });
});
