// An exact in-process cache of the session check (auth/accounts.ts findSessionUser) for the embedded database only.
// One process owns PGlite, so every write passes through this process: any statement that writes to `users` or
// `revoked_tokens` (sign-out, password change or reset, an account changed or deactivated, a new e-mail) empties the
// cache before it runs and again when it ends, and a read that overlapped a write is not kept. PGlite runs its queries
// on the event loop that serves requests; a hit spares the refresh and GET /api/me that query
// (docs/decisions/047-metrics-and-hot-calls.md).
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** Past this many sessions the oldest entry goes: a bound on memory, not a lifetime (tokens expire on their own). */
const MAX_ENTRIES = 20_000;

/** Statements that may change who a session belongs to, or whether it is alive: any non-read naming either table. */
const readsOnly = /^\s*select\b/i;
const sessionTables = /\b(users|revoked_tokens)\b/i;
const mayChangeSessions = (text: string): boolean => !readsOnly.test(text) && sessionTables.test(text);

export class SessionCache<Row extends object> {
  private readonly entries = new Map<string, Row>();
  /** Moves on every write that may change a session: a read that began before it is not kept. */
  private generation = 0;

  changed(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** The cached row for `key`, else `load()`'s, kept only when no write began or ended while it ran. A copy each time. */
  async read(key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const hit = this.entries.get(key);
    if (hit) return { ...hit };
    const seen = this.generation;
    const row = await load();
    if (row && seen === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { ...row });
    }
    return row;
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, SessionCache<object>>();

/** The cache of a database handle opened on PGlite (undefined on PostgreSQL: several processes write there). */
export const sessionCacheOf = <Row extends object>(db: object): SessionCache<Row> | undefined => caches.get(db) as SessionCache<Row> | undefined;

/**
 * Attaches a cache to `db` and wraps `client`'s query, exec and transaction so every write that may change a session
 * empties it, before the statement runs and after it (and its transaction) ends.
 */
export function cacheSessionsOf(db: object, client: PGlite): void {
  const cache = new SessionCache<object>();
  caches.set(db, cache);
  const watch = <T>(writes: boolean, run: () => Promise<T>): Promise<T> => {
    if (!writes) return run();
    cache.changed();
    return run().finally(() => cache.changed());
  };
  /** Replaces query and exec of the client (or of one transaction) with ones that watch for writes. */
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>, noteWrite: () => void = () => undefined) => {
    for (const method of ['query', 'exec'] as const) {
      const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
      (target as Record<typeof method, unknown>)[method] = (text: string, ...rest: unknown[]) => {
        const writes = mayChangeSessions(text);
        if (writes) noteWrite();
        return watch(writes, () => original(text, ...rest));
      };
    }
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) => {
    let wrote = false;
    return transaction((tx) => {
      wrap(tx, () => (wrote = true));
      return callback(tx);
    }).finally(() => {
      // Committed or rolled back: either way the rows read during it may differ now.
      if (wrote) cache.changed();
    });
  }) as PGlite['transaction'];
}
