// Rate limits shared by several servers through Redis (REDIS_URL; docs/decisions/026-several-servers.md): two app
// instances count one client's sign-ins together, per address and per account, where without Redis each counts alone;
// and a Redis that does not answer lets sign-ins through (a 401, never a 500) rather than locking everyone out.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startTestApp, type TestApp } from '../support/server.ts';

// Redis runs on 127.0.0.1:6379 on the project's machines (docs/stack.md); TEST_REDIS_URL names another.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const en = { 'accept-language': 'en' };
const login = (test: TestApp, email: string) => test.call('POST', '/auth/login', { email, password: 'Wrong-Password-123' }, en);

/** Two instances as two servers would run them; `shared` gives both the same Redis and key prefix. */
async function twoInstances(env: Record<string, string>, shared: boolean): Promise<[TestApp, TestApp]> {
  const prefix = `portal-test-${randomBytes(6).toString('hex')}:`;
  const withRedis: Record<string, string> = shared ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {};
  return [await startTestApp('pglite', { env: { ...env, ...withRedis } }), await startTestApp('pglite', { env: { ...env, ...withRedis } })];
}

describe('rate limits shared through Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('counts one address across both instances: the fifth sign-in, on either, is refused', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_LOGIN: '4' }, true);
    apps.push(a, b);
    const statuses = [];
    for (const [index, app] of [a, b, a, b, a].entries()) statuses.push((await login(app, `nobody-${index}@example.org`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const refused = await login(b, 'someone-else@example.org');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts one account across both instances, from any address', async () => {
    const [a, b] = await twoInstances({ ACCOUNT_LOGIN_ATTEMPTS: '3' }, true);
    apps.push(a, b);
    const email = `locked-${randomBytes(4).toString('hex')}@example.org`;
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await login(app, email.toUpperCase())).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(a, email)).json()).toMatchObject({ code: 'throttled' });
    // Another account is not touched.
    expect((await login(b, `free-${email}`)).statusCode).toBe(401);
  });

  it('without Redis each instance counts alone (what REDIS_URL is for)', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_LOGIN: '4', ACCOUNT_LOGIN_ATTEMPTS: '3' }, false);
    apps.push(a, b);
    const statuses = [];
    for (const app of [a, b, a, b, a, b]) statuses.push((await login(app, 'alone@example.org')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });

  describe('with Redis away', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp('pglite', { env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, RATE_LIMIT_LOGIN: '2', ACCOUNT_LOGIN_ATTEMPTS: '2' } });
      apps.push(test);
    });

    it('lets sign-ins through uncounted, answering as usual', async () => {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await login(test, 'redis-away@example.org');
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'no_active_account' });
      }
    });
  });
});
