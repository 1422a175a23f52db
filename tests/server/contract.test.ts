// The contract holds: openapi.yaml is valid and linted, the generated client types are current,
// and every operation has exactly one route (no route outside the contract).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { contractOperations, readContract } from '#server/http/contract.ts';
import { startTestApp, type TestApp } from '../support/server.ts';

describe('openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(readContract());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a unique operationId, a summary and a success answer', () => {
    const operations = contractOperations();
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const document = readContract() as { paths: Record<string, Record<string, { summary?: string; responses?: object }>> };
    for (const op of operations) {
      const source = document.paths[op.path]?.[op.method];
      expect(source?.summary, `${op.operationId} has a summary`).toBeTruthy();
      expect(Object.keys(source?.responses ?? {}).some((code) => code.startsWith('2')), `${op.operationId} answers 2xx`).toBe(true);
    }
  });

  it('matches the generated src/api/schema.d.ts (run `npm run gen:api` when this fails)', () => {
    const fresh = execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.yaml'], { encoding: 'utf8' });
    const committed = readFileSync('src/api/schema.d.ts', 'utf8');
    expect(committed).toBe(fresh);
  });
});

describe('routes', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp('pglite');
  });
  afterAll(async () => {
    await test?.close();
  });

  it('has one route for each operation and none outside the contract', () => {
    const expected = contractOperations()
      .map((op) => `${op.method.toUpperCase()} /api${op.routePath}`)
      .sort();
    const actual = test.app.registeredRoutes.filter((r) => r.split(' ')[1]?.startsWith('/api')).sort();
    expect(actual).toEqual(expected);
  });
});
