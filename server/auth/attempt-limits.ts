// Per-account limits that hold whatever address a client uses: failed sign-ins and password-reset e-mails per
// e-mail address in a sliding window. Kept in memory: one server process (docs/decisions/003-tokens-and-revocation.md).
import { detailError, type AppError } from '#server/http/errors.ts';

export interface AttemptLimitSettings {
  /** Attempts allowed for one key within the window; the next one waits until the oldest leaves the window. */
  max: number;
  windowMs: number;
}

/** Past this many keys, expired ones are swept, so a flood of made-up addresses does not grow memory for ever. */
const SWEEP_ABOVE_KEYS = 10_000;

export class AttemptLimiter {
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
}

export function throttled(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const error = detailError(429, 'api.error.rateLimited', 'throttled', { seconds });
  Object.assign(error.headers, { 'retry-after': String(seconds) });
  return error;
}
