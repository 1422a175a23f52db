// GET /api/health (liveness: the process alone) and GET /api/health/ready (readiness: the database, the e-mail
// outbox's age, the file storage), as a load balancer reads them (docs/operations.md). The database outage is in
// tests/server/database-outage.test.ts and tests/server/postgres-restart.test.ts.
import { rmSync, writeFileSync } from 'node:fs';
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
