// Faults: PostgreSQL itself stopped and started again (a throwaway cluster, as .ci/run makes)
// while the real server, in its own processes with the outbox polling, is under load. While the database is away every
// answer is 200 or a clear 503 `database_unavailable` (never a 500, never a hang), and once it is back the same
// processes serve again: nobody restarts the app. Runs where the PostgreSQL server binaries are installed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closedPort } from '../support/server.ts';
import { kill9, startServer, type RunningServer } from '../support/server-process.ts';
import { createCluster, type ThrowawayCluster } from '../support/throwaway-postgres.ts';
import { describeOnPostgres, postgresBinariesMissing } from '../support/postgres-suites.ts';

/** Answers seen by the load, by status, and any answer that is neither 200 nor the documented 503. */
interface Tally {
  byStatus: Map<number, number>;
  unexpected: string[];
}

describeOnPostgres('PostgreSQL stopped and started under load', () => {
  let cluster: ThrowawayCluster | undefined;
  let running: RunningServer | undefined;
  let dataDir: string;
  let base: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    cluster = await createCluster(await closedPort());
    dataDir = mkdtempSync(join(tmpdir(), 'portal-pg-restart-'));
    const port = await closedPort();
    base = `http://127.0.0.1:${port}/api`;
    // Two workers (as `npm start` on PostgreSQL) and the outbox polling through the outage.
    running = await startServer(dataDir, port, { DATABASE_URL: cluster.url, WEB_CONCURRENCY: '2', MAIL_POLL_MS: '250' });
    const password = /password:\s+(\S+)/.exec(running.stdout())?.[1];
    expect(password, 'the demo seed prints the staff password').toBeDefined();
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@incubadora.example', password }),
    });
    expect(login.status).toBe(200);
    headers = { authorization: `Bearer ${((await login.json()) as { access: string }).access}`, 'accept-language': 'en' };
  }, 240_000);
  afterAll(async () => {
    if (running) await kill9(running);
    await cluster?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 database_unavailable while the database is down, and serves again once it is back, without a restart', async () => {
    const tally: Tally = { byStatus: new Map(), unexpected: [] };
    const count = (status: number) => tally.byStatus.get(status) ?? 0;
    let loading = true;
    // Eight clients in a loop, each reading who it is (the token's session is checked in the database every time).
    const client = async () => {
      while (loading) {
        try {
          const response = await fetch(`${base}/me`, { headers, signal: AbortSignal.timeout(30_000) });
          const text = await response.text();
          tally.byStatus.set(response.status, count(response.status) + 1);
          if (response.status === 200) continue;
          const body = response.status === 503 ? (JSON.parse(text) as { detail?: unknown; code?: unknown }) : {};
          if (body.code !== 'database_unavailable' || body.detail !== 'The service is unavailable right now.') tally.unexpected.push(`${response.status} ${text}`);
        } catch (error) {
          // A reset connection or a request hanging for 30 s: the app did not answer at all.
          tally.unexpected.push(`no answer: ${String(error)}`);
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    try {
      await expect.poll(() => count(200), { timeout: 60_000 }).toBeGreaterThan(20);

      await cluster!.stop();
      await expect.poll(() => count(503), { timeout: 60_000 }).toBeGreaterThan(20);
      // A load balancer keeps the processes (liveness answers) and stops sending them traffic (readiness names the database).
      expect((await fetch(`${base}/health`, { headers })).status).toBe(200);
      const readiness = await fetch(`${base}/health/ready`, { headers });
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ failing: ['database'], detail: 'The service is not ready. Not answering: the database.', code: 'not_ready' });

      const servedBefore = count(200);
      await cluster!.start();
      await expect.poll(() => count(200) - servedBefore, { timeout: 60_000 }).toBeGreaterThan(20);
    } finally {
      loading = false;
      await Promise.allSettled(clients);
    }
    expect(tally.unexpected).toEqual([]);

    // The same processes serve, reads and writes alike.
    expect(running!.child.exitCode).toBeNull();
    expect(running!.child.signalCode).toBeNull();
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    const programs = (await (await fetch(`${base}/programs`, { headers })).json()) as { results: Array<{ id: number; status: string }> };
    const open = programs.results.find((program) => program.status === 'open');
    expect(open, 'the demo seed has an open program').toBeDefined();
    const created = await fetch(`${base}/applications`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ program_id: open!.id }),
    });
    expect(created.status).toBe(201);
  }, 300_000);
}, postgresBinariesMissing);
