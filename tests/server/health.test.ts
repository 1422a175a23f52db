// GET /api/health under concurrent checks: requests that arrive together share one database probe, and each still
// answers from a probe (tests/server/database-outage.test.ts shows an outage answered 503 at the next check).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

describe.each(databaseKinds)('health checks (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers every one of 40 concurrent checks ok, and the next check again', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => test.call('GET', '/health')));
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(Array(40).fill([200, { status: 'ok', database: 'ok' }]));
    expect((await test.call('GET', '/health')).json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
