// What the server writes to its log (pino, at trace level) through every auth and /me flow, an SMTP refusal and a
// database failure: never a password, a token, an e-mail address, an SSN or a password hash.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  captureLogs,
  databaseKinds,
  leakProblem,
  registerAccount,
  resetLink,
  signIn,
  startSmtp,
  startTestApp,
  mailText,
  type TestApp,
  type TestSmtp,
} from '../support/server.ts';

/** A UUID anywhere in a text: the server's request ids, new for each request. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every string value in a parsed log line (keys and numbers such as timestamps are not secrets). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe.each(databaseKinds)('logs keep secrets out (%s)', (kind) => {
  const logs = captureLogs();
  let smtp: TestSmtp;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { env: { LOG_LEVEL: 'trace', SMTP_URL: smtp.url }, logStream: logs.stream });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  it('hold no password, token, e-mail address, SSN or hash through sign-up, sessions, reset, /me, SMTP and database failures', async () => {
    const secrets: string[] = [];
    const password = 'Log-Secret-Passw0rd-1';
    const newPassword = 'Log-Secret-Passw0rd-2';
    const ssn = '7351';
    const account = await registerAccount(test, { email: 'secret.person@privacy.example', password, first_name: 'Zoë' });
    secrets.push(account.email, password, newPassword);

    const session = await signIn(test, account);
    secrets.push(session.access, session.refresh);
    const renewed = (await test.call('POST', '/auth/session/', { refresh: session.refresh })).json();
    secrets.push(renewed.access);
    const auth = bearer(renewed.access);
    await test.call('GET', '/me', undefined, auth);
    await test.call('PATCH', '/me', { phone: '+1 787 555 0199' }, auth);
    // An e-mail change asked for (docs/decisions/046-account-safety.md): the password and both addresses stay out of the log.
    await test.call('POST', '/me/email', { current_password: password, email: 'moved.person@privacy.example' }, auth);
    await test.app.ctx.auth.work.drain();
    secrets.push('moved.person@privacy.example');
    await test.call('PUT', '/me/ssn', { ssn_last4: ssn }, auth);
    await test.call('PUT', '/me/ssn', { ssn_last4: '123-45-6789' }, auth);
    secrets.push('123-45-6789');
    // Refused requests (bad password, bad token) are logged as well.
    await test.call('POST', '/auth/login', { email: account.email, password: 'Wrong-But-Secret-9' });
    secrets.push('Wrong-But-Secret-9');
    await test.call('GET', '/me', undefined, bearer(session.refresh));

    // Password reset: a refusing relay first (it names the recipient), then delivery.
    smtp.rejectWith('550 5.1.1 No such user');
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    await test.app.ctx.outbox.deliverDue();
    smtp.rejectWith(null);
    await test.app.ctx.db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 minute'`);
    await test.app.ctx.outbox.deliverDue();
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === account.email));
    const link = resetLink(mailText(mail));
    secrets.push(link.token);
    await test.call('POST', '/auth/password/reset/confirm/', { uid: link.uid, token: link.token, password: newPassword });
    const second = await signIn(test, { email: account.email, password: newPassword });
    secrets.push(second.access, second.refresh);
    await test.call('POST', '/auth/logout', { refresh: second.refresh });

    // A password change from the profile: a wrong current password, then the change (its answer carries new tokens).
    const finalPassword = 'Log-Secret-Passw0rd-3';
    const changer = await signIn(test, { email: account.email, password: newPassword });
    secrets.push(changer.access, changer.refresh, finalPassword, 'Wrong-Current-Secret-4');
    await test.call('POST', '/me/password', { current_password: 'Wrong-Current-Secret-4', password: finalPassword }, bearer(changer.access));
    const changed = await test.call('POST', '/me/password', { current_password: newPassword, password: finalPassword }, bearer(changer.access));
    expect(changed.statusCode).toBe(200);
    const renewedByChange = changed.json() as { access: string; refresh: string };
    secrets.push(renewedByChange.access, renewedByChange.refresh);

    // The database refuses a write: its error carries the query's parameters and the whole row.
    const reversed = ssn.split('').reverse().join('');
    await test.app.ctx.db.execute(sql.raw(`alter table users add constraint refuse_these_digits check (ssn_last4 is distinct from '${reversed}')`));
    // Its digits are looked for below as a number of their own, with the SSN's: four digits as a substring would be
    // found in any request id by chance.
    // A session still open (the second one was logged out above, and its access token ended with it).
    const third = await signIn(test, { email: account.email, password: finalPassword });
    secrets.push(third.access, third.refresh);
    const failed = await test.call('PUT', '/me/ssn', { ssn_last4: reversed }, bearer(third.access));
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ detail: 'Inténtelo más tarde', code: 'server_error' });
    expect(leakProblem(failed.body)).toBeUndefined();
    // And a read fails while the table is away: its parameters are the e-mail and nothing of it may be logged.
    await test.app.ctx.db.execute(sql`alter table users rename to users_away`);
    try {
      const down = await test.call('POST', '/auth/login', { email: account.email, password: finalPassword }, { 'accept-language': 'en' });
      expect(down.statusCode).toBe(500);
      expect(down.json()).toEqual({ detail: 'Try Again Later', code: 'server_error' });
    } finally {
      await test.app.ctx.db.execute(sql`alter table users_away rename to users`);
    }

    const entries = logs.entries();
    // The log is useful: requests, the delivery failure and the unhandled errors are there, with the failed SQL.
    expect(entries.some((e) => e.msg === 'incoming request')).toBe(true);
    expect(entries.some((e) => e.msg === 'e-mail delivery failed; will retry' && String(e.reason).includes('No such user'))).toBe(true);
    const errors = entries.filter((e) => e.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    const messages = errors.map((e) => String((e.err as { message?: unknown } | undefined)?.message));
    expect(messages[0]).toContain('Failed query: update "users" set "ssn_last4" = $1');
    expect(messages[0]).toContain('refuse_these_digits');

    const hashes = (await test.app.ctx.db.execute(sql`select password_hash from users`)) as unknown as
      | { rows: Array<{ password_hash: string }> }
      | Array<{ password_hash: string }>;
    const hashRows = Array.isArray(hashes) ? hashes : hashes.rows;
    secrets.push(...hashRows.map((r) => r.password_hash));

    const logged = entries.flatMap(strings);
    for (const secret of secrets) {
      const hits = logged.filter((text) => text.toLowerCase().includes(secret.toLowerCase()));
      expect(hits, `a secret (${secret.slice(0, 12)}...) is in the log`).toEqual([]);
    }
    // The UUIDs the server makes (request ids) are taken out first: a group of four digits turns up in one by chance.
    const ssnHits = logged.map((text) => text.replace(UUID, '<uuid>')).filter((text) => new RegExp(`\\b(${ssn}|${reversed})\\b`).test(text));
    expect(ssnHits, 'SSN digits in the log').toEqual([]);
    expect(logged.filter((text) => text.includes('$argon2'))).toEqual([]);
  });
});

describe.each(databaseKinds)('production logs keep secrets out (%s)', (kind) => {
  const logs = captureLogs();
  let smtp: TestSmtp;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    // Production's own log level (info) and settings: only the e-mail relay and the log stream are the test's.
    test = await startTestApp(kind, { env: { NODE_ENV: 'production', LOG_LEVEL: 'info', SMTP_URL: smtp.url }, logStream: logs.stream });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  it('hold no token, reset uid or token, or password through login, refresh, reset request and confirm, query strings included', async () => {
    const password = 'Prod-Log-Passw0rd-1';
    const newPassword = 'Prod-Log-Passw0rd-2';
    const account = await registerAccount(test, { password });
    const session = await signIn(test, account);
    const renewed = (await test.call('POST', '/auth/session/', { refresh: session.refresh })).json();
    await test.call('GET', '/me', undefined, bearer(renewed.access));
    await test.call('POST', '/auth/password/reset/', { email: account.email });
    await test.app.ctx.outbox.deliverDue();
    const link = resetLink(mailText(await smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === account.email.toLowerCase()))));
    const query = `uid=${link.uid}&token=${link.token}`;
    // The person opens the link (the SPA's page), and clients that put credentials in a query string.
    await test.app.inject({ method: 'GET', url: `/password/reset/confirm?${query}` });
    await test.app.inject({ method: 'GET', url: `/api/auth/password/reset/confirm/?${query}` });
    await test.app.inject({ method: 'GET', url: `/api/me?access_token=${renewed.access}`, headers: bearer(renewed.access) });
    await test.app.inject({ method: 'POST', url: `/api/auth/session/?refresh=${session.refresh}`, payload: { refresh: session.refresh } });
    await test.call('POST', '/auth/password/reset/confirm/', { uid: link.uid, token: link.token, password: newPassword });
    const second = await signIn(test, { email: account.email, password: newPassword });
    await test.call('POST', '/auth/logout', { refresh: second.refresh });

    const entries = logs.entries();
    const urls = entries.map((e) => (e.req as { url?: string } | undefined)?.url).filter((url) => url !== undefined);
    expect(urls).toContain('/password/reset/confirm');
    expect(urls).toContain('/api/auth/password/reset/confirm/');
    expect(urls.filter((url) => url.includes('?'))).toEqual([]);
    const logged = entries.flatMap(strings);
    const secrets = [password, newPassword, session.access, session.refresh, renewed.access, second.access, second.refresh, link.token, query, `uid=${link.uid}`];
    for (const secret of secrets) {
      expect(logged.filter((text) => text.includes(secret)), `a secret (${secret.slice(0, 12)}...) is in the log`).toEqual([]);
    }
    expect(logs.text()).not.toContain(link.token);
  });
});
