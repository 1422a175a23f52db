// Rate limits on the guessable calls (login, register, password reset): past the limit they answer 429 with a
// localized {detail} and Retry-After, per client address, and a forged X-Forwarded-For does not get around them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, registerAccount, solveCaptcha, startTestApp, uniqueEmail, type Account, type TestApp } from '../support/server.ts';

const en = { 'accept-language': 'en' };

describe.each(databaseKinds)('rate limits (%s)', (kind) => {
  let test: TestApp;
  let account: Account;

  beforeAll(async () => {
    test = await startTestApp(kind, {
      env: { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_REGISTER: '2', RATE_LIMIT_PASSWORD_RESET: '2', RATE_LIMIT_WINDOW_MS: '60000' },
    });
    // Registering this account spends one of the two registrations of this client.
    account = await registerAccount(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  function expectThrottled(response: Awaited<ReturnType<TestApp['call']>>, language: 'en' | 'es') {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const detail = response.json().detail;
    expect(detail).toBe(
      language === 'en'
        ? `Too many attempts. Try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.`
        : `Demasiados intentos. Inténtelo de nuevo en ${retryAfter} ${retryAfter === 1 ? 'segundo' : 'segundos'}.`,
    );
    expect(Object.keys(response.json()).every((key) => key === 'detail' || key === 'code')).toBe(true);
  }

  it('login: after 3 attempts in the window, even the right password is answered 429 with Retry-After', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await test.call('POST', '/auth/login', { email: account.email, password: 'Wrong-Horse-7-Battery' });
      expect(response.statusCode).toBe(401);
      expect(Number(response.headers['x-ratelimit-remaining'])).toBe(2 - attempt);
    }
    expectThrottled(await test.call('POST', '/auth/login', { email: account.email, password: account.password }, en), 'en');
    expectThrottled(await test.call('POST', '/auth/login', { email: account.email, password: account.password }), 'es');
    // A forged X-Forwarded-For is not trusted outside production: still the same client.
    expectThrottled(await test.call('POST', '/auth/login', { email: account.email, password: account.password }, { ...en, 'x-forwarded-for': '198.51.100.7' }), 'en');
    // Other calls are not limited by the login limit.
    expect((await test.call('POST', '/auth/session/', { refresh: 'x' })).statusCode).toBe(401);
  });

  it('register: the third sign-up in the window is answered 429', async () => {
    const form = async () => ({
      email: uniqueEmail('limited'),
      password: 'Correct-Horse-7-Battery',
      first_name: 'Ana',
      last_name: 'Rivera',
      language: 'es',
      conditions: true,
      captcha: await solveCaptcha(test),
    });
    expect((await test.call('POST', '/auth/register/', await form())).statusCode).toBe(201);
    expectThrottled(await test.call('POST', '/auth/register/', await form(), en), 'en');
    expectThrottled(await test.call('POST', '/auth/register/', await form()), 'es');
  });

  it('password reset request and confirmation: limited too', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await test.call('POST', '/auth/password/reset/', { email: account.email })).statusCode).toBe(200);
    }
    expectThrottled(await test.call('POST', '/auth/password/reset/', { email: account.email }, en), 'en');
    expectThrottled(await test.call('POST', '/auth/password/reset/', { email: uniqueEmail() }), 'es');

    const guess = { uid: 'MQ', token: 'guess-token', password: 'Brand-New-Passw0rd' };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await test.call('POST', '/auth/password/reset/confirm/', guess)).statusCode).toBe(400);
    }
    expectThrottled(await test.call('POST', '/auth/password/reset/confirm/', guess, en), 'en');
  });
});

describe.each(databaseKinds)('rate limits behind the production proxy (%s)', (kind) => {
  let test: TestApp;
  let account: Account;

  beforeAll(async () => {
    test = await startTestApp(kind, {
      // inject() connects from 127.0.0.1: the load balancer, as the operator lists it.
      env: { NODE_ENV: 'production', RATE_LIMIT_LOGIN: '2', RATE_LIMIT_REGISTER: '5', TRUST_PROXY: '10.9.0.0/16, 127.0.0.1' },
    });
    account = await registerAccount(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  // The load balancer appends the address it saw to X-Forwarded-For; whatever the client wrote comes before it.
  const via = (client: string, forged?: string) => ({ ...en, 'x-forwarded-for': forged ? `${forged}, ${client}` : client });

  it('limits each client by the address the proxy saw, whatever the client forges in X-Forwarded-For', async () => {
    const wrong = { email: account.email, password: 'Wrong-Horse-7-Battery' };
    expect((await test.call('POST', '/auth/login', wrong, via('203.0.113.10', '10.0.0.1'))).statusCode).toBe(401);
    expect((await test.call('POST', '/auth/login', wrong, via('203.0.113.10', '10.0.0.2'))).statusCode).toBe(401);
    expectThrottled(await test.call('POST', '/auth/login', wrong, via('203.0.113.10', '10.0.0.3')));
    expectThrottled(await test.call('POST', '/auth/login', { email: account.email, password: account.password }, via('203.0.113.10')));
    // Another person, behind the same proxy, signs in.
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password }, via('203.0.113.20'))).statusCode).toBe(200);
  });

  function expectThrottled(response: Awaited<ReturnType<TestApp['call']>>) {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);
  }
});

describe.each(databaseKinds)('rate limits in production with no TRUST_PROXY (%s)', (kind) => {
  let test: TestApp;
  let account: Account;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { NODE_ENV: 'production', RATE_LIMIT_LOGIN: '2' } });
    account = await registerAccount(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('believes no X-Forwarded-For, not even from a private or loopback address: one client whatever it writes', async () => {
    const wrong = { email: account.email, password: 'Wrong-Horse-7-Battery' };
    const forged = (address: string) => ({ ...en, 'x-forwarded-for': address });
    expect((await test.call('POST', '/auth/login', wrong, forged('203.0.113.10'))).statusCode).toBe(401);
    expect((await test.call('POST', '/auth/login', wrong, forged('203.0.113.11'))).statusCode).toBe(401);
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password }, forged('203.0.113.12'))).statusCode).toBe(429);
  });
});

describe.each(databaseKinds)('rate limit window (%s)', (kind) => {
  let test: TestApp;
  let account: Account;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { RATE_LIMIT_LOGIN: '1', RATE_LIMIT_WINDOW_MS: '1000' } });
    account = await registerAccount(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('lets the person sign in again once Retry-After has passed', async () => {
    // Spend the window (a slow machine may cross a window boundary: keep trying until refused).
    let refused: Awaited<ReturnType<TestApp['call']>> | undefined;
    for (let attempt = 0; attempt < 10 && !refused; attempt += 1) {
      const response = await test.call('POST', '/auth/login', { email: account.email, password: 'Wrong-Horse-7-Battery' });
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(401);
    }
    if (!refused) throw new Error('never rate limited');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 200));
    expect((await test.call('POST', '/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });
});
