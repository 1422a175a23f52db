// Security headers on every answer of the API and of the SPA it serves: CSP (no framing, own fonts), HSTS in production
// only, nosniff, Referrer-Policy; no source map served; the sign-in check before the body (401 before 400).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds, errorShapeProblem, startTestApp, type TestApp } from '../support/server.ts';

function expectSecurityHeaders(response: LightMyRequestResponse, what: string, production = false) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, what).toMatch(/(^|;)font-src 'self'(;|$)/);
  // On localhost a remembered HSTS would make the browser refuse plain http://localhost for a year.
  if (production) expect(response.headers['strict-transport-security'], what).toMatch(/max-age=31536000; includeSubDomains/);
  else expect(response.headers['strict-transport-security'], what).toBeUndefined();
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-powered-by'], what).toBeUndefined();
}

describe.each(databaseKinds)('security headers (%s)', (kind) => {
  let test: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'portal-spa-'));
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    writeFileSync(join(spaDir, 'assets', 'app-abc123.js'), 'console.log("portal")');
    writeFileSync(join(spaDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret-source.tsx"]}');
    test = await startTestApp(kind, { env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('are on API answers: success, field errors, 401, 404, 413 and 415', async () => {
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['health', await test.call('GET', '/health')],
      ['captcha', await test.call('GET', '/captcha')],
      ['login 400', await test.call('POST', '/auth/login', {})],
      ['login 401', await test.call('POST', '/auth/login', { email: 'a@b.co', password: 'x' })],
      ['me 401', await test.call('GET', '/me')],
      ['unknown API path 404', await test.call('GET', '/nothing-here')],
      ['413', await test.call('POST', '/auth/login', JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }), { 'content-type': 'application/json' })],
      ['415', await test.call('POST', '/auth/login', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' })],
    ];
    expect(answers.map(([, r]) => r.statusCode)).toEqual([200, 200, 400, 401, 401, 404, 413, 415]);
    for (const [what, response] of answers) expectSecurityHeaders(response, what);
  });

  it('keeps captcha challenges out of caches', async () => {
    expect((await test.call('GET', '/captcha')).headers['cache-control']).toBe('no-store');
  });

  it('are on the SPA page for any client route, which is never cached; hashed assets are cached for a year', async () => {
    for (const url of ['/', '/login', '/panel/programs', '/password/reset/confirm?uid=MQ&token=x']) {
      const page = await test.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(page, url);
    }
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A build file keeps what applies to a script: no sniffing, no use by other sites; not a document's headers.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']) {
      expect(asset.headers[name], name).toBeUndefined();
    }
  });

  it('never serves a source map the build left beside the bundles', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.map?x=1', '/assets/missing.js.map']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret-source');
      expect(errorShapeProblem(response.body), url).toBeUndefined();
    }
  });

  it('checks the sign-in before the body: 401, not a field error, for a bad body without a session', async () => {
    for (const [method, path, body] of [
      ['PATCH', '/me', { not_a_field: 1, phone: 42 }],
      ['PUT', '/me/ssn', { ssn_last4: 'nope' }],
      ['POST', '/applications', {}],
    ] as const) {
      const response = await test.call(method, path, body, { 'accept-language': 'en' });
      expect(response.statusCode, path).toBe(401);
      expect(response.json(), path).toEqual({ detail: 'You must sign in to continue.', code: 'not_authenticated' });
    }
    const unreadable = await test.call('PATCH', '/me', '{"phone": ', { 'content-type': 'application/json', authorization: 'Bearer x.y.z' });
    expect(unreadable.statusCode).toBe(401);
  });

  it('answers unknown API paths with JSON, not the SPA page', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe.each(databaseKinds)('security headers in production (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('also send HSTS and ask browsers to upgrade insecure requests', async () => {
    const response = await test.call('GET', '/health');
    expectSecurityHeaders(response, 'production', true);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
