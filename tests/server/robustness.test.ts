// Hostile and unusual input on every field of register, login, session, logout, password reset, reset confirm,
// PATCH /me and PUT /me/ssn: always a 4xx in the docs/product.md error shapes (or success where the input is legal,
// then stored verbatim and returned intact), never a 500, and never a hash, a stack trace or an internal error text.
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '#server/db/schema.ts';
import {
  bearer,
  databaseKinds,
  errorShapeProblem,
  leakProblem,
  registerAccount,
  signIn,
  solveCaptcha,
  startTestApp,
  uniqueEmail,
  type Account,
  type TestApp,
} from '../support/server.ts';

/** Text a person may legitimately type: any of it is stored and returned exactly as sent. */
const legalText: Record<string, string> = {
  emoji: '🙂 👩🏽‍💻 🇵🇷',
  arabic: 'مرحبا بالعالم',
  hebrew: 'שלום עולם',
  'right-to-left override': 'abc\u202Egnp.exe',
  'combining marks': 'Jose\u0301 N\u0303an\u0303o Z\u0335\u0321a\u0334l\u0336g\u0335o',
  cjk: '東京都 서울',
  'SQL quote': "'; DROP TABLE users; --",
  'SQL tautology': "' OR '1'='1",
  'SQL union': '1 UNION SELECT email, password FROM users --',
  'HTML script': '<script>alert(1)</script>',
  'HTML attribute': '"><img src=x onerror=alert(1)>',
  'template syntax': '{{7*7}} ${7*7} {name} #{1}',
  'path traversal': '../../etc/passwd',
  'CRLF injection': 'line1\r\nSet-Cookie: x=1',
  backslashes: 'C:\\Windows\\System32 \\u0000 %00',
};

/** Text that is never valid: each must be refused as a field error (not a database failure). */
const illegalText: Record<string, string> = {
  'NUL character': 'a\u0000b',
  'only a NUL': '\u0000',
};

const wrongTypes: Record<string, unknown> = {
  number: 123,
  float: 12.5,
  boolean: true,
  null: null,
  object: {},
  'operator object': { $gt: '' },
  'empty array': [],
  'array of two': ['a', 'b'],
  'nested array': [[['x']]],
};

/** Every answer, whatever the input: below 500, an error in a docs/product.md shape, nothing internal in the body. */
function expectSafe(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(leakProblem(response.body), what).toBeUndefined();
  if (response.statusCode >= 400) {
    expect(errorShapeProblem(response.body), what).toBeUndefined();
    expect(response.headers['content-type'], what).toMatch(/^application\/json/);
  }
}

describe.each(databaseKinds)('robustness of the auth and /me calls (%s)', (kind) => {
  let test: TestApp;
  let account: Account;
  let auth: Record<string, string>;
  let refresh: string;

  beforeAll(async () => {
    test = await startTestApp(kind);
    account = await registerAccount(test);
    const session = await signIn(test, account);
    auth = bearer(session.access);
    refresh = session.refresh;
  });
  afterAll(async () => {
    await test?.close();
  });

  const row = async () => (await test.app.ctx.db.select().from(users).where(eq(users.id, account.id)))[0];

  /** A valid body for each call, and its method and path. */
  const calls = () => [
    {
      name: 'register',
      method: 'POST' as const,
      path: '/auth/register/',
      // Conditions refused: every variation runs validation and the service's checks, without a password hash each.
      body: { email: uniqueEmail('robust'), password: 'Correct-Horse-7-Battery', first_name: 'A', last_name: 'B', language: 'es', conditions: false, captcha: 'x' },
      headers: {},
    },
    { name: 'login', method: 'POST' as const, path: '/auth/login', body: { email: account.email, password: 'Wrong-Horse-7' }, headers: {} },
    { name: 'session', method: 'POST' as const, path: '/auth/session/', body: { refresh: 'x.y.z' }, headers: {} },
    { name: 'logout', method: 'POST' as const, path: '/auth/logout', body: { refresh: 'x.y.z' }, headers: {} },
    { name: 'reset', method: 'POST' as const, path: '/auth/password/reset/', body: { email: uniqueEmail('nobody') }, headers: {} },
    {
      name: 'reset confirm',
      method: 'POST' as const,
      path: '/auth/password/reset/confirm/',
      body: { uid: 'MQ', token: 'abc-def', password: 'Brand-New-Passw0rd' },
      headers: {},
    },
    { name: 'PATCH /me', method: 'PATCH' as const, path: '/me', body: { city: 'Ponce', first_name: 'Ana' }, get headers() { return auth; } },
    { name: 'PUT /me/ssn', method: 'PUT' as const, path: '/me/ssn', body: { ssn_last4: '1234' }, get headers() { return auth; } },
  ];

  describe('PATCH /me', () => {
    const limits: Record<string, number> = {
      first_name: 150,
      last_name: 150,
      country: 100,
      state: 100,
      city: 100,
      street_address: 200,
      physical_line1: 200,
      physical_line2: 200,
      postal_line1: 200,
      postal_line2: 200,
    };

    it('stores legal unicode, SQL and HTML text verbatim in every text field and returns it intact', async () => {
      for (const [field, limit] of Object.entries(limits)) {
        for (const [label, text] of Object.entries(legalText)) {
          const what = `${field} = ${label}`;
          const response = await test.call('PATCH', '/me', { [field]: text }, auth);
          expectSafe(response, what);
          if ([...text].length > limit) {
            expect(response.statusCode, what).toBe(400);
            expect(Object.keys(response.json()), what).toEqual([field, 'code']);
            continue;
          }
          expect(response.statusCode, what).toBe(200);
          expect(response.json()[field], what).toBe(text);
          expect((await row())?.[field as keyof typeof users.$inferSelect], what).toBe(text);
        }
      }
      const shown = await test.call('GET', '/me', undefined, auth);
      expectSafe(shown, 'GET /me');
      expect(shown.json().postal_line2).toBe(legalText.backslashes);
    });

    it('refuses such text as an e-mail, phone, ZIP code, gender or language, changing nothing', async () => {
      const before = await row();
      for (const field of ['email', 'phone', 'postal_code', 'gender', 'language']) {
        for (const [label, text] of Object.entries({ ...legalText, ...illegalText })) {
          const response = await test.call('PATCH', '/me', { [field]: text }, { ...auth, 'accept-language': 'en' });
          expectSafe(response, `${field} = ${label}`);
          expect(response.statusCode, `${field} = ${label}`).toBe(400);
          expect(Object.keys(response.json()), `${field} = ${label}`).toEqual([field, 'code']);
        }
      }
      const after = await row();
      const fields = (user: typeof after) => [user?.email, user?.phone, user?.postal_code, user?.gender, user?.language];
      expect(fields(after)).toEqual(fields(before));
    });

    it('refuses NUL characters in any text field as a field error', async () => {
      for (const field of Object.keys(limits)) {
        for (const [label, text] of Object.entries(illegalText)) {
          const response = await test.call('PATCH', '/me', { [field]: text }, { ...auth, 'accept-language': 'en' });
          expectSafe(response, `${field} = ${label}`);
          expect(response.statusCode, `${field} = ${label}`).toBe(400);
          expect(response.json(), `${field} = ${label}`).toEqual({ [field]: ['Enter a valid value.'], code: 'invalid' });
        }
      }
    });

    it('never fails on a value of the wrong type, nor on a lone surrogate', async () => {
      for (const field of [...Object.keys(limits), 'email', 'gender', 'language', 'postal_same_as_physical']) {
        for (const [label, value] of Object.entries({ ...wrongTypes, 'lone surrogate': '\ud83d' })) {
          expectSafe(await test.call('PATCH', '/me', { [field]: value }, auth), `${field} = ${label}`);
        }
      }
      const me = await test.call('GET', '/me', undefined, auth);
      expectSafe(me, 'GET /me');
      expect(me.json().is_staff).toBe(false);
    });
  });

  describe('register', () => {
    const form = async (overrides: Record<string, unknown>) => ({
      email: uniqueEmail('robust'),
      password: 'Correct-Horse-7-Battery',
      first_name: 'Ana',
      last_name: 'Rivera',
      language: 'es',
      conditions: true,
      captcha: await solveCaptcha(test),
      ...overrides,
    });

    it('creates accounts whose names hold any legal text, stored verbatim and returned intact at sign-in', async () => {
      for (const [label, text] of Object.entries(legalText)) {
        const body = await form({ first_name: text, last_name: `${text} ${label}` });
        const created = await test.call('POST', '/auth/register/', body);
        expectSafe(created, label);
        expect(created.statusCode, label).toBe(201);
        const [stored] = await test.app.ctx.db.select().from(users).where(eq(users.id, created.json().id));
        expect([stored?.first_name, stored?.last_name], label).toEqual([text, `${text} ${label}`]);
        const session = await test.call('POST', '/auth/login', { email: body.email, password: body.password });
        expectSafe(session, `login after ${label}`);
        expect([session.json().first_name, session.json().last_name], label).toEqual([text, `${text} ${label}`]);
      }
    });

    it('accepts any legal text of 8 or more characters as a password, which then signs in', async () => {
      for (const [label, text] of Object.entries(legalText)) {
        const body = await form({ password: text });
        const created = await test.call('POST', '/auth/register/', body, { 'accept-language': 'en' });
        expectSafe(created, `password = ${label}`);
        if ([...text].length < 8) {
          expect(created.statusCode, label).toBe(400);
          expect(created.json(), label).toEqual({ password: ['Ensure this field has at least 8 characters.'], code: 'invalid' });
          continue;
        }
        expect(created.statusCode, `password = ${label}`).toBe(201);
        const login = await test.call('POST', '/auth/login', { email: body.email, password: text });
        expectSafe(login, `login with password = ${label}`);
        expect(login.statusCode, `login with password = ${label}`).toBe(200);
      }
    });

    it('refuses such text as an e-mail, language or captcha, and NUL characters anywhere, naming the field', async () => {
      for (const field of ['email', 'language', 'captcha', 'first_name', 'last_name', 'password']) {
        const texts = ['email', 'language', 'captcha'].includes(field) ? { ...legalText, ...illegalText } : illegalText;
        for (const [label, text] of Object.entries(texts)) {
          const response = await test.call('POST', '/auth/register/', await form({ [field]: text }), { 'accept-language': 'en' });
          expectSafe(response, `${field} = ${label}`);
          expect(response.statusCode, `${field} = ${label}`).toBe(400);
          expect(Object.keys(response.json()), `${field} = ${label}`).toEqual([field, 'code']);
        }
      }
    });
  });

  describe('every call', () => {
    it('answers text, SQL, HTML and NUL in any field with a 4xx or a success, never a 500', async () => {
      for (const call of calls()) {
        for (const field of Object.keys(call.body)) {
          for (const [label, text] of Object.entries({ ...legalText, ...illegalText, 'very long': 'x'.repeat(20_000) })) {
            const response = await test.call(call.method, call.path, { ...call.body, [field]: text }, call.headers);
            expectSafe(response, `${call.name}: ${field} = ${label}`);
          }
        }
      }
    });

    it('answers values of the wrong type in any field with a 4xx or a success, never a 500', async () => {
      for (const call of calls()) {
        for (const field of Object.keys(call.body)) {
          for (const [label, value] of Object.entries(wrongTypes)) {
            const response = await test.call(call.method, call.path, { ...call.body, [field]: value }, call.headers);
            expectSafe(response, `${call.name}: ${field} = ${label}`);
          }
        }
      }
    });

    it('names each missing field', async () => {
      for (const call of calls()) {
        for (const field of Object.keys(call.body)) {
          if (call.name === 'PATCH /me') continue;
          const body: Record<string, unknown> = { ...call.body };
          delete body[field];
          const response = await test.call(call.method, call.path, body, { ...call.headers, 'accept-language': 'en' });
          expectSafe(response, `${call.name} without ${field}`);
          expect(response.statusCode, `${call.name} without ${field}`).toBe(400);
          expect(response.json()[field], `${call.name} without ${field}`).toEqual(['This field is required.']);
        }
      }
    });

    it('refuses a 10 MB JSON body with 413 {detail}, announced or streamed', async () => {
      const huge = JSON.stringify({ email: 'a'.repeat(10 * 1024 * 1024), password: 'x', refresh: 'y' });
      for (const call of calls()) {
        const announced = await test.app.inject({
          method: call.method,
          url: `/api${call.path}`,
          headers: { ...call.headers, 'content-type': 'application/json', 'accept-language': 'en' },
          payload: huge,
        });
        expectSafe(announced, `${call.name}: 10 MB`);
        expect(announced.statusCode, call.name).toBe(413);
        expect(announced.json(), call.name).toEqual({ detail: 'The request is too large.', code: 'too_large' });
      }
      const streamed = await test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: Readable.from((function* () {
          yield '{"email":"';
          for (let i = 0; i < 160; i += 1) yield 'a'.repeat(64 * 1024);
          yield '","password":"x"}';
        })()),
      });
      expectSafe(streamed, 'streamed 10 MB');
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json().detail).toBe('La solicitud es demasiado grande.');
    });

    it('refuses bodies that are not JSON objects: other content types, broken or hostile JSON', async () => {
      const bodies: Array<[string, string | undefined, string | Buffer]> = [
        ['text/plain', 'text/plain', 'email=a@b.co&password=x'],
        ['form-urlencoded', 'application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
        ['multipart', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--XyZ--\r\n'],
        ['XML', 'application/xml', '<login><email>a@b.co</email></login>'],
        ['no content type', undefined, '{"email":"a@b.co"}'],
        ['JSON-ish vendor type', 'application/vnd.api+json', '{"email":"a@b.co"}'],
        ['empty JSON', 'application/json', ''],
        ['truncated JSON', 'application/json', '{"email": "a@b.co", "password":'],
        ['trailing comma', 'application/json', '{"email": "a@b.co",}'],
        ['JSON null', 'application/json', 'null'],
        ['JSON string', 'application/json', '"a@b.co"'],
        ['JSON number', 'application/json', '42'],
        ['JSON array', 'application/json', '["a@b.co", "x"]'],
        ['__proto__ pollution', 'application/json', '{"__proto__": {"is_staff": true}, "email": "a@b.co", "password": "x"}'],
        ['constructor pollution', 'application/json', '{"constructor": {"prototype": {"is_staff": true}}, "email": "a@b.co"}'],
        ['deep nesting', 'application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
        ['invalid UTF-8', 'application/json', Buffer.concat([Buffer.from('{"email": "'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')])],
      ];
      for (const call of calls()) {
        for (const [label, type, payload] of bodies) {
          const response = await test.app.inject({
            method: call.method,
            url: `/api${call.path}`,
            headers: { ...call.headers, ...(type ? { 'content-type': type } : {}) },
            payload,
          });
          expectSafe(response, `${call.name}: ${label}`);
          expect(response.statusCode, `${call.name}: ${label}`).toBeGreaterThanOrEqual(400);
        }
      }
      // A charset parameter is not honoured (the body is read as UTF-8): legal JSON may succeed, never fail badly.
      for (const call of calls()) {
        const response = await test.app.inject({
          method: call.method,
          url: `/api${call.path}`,
          headers: { ...call.headers, 'content-type': 'application/json; charset=utf-16' },
          payload: JSON.stringify(call.body),
        });
        expectSafe(response, `${call.name}: charset=utf-16`);
      }
      // Nothing above made anyone staff or changed the account.
      expect((await row())?.is_staff).toBe(false);
      const plain: Record<string, unknown> = {};
      expect(plain.is_staff, 'Object.prototype polluted').toBeUndefined();
    });

    it('refuses hostile bearer tokens and headers on /me with 401, and odd Accept-Language falls back to Spanish', async () => {
      const forged = [
        'Bearer ' + 'x'.repeat(10_000),
        'Bearer a.b.c',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidHlwIjoiYWNjZXNzIiwiaXNzIjoiaW5jdWJhdG9yLXBvcnRhbCJ9.',
        "Bearer ' OR '1'='1",
        'Bearer 🙂.🙂.🙂',
        `Bearer ${refresh}`,
        'Bearer\tabc',
        'bearer',
      ];
      for (const authorization of forged) {
        const response = await test.call('GET', '/me', undefined, { authorization });
        expectSafe(response, authorization.slice(0, 40));
        expect(response.statusCode, authorization.slice(0, 40)).toBe(401);
      }
      for (const language of ['xx;q=abc', '*', ';;;,,,', 'en;q=0', 'EN-gb;q=0.1, zz;q=0.9', 'a'.repeat(5000)]) {
        const response = await test.call('POST', '/auth/login', { email: account.email, password: 'Wrong-Horse-7' }, { 'accept-language': language });
        expectSafe(response, `Accept-Language ${language.slice(0, 20)}`);
        expect(response.statusCode).toBe(401);
      }
      const english = await test.call('POST', '/auth/login', { email: account.email, password: 'Wrong-Horse-7' }, { 'accept-language': 'EN-gb;q=0.1, zz;q=0.9' });
      expect(english.json().detail).toBe('No active account found with the given credentials');
    });

    it('answers unknown paths and methods with 404 {detail}', async () => {
      for (const [method, path] of [
        ['GET', '/auth/login'],
        ['DELETE', '/me'],
        ['GET', '/me/ssn'],
        ['POST', '/users'],
        ['GET', "/me/'; DROP TABLE users; --"],
        ['GET', '/%00'],
        ['GET', '/..%2f..%2fetc%2fpasswd'],
      ] as const) {
        const response = await test.call(method, path, undefined, auth);
        expectSafe(response, `${method} ${path}`);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
    });

    it('still works normally after all of that', async () => {
      const session = await signIn(test, account);
      const me = await test.call('GET', '/me', undefined, bearer(session.access));
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(account.email);
      const rows = await test.app.ctx.db.select({ id: users.id }).from(users);
      expect(rows.length).toBeGreaterThan(1);
    });
  });
});
