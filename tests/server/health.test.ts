// GET /api/health (liveness: the process alone) and GET /api/health/ready (readiness: the database, the e-mail
// outbox's age, the file storage), as a load balancer reads them (docs/operations.md). The database outage is in
// tests/server/database-outage.test.ts and tests/server/postgres-restart.test.ts.
import { rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '#server/mail/outbox.ts';
import { databaseKinds, startTestApp, testClock, type TestApp } from '../support/server.ts';

const ready = { status: 'ok', checks: { database: 'ok', outbox: 'ok', storage: 'ok' }, failing: [], outbox_oldest_seconds: null };

describe.each(databaseKinds)('health and readiness (%s)', (kind) => {
  const clock = testClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now, env: { READY_OUTBOX_MAX_AGE: '600' } });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers liveness with the process alone, and every one of 40 concurrent readiness checks ok', async () => {
    expect((await test.call('GET', '/health')).json()).toEqual({ status: 'ok' });
    const answers = await Promise.all(Array.from({ length: 40 }, () => test.call('GET', '/health/ready')));
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(Array(40).fill([200, ready]));
    expect((await test.call('GET', '/health/ready')).json()).toEqual(ready);
  });

  it('is not ready while an e-mail has waited longer than READY_OUTBOX_MAX_AGE, and ready once it is sent', async () => {
    const { db } = test.app.ctx;
    await enqueueMail(db, { template: 'passwordReset', to: 'waiting@health.test', language: 'es', params: { link: 'http://portal.test/x', name: 'x', days: 3 } }, clock.now());
    const young = (await test.call('GET', '/health/ready')).json();
    expect(young.status).toBe('ok');
    expect(young.outbox_oldest_seconds).toBeGreaterThanOrEqual(0);

    clock.advance(601_000);
    for (const [language, detail] of [
      ['es', 'El servicio no está listo. No responde: el envío de correo (hay mensajes que esperan demasiado).'],
      ['en', 'The service is not ready. Not answering: e-mail delivery (messages have waited too long).'],
    ] as const) {
      const stale = await test.call('GET', '/health/ready', undefined, { 'accept-language': language });
      expect(stale.statusCode).toBe(503);
      expect(stale.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', outbox: 'failed', storage: 'ok' }, failing: ['outbox'], detail, code: 'not_ready' });
      expect(stale.json().outbox_oldest_seconds).toBeGreaterThan(600);
    }
    // Liveness does not care: restarting the process would not deliver the mail.
    expect((await test.call('GET', '/health')).statusCode).toBe(200);

    await test.app.ctx.outbox.deliverDue();
    expect((await test.call('GET', '/health/ready')).json()).toEqual(ready);
    clock.reset();
  });

  it('is not ready while uploads cannot be written, naming the file storage', async () => {
    const tmp = join(test.app.ctx.config.dataDir, 'files', 'tmp');
    rmSync(tmp, { recursive: true, force: true });
    // A file where the upload folder should be: nothing can be written there (a read-only or missing volume).
    writeFileSync(tmp, '');
    try {
      const answer = await test.call('GET', '/health/ready', undefined, { 'accept-language': 'en' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ checks: { database: 'ok', outbox: 'ok', storage: 'failed' }, failing: ['storage'], detail: 'The service is not ready. Not answering: file storage.' });
      expect((await test.call('GET', '/health')).statusCode).toBe(200);
    } finally {
      rmSync(tmp, { force: true });
    }
    expect((await test.call('GET', '/health/ready')).json()).toEqual(ready);
  });
});

// The liveness check is answered before Fastify (server/http/liveness.ts): over a real socket it must be the same answer
// as the route's, with the same headers, a request id and its count in the metrics. The process alone: PGlite suffices.
describe('liveness over a socket, answered before the framework', () => {
  let test: TestApp;
  let base: string;

  beforeAll(async () => {
    test = await startTestApp('pglite', { env: { METRICS_PORT: '9', TRUST_PROXY: '127.0.0.1' } });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await test?.close();
  });

  /** An answer's headers without those that differ per answer by nature. */
  const lasting = (headers: Record<string, unknown>) => {
    const { date: _date, 'x-request-id': _id, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
    return rest;
  };

  it('answers what the route answers, headers included, and a new request id each time', async () => {
    const routed = await test.app.inject({ method: 'GET', url: '/api/health' });
    const first = await fetch(`${base}/api/health`);
    const second = await fetch(`${base}/api/health/`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'ok' });
    expect(await second.json()).toEqual({ status: 'ok' });
    expect(lasting(Object.fromEntries(first.headers))).toEqual(lasting(routed.headers));
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it("keeps a trusted proxy's request id, refuses an unusable one, and counts every answer as the route's", async () => {
    const metrics = test.app.metrics;
    if (!metrics) throw new Error('METRICS_PORT is set: the metrics should be on');
    const before = await metrics.text();
    const passed = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'lb-check-42' } });
    await passed.arrayBuffer();
    expect(passed.headers.get('x-request-id')).toBe('lb-check-42');
    const injected = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'forged id <script>' } });
    await injected.arrayBuffer();
    expect(injected.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const after = await metrics.text();
    const count = (text: string) => Number(/portal_http_requests_total\{operation="getHealth",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    expect(count(after) - count(before)).toBe(2);
  });

  it('leaves every other request to the framework: HEAD, a query string, another path', async () => {
    const head = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const query = await fetch(`${base}/api/health?probe=1`);
    expect(await query.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok' });
    const missing = await fetch(`${base}/api/healthz`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });
});
