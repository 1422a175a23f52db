// How much of the browser suite a run takes (docs/testing.md, "How long"): CI's selection by default, the whole set
// with E2E_ALL=1 (`npm run test:e2e:all`).
import type { Locale } from './shell.ts';

/** True when the whole set was asked for. */
export const e2eAll = process.env.E2E_ALL === '1';

/**
 * The languages a test that plays the same scenario in each language runs in: both with E2E_ALL=1, else the one the
 * spec names. The specs name Spanish and English in turn, so CI plays each language across the suite; every screen
 * is still checked in both by tests/e2e/a11y-sweep.spec.ts.
 */
export const languagesOf = (inCi: Locale): readonly Locale[] => (e2eAll ? ['es', 'en'] : [inCi]);
