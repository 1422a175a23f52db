// Error codes are part of the contract (docs/decisions/011-error-codes-in-the-contract.md): every error answer in
// openapi.yaml is one of the Error schemas whose `code` is components/schemas/ErrorCode, no request field is called
// `code`, and the bodies the machine tests feed their actors (tests/support/server-answers.ts) are what a real
// server answers. tests/support/server.ts checks the code of every other error a server test provokes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { readContract } from '#server/http/contract.ts';
import { ERROR_CODES } from '#machines/shared/error-codes.ts';
import { createProgram, samplePdf, saveStep, setProgram, signUp, upload, type Person } from '../support/applicants.ts';
import { SERVER_ANSWERS, versionConflictAnswer } from '../support/server-answers.ts';
import { contractErrorCodes, databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

type Node = Record<string, unknown>;
const document = readContract() as Node & { paths: Record<string, Record<string, Node>>; components: Record<string, Record<string, Node>> };
const ERROR_SCHEMAS = ['Detail', 'FieldErrors', 'VersionConflict', 'NotReady', 'DocumentsProblem', 'Error'].map((name) => `#/components/schemas/${name}`);

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const resolve = (node: Node): Node => {
  if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/components/responses/')) return node;
  return document.components.responses?.[node.$ref.split('/').pop() ?? ''] ?? {};
};

/** The `$ref`s a response schema is made of (one, or the members of an anyOf). */
const schemaRefs = (schema: Node): string[] =>
  Array.isArray(schema.anyOf) ? schema.anyOf.flatMap((member) => (isNode(member) ? schemaRefs(member) : [])) : [String(schema.$ref)];

/** Every property named `code` anywhere under a schema, with where it is. */
function codeProperties(node: unknown, at: string, found: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(node)) node.forEach((item, index) => codeProperties(item, `${at}/${index}`, found));
  if (!isNode(node)) return found;
  if (isNode(node.properties) && 'code' in node.properties) found.push([`${at}/properties/code`, node.properties.code]);
  for (const [key, value] of Object.entries(node)) codeProperties(value, `${at}/${key}`, found);
  return found;
}

describe('openapi.yaml: error codes', () => {
  it('lists the codes once, in components/schemas/ErrorCode, and the machines read the same list', () => {
    expect(contractErrorCodes.length).toBeGreaterThan(0);
    expect(new Set(contractErrorCodes).size).toBe(contractErrorCodes.length);
    expect([...ERROR_CODES].sort()).toEqual([...contractErrorCodes].sort());
  });

  it('answers every 4xx and 5xx of every operation with an Error schema', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, Node>)) {
          if (Number(status) < 400) continue;
          const schema = (resolve(answer).content as Record<string, Node> | undefined)?.['application/json']?.schema;
          const refs = isNode(schema) ? schemaRefs(schema) : ['none'];
          if (!refs.every((ref) => ERROR_SCHEMAS.includes(ref))) problems.push(`${method} ${path} ${status}: ${refs.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('types every error `code` with the enum, and no request body has a field called `code`', () => {
    const schemas = document.components.schemas ?? {};
    const codes = codeProperties(schemas, '#/components/schemas');
    for (const [where, code] of codes) {
      // A bulk action's result names each refused application's code beside it (docs/decisions/040).
      expect(where, 'only the error schemas have a code').toMatch(/^#\/components\/schemas\/(Detail|FieldErrors|VersionConflict|NotReady|DocumentsProblem|AdminBulkResult)\//);
      const isErrorCode = (node: unknown) => isNode(node) && node.$ref === '#/components/schemas/ErrorCode';
      const typed =
        isNode(code) &&
        (isErrorCode(code) ||
          (Array.isArray(code.enum) && code.enum.every((c) => contractErrorCodes.includes(String(c)))) ||
          // ErrorCode or null (a bulk result's row that was done).
          (Array.isArray(code.anyOf) && code.anyOf.some(isErrorCode) && code.anyOf.every((member) => isErrorCode(member) || (isNode(member) && member.type === 'null'))));
      expect(typed, `${where} is typed by ErrorCode`).toBe(true);
    }
    // Field errors carry `code` beside the field names: a request field called `code` would clash with it.
    expect(codeProperties(document.paths, '#/paths')).toEqual([]);
    const parameters = JSON.stringify(document.paths).match(/"name":"code"/g);
    expect(parameters).toBeNull();
  });
});

describe.each(databaseKinds)('the bodies the machine tests use are the server answers (%s)', (kind) => {
  let test: TestApp;
  let ana: Person;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const apply = async (person: Person, programId: number): Promise<number> =>
    (await test.call('POST', '/applications', { program_id: programId }, person.headers)).json().id as number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    ana = await signUp(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('steps incomplete, a step with a field missing, a draft too long, a stale version', async () => {
    const id = await apply(ana, (await createProgram(test)).id);
    expect((await test.call('POST', `/applications/${id}/submit`, undefined, en(ana))).json()).toEqual(SERVER_ANSWERS.stepsIncomplete);
    expect((await saveStep(test, ana, id, 2, { has_business: false, business_type: 'both', industry: '72' })).statusCode).toBe(200);
    const submitted = await test.call('POST', `/applications/${id}/steps/2/submit`, undefined, { ...ana.headers, 'accept-language': 'es' });
    expect(submitted.json()).toEqual(SERVER_ANSWERS.stepFieldsMissing);
    expect((await saveStep(test, ana, id, 2, { business_name: 'x'.repeat(201) })).json()).toEqual(SERVER_ANSWERS.draftTooLong);
    const stale = await test.call('PUT', `/applications/${id}/steps/2`, { data: { business_name: 'Old tab' }, version: 0 }, en(ana));
    expect(stale.json()).toEqual(versionConflictAnswer({ data: { has_business: false, business_type: 'both', industry: '72' }, version: 1 }));
  });

  it('an upload that is not a PDF, or too large', async () => {
    const id = await apply(ana, (await createProgram(test)).id);
    expect((await upload(test, ana, id, Buffer.from('plain text, no PDF'), 'notes.pdf')).json()).toEqual(SERVER_ANSWERS.notPdf);
    expect((await upload(test, ana, id, samplePdf(MAX_UPLOAD_BYTES + 1))).json()).toEqual(SERVER_ANSWERS.fileTooLarge);
  });

  it('an application closed, unavailable, or submitted elsewhere', async () => {
    const closing = await createProgram(test);
    const closed = await apply(ana, closing.id);
    await setProgram(test, closing.id, { status: 'closed' });
    expect((await test.call('POST', `/applications/${closed}/submit`, undefined, en(ana))).json()).toEqual(SERVER_ANSWERS.applicationClosed);

    const hidden = await createProgram(test);
    const unavailable = await apply(ana, hidden.id);
    await setProgram(test, hidden.id, { status: 'unavailable' });
    expect((await test.call('POST', `/applications/${unavailable}/submit`, undefined, en(ana))).json()).toEqual(SERVER_ANSWERS.programUnavailable);
  });

  it('a wrong password and a refresh token that is not valid', async () => {
    const login = await test.call('POST', '/auth/login', { email: ana.email, password: 'Not-The-Password-1' }, { 'accept-language': 'es' });
    expect(login.json()).toEqual(SERVER_ANSWERS.badCredentials);
    const refresh = await test.call('POST', '/auth/session/', { refresh: 'not.a.token' }, { 'accept-language': 'es' });
    expect(refresh.json()).toEqual(SERVER_ANSWERS.tokenNotValid);
  });
});
