// Processes and databases of a run, for the bench (bench/*.ts, through the `#test-support/*` alias) and the test
// support (server.ts): a free port, a process started and awaited until it answers, and its stop; and a fresh
// PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The repository's root. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** A loopback port nothing listens on (it was free a moment ago): a server may take it, a connection is refused. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts a process and resolves once `url` answers 200 `ready` times in a row (each cluster worker taking one). */
export async function startProcess(args: string[], env: Record<string, string>, url: string, ready = 1): Promise<{ child: ChildProcess; stdout: () => string }> {
  const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let answered = 0; answered < ready; ) {
    if (exited) throw new Error(`${args.join(' ')} exited: ${stdout}`);
    const ok = await fetch(url).then((response) => response.ok, () => false);
    answered = ok ? answered + 1 : 0;
    if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, stdout: () => stdout };
}

/** Stops a process (SIGTERM: its shutdown runs; SIGKILL: none does, as in a crash) and resolves once it is gone. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * A fresh database `name` on the PostgreSQL server of `adminUrl` (one left by an earlier run is dropped first): empty,
 * or a copy of the database `template` (tests/support/server.ts copies a migrated one).
 */
export async function freshDatabase(adminUrl: string, name: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pg-pool's end() resolves before its connections have closed; terminating one still closing (with force)
      // makes its client emit an unhandled FATAL 57P01. Wait for them to go first.
      for (let wait = 0; wait < 100; wait += 1) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
