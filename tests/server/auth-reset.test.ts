// Forgotten password: POST /auth/password/reset/ queues a link (same answer whether the account exists or not),
// POST /auth/password/reset/confirm/ sets the new password with the link's uid and token, signing out every session.
// The link is read from the outbox row the request wrote; mail.test.ts delivers it through a real SMTP server.
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '#server/db/schema.ts';
import {
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
const DAY = 24 * 3600_000;
const invalidLink = { non_field_errors: ['The password reset link is invalid or has expired.'], code: 'reset_link_invalid' };

describe.each(databaseKinds)('password reset (%s)', (kind) => {
  const clock = testClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now });
  });
  afterAll(async () => {
    await test?.close();
  });
  afterEach(() => clock.reset());

  const requestReset = (email: string, headers: Record<string, string> = en) =>
    test.call('POST', '/auth/password/reset/', { email }, headers);
  const confirm = (body: Record<string, unknown>, headers: Record<string, string> = en) =>
    test.call('POST', '/auth/password/reset/confirm/', body, headers);

  const mailsTo = (address: string) =>
    test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(desc(mailOutbox.id));

  /** Asks for a reset and returns the link of the e-mail it queued. */
  async function linkFor(account: Account) {
    expect((await requestReset(account.email)).statusCode).toBe(200);
    const [mail] = await mailsTo(account.email);
    if (!mail) throw new Error('no reset e-mail queued');
    return resetLink(mail.text_body);
  }

  describe('POST /auth/password/reset/', () => {
    it('answers the same whether or not the account exists, and queues an e-mail only when it does', async () => {
      const account = await registerAccount(test);
      const stranger = uniqueEmail('stranger');

      const known = await requestReset(account.email);
      const unknown = await requestReset(stranger);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ detail: 'If an account exists with that e-mail, we sent a link to reset the password.' });
      expect((await requestReset(stranger, {})).json()).toEqual({
        detail: 'Si existe una cuenta con ese correo electrónico, le enviamos un enlace para restablecer la contraseña.',
      });

      const queued = await mailsTo(account.email);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ template: 'passwordReset', sent_at: null, attempts: 0 });
      expect(await mailsTo(stranger)).toHaveLength(0);
    });

    it('finds the account whatever the letter case of the e-mail, and writes to the address on file', async () => {
      const account = await registerAccount(test);
      expect((await requestReset(account.email.toUpperCase())).statusCode).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(1);
    });

    it('sends nothing for an inactive account, with the same answer', async () => {
      const account = await registerAccount(test);
      await test.app.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, account.id));
      const response = await requestReset(account.email);
      expect(response.json()).toEqual({ detail: 'If an account exists with that e-mail, we sent a link to reset the password.' });
      expect(await mailsTo(account.email)).toHaveLength(0);
    });

    it('writes the link to the reset page of the portal, in the language of the account', async () => {
      const spanish = await registerAccount(test, { first_name: 'Rosa', language: 'es' });
      await requestReset(spanish.email, en);
      const [mail] = await mailsTo(spanish.email);
      expect(mail?.language).toBe('es');
      expect(mail?.subject).toBe('Restablezca su contraseña');
      expect(mail?.text_body).toContain('Hola Rosa');
      const link = resetLink(mail?.text_body ?? '');
      expect(`${link.url.origin}${link.url.pathname}`).toBe('http://portal.test/password/reset/confirm');
      expect(link.uid).not.toBe('');
      expect(link.token).not.toBe('');
    });

    it('refuses a malformed e-mail or a missing one as a field error', async () => {
      const bad = await requestReset('not an address');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ email: ['Enter a valid email address.'], code: 'invalid' });
      const missing = await test.call('POST', '/auth/password/reset/', {}, en);
      expect(missing.json()).toEqual({ email: ['This field is required.'], code: 'invalid' });
    });
  });

  describe('POST /auth/password/reset/confirm/', () => {
    it('sets the new password: it signs in, the old one does not, every earlier session ends, and the link is spent', async () => {
      const account = await registerAccount(test);
      const laptop = await signIn(test, account);
      const phone = await signIn(test, account);
      const link = await linkFor(account);

      const done = await confirm({ uid: link.uid, token: link.token, password: 'Brand-New-Passw0rd' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ detail: 'Your password has been reset. Sign in with the new password.' });

      expect((await signIn(test, { email: account.email, password: 'Brand-New-Passw0rd' })).id).toBe(account.id);
      expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password })).statusCode).toBe(401);
      for (const session of [laptop, phone]) {
        const refused = await test.call('POST', '/auth/session/', { refresh: session.refresh }, en);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
      }

      const again = await confirm({ uid: link.uid, token: link.token, password: 'Another-New-Passw0rd' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(invalidLink);
      expect((await signIn(test, { email: account.email, password: 'Brand-New-Passw0rd' })).id).toBe(account.id);
    });

    it('answers in Spanish by default', async () => {
      const account = await registerAccount(test);
      const link = await linkFor(account);
      const done = await confirm({ uid: link.uid, token: link.token, password: 'Brand-New-Passw0rd' }, {});
      expect(done.json()).toEqual({ detail: 'Su contraseña fue restablecida. Inicie sesión con la nueva contraseña.' });
      const again = await confirm({ uid: link.uid, token: link.token, password: 'Brand-New-Passw0rd' }, {});
      expect(again.json()).toEqual({ non_field_errors: ['El enlace para restablecer la contraseña no es válido o ha expirado.'], code: 'reset_link_invalid' });
    });

    it('refuses a bad uid: garbage, an unknown user, or another user than the token was made for', async () => {
      const account = await registerAccount(test);
      const other = await registerAccount(test);
      const link = await linkFor(account);
      const otherUid = Buffer.from(String(other.id)).toString('base64url');
      for (const uid of ['!!!', 'MA', Buffer.from('999999').toString('base64url'), Buffer.from('-1').toString('base64url'), otherUid]) {
        const refused = await confirm({ uid, token: link.token, password: 'Brand-New-Passw0rd' });
        expect(refused.statusCode, uid).toBe(400);
        expect(refused.json()).toEqual(invalidLink);
      }
      // Nobody's password changed.
      expect((await signIn(test, account)).id).toBe(account.id);
      expect((await signIn(test, other)).id).toBe(other.id);
    });

    it('refuses a bad token: altered, truncated, with a forged expiry, or made with another secret', async () => {
      const account = await registerAccount(test);
      const link = await linkFor(account);
      const dash = link.token.indexOf('-');
      const expires = link.token.slice(0, dash);
      const signature = link.token.slice(dash + 1);
      const later = (parseInt(expires, 36) + 30 * 24 * 3600).toString(36);
      for (const token of [
        `${expires}-${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
        link.token.slice(0, 10),
        `${later}-${signature}`,
        'x',
        `${expires}-`,
      ]) {
        const refused = await confirm({ uid: link.uid, token, password: 'Brand-New-Passw0rd' });
        expect(refused.statusCode, token).toBe(400);
        expect(refused.json()).toEqual(invalidLink);
      }
      expect((await signIn(test, account)).id).toBe(account.id);
    });

    it('accepts a link whose signature contains a dash (base64url), as it accepts any other', async () => {
      const account = await registerAccount(test);
      let link = await linkFor(account);
      // The signature covers the expiry second: a later second gives another signature. Half of them hold a dash.
      for (let second = 1; !link.token.slice(link.token.indexOf('-') + 1).includes('-'); second += 1) {
        if (second > 64) throw new Error('no signature with a dash in 64 tries');
        clock.advance(1000);
        link = await linkFor(account);
      }
      const done = await confirm({ uid: link.uid, token: link.token, password: 'Brand-New-Passw0rd' });
      expect(done.statusCode).toBe(200);
    });

    it('refuses a link older than 3 days, and accepts it just before', async () => {
      const account = await registerAccount(test);
      const link = await linkFor(account);
      clock.advance(3 * DAY + 60_000);
      const expired = await confirm({ uid: link.uid, token: link.token, password: 'Brand-New-Passw0rd' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual(invalidLink);

      clock.reset();
      clock.advance(3 * DAY - 60_000);
      expect((await confirm({ uid: link.uid, token: link.token, password: 'Brand-New-Passw0rd' })).statusCode).toBe(200);
    });

    it('refuses a link made before the password last changed (an older e-mail)', async () => {
      const account = await registerAccount(test);
      const first = await linkFor(account);
      const second = await linkFor(account);
      expect((await confirm({ uid: second.uid, token: second.token, password: 'Brand-New-Passw0rd' })).statusCode).toBe(200);
      expect((await confirm({ uid: first.uid, token: first.token, password: 'Other-New-Passw0rd' })).json()).toEqual(invalidLink);
    });

    it.each([
      ['too short', 'Ab1-xyz', 'Ensure this field has at least 8 characters.'],
      ['too common', 'Password123', 'This password is too common.'],
      ['entirely numeric', '48213907561', 'This password is entirely numeric.'],
      ['over 128 characters', `Long-${'x'.repeat(124)}`, 'Ensure this field has no more than 128 characters.'],
    ])('refuses a new password that is %s, and the link still works afterwards', async (_case, password, message) => {
      const account = await registerAccount(test);
      const link = await linkFor(account);
      const refused = await confirm({ uid: link.uid, token: link.token, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ password: [message], code: 'invalid' });
      expect((await signIn(test, account)).id).toBe(account.id);
      expect((await confirm({ uid: link.uid, token: link.token, password: 'Brand-New-Passw0rd' })).statusCode).toBe(200);
    });

    it.each(['uid', 'token', 'password'])('refuses the form without %s, naming that field', async (field) => {
      const body: Record<string, unknown> = { uid: 'MQ', token: 'abc-def', password: 'Brand-New-Passw0rd' };
      delete body[field];
      const refused = await confirm(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ [field]: ['This field is required.'], code: 'invalid' });
    });
  });
});
