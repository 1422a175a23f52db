// A throwaway PostgreSQL cluster (initdb and pg_ctl from Debian's packages, as .ci/run makes one when no server
// runs) that a test may stop and start again under a serving app (tests/server/postgres-restart.test.ts).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BASE = '/usr/lib/postgresql';

/** The newest installed server's bin directory (initdb, pg_ctl), or null when none is installed. */
export function postgresBinaries(): string | null {
  if (!existsSync(BASE)) return null;
  const versions = readdirSync(BASE)
    .filter((version) => existsSync(join(BASE, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? null : join(BASE, newest, 'bin');
}

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  /** pg_ctl stop -m fast: open sessions are ended, new connections refused, as in a restart or a failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server if it runs and deletes its files. */
  remove(): Promise<void>;
}

/** initdb and start a cluster on `port`, listening on 127.0.0.1 only, without fsync (nothing here must survive). */
export async function createCluster(port: number): Promise<ThrowawayCluster> {
  const bin = postgresBinaries();
  if (bin === null) throw new Error(`no PostgreSQL server binaries under ${BASE}: apt-get install postgresql`);
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-cluster-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres account (runuser), as in .ci/run.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const owner = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await owner('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', options, 'start']);
  };
  const stop = async () => {
    await owner('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
  };
  await owner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: async () => {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
