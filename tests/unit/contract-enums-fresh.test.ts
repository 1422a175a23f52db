// shared/contract-enums.ts is generated from openapi.yaml and committed: it must be what the contract says today.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateContractEnums } from '../../scripts/gen-contract-enums.ts';
import { APPLICATION_STATUS_VALUES, SUB_PROGRAM_VALUES } from '#shared/contract-enums.ts';

// Reading the contract takes seconds on a busy two-core machine: more than Vitest's default 5 s.
describe('shared/contract-enums.ts', { timeout: 60_000 }, () => {
  it('matches openapi.yaml (run `npm run gen:api` when this fails)', () => {
    expect(readFileSync('shared/contract-enums.ts', 'utf8')).toBe(generateContractEnums());
  });

  it("holds each enum's values in the contract's order", () => {
    const contract = parse(readFileSync('openapi.yaml', 'utf8')) as { components: { schemas: Record<string, { enum?: unknown[] }> } };
    expect([...APPLICATION_STATUS_VALUES]).toEqual(contract.components.schemas.ApplicationStatus?.enum);
    expect([...SUB_PROGRAM_VALUES]).toEqual(contract.components.schemas.SubProgram?.enum);
  });
});
