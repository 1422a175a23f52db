// One home per constant: shared/application-constants.ts holds the step count, the upload limit and the SSN pattern;
// where openapi.yaml and the messages say the same, they say it with the same values, so the copies cannot drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import en from '#locales/en.json';
import es from '#locales/es.json';
import {
  isStepNumber,
  MAX_UPLOAD_BYTES,
  SSN_LAST4_INPUT_PATTERN,
  SSN_LAST4_PATTERN,
  STEP_COUNT,
  STEP_NUMBERS,
} from '#shared/application-constants';

interface Contract {
  paths: Record<string, Record<string, { summary?: string }>>;
  components: {
    parameters: Record<string, { schema: { minimum: number; maximum: number } }>;
    schemas: Record<string, { pattern?: string; properties?: Record<string, { pattern?: string }> }>;
  };
}
const contract = parse(readFileSync('openapi.yaml', 'utf8')) as Contract;

describe('shared/application-constants.ts', () => {
  it('numbers the steps 1 to STEP_COUNT, as the contract\'s step parameter does', () => {
    expect(STEP_NUMBERS).toEqual(Array.from({ length: STEP_COUNT }, (_, index) => index + 1));
    expect(contract.components.parameters.Step?.schema).toMatchObject({ minimum: 1, maximum: STEP_COUNT });
    const stepSchemas = Object.keys(contract.components.schemas).filter((name) => /^ApplicationStep\dData$/.test(name));
    expect(stepSchemas).toHaveLength(STEP_COUNT);
    expect([0, 1, STEP_COUNT, STEP_COUNT + 1, 2.5].map(isStepNumber)).toEqual([false, true, true, false, false]);
  });

  it('limits uploads to the 20MB the contract and the messages name', () => {
    const megabytes = MAX_UPLOAD_BYTES / (1024 * 1024);
    expect(megabytes).toBe(20);
    expect(contract.paths['/applications/{id}/intake-form']?.post?.summary).toContain(`${megabytes}MB`);
    expect(en['api.error.fileTooLarge']).toContain(`${megabytes}MB`);
    expect(es['api.error.fileTooLarge']).toContain(`${megabytes}`);
  });

  it('takes exactly 4 digits as the SSN, as the contract does (a step draft may hold fewer)', () => {
    expect(contract.components.schemas.SsnLast4?.pattern).toBe(SSN_LAST4_PATTERN.source);
    expect(contract.components.schemas.ApplicationStep1Data?.properties?.ssn_last4?.pattern).toBe(SSN_LAST4_PATTERN.source.replace('{4}', '{0,4}'));
    expect(new RegExp(`^(?:${SSN_LAST4_INPUT_PATTERN})$`).source).toBe('^(?:[0-9]{4})$');
    for (const [value, ok] of [['1234', true], ['123', false], ['12345', false], ['１２３４', false], ['12a4', false]] as const) {
      expect(SSN_LAST4_PATTERN.test(value), value).toBe(ok);
    }
  });
});
