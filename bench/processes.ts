// The bench's server processes: a free port, a process started and awaited until it answers, and its stop; and a
// fresh PostgreSQL database for a run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

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

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped by the returned function. */
export async function freshDatabase(adminUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
