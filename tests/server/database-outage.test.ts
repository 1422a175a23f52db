// The database going away: PostgreSQL connections cut under a serving app (it survives, answers 503 while the
// database refuses connections, then serves again without a restart), and a database unreachable at start (one line).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, closedPort, registerAccount, runServerScript, signIn, startTestApp, type TestApp } from '../support/server.ts';
import { describeOnPostgres } from '../support/postgres-suites.ts';

describeOnPostgres('PostgreSQL connections cut while the app serves', () => {
  let test: TestApp;
  let admin: pg.Client;
  let pool: pg.Pool;
  let databaseName: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    test = await startTestApp('postgres');
    pool = (test.app.ctx.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = (await test.app.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
    databaseName = rows[0]?.name ?? '';
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    auth = bearer((await signIn(test, await registerAccount(test))).access);
  });
  afterAll(async () => {
    await admin?.query(`alter database ${databaseName} allow_connections true`).catch(() => undefined);
    await admin?.end();
    await test?.close();
  });

  /** pg_terminate_backend on every connection to the app's database; resolves once the pool has dropped them all. */
  async function terminateEveryConnection() {
    const dropped = new Promise<void>((resolve) => {
      if (pool.totalCount === 0) return resolve();
      const onRemove = () => {
        if (pool.totalCount > 0) return;
        pool.off('remove', onRemove);
        resolve();
      };
      pool.on('remove', onRemove);
    });
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
    await dropped;
  }

  it('survives connections terminated while idle and while lent out, and the next requests succeed', async () => {
    // Several connections in the pool, and one lent out as a transaction would hold it between two queries.
    await Promise.all(Array.from({ length: 4 }, () => test.call('GET', '/me', undefined, auth)));
    const lent = await pool.connect();
    const lentEnded = new Promise((resolve) => lent.once('end', resolve));
    expect(pool.totalCount).toBeGreaterThan(1);
    const idleDropped = terminateEveryConnection();
    // Without an 'error' listener of its own the lent client's error would end this process here.
    await lentEnded;
    lent.release(true);
    await idleDropped;

    const me = await test.call('GET', '/me', undefined, auth);
    expect(me.statusCode, me.body).toBe(200);
    expect((await test.call('GET', '/health/ready')).json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers 503 database_unavailable (localized) while the database refuses connections, then recovers', async () => {
    await admin.query(`alter database ${databaseName} allow_connections false`);
    try {
      await terminateEveryConnection();
      const unavailable = { es: 'El servicio no está disponible en este momento.', en: 'The service is unavailable right now.' };
      for (const language of ['es', 'en'] as const) {
        const headers = { ...auth, 'accept-language': language };
        for (const response of [
          await test.call('GET', '/me', undefined, headers),
          await test.call('POST', '/auth/login', { email: 'someone@example.org', password: 'Any-Passw0rd-1' }, headers),
        ]) {
          expect(response.statusCode, response.body).toBe(503);
          expect(response.json()).toEqual({ detail: unavailable[language], code: 'database_unavailable' });
        }
        // The process is alive (no restart would help): liveness answers; readiness names the database.
        expect((await test.call('GET', '/health', undefined, headers)).json()).toEqual({ status: 'ok' });
        const readiness = await test.call('GET', '/health/ready', undefined, headers);
        expect(readiness.statusCode).toBe(503);
        expect(readiness.json()).toEqual({
          status: 'unavailable',
          checks: { database: 'failed', outbox: 'unknown', storage: 'ok' },
          failing: ['database'],
          outbox_oldest_seconds: null,
          detail: { es: 'El servicio no está listo. No responde: la base de datos.', en: 'The service is not ready. Not answering: the database.' }[language],
          code: 'not_ready',
        });
      }
    } finally {
      await admin.query(`alter database ${databaseName} allow_connections true`);
    }
    const me = await test.call('GET', '/me', undefined, auth);
    expect(me.statusCode, me.body).toBe(200);
    expect((await test.call('GET', '/health/ready')).statusCode).toBe(200);
  });
});

describe('a database unreachable at start', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-unreachable-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the server with one line on stderr and a non-zero exit code', async () => {
    const port = await closedPort();
    const { code, stdout, stderr } = await runServerScript('server/server.ts', [], {
      DATABASE_URL: `postgres://x:not-this-password@127.0.0.1:${port}/x`,
      DATA_DIR: dataDir,
      SPA_DIR: '',
      PORT: String(await closedPort()),
      LOG_LEVEL: 'warn',
    });
    expect(stderr).toBe(`cannot reach the database at 127.0.0.1:${port}: connection refused\n`);
    expect(stdout).toBe('');
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
  }, 60_000);
});
