// The embedded database opened without a sync per query (docs/decisions/012-speed.md): a write the API acknowledged
// is still there after the server is killed with SIGKILL and started again on the same DATA_DIR.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
}

/** Starts server/server.ts on PGlite and resolves once it listens (pino's "Server listening" line). */
function startServer(dataDir: string, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/server.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SPA_DIR: '', LOG_LEVEL: 'info', MAIL_POLL_MS: '0' },
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('Server listening')) resolve({ child, stdout: () => stdout });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${stderr || stdout}`)));
  });
}

function kill9(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    server.child.on('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

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
