// The per-account attempt counter: a sliding window, the wait it announces, and a memory that does not grow for
// ever under a flood of made-up addresses.
import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from '#server/auth/attempt-limits.ts';

function limiter(max: number, windowMs: number) {
  let now = 1_000_000;
  const limits = new AttemptLimiter({ max, windowMs }, () => new Date(now));
  return { limits, advance: (ms: number) => (now += ms) };
}

describe('AttemptLimiter', () => {
  it('lets max attempts through in the window, then names the wait until the oldest leaves it', () => {
    const { limits, advance } = limiter(3, 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect(limits.waitMs('ana@example.org')).toBe(0);
      limits.record('ana@example.org');
      advance(1000);
    }
    expect(limits.waitMs('ana@example.org')).toBe(57_000);
    expect(() => limits.check('ana@example.org')).toThrow(expect.objectContaining({ statusCode: 429, headers: { 'retry-after': '57' } }));
    expect(limits.waitMs('luis@example.org')).toBe(0);
    advance(57_000);
    expect(limits.waitMs('ana@example.org')).toBe(0);
  });

  it('treats any spelling of an address as one account, and clear() lifts the lock', () => {
    const { limits } = limiter(1, 60_000);
    limits.record(AttemptLimiter.keyOf(' Ana@Example.ORG '));
    expect(limits.waitMs(AttemptLimiter.keyOf('ana@example.org'))).toBeGreaterThan(0);
    limits.clear('ana@example.org');
    expect(limits.waitMs('ana@example.org')).toBe(0);
  });

  it('forgets expired addresses under a flood of new ones', () => {
    const { limits, advance } = limiter(5, 1000);
    for (let i = 0; i < 50_000; i += 1) {
      limits.record(`made-up-${i}@example.org`);
      advance(10);
    }
    // 100 addresses per window are live; the sweeps keep the map within a small multiple of its floor.
    expect((limits as unknown as { attempts: Map<string, number[]> }).attempts.size).toBeLessThanOrEqual(20_002);
  });
});
