// Input that once got a 500, sent to every operation of openapi.yaml (walked from contractOperations(), so a new
// operation is covered by itself): lone UTF-16 surrogates, Infinity and huge numbers, JSON nested thousands of levels,
// reset uids past the integer range, broken URL escapes and requests Node cannot read. Each gets a 4xx in the shapes.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bodyLimits } from '#server/plugins/body-limits.ts';
import { contractOperations, type ContractOperation } from '#server/http/contract.ts';
import { completeSteps, createProgram, signUp, type Person } from '../support/applicants.ts';
import { databaseKinds, errorShapeProblem, leakProblem, startTestApp, type TestApp } from '../support/server.ts';

type Schema = Record<string, unknown>;

const operations = contractOperations();
const LONE_SURROGATE = 'a\ud800b';
/** Path and query text that once got past the integer checks, or that no URL decoder accepts. */
const hostileParameters = ['Infinity', '-Infinity', '1e400', '99999999999999999999', '-99999999999', '%ED%A0%80', '%E0%A4%A'];

function expectShaped(response: LightMyRequestResponse, what: string, status?: number) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  if (status !== undefined) expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(status);
  expect(errorShapeProblem(response.body), what).toBeUndefined();
  expect(leakProblem(response.body), what).toBeUndefined();
  expect(response.headers['content-type'], what).toMatch(/^application\/json/);
}

/** A string parameter with no enum, pattern or format: any text is a valid value of it. */
function isFreeText(schema: Schema): boolean {
  return schema.type === 'string' && !('enum' in schema) && !('pattern' in schema) && !('format' in schema);
}

/** A value the schema accepts: its example, first choice or default, else a plain one of its type. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'text';
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const variants = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as Schema[] | undefined;
  if (variants?.[0]) return sample(variants[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, sample(child)]));
    }
    case 'array':
      return [sample(schema.items as Schema | undefined)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    default:
      return schema.format === 'email' ? 'someone@example.org' : 'text';
  }
}

/** The paths (key lists) of every leaf of a JSON value whose type is `type`. */
function leaves(value: unknown, type: 'string' | 'number', path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, type, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, type, [...path, key]));
  return typeof value === type ? [path] : [];
}

function replaced(value: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, copy);
  parent[path[path.length - 1]!] = replacement;
  return copy;
}

const jsonBodyOperations = operations.filter((op) => op.schema.body && !op.multipart);

describe.each(databaseKinds)('input that once got a 500, on every operation (%s)', (kind) => {
  let test: TestApp;
  let person: Person;
  let applicationId: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    person = await signUp(test, { staff: true });
    const program = await createProgram(test);
    const created = await test.call('POST', '/applications', { program_id: program.id }, person.headers);
    applicationId = (created.json() as { id: number }).id;
  });
  afterAll(async () => {
    await test?.close();
  });

  /** The operation's path with real values, except `hostile` for the parameter `name` (raw, not encoded). */
  const urlOf = (op: ContractOperation, name?: string, hostile?: string) =>
    `/api${op.path.replace(/\{([^}]+)\}/g, (_, param: string) => (param === name ? hostile! : param === 'id' ? String(applicationId) : '1'))}`;

  const send = (op: ContractOperation, url: string, payload?: string) =>
    test.app.inject({
      method: op.method.toUpperCase() as 'GET',
      url,
      headers: { ...(op.requiresAuth ? person.headers : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });

  it('covers every operation of the contract, and the ones with a path, query or JSON body', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.filter((op) => op.schema.params).length).toBeGreaterThan(5);
    expect(operations.filter((op) => op.schema.querystring).length).toBeGreaterThan(0);
    expect(jsonBodyOperations.length).toBeGreaterThan(8);
  });

  it('answers Infinity, huge numbers, lone surrogates and broken escapes in any path or query parameter with 400', async () => {
    for (const op of operations) {
      const body = op.schema.body && !op.multipart ? JSON.stringify(sample(op.schema.body)) : undefined;
      for (const name of Object.keys((op.schema.params?.properties ?? {}) as object)) {
        for (const hostile of hostileParameters) {
          expectShaped(await send(op, urlOf(op, name, hostile), body), `${op.operationId} path ${name}=${hostile}`, 400);
        }
      }
      for (const [name, schema] of Object.entries((op.schema.querystring?.properties ?? {}) as Record<string, Schema>)) {
        for (const hostile of hostileParameters) {
          const response = await send(op, `${urlOf(op)}?${name}=${hostile}`, body);
          const what = `${op.operationId} query ${name}=${hostile}`;
          // Free text (a search box) may well be "Infinity", and the URL decoder turns a broken escape into U+FFFD:
          // any answer but a server error will do there.
          if (isFreeText(schema)) expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          else expectShaped(response, what, 400);
        }
      }
      // A query parameter the contract does not name is dropped, whatever it holds.
      const stray = await send(op, `${urlOf(op)}?stray=%ED%A0%80&other=Infinity`, body);
      expect(stray.statusCode, `${op.operationId} stray query: ${stray.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('answers a lone surrogate in any string of any JSON body with 400 naming the field', async () => {
    for (const op of jsonBodyOperations) {
      const valid = sample(op.schema.body);
      for (const path of leaves(valid, 'string')) {
        const response = await send(op, urlOf(op), JSON.stringify(replaced(valid, path, LONE_SURROGATE)));
        expectShaped(response, `${op.operationId} ${path.join('.')}`, 400);
      }
      // A key the contract does not name is refused before it reaches storage (docs/decisions/046): any answer but a failure.
      const keyed = await send(op, urlOf(op), JSON.stringify({ ...(valid as object), [LONE_SURROGATE]: 'x' }));
      expect(keyed.statusCode, `${op.operationId} key: ${keyed.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('answers Infinity-sized and out-of-range numbers in any number of any JSON body with 400', async () => {
    for (const op of jsonBodyOperations) {
      const valid = sample(op.schema.body);
      for (const path of leaves(valid, 'number')) {
        for (const huge of ['1e400', '-1e400', '99999999999999999999', '-99999999999999999999']) {
          const text = JSON.stringify(replaced(valid, path, '__HUGE__')).replace('"__HUGE__"', huge);
          expectShaped(await send(op, urlOf(op), text), `${op.operationId} ${path.join('.')}=${huge}`, 400);
        }
      }
    }
  });

  it('answers JSON nested 3,000 and 100,000 levels deep with 400 {detail, code} (413 past the body limit of the route), objects and arrays alike', async () => {
    const bodies = {
      'objects 3,000 deep': `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      'arrays 3,000 deep': `${'['.repeat(3000)}${']'.repeat(3000)}`,
      'objects 100,000 deep': `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
      'arrays 100,000 deep inside a field': `{"data": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "version": 0}`,
    };
    for (const op of jsonBodyOperations) {
      for (const [label, payload] of Object.entries(bodies)) {
        const response = await send(op, urlOf(op), payload);
        // A deep body is also a long one: past the route's body limit (server/plugins/body-limits.ts bodyLimits) it is refused unread.
        const tooLong = response.statusCode === 413 && Buffer.byteLength(payload) > bodyLimits.anonymous;
        expectShaped(response, `${op.operationId}: ${label}`, tooLong ? 413 : 400);
        expect(response.json(), `${op.operationId}: ${label}`).toHaveProperty('code', tooLong ? 'too_large' : 'malformed');
        // A step save takes bodies of up to 1 MiB: there every one of these is read, and refused for its depth.
        if (op.operationId.startsWith('saveApplicationStep')) expect(response.statusCode, label).toBe(400);
      }
    }
  });

  it('answers lone surrogates anywhere in a step draft with 400 and stores nothing', async () => {
    for (const step of [1, 2, 3, 4, 5] as const) {
      const draft = completeSteps[step];
      for (const path of leaves(draft, 'string')) {
        const response = await test.call(
          'PUT',
          `/applications/${applicationId}/steps/${step}`,
          { data: replaced(draft, path, LONE_SURROGATE), version: 0 },
          { ...person.headers, 'accept-language': 'en' },
        );
        expectShaped(response, `step ${step} ${path.join('.')}`, 400);
        // Named inside `data` (x-fields-under); the message is the field's own (a choice, a phone...) or 'Enter a valid value.'.
        expect(Object.keys(response.json()), `step ${step} ${path.join('.')}`).toEqual([path.join('.'), 'code']);
      }
    }
    const saved = await test.call('GET', `/applications/${applicationId}`, undefined, person.headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('\\ud800');
  });

  it('refuses a reset uid that decodes past the integer range as an invalid link, not a database error', async () => {
    for (const text of ['9999999999', '2147483648', '0', '-1', '1e400', 'Infinity']) {
      const response = await test.call('POST', '/auth/password/reset/confirm/', {
        uid: Buffer.from(text).toString('base64url'),
        token: 'abc-def',
        password: 'Brand-New-Passw0rd',
      });
      expectShaped(response, `uid ${text}`, 400);
      expect(Object.keys(response.json() as object), `uid ${text}`).toEqual(['non_field_errors', 'code']);
    }
  });

  it("answers Fastify's own errors in the shapes, localized: broken URL escapes, media types, lengths, bad JSON", async () => {
    const badUrl = { es: 'No se pudo leer la solicitud.', en: 'The request could not be read.' };
    for (const [language, detail] of Object.entries(badUrl)) {
      for (const url of ['/api/programs/%E0%A4%A', '/api/applications/%ED%A0%80', '/api/%']) {
        const response = await test.app.inject({ method: 'GET', url, headers: { ...person.headers, 'accept-language': language } });
        expectShaped(response, `${language} ${url}`, 400);
        expect(response.json(), url).toEqual({ detail, code: 'malformed' });
      }
    }
    // A path parameter past Fastify's length limit is answered by Fastify itself too.
    const long = await test.app.inject({ method: 'GET', url: `/api/programs/${'9'.repeat(500)}`, headers: { ...person.headers, 'accept-language': 'en' } });
    expectShaped(long, 'a 500-character path parameter');
    expect(long.json()).toEqual({ detail: badUrl.en, code: 'malformed' });
    const login = { method: 'POST' as const, url: '/api/auth/login' };
    const cases: Array<[string, Record<string, string>, string]> = [
      ['invalid media type', { 'content-type': 'application/json;;;=' }, '{}'],
      ['unknown media type', { 'content-type': 'application/x-unknown' }, '{}'],
      ['invalid JSON', { 'content-type': 'application/json' }, '{"email":'],
      ['empty JSON', { 'content-type': 'application/json' }, ''],
      ['content-length larger than the body', { 'content-type': 'application/json', 'content-length': '100' }, '{}'],
      ['content-length smaller than the body', { 'content-type': 'application/json', 'content-length': '1' }, '{"a":1}'],
    ];
    for (const [label, headers, payload] of cases) {
      expectShaped(await test.app.inject({ ...login, headers: { ...headers, 'accept-language': 'en' }, payload }), label);
    }
  });

  it('answers requests Node cannot parse with a {detail, code} body over a real connection', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const requests = [
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'NOT A REQUEST\r\n\r\n',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ];
    for (const request of requests) {
      const answer = await raw(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      expect(status, `${request.slice(0, 40)}: ${answer.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(status, request.slice(0, 40)).toBeLessThan(500);
      expect(errorShapeProblem(body), request.slice(0, 40)).toBeUndefined();
    }
  });
});
