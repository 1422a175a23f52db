// Security headers on every answer of the API and of the SPA it serves: CSP (no framing), HSTS, nosniff, Referrer-Policy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response.headers['strict-transport-security'], what).toMatch(/max-age=31536000; includeSubDomains/);
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
    expectSecurityHeaders(asset, 'asset');
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

  it('also ask browsers to upgrade insecure requests', async () => {
    const response = await test.call('GET', '/health');
    expectSecurityHeaders(response, 'production');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
