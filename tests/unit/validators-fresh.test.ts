// shared/validation/validators.js and validators/ are generated from openapi.yaml and committed: they must be what the
// contract says today, with no module left of a form the contract no longer has.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateValidators, VALIDATORS_DIR } from '../../scripts/gen-validators.ts';

// Compiling every schema takes a few seconds on a busy two-core machine: more than Vitest's default 5 s.
describe('shared/validation/validators', { timeout: 60_000 }, () => {
  const files = generateValidators();

  it('match openapi.yaml (run `npm run gen:validators` when this fails)', () => {
    for (const [file, text] of Object.entries(files)) expect(readFileSync(file, 'utf8'), file).toBe(text);
    const committed = readdirSync(VALIDATORS_DIR).map((name) => `${VALIDATORS_DIR}/${name}`);
    expect(committed.sort()).toEqual(Object.keys(files).filter((file) => file.startsWith(`${VALIDATORS_DIR}/`)).sort());
  });

  it('hold no eval, new Function or require: they run in the browser under the CSP', () => {
    for (const [file, text] of Object.entries(files)) expect(text, file).not.toMatch(/\beval\(|new Function|\brequire\(/);
  });
});
