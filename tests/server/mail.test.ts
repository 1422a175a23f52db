// E-mail through the outbox: the password-reset message reaches a real SMTP server on loopback in the person's
// language, its link resets the password; a refusing or absent server leaves the message queued with backoff
// until a later run delivers it; without SMTP_URL the message (with its link) goes to the log.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import {
  captureLogs,
  closedPort,
  databaseKinds,
  mailHeader,
  mailText,
  registerAccount,
  resetLink,
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

/** Whether the envelope names the address (the domain part of an address is case-insensitive; relays lower it). */
const sentTo = (mail: CapturedMail, address: string) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase());

const outboxRows = (test: TestApp, address: string) =>
  test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address));

describe.each(databaseKinds)('password-reset e-mail over SMTP (%s)', (kind) => {
  const clock = testClock();
  let smtp: TestSmtp;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { now: clock.now, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Incubadora <no-reply@incubadora.test>' } });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });
  afterEach(() => {
    clock.reset();
    smtp.rejectWith(null);
  });

  const mailTo = (account: Account) => (mail: CapturedMail) => sentTo(mail, account.email);

  it('reaches the person in English when they chose English, and its link sets a new password that signs in', async () => {
    const account = await registerAccount(test, { first_name: 'Grace', language: 'en' });
    const laptop = await signIn(test, account);
    const phone = await signIn(test, account);

    // The request itself comes from a Spanish browser: the e-mail follows the account's language.
    expect((await test.call('POST', '/auth/password/reset/', { email: account.email })).statusCode).toBe(200);
    expect(smtp.messages.filter(mailTo(account))).toHaveLength(0);
    expect(await test.app.ctx.outbox.deliverDue()).toBe(1);
    const mail = await smtp.waitFor(mailTo(account));

    expect(mail.from).toBe('no-reply@incubadora.test');
    expect(mail.to).toHaveLength(1);
    expect(sentTo(mail, account.email)).toBe(true);
    expect(mailHeader(mail, 'subject')).toBe('Reset your password');
    const text = mailText(mail);
    expect(text).toContain('Hello Grace,');
    expect(text).toContain('it expires in 3 days');
    const link = resetLink(text);
    expect(`${link.url.origin}${link.url.pathname}`).toBe('http://portal.test/password/reset/confirm');

    const done = await test.call('POST', '/auth/password/reset/confirm/', { uid: link.uid, token: link.token, password: 'Fresh-Start-2024!' }, en);
    expect(done.statusCode).toBe(200);
    expect((await signIn(test, { email: account.email, password: 'Fresh-Start-2024!' })).id).toBe(account.id);
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password })).statusCode).toBe(401);
    for (const session of [laptop, phone]) {
      expect((await test.call('POST', '/auth/session/', { refresh: session.refresh })).statusCode).toBe(401);
    }
    // Following the same link again does nothing.
    const again = await test.call('POST', '/auth/password/reset/confirm/', { uid: link.uid, token: link.token, password: 'Another-Start-2024!' }, en);
    expect(again.statusCode).toBe(400);

    const [row] = await outboxRows(test, account.email);
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    // Nothing is sent twice.
    expect(await test.app.ctx.outbox.deliverDue()).toBe(0);
    expect(smtp.messages.filter(mailTo(account))).toHaveLength(1);
  });

  it('reaches a Spanish-speaking person in Spanish, accents intact', async () => {
    const account = await registerAccount(test, { first_name: 'Íñigo', language: 'es' });
    await test.call('POST', '/auth/password/reset/', { email: account.email }, en);
    await test.app.ctx.outbox.deliverDue();
    const mail = await smtp.waitFor(mailTo(account));
    expect(mailHeader(mail, 'subject')).toBe('Restablezca su contraseña');
    const text = mailText(mail);
    expect(text).toContain('Hola Íñigo:');
    expect(text).toContain('vence en 3 días');
    const link = resetLink(text);
    const done = await test.call('POST', '/auth/password/reset/confirm/', { uid: link.uid, token: link.token, password: 'Nueva-Clave-2024!' });
    expect(done.json()).toEqual({ detail: 'Su contraseña fue restablecida. Inicie sesión con la nueva contraseña.' });
  });

  it('keeps a refused message queued with backoff, and delivers it on a later run once the server accepts', async () => {
    const account = await registerAccount(test, { language: 'en' });
    smtp.rejectWith('550 5.1.1 Mailbox unavailable');
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    const before = clock.now().getTime();
    expect(await test.app.ctx.outbox.deliverDue()).toBe(0);

    const [failed] = await outboxRows(test, account.email);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(failed?.last_error).toMatch(/Mailbox unavailable/);
    const delay = (failed?.next_attempt_at.getTime() ?? 0) - before;
    expect(delay).toBeGreaterThanOrEqual(29_000);
    expect(delay).toBeLessThanOrEqual(35_000);

    // Not due yet: a run right away does not hammer the server.
    smtp.rejectWith(null);
    expect(await test.app.ctx.outbox.deliverDue()).toBe(0);
    expect((await outboxRows(test, account.email))[0]?.attempts).toBe(1);

    clock.advance(31_000);
    expect(await test.app.ctx.outbox.deliverDue()).toBe(1);
    const mail = await smtp.waitFor(mailTo(account));
    expect(mailHeader(mail, 'subject')).toBe('Reset your password');
    const [sent] = await outboxRows(test, account.email);
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(sent?.sent_at).toBeInstanceOf(Date);
    // The link of the late e-mail still works.
    const link = resetLink(mailText(mail));
    expect((await test.call('POST', '/auth/password/reset/confirm/', { uid: link.uid, token: link.token, password: 'Fresh-Start-2024!' })).statusCode).toBe(200);
  });

  it('waits longer after each failure (30 s, 1 min, 2 min ...)', async () => {
    const account = await registerAccount(test);
    smtp.rejectWith('451 4.3.0 Try later');
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const started = clock.now().getTime();
      expect(await test.app.ctx.outbox.deliverDue()).toBe(0);
      const [row] = await outboxRows(test, account.email);
      expect(row?.attempts).toBe(attempt);
      const next = row?.next_attempt_at.getTime() ?? 0;
      delays.push(Math.round((next - started) / 1000));
      clock.advance(next - started + 1000);
    }
    expect(delays[0]).toBeGreaterThanOrEqual(29);
    expect(delays[0]).toBeLessThanOrEqual(32);
    expect(delays[1]).toBeGreaterThanOrEqual(59);
    expect(delays[1]).toBeLessThanOrEqual(62);
    expect(delays[2]).toBeGreaterThanOrEqual(119);
    expect(delays[2]).toBeLessThanOrEqual(122);
    smtp.rejectWith(null);
    expect(await test.app.ctx.outbox.deliverDue()).toBe(1);
  });
});

describe.each(databaseKinds)('e-mail when the SMTP server is down (%s)', (kind) => {
  const clock = testClock();
  let port: number;
  let smtp: TestSmtp | undefined;
  let test: TestApp;

  beforeAll(async () => {
    port = await closedPort();
    test = await startTestApp(kind, { now: clock.now, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  it('keeps the message queued while nothing listens, and delivers it once the server is back', async () => {
    const account = await registerAccount(test, { language: 'en' });
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    expect(await test.app.ctx.outbox.deliverDue()).toBe(0);
    const [failed] = await outboxRows(test, account.email);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed?.next_attempt_at.getTime()).toBeGreaterThan(clock.now().getTime() + 25_000);

    smtp = await startSmtp({ port });
    clock.advance(31_000);
    expect(await test.app.ctx.outbox.deliverDue()).toBe(1);
    const mail = await smtp.waitFor((m) => sentTo(m, account.email));
    expect(mailHeader(mail, 'subject')).toBe('Reset your password');
    expect((await outboxRows(test, account.email))[0]?.attempts).toBe(2);
  });

  it('gives up after 8 attempts, marking the message failed', async () => {
    await smtp?.close();
    smtp = undefined;
    const account = await registerAccount(test);
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await test.app.ctx.outbox.deliverDue();
      clock.advance(3600_000 + 1000);
    }
    const [row] = await outboxRows(test, account.email);
    expect(row).toMatchObject({ attempts: 8, sent_at: null });
    expect(row?.failed_at).toBeInstanceOf(Date);
    await test.app.ctx.outbox.deliverDue();
    expect((await outboxRows(test, account.email))[0]?.attempts).toBe(8);
  });
});

describe.each(databaseKinds)('e-mail without SMTP_URL (%s)', (kind) => {
  const logs = captureLogs();
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { LOG_LEVEL: 'info' }, logStream: logs.stream });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('writes the message with its link to the log (development) and marks it sent', async () => {
    const account = await registerAccount(test, { first_name: 'Dev', language: 'en' });
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    logs.clear();
    expect(await test.app.ctx.outbox.deliverDue()).toBe(1);

    const logged = logs.entries().find((entry) => entry.msg === 'e-mail (no SMTP_URL set)');
    expect(logged).toBeDefined();
    const mail = logged?.mail as { subject: string; text: string; template: string };
    expect(mail).toMatchObject({ template: 'passwordReset', subject: 'Reset your password' });
    const link = resetLink(mail.text);
    // The recipient's address stays out of the log.
    expect(logs.text()).not.toContain(account.email);

    const [row] = await outboxRows(test, account.email);
    expect(row?.sent_at).toBeInstanceOf(Date);
    // The logged link works: a developer can follow the flow without a mail server.
    expect((await test.call('POST', '/auth/password/reset/confirm/', { uid: link.uid, token: link.token, password: 'Fresh-Start-2024!' })).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('e-mail without SMTP_URL in production (%s)', (kind) => {
  const logs = captureLogs();
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { LOG_LEVEL: 'info', NODE_ENV: 'production' }, logStream: logs.stream });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('never writes a reset link to the log', async () => {
    const account = await registerAccount(test, { first_name: 'Prod', language: 'en' });
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    logs.clear();
    expect(await test.app.ctx.outbox.deliverDue()).toBe(1);
    const logged = logs.entries().find((entry) => entry.msg === 'e-mail (no SMTP_URL set)');
    expect((logged?.mail as { template: string }).template).toBe('passwordReset');
    expect(logs.text()).not.toContain('/password/reset/confirm');
    expect(logs.text()).not.toContain('token=');
  });
});
