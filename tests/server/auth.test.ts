// Creating an account (POST /auth/register/) and signing in (POST /auth/login): every success and every refusal
// a person can meet, in Spanish by default and in English when asked, on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  databaseKinds,
  registerAccount,
  signIn,
  solveCaptcha,
  startTestApp,
  testClock,
  uniqueEmail,
  type TestApp,
} from '../support/server.ts';

const en = { 'accept-language': 'en' };

describe.each(databaseKinds)('create an account and sign in (%s)', (kind) => {
  const clock = testClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now });
  });
  afterAll(async () => {
    await test?.close();
  });

  /** A complete, valid sign-up form with a freshly solved captcha. */
  const form = async (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('signup'),
    password: 'Correct-Horse-7-Battery',
    first_name: 'Lucía',
    last_name: 'Ortiz Núñez',
    language: 'es',
    conditions: true,
    captcha: await solveCaptcha(test),
    ...overrides,
  });

  describe('POST /auth/register/', () => {
    it('creates the account (201) with a localized confirmation, and the person can then sign in', async () => {
      const body = await form();
      const created = await test.call('POST', '/auth/register/', body);
      expect(created.statusCode).toBe(201);
      const answer = created.json();
      expect(answer).toEqual({ detail: 'Su cuenta fue creada. Ya puede iniciar sesión.', id: expect.any(Number), email: body.email });

      const english = await test.call('POST', '/auth/register/', await form(), en);
      expect(english.statusCode).toBe(201);
      expect(english.json().detail).toBe('Your account was created. You can sign in now.');

      const session = await signIn(test, body);
      expect(session).toMatchObject({ id: answer.id, email: body.email, first_name: 'Lucía', last_name: 'Ortiz Núñez', is_staff: false });
    });

    it('refuses an e-mail already registered, whatever its letter case', async () => {
      const account = await registerAccount(test);
      const again = await test.call('POST', '/auth/register/', await form({ email: account.email.toUpperCase() }), en);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ email: ['A user with this email already exists'], code: 'invalid' });

      const spanish = await test.call('POST', '/auth/register/', await form({ email: account.email.toLowerCase() }));
      expect(spanish.json()).toEqual({ email: ['Ya existe un usuario con este correo electrónico'], code: 'invalid' });
    });

    it('gives one of two sign-ups racing for the same e-mail the account, and the other a field error', async () => {
      const email = uniqueEmail('race');
      const [first, second] = await Promise.all([form({ email }), form({ email: email.toUpperCase() })]);
      const answers = await Promise.all([test.call('POST', '/auth/register/', first, en), test.call('POST', '/auth/register/', second, en)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      expect(answers.find((a) => a.statusCode === 400)?.json()).toEqual({ email: ['A user with this email already exists'], code: 'invalid' });
    });

    it.each([
      ['too short', 'Ab1-xyz', 'Ensure this field has at least 8 characters.'],
      ['too common', 'Password123', 'This password is too common.'],
      ['entirely numeric', '48213907561', 'This password is entirely numeric.'],
      ['over 128 characters', `Long-${'x'.repeat(124)}`, 'Ensure this field has no more than 128 characters.'],
    ])('refuses a password that is %s, on the password field', async (_case, password, message) => {
      const body = await form({ password });
      const refused = await test.call('POST', '/auth/register/', body, en);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ password: [message], code: 'invalid' });
      expect(await accountExists(body.email)).toBe(false);
    });

    it('accepts a password of exactly 8 and exactly 128 characters', async () => {
      for (const password of ['Ab1-wxyz', `Long-${'y'.repeat(123)}`]) {
        const body = await form({ password });
        expect((await test.call('POST', '/auth/register/', body)).statusCode).toBe(201);
        expect(await signInStatus(body.email, password)).toBe(200);
      }
    });

    it("refuses the form when the conditions are not accepted: 'Conditions must be accepted'", async () => {
      const refused = await test.call('POST', '/auth/register/', await form({ conditions: false }), en);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ conditions: ['Conditions must be accepted'], code: 'invalid' });
      const spanish = await test.call('POST', '/auth/register/', await form({ conditions: false }));
      expect(spanish.json()).toEqual({ conditions: ['Debe aceptar las condiciones'], code: 'invalid' });
    });

    it('reports every rule a form breaks at once; an address with an account is named only once the rest is right', async () => {
      // The contract's rules come first (RegisterRequest: conditions accepted), and say nothing of the address.
      const account0 = await registerAccount(test);
      const contract = await test.call('POST', '/auth/register/', await form({ email: account0.email, conditions: false }), en);
      expect(contract.json()).toEqual({ conditions: ['Conditions must be accepted'], code: 'invalid' });
      // Whether an address has an account is told only after a solved captcha is spent: a form
      // with other mistakes says nothing about it, so the form cannot list accounts without solving a puzzle each.
      const account = await registerAccount(test);
      const refused = await test.call('POST', '/auth/register/', await form({ email: account.email, password: '13572468024', first_name: ' ' }), en);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        password: ['This password is entirely numeric.'],
        first_name: ['This field is required.'],
        code: 'invalid',
      });
    });

    it('checks the captcha before the address: a taken address with a bad captcha hears only of the captcha', async () => {
      const account = await registerAccount(test);
      for (const captcha of ['x', Buffer.from('{"challenge":{}}').toString('base64')]) {
        const refused = await test.call('POST', '/auth/register/', await form({ email: account.email, captcha }), en);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
      }
      // With a solved captcha the answer names the address, and that captcha is spent: asking again costs a new one.
      const captcha = await solveCaptcha(test);
      const taken = await test.call('POST', '/auth/register/', await form({ email: account.email, captcha }), en);
      expect(taken.json()).toEqual({ email: ['A user with this email already exists'], code: 'invalid' });
      const again = await test.call('POST', '/auth/register/', await form({ email: account.email, captcha }), en);
      expect(again.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
      const fresh = await test.call('POST', '/auth/register/', await form({ captcha }), en);
      expect(fresh.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
    });

    it("refuses a captcha that was not solved: 'Captcha is invalid or expired'", async () => {
      const challenge = (await test.call('GET', '/captcha')).json();
      const unsolved = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: 'ab' } })).toString('base64');
      for (const captcha of ['not-a-captcha', unsolved, Buffer.from('{"challenge":{}}').toString('base64')]) {
        const refused = await test.call('POST', '/auth/register/', await form({ captcha }), en);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
      }
      const spanish = await test.call('POST', '/auth/register/', await form({ captcha: 'x' }));
      expect(spanish.json()).toEqual({ captcha: ['El captcha no es válido o ha expirado'], code: 'captcha_invalid' });
    });

    it('accepts a solved captcha once: replayed for a second account it is refused', async () => {
      const captcha = await solveCaptcha(test);
      const first = await form({ captcha });
      expect((await test.call('POST', '/auth/register/', first)).statusCode).toBe(201);
      const replay = await form({ captcha });
      const refused = await test.call('POST', '/auth/register/', replay, en);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
      expect(await accountExists(replay.email)).toBe(false);
    });

    it('refuses a captcha whose challenge was issued more than 10 minutes ago', async () => {
      clock.advance(-11 * 60_000);
      const stale = await solveCaptcha(test);
      clock.reset();
      const refused = await test.call('POST', '/auth/register/', await form({ captcha: stale }), en);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
    });

    it('does not spend the captcha on a form refused for another reason, so a typo needs no new puzzle', async () => {
      const captcha = await solveCaptcha(test);
      const typo = await test.call('POST', '/auth/register/', await form({ captcha, password: '12345678901' }));
      expect(typo.statusCode).toBe(400);
      expect(typo.json()).not.toHaveProperty('captcha');
      expect((await test.call('POST', '/auth/register/', await form({ captcha }))).statusCode).toBe(201);
    });

    it.each(['email', 'password', 'first_name', 'last_name', 'language', 'conditions', 'captcha'])(
      'refuses the form without %s, naming that field',
      async (field) => {
        const body: Record<string, unknown> = await form();
        delete body[field];
        const refused = await test.call('POST', '/auth/register/', body, en);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ [field]: ['This field is required.'], code: 'invalid' });
      },
    );

    it('refuses an empty form and blank names', async () => {
      const empty = await test.call('POST', '/auth/register/', {}, en);
      expect(empty.statusCode).toBe(400);
      expect(Object.values(empty.json()).flat()).toContain('This field is required.');
      const blank = await test.call('POST', '/auth/register/', await form({ first_name: '   ', last_name: '' }), en);
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toHaveProperty('last_name', ['This field is required.']);
    });

    it('refuses a malformed e-mail and an unknown language', async () => {
      const email = await test.call('POST', '/auth/register/', await form({ email: 'not-an-address' }), en);
      expect(email.statusCode).toBe(400);
      expect(email.json()).toEqual({ email: ['Enter a valid email address.'], code: 'invalid' });
      const language = await test.call('POST', '/auth/register/', await form({ language: 'fr' }), en);
      expect(language.statusCode).toBe(400);
      expect(language.json()).toEqual({ language: ['Select a valid choice.'], code: 'invalid' });
    });

    it('cannot create a staff account: is_staff in the form is refused as a field it does not take, and no account is made', async () => {
      const fields = await form();
      const body = { ...fields, is_staff: true };
      const refused = await test.call('POST', '/auth/register/', body, en);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ is_staff: ['This field is not allowed.'], code: 'invalid' });
      expect((await test.call('POST', '/auth/login', { email: body.email, password: body.password })).statusCode).toBe(401);
      const created = await test.call('POST', '/auth/register/', fields);
      expect(created.statusCode).toBe(201);
      const [row] = await test.app.ctx.db.select().from(users).where(eq(users.id, created.json().id));
      expect(row?.is_staff).toBe(false);
      expect(row?.conditions_accepted_at).toBeInstanceOf(Date);
    });

    it('never stores the password itself: only an argon2id hash', async () => {
      const account = await registerAccount(test);
      const [row] = await test.app.ctx.db.select().from(users).where(eq(users.id, account.id));
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(row?.password_hash).not.toContain(account.password);
    });
  });

  async function accountExists(email: string) {
    const rows = await test.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return rows.length > 0;
  }

  async function signInStatus(email: string, password: string, headers: Record<string, string> = {}) {
    return (await test.call('POST', '/auth/login', { email, password }, headers)).statusCode;
  }

  describe('POST /auth/login', () => {
    let account: Awaited<ReturnType<typeof registerAccount>>;

    beforeAll(async () => {
      account = await registerAccount(test, { first_name: 'Marta', last_name: 'Vázquez', language: 'en' });
    });

    it('answers 200 with the tokens, the staff flag and the user (id, e-mail, names, language)', async () => {
      const response = await test.call('POST', '/auth/login', { email: account.email, password: account.password });
      expect(response.statusCode).toBe(200);
      const session = response.json();
      expect(session).toEqual({
        id: account.id,
        email: account.email,
        first_name: 'Marta',
        last_name: 'Vázquez',
        language: 'en',
        is_staff: false,
        access: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        refresh: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      });
      expect(session.access).not.toBe(session.refresh);
      expect((await test.call('GET', '/me', undefined, { authorization: `Bearer ${session.access}` })).statusCode).toBe(200);
    });

    it('finds the account whatever the letter case or surrounding spaces of the e-mail', async () => {
      expect(await signInStatus(`  ${account.email.toUpperCase()} `, account.password)).toBe(200);
    });

    it('tells a staff member so (is_staff true)', async () => {
      const staff = await registerAccount(test);
      await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, staff.id));
      expect((await signIn(test, staff)).is_staff).toBe(true);
    });

    it('refuses a wrong password, an unknown e-mail and an inactive account with the same 401 message', async () => {
      const inactive = await registerAccount(test);
      await test.app.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, inactive.id));
      const attempts = [
        { email: account.email, password: 'Wrong-Horse-7-Battery' },
        { email: account.email, password: account.password.toUpperCase() },
        { email: uniqueEmail('nobody'), password: account.password },
        { email: inactive.email, password: inactive.password },
      ];
      for (const attempt of attempts) {
        const english = await test.call('POST', '/auth/login', attempt, en);
        expect(english.statusCode).toBe(401);
        expect(english.json()).toMatchObject({ detail: 'No active account found with the given credentials' });
        expect(english.json()).not.toHaveProperty('access');
        const spanish = await test.call('POST', '/auth/login', attempt);
        expect(spanish.statusCode).toBe(401);
        expect(spanish.json()).toMatchObject({ detail: 'No se encontró una cuenta activa con las credenciales proporcionadas' });
        // The two refusals are indistinguishable: nothing tells an attacker which part was wrong.
        expect(Object.keys(english.json()).sort()).toEqual(['code', 'detail']);
      }
    });

    it('follows Accept-Language preferences: English when preferred, Spanish by default and for other languages', async () => {
      const wrong = { email: account.email, password: 'Wrong-Horse-7-Battery' };
      const detail = async (header?: string) =>
        (await test.call('POST', '/auth/login', wrong, header ? { 'accept-language': header } : {})).json().detail;
      expect(await detail('en-US,en;q=0.9')).toBe('No active account found with the given credentials');
      expect(await detail('fr-FR, en;q=0.5')).toBe('No active account found with the given credentials');
      expect(await detail('fr-FR')).toBe('No se encontró una cuenta activa con las credenciales proporcionadas');
      expect(await detail('es-PR,en;q=0.8')).toBe('No se encontró una cuenta activa con las credenciales proporcionadas');
      expect(await detail()).toBe('No se encontró una cuenta activa con las credenciales proporcionadas');
    });

    it('refuses a form without e-mail or password as field errors, not as a 401', async () => {
      const missing = await test.call('POST', '/auth/login', { email: account.email }, en);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ password: ['This field is required.'], code: 'invalid' });
      const empty = await test.call('POST', '/auth/login', { email: '', password: 'x' }, en);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ email: ['This field is required.'], code: 'invalid' });
    });
  });
});
