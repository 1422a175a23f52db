// Opens the database: PGlite in-process by default, PostgreSQL when a URL is given. Both run the same migrations.
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { cacheSessionsOf } from './session-cache.ts';

export type Schema = typeof schema;
/** The one database type services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The PostgreSQL extensions the migrations create (pg_trgm for staff search, migration 0007): every PGlite loads them. */
export const pgliteExtensions = { pg_trgm };

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget = { url: string } | { dataDir: string } | { pglite: PGlite };

export interface OpenOptions {
  /**
   * Told of a connection the server dropped while no query was waiting on it (restart, pg_terminate_backend,
   * network cut). The pool replaces it on the next query; without a listener the 'error' event ends the process.
   */
  onConnectionError?: (error: Error) => void;
  /** How long a query waits for a new connection before failing (and the request answering 503). */
  connectTimeoutMs?: number;
  /** PostgreSQL: connections the pool may open (DATABASE_POOL_MAX). */
  poolMax?: number;
}

/** The node-postgres pool under a database on PostgreSQL; undefined on PGlite (one in-process connection). */
export function postgresPoolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** pg_advisory_lock's key for starting up: any number, the same in every process of the portal. */
const STARTUP_LOCK_KEY = 4_711_025;

/**
 * Runs `work` while holding a PostgreSQL session lock that every server process takes around migrations and the demo
 * seed, so several servers starting at once on one database never race (docs/decisions/026-several-servers.md).
 * PGlite belongs to one process: nothing to lock.
 */
export async function whileStartupLocked<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const client = postgresPoolOf(db);
  if (!client) return work();
  const session = await client.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await session.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    session.release();
  }
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: options.poolMax ?? 10, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000 });
    const report = options.onConnectionError ?? (() => undefined);
    // An idle connection's error reaches the pool; one lent out (a transaction between two queries) reaches only its
    // client, so every client gets a listener of its own as well.
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = drizzlePg(pool, { schema });
    try {
      await whileStartupLocked(db, () => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw unreachableOr(error, target.url);
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if ('pglite' in target) client = target.pglite;
  else {
    mkdirSync(target.dataDir, { recursive: true });
    // Queries do not wait for PGlite's file-system sync: commits are still written to the data directory before they
    // are acknowledged (docs/decisions/012-speed.md says what a kill -9 and a power cut can cost).
    client = new PGlite(target.dataDir, { relaxedDurability: true, extensions: pgliteExtensions });
  }
  const db = drizzlePglite(client, { schema });
  // This process owns the embedded database: the session check can be cached exactly (session-cache.ts).
  cacheSessionsOf(db, client);
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** SQLSTATE classes and codes of a database that is away, not of a bad query (PostgreSQL appendix A). */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300', '55000', '3D000']);
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * Whether an error (or its cause: drizzle wraps the driver's) says the database cannot be reached right now:
 * refused or dropped connections, a server shutting down or refusing connections, a connect timeout.
 * The request that met it answers 503, and the next one tries a new connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableStates.has(code) || code.startsWith('08') || unavailableSocketCodes.has(code))) return true;
    if (/^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(current.message)) {
      return true;
    }
  }
  return false;
}

/** The database could not be reached at start: one line for the operator, no stack. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachableError';
  }
}

const socketReasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

function unreachableOr(error: unknown, url: string): unknown {
  if (!isDatabaseUnavailable(error) && !(error instanceof Error && /password authentication|role .* does not exist/.test(error.message))) {
    return error;
  }
  // The host and port only: the URL's user name and password stay out of the message.
  let where = 'the configured DATABASE_URL';
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    // Not a URL (a config check would have said so); keep the generic wording.
  }
  let reason = 'unknown error';
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    const known = typeof code === 'string' ? socketReasons[code] : undefined;
    reason = known ?? current.message;
    if (known || (typeof code === 'string' && !code.startsWith('E'))) break;
  }
  return new DatabaseUnreachableError(`cannot reach the database at ${where}: ${reason}`, { cause: error });
}
