// Backups that restore (docs/operations.md): one tar archive of the database (PGlite's data directory dump, or pg_dump's
// custom format for PostgreSQL) and the uploaded files on local disk, with a manifest of every table's row count and
// every file's SHA-256; a restore brings it back into an empty data folder or an empty database and checks both
// against the manifest before it says it is done.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '#server/db/client.ts';

const run = promisify(execFile);

/** Where a portal's data lives: the embedded database in `dataDir/db`, or `databaseUrl`; files in `dataDir/files`. */
export interface PortalData {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Files live in an S3 bucket (STORAGE_URL): the bucket is backed up by its own versioning, not here. */
  filesInBucket?: boolean;
}

export interface Manifest {
  format: 1;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** Rows in each table, `schema.table`. */
  tables: Record<string, number>;
  /** Every stored file under files/ (upload temp files left out), by its path there; null when files are in a bucket. */
  files: Record<string, { size: number; sha256: string }> | null;
}

const DUMP_PGLITE = 'database.pglite.tar.gz';
const DUMP_POSTGRES = 'database.pgdump';
/** The development signing secret kept beside the embedded database (server/config.ts): sessions survive a restore. */
const SECRET_FILE = 'secret.key';

/** Counts every table's rows: the schema's and the migrations' record. */
async function tableCounts(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, number>> {
  const tables = await query(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [schema, table] = String(name).split('.');
    const [row] = await query(`select count(*)::int as n from "${schema}"."${table}"`);
    counts[String(name)] = Number(row?.n ?? 0);
  }
  return counts;
}

async function withDatabase<T>(data: PortalData, work: (query: (sql: string) => Promise<Array<Record<string, unknown>>>, pglite?: PGlite) => Promise<T>): Promise<T> {
  if (data.databaseUrl) {
    const client = new pg.Client({ connectionString: data.databaseUrl });
    await client.connect();
    try {
      return await work(async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>>);
    } finally {
      await client.end();
    }
  }
  const pglite = new PGlite(join(data.dataDir, 'db'), { extensions: pgliteExtensions });
  try {
    return await work(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows, pglite);
  } finally {
    await pglite.close();
  }
}

/** Every file under `root` but the upload temp folder, by its path there, with its size and SHA-256. */
async function fileSums(root: string): Promise<Record<string, { size: number; sha256: string }>> {
  const sums: Record<string, { size: number; sha256: string }> = {};
  if (!existsSync(root)) return sums;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (relative(root, path) !== 'tmp') await walk(path);
      } else if (entry.isFile()) {
        const hash = createHash('sha256');
        for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
        sums[relative(root, path)] = { size: statSync(path).size, sha256: hash.digest('hex') };
      }
    }
  };
  await walk(root);
  return Object.fromEntries(Object.entries(sums).sort(([a], [b]) => a.localeCompare(b)));
}

/** The manifest of a portal's data as it stands. */
export async function describeData(data: PortalData, now = new Date()): Promise<Manifest> {
  const tables = await withDatabase(data, (query) => tableCounts(query));
  return {
    format: 1,
    created_at: now.toISOString(),
    database: data.databaseUrl ? 'postgres' : 'pglite',
    tables,
    files: data.filesInBucket ? null : await fileSums(join(data.dataDir, 'files')),
  };
}

/**
 * Writes the archive at `archive`. The embedded database belongs to one process: stop the server first (the open
 * refuses otherwise). PostgreSQL is dumped while it serves (pg_dump reads one consistent snapshot).
 */
export async function createBackup(data: PortalData, archive: string): Promise<Manifest> {
  const staging = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  try {
    let manifest: Manifest;
    if (data.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(staging, DUMP_POSTGRES)}`, data.databaseUrl]);
      manifest = await describeData(data);
    } else {
      // The counts first: PGlite answers no query after dumpDataDir (it leaves the instance to be closed).
      manifest = await withDatabase(data, async (query, pglite) => {
        const tables = await tableCounts(query);
        const dump = await pglite?.dumpDataDir('gzip');
        if (!dump) throw new Error('no embedded database to dump');
        writeFileSync(join(staging, DUMP_PGLITE), Buffer.from(await dump.arrayBuffer()));
        return {
          format: 1,
          created_at: new Date().toISOString(),
          database: 'pglite',
          tables,
          files: data.filesInBucket ? null : await fileSums(join(data.dataDir, 'files')),
        } satisfies Manifest;
      });
      if (existsSync(join(data.dataDir, SECRET_FILE))) await copyFile(join(data.dataDir, SECRET_FILE), join(staging, SECRET_FILE));
    }
    for (const path of Object.keys(manifest.files ?? {})) {
      const target = join(staging, 'files', path);
      mkdirSync(dirname(target), { recursive: true });
      await copyFile(join(data.dataDir, 'files', path), target);
    }
    writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(dirname(archive), { recursive: true });
    await run('tar', ['-cf', archive, '-C', staging, '.']);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A restore refused before it wrote anything: the target is not empty, or the archive is not one of ours. */
export class RestoreError extends Error {}

/** What differs between the manifest and the restored data: empty when the restore is whole. */
export function differences(expected: Manifest, restored: Manifest): string[] {
  const problems: string[] = [];
  for (const [table, count] of Object.entries(expected.tables)) {
    if (restored.tables[table] !== count) problems.push(`table ${table}: ${String(restored.tables[table] ?? 'missing')} rows, the backup had ${count}`);
  }
  for (const [path, file] of Object.entries(expected.files ?? {})) {
    const got = restored.files?.[path];
    if (!got) problems.push(`file ${path}: missing`);
    else if (got.sha256 !== file.sha256) problems.push(`file ${path}: its SHA-256 differs`);
  }
  return problems;
}

/** Restores `archive` into `data`, which must be empty, then checks it against the manifest; returns the manifest. */
export async function restoreBackup(archive: string, data: PortalData): Promise<Manifest> {
  if (!existsSync(archive)) throw new RestoreError(`no backup at ${archive}`);
  const staging = mkdtempSync(join(tmpdir(), 'portal-restore-'));
  try {
    await run('tar', ['-xf', archive, '-C', staging]);
    if (!existsSync(join(staging, 'manifest.json'))) throw new RestoreError(`${archive} is not a backup of the portal: it has no manifest.json`);
    const manifest = JSON.parse(readFileSync(join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== 1) throw new RestoreError(`${archive} is a backup format this version does not read (${String(manifest.format)})`);
    const wanted = data.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== wanted) {
      throw new RestoreError(`the backup is of a ${manifest.database} database, and the target is ${wanted}: restore into the same kind`);
    }
    const filesDir = join(data.dataDir, 'files');
    if (existsSync(filesDir) && readdirSync(filesDir).length > 0) throw new RestoreError(`${filesDir} is not empty: restore into an empty data folder`);

    if (data.databaseUrl) {
      const counts = await withDatabase(data, (query) => query(`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`));
      if (Number(counts[0]?.n ?? 0) > 0) throw new RestoreError('the database already has tables: restore into an empty database');
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${data.databaseUrl}`, join(staging, DUMP_POSTGRES)]);
    } else {
      const dbDir = join(data.dataDir, 'db');
      if (existsSync(dbDir) && readdirSync(dbDir).length > 0) throw new RestoreError(`${dbDir} is not empty: restore into an empty data folder`);
      mkdirSync(dbDir, { recursive: true });
      const dump = new Blob([readFileSync(join(staging, DUMP_PGLITE))]);
      const pglite = new PGlite(dbDir, { loadDataDir: dump, extensions: pgliteExtensions });
      await pglite.close();
      if (existsSync(join(staging, SECRET_FILE)) && !existsSync(join(data.dataDir, SECRET_FILE))) {
        await copyFile(join(staging, SECRET_FILE), join(data.dataDir, SECRET_FILE));
      }
    }
    for (const path of Object.keys(manifest.files ?? {})) {
      const target = join(filesDir, path);
      mkdirSync(dirname(target), { recursive: true });
      await copyFile(join(staging, 'files', path), target);
    }
    const problems = differences(manifest, await describeData({ ...data, filesInBucket: manifest.files === null }));
    if (problems.length > 0) throw new RestoreError(`the restored data differs from the backup:\n${problems.join('\n')}`);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
