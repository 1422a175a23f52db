// The embedded database opened without a sync per query (docs/decisions/012-speed.md): a write the API acknowledged
// is still there after the server is killed with SIGKILL and started again on the same DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../support/server.ts';
import { kill9, startServer, type RunningServer } from '../support/server-process.ts';

describe('the embedded database after a kill -9', () => {
  let dataDir: string;
  let running: RunningServer | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-durability-'));
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) await kill9(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a write acknowledged just before the kill', async () => {
    const port = await closedPort();
    const api = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    running = await startServer(dataDir, port);
    const password = /password:\s+(\S+)/.exec(running.stdout())?.[1];
    expect(password, 'the demo seed prints the staff password').toBeDefined();
    const credentials = { email: 'staff@incubadora.example', password };
    const kept = (await (await api('/auth/login', credentials)).json()) as { refresh: string };
    const ended = (await (await api('/auth/login', credentials)).json()) as { refresh: string };
    // The write: logging out stores the session's id in revoked_tokens, and answers only once it is committed.
    expect((await api('/auth/logout', { refresh: ended.refresh })).status).toBe(200);
    await kill9(running);

    running = await startServer(dataDir, port);
    // The session logged out stays ended: the row was on disk. The other one still works (same secret, same data).
    expect((await api('/auth/session/', { refresh: ended.refresh })).status).toBe(401);
    expect((await api('/auth/session/', { refresh: kept.refresh })).status).toBe(200);
    await kill9(running);
  }, 240_000);
});
