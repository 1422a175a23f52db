// `npm start` on every core: on PostgreSQL one worker per WEB_CONCURRENCY under node:cluster, each pool sized so
// all of them stay under PostgreSQL's connection limit; PGlite stays one process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { closedPort, freshPostgres } from '../support/server.ts';
import { describeOnPostgres } from '../support/postgres-suites.ts';

const secret = 'a-test-secret-that-is-long-enough-123456';
const url = 'postgres://postgres@127.0.0.1:5432/portal';

describe('processes and pool sizes', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmpdir(), APP_SECRET: secret, ...env });

  it('runs one process per WEB_CONCURRENCY on PostgreSQL, with pools that together open at most 80 connections', () => {
    expect(load({ DATABASE_URL: url, WEB_CONCURRENCY: '2' })).toMatchObject({ webConcurrency: 2, databasePoolMax: 10 });
    expect(load({ DATABASE_URL: url, WEB_CONCURRENCY: '16' })).toMatchObject({ webConcurrency: 16, databasePoolMax: 5 });
    expect(load({ DATABASE_URL: url, WEB_CONCURRENCY: '4', DATABASE_POOL_MAX: '3' })).toMatchObject({ databasePoolMax: 3 });
    expect(load({ DATABASE_URL: url }).webConcurrency).toBeGreaterThanOrEqual(1);
  });

  it('runs one process on PGlite, whatever WEB_CONCURRENCY says', () => {
    expect(load({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(1);
  });

  it('refuses a process count or pool size that is not a whole number', () => {
    expect(() => load({ DATABASE_URL: url, WEB_CONCURRENCY: 'many', DATABASE_POOL_MAX: '0' })).toThrow(
      /WEB_CONCURRENCY must be a whole number from 1 to 1024[\s\S]*DATABASE_POOL_MAX must be a whole number from 1 to 10000/,
    );
  });
});

// PostgreSQL only (PGlite runs one process): with TEST_DATABASE_URL, as every PostgreSQL suite.
describeOnPostgres('the server on PostgreSQL with two workers', () => {
  it('starts both on one port, answers, and stops all on SIGTERM', async () => {
    const database = await freshPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
    const port = await closedPort();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/server.ts')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SPA_DIR: '',
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '2',
      },
    });
    try {
      let stdout = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          if (stdout.split('Server listening').length - 1 === 2) resolve();
        });
        child.on('exit', (code) => reject(new Error(`server exited (${code}): ${stdout}`)));
      });
      // The demo seed ran once, in the primary, before the workers started.
      expect(stdout.split('Demo staff account').length - 1).toBe(1);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      // Each worker migrated through its own pool, whose connections are still open: two at least.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      await admin.end();
      expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 180_000);
});
