// shared/validation/validators.js is generated from openapi.yaml and committed: it must be what the contract says today.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateValidators } from '../../scripts/gen-validators.ts';

// Compiling every schema takes a few seconds on a busy two-core machine: more than Vitest's default 5 s.
describe('shared/validation/validators.js', { timeout: 60_000 }, () => {
  it('matches openapi.yaml (run `npm run gen:validators` when this fails)', () => {
    const { js, dts } = generateValidators();
    expect(readFileSync('shared/validation/validators.js', 'utf8')).toBe(js);
    expect(readFileSync('shared/validation/validators.d.ts', 'utf8')).toBe(dts);
  });

  it('holds no eval, new Function or require: it runs in the browser under the CSP', () => {
    const { js } = generateValidators();
    expect(js).not.toMatch(/\beval\(|new Function|\brequire\(/);
  });
});
