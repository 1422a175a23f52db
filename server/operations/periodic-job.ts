// Work the portal does on its own on a schedule (retention, reminders): each run holds a PostgreSQL advisory lock,
// so one server of several runs it and the others skip that turn; PGlite belongs to one process (nothing to share).
import type { FastifyBaseLogger } from 'fastify';
import { postgresPoolOf, type Db } from '#server/db/client.ts';

/**
 * Runs `work` unless another process holds the lock `key` (pg_try_advisory_lock: never waits). Returns undefined
 * when skipped.
 */
export async function unlessRunningElsewhere<T>(db: Db, key: number, work: () => Promise<T>): Promise<T | undefined> {
  const client = postgresPoolOf(db);
  if (!client) return work();
  const session = await client.connect();
  try {
    const { rows } = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await session.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    }
  } finally {
    session.release();
  }
}

export interface PeriodicJobOptions<T> {
  /** For the log: "retention", "reminders". */
  name: string;
  /** The advisory lock's key, one per job. */
  lockKey: number;
  db: Db;
  log: FastifyBaseLogger;
  /** One run; its report is logged. */
  run: () => Promise<T>;
  /** The log line of a run that did something. */
  done: string;
}

/** A job run every `intervalMs` (first `firstAfterMs` after start, not in the start's rush); stop() awaits a run. */
export class PeriodicJob<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: PeriodicJobOptions<T>) {}

  /** Runs once now (one process at a time across servers); resolves with the report, or undefined when skipped. */
  runOnce(): Promise<T | undefined> {
    const { db, lockKey, log, name, done } = this.options;
    const run = unlessRunningElsewhere(db, lockKey, this.options.run).then((report) => {
      if (report !== undefined) log.info({ [name]: report }, done);
      return report;
    });
    this.running = run.catch(() => undefined);
    return run;
  }

  start(intervalMs: number, firstAfterMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    const tick = () => void this.runOnce().catch((error: unknown) => this.options.log.error({ err: error }, `${this.options.name} run failed`));
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, intervalMs);
      this.timer.unref();
    }, firstAfterMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
