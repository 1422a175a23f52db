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

  it('documents on every operation the statuses the HTTP layer can answer to any request, and those its guards can', () => {
    // (docs/decisions/046-account-safety.md; tests/server/fuzz.test.ts fails on any status an operation does not list.)
    const document = readContract() as { paths: Record<string, Record<string, { responses?: object; 'x-rate-limit'?: string }>> };
    for (const op of contractOperations()) {
      const source = document.paths[op.path]?.[op.method];
      const statuses = Object.keys(source?.responses ?? {});
      const expected = ['400', '408', '413', '414', '415', '431', '503'];
      if (op.requiresAuth) expected.push('401');
      if (op.staffOnly) expected.push('403');
      if (op.path.includes('{')) expected.push('404');
      if (source?.['x-rate-limit']) expected.push('429');
      expect(statuses, op.operationId).toEqual(expect.arrayContaining(expected));
    }
  });

  it('describes every request body object with additionalProperties: false, so a field it does not name is refused', () => {
    const open: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (Array.isArray(schema)) return schema.forEach((item, i) => walk(item, `${where}/${i}`));
      if (schema === null || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      const types = ([] as unknown[]).concat(node.type);
      if ((types.includes('object') || node.properties !== undefined) && node.additionalProperties === undefined && !('allOf' in node)) {
        open.push(where);
      }
      // if/then/else only add rules to the properties of the object they sit in, which is itself checked.
      for (const [key, value] of Object.entries(node)) if (!['if', 'then', 'else', 'not'].includes(key)) walk(value, `${where}/${key}`);
    };
    for (const op of contractOperations()) if (op.schema.body) walk(op.schema.body, op.operationId);
    expect(open).toEqual([]);
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
    // The tus routes (x-protocol: tus) are documented in the contract too, served by their own plugin.
    const paths = readContract().paths as Record<string, Record<string, unknown>>;
    const tus = Object.entries(paths)
      .filter(([, item]) => item['x-protocol'] === 'tus')
      .flatMap(([path, item]) =>
        ['post', 'patch', 'delete'].filter((method) => method in item).map((method) => `${method.toUpperCase()} /api${path.replace(/\{([^}]+)\}/g, ':$1')}`),
      );
    expect(tus).toEqual(['POST /api/uploads/resumable', 'PATCH /api/uploads/resumable/:uploadId', 'DELETE /api/uploads/resumable/:uploadId']);
    const expected = [...contractOperations().map((op) => `${op.method.toUpperCase()} /api${op.routePath}`), ...tus].sort();
    const actual = test.app.registeredRoutes.filter((r) => r.split(' ')[1]?.startsWith('/api')).sort();
    expect(actual).toEqual(expected);
  });
});
