// Per-account limits that hold whatever address a client uses: failed sign-ins and password-reset e-mails per
// e-mail address in a sliding window. In memory for one process (docs/decisions/003-tokens-and-revocation.md), or in
// Redis when REDIS_URL is set, so every process and server counts together (docs/decisions/026-several-servers.md).
import type { Redis } from 'ioredis';
import { detailError, type AppError } from '#server/http/errors.ts';

export interface AttemptLimitSettings {
  /** Attempts allowed for one key within the window; the next one waits until the oldest leaves the window. */
  max: number;
  windowMs: number;
}

/** Past this many keys, expired ones are swept, so a flood of made-up addresses does not grow memory for ever. */
const SWEEP_ABOVE_KEYS = 10_000;

/** What the auth calls need of a limiter, wherever it keeps its counts. */
export interface AccountLimiter {
  /** Counts one attempt for the key, or throws 429 (Retry-After) without counting it while the key is over its limit. */
  take(key: string): Promise<void>;
  /** Forgets the key's attempts (a right password, a reset). */
  forget(key: string): Promise<void>;
}

/** The counts of one process, in memory. */
export class AttemptLimiter implements AccountLimiter {
  private readonly attempts = new Map<string, number[]>();
  /** The next sweep happens past this size: twice what a sweep kept, so sweeps stay rare (amortized O(1)). */
  private sweepAbove = SWEEP_ABOVE_KEYS;

  constructor(private readonly settings: AttemptLimitSettings, private readonly now: () => Date) {}

  /** The same key for any spelling of an address: trimmed, lower case. */
  static keyOf(email: string): string {
    return email.trim().toLowerCase();
  }

  private recent(key: string, at: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((time) => time > at - this.settings.windowMs);
    if (kept.length > 0) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  /** Milliseconds until the key may try again; 0 when it may now. */
  waitMs(key: string): number {
    const at = this.now().getTime();
    const recent = this.recent(key, at);
    if (recent.length < this.settings.max) return 0;
    return recent[recent.length - this.settings.max]! + this.settings.windowMs - at;
  }

  record(key: string): void {
    const at = this.now().getTime();
    if (this.attempts.size > this.sweepAbove) {
      for (const other of [...this.attempts.keys()]) this.recent(other, at);
      this.sweepAbove = Math.max(SWEEP_ABOVE_KEYS, this.attempts.size * 2);
    }
    this.attempts.set(key, [...this.recent(key, at), at]);
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  /** Throws 429 `{detail, code: 'throttled'}` with Retry-After while the key is over its limit. */
  check(key: string): void {
    const wait = this.waitMs(key);
    if (wait > 0) throw throttled(wait);
  }

  take(key: string): Promise<void> {
    this.check(key);
    this.record(key);
    return Promise.resolve();
  }

  forget(key: string): Promise<void> {
    this.clear(key);
    return Promise.resolve();
  }
}

/**
 * The same sliding window in Redis, one sorted set per key (members are attempt times), checked and counted in one
 * script so two processes never both take the last attempt. Answers the wait in ms, 0 when the attempt was counted.
 */
const TAKE_SCRIPT = `
local key, now, window, max, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= max then
  local oldest = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return 0`;

export class RedisAttemptLimiter implements AccountLimiter {
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    /** Keeps this limit's keys apart from the others' (and from other deployments on the same Redis). */
    private readonly prefix: string,
    private readonly settings: AttemptLimitSettings,
    private readonly now: () => Date,
    /** Redis did not answer: the attempt goes through uncounted (a sign-in must not depend on Redis), and is logged. */
    private readonly onStoreError: (error: unknown) => void,
  ) {}

  async take(key: string): Promise<void> {
    const at = this.now().getTime();
    // A unique member per attempt: two attempts in the same millisecond are two attempts.
    const member = `${at}:${process.pid}:${(this.sequence += 1)}:${Math.random().toString(36).slice(2)}`;
    let wait: number;
    try {
      wait = Number(await this.redis.eval(TAKE_SCRIPT, 1, `${this.prefix}${key}`, at, this.settings.windowMs, this.settings.max, member));
    } catch (error) {
      this.onStoreError(error);
      return;
    }
    if (wait > 0) throw throttled(wait);
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}${key}`).catch((error: unknown) => this.onStoreError(error));
  }
}

export function throttled(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const error = detailError(429, 'api.error.rateLimited', 'throttled', { seconds });
  Object.assign(error.headers, { 'retry-after': String(seconds) });
  return error;
}
