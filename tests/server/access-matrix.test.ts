// The access matrix, generated from openapi.yaml so that a new operation cannot escape it: no operation answers
// without a token unless the contract marks it public; staff operations answer 403 to applicants; and every
// operation on another person's resource answers a second applicant 404, with none of the owner's data, and
// changes nothing. A path parameter this suite has no owner's value for fails the suite until one is added below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations, type ContractOperation } from '#server/http/contract.ts';
import { eq } from 'drizzle-orm';
import { eventRegistrations, events } from '#server/db/schema.ts';
import { createNews } from '#server/news/service.ts';
import { createProgram, multipart, samplePdf, signUp, upload, uploadDocument, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

type Schema = Record<string, unknown>;

/** Operations on a resource every applicant may act on: anyone may attend an open event (cancelling is their own). */
const SHARED_OPERATIONS = new Set(['attendEvent']);
/** Paths whose resources every signed-in person may read (programs are listed to all applicants, news to everyone). */
const SHARED_RESOURCES = new Set(['/programs/{id}', '/news/{id}']);

/** The smallest body a schema accepts: what a well-behaved client would send, so only ownership can refuse it. */
function sampleOf(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => sampleOf(part) as object));
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return sampleOf(branches[0]!);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema.type;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  switch (type) {
    case 'object': {
      // The required properties, and more of the others while `minProperties` asks for them (a rename's `name`).
      const names = [...new Set([...((schema.required ?? []) as string[]), ...Object.keys(properties)])];
      const wanted = Math.max(((schema.required ?? []) as string[]).length, Number(schema.minProperties ?? 0));
      return Object.fromEntries(names.slice(0, wanted).map((name) => [name, sampleOf(properties[name] ?? {})]));
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sampleOf((schema.items ?? {}) as Schema));
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 0);
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'email' ? 'someone@example.com' : 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    default:
      return {};
  }
}

describe.each(databaseKinds)('access matrix from openapi.yaml (%s)', (kind) => {
  const operations = contractOperations();
  let test: TestApp;
  let owner: Person;
  let intruder: Person;
  let applicationId: number;
  let programId: number;
  let fileId: number;
  let eventId: number;
  let newsId: number;
  let driveNodeId: number;
  let registrationId: number;
  let sessionId: string;

  beforeAll(async () => {
    // No staff exemption: the staff member below has no second factor, and the rule is part of the matrix.
    test = await startTestApp(kind, { env: { STAFF_SECOND_FACTOR_EXEMPT: '' } });
    owner = await signUp(test, { first_name: 'Dueña', last_name: 'Privada' });
    intruder = await signUp(test, { first_name: 'Otra', last_name: 'Persona' });
    programId = (await createProgram(test)).id;
    const created = await test.call('POST', '/applications', { program_id: programId }, owner.headers);
    applicationId = (created.json() as { id: number }).id;
    const saved = await test.call('PUT', `/applications/${applicationId}/steps/2`, { data: { business_name: 'Panadería Privada' }, version: 0 }, owner.headers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upload(test, owner, applicationId, samplePdf())).statusCode).toBe(200);
    const document = await uploadDocument(test, owner, applicationId, 'owner_id');
    expect(document.statusCode, document.body).toBe(201);
    fileId = (document.json() as { id: number }).id;
    // An upcoming event the owner attends: cancelling it is theirs alone.
    const [event] = await test.app.ctx.db
      .insert(events)
      .values({ kind: 'event', title_es: 'Evento', title_en: 'Event', starts_at: new Date(Date.now() + 86_400_000), capacity: 10 })
      .returning();
    eventId = event!.id;
    const attended = await test.call('POST', `/events/${eventId}/attendance`, undefined, owner.headers);
    expect(attended.statusCode, attended.body).toBe(201);
    const [registration] = await test.app.ctx.db.select({ id: eventRegistrations.id }).from(eventRegistrations).where(eq(eventRegistrations.event_id, eventId));
    registrationId = registration!.id;
    newsId = (await createNews(test.app.ctx.db, { title_es: 'Noticia', title_en: 'News', body_es: '', body_en: '', published_at: new Date() }, new Date())).id;
    // A file in the owner's own space of the program's drive (docs/decisions/019-program-drive.md).
    const driveFile = multipart(Buffer.from('Privada'), 'privada.txt', 'text/plain');
    const stored = await test.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/drive/files?space=personal`,
      headers: { ...owner.headers, ...driveFile.headers },
      payload: driveFile.payload,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    driveNodeId = (stored.json() as { id: number }).id;
    // The owner's signed-in device (docs/decisions/057-see-your-sessions.md): ending it is theirs alone.
    const sessions = await test.call('GET', '/me/sessions', undefined, owner.headers);
    expect(sessions.statusCode, sessions.body).toBe(200);
    sessionId = (sessions.json() as { results: Array<{ id: string }> }).results[0]!.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  /** The owner's value of each path parameter of `op` (the owner's application, a step of it, their drive's file). */
  const ownersUrl = (op: ContractOperation): string => {
    const path = `/api${op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (name === 'id' && (op.path.startsWith('/applications/') || op.path.startsWith('/admin/applications/'))) return String(applicationId);
      if (name === 'id' && op.path.startsWith('/programs/')) return String(programId);
      if (name === 'id' && (op.path.startsWith('/events/') || op.path.startsWith('/admin/events/'))) return String(eventId);
      if (name === 'id' && (op.path.startsWith('/news/') || op.path.startsWith('/admin/news/'))) return String(newsId);
      if (name === 'id' && op.path.startsWith('/admin/users/')) return String(owner.id);
      if (name === 'id' && op.path.startsWith('/admin/programs/')) return String(programId);
      if (name === 'step') return '2';
      if (name === 'sub_program') return 'incubator';
      if (name === 'fileId') return String(fileId);
      if (name === 'nodeId') return String(driveNodeId);
      // Staff-only operations: an applicant is refused before the note (or the other application of a possible-duplicate
      // pair) is looked up.
      if (name === 'noteId') return '1';
      if (name === 'otherId') return '1';
      if (name === 'registrationId') return String(registrationId);
      // No passkey is the intruder's: any id answers them 404 (tests/server/passkeys.test.ts removes another's).
      if (name === 'passkeyId') return '1';
      if (name === 'sessionId') return sessionId;
      throw new Error(`${op.operationId}: no owner's value for the path parameter {${name}}; add one to the access matrix`);
    })}`;
    // A required query parameter (the kind of an uploaded document) gets its first allowed value.
    const query = op.schema.querystring ? (sampleOf(op.schema.querystring as Schema) as Record<string, unknown>) : {};
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
    return search ? `${path}?${search}` : path;
  };

  const send = (op: ContractOperation, headers: Record<string, string>) => {
    const method = op.method.toUpperCase() as 'GET';
    if (op.multipart) {
      const body = multipart(samplePdf());
      return test.app.inject({ method, url: ownersUrl(op), headers: { ...headers, ...body.headers }, payload: body.payload });
    }
    const body = op.schema.body ? JSON.stringify(sampleOf(op.schema.body as Schema)) : undefined;
    return test.app.inject({
      method,
      url: ownersUrl(op),
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: body } : {}),
    });
  };

  const ownersView = async () =>
    (await test.call('GET', `/applications/${applicationId}`, undefined, owner.headers)).body +
    (await test.call('GET', `/programs/${programId}/drive/nodes?space=personal`, undefined, owner.headers)).body;

  it('answers 401 to every operation the contract does not mark public, without a token or with a forged one', async () => {
    const guarded = operations.filter((op) => op.requiresAuth);
    expect(guarded.length).toBeGreaterThan(10);
    const strangers: Array<Record<string, string>> = [{}, { authorization: 'Bearer not.a.token' }, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }];
    for (const op of guarded) {
      for (const headers of strangers) {
        const response = await send(op, headers);
        expect(response.statusCode, `${op.operationId} ${JSON.stringify(headers)}: ${response.body}`).toBe(401);
        expect(response.json()).toMatchObject({ code: expect.stringMatching(/^(not_authenticated|token_not_valid)$/) });
      }
    }
  });

  it('answers the operations the contract marks public without a token', async () => {
    const open = operations.filter((op) => !op.requiresAuth);
    expect(open.map((op) => op.operationId)).toContain('login');
    for (const op of open) {
      const response = await send(op, {});
      // (A wrong password or refresh token is a 401 of its own: what matters is that no Authorization was asked for.)
      const code = response.statusCode >= 400 ? (response.json() as { code?: string }).code : 'none';
      expect(code, `${op.operationId}: ${response.body}`).not.toBe('not_authenticated');
    }
  });

  it("answers 403 with DRF's message, localized, to an applicant on every admin-tagged operation, and changes nothing", async () => {
    const before = await ownersView();
    const admin = operations.filter((o) => o.staffOnly);
    // Every /admin operation carries the tag (docs/decisions/021), so none can be reached by an applicant.
    expect(operations.filter((o) => o.path.startsWith('/admin')).every((o) => o.staffOnly)).toBe(true);
    expect(admin.map((o) => o.operationId)).toEqual(expect.arrayContaining(['listAdminUsers', 'setAdminUserActive', 'listAdminAudit']));
    for (const op of admin) {
      const response = await send(op, intruder.headers);
      expect(response.statusCode, `${op.operationId}: ${response.body}`).toBe(403);
      expect(response.json()).toEqual({ detail: 'No tiene permiso para realizar esta acción.', code: 'permission_denied' });
      const english = await send(op, { ...intruder.headers, 'accept-language': 'en' });
      expect(english.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
      for (const secret of [owner.email, 'Privada']) expect(response.body).not.toContain(secret);
    }
    expect(await ownersView()).toBe(before);
    // Staff operations are tagged `admin` in the contract; the flag reaches the routes.
    expect(operations.every((op) => typeof op.staffOnly === 'boolean')).toBe(true);
  });

  it('answers 403 second_factor_required to staff without a second factor on every admin-tagged operation, and changes nothing', async () => {
    // docs/decisions/049-second-factor.md: the staff flag alone opens nothing; their own profile stays open to enrol.
    const staff = await signUp(test, { first_name: 'Personal', last_name: 'Sin Factor', staff: true });
    const before = await ownersView();
    for (const op of operations.filter((o) => o.staffOnly)) {
      const response = await send(op, { ...staff.headers, 'accept-language': 'en' });
      expect(response.statusCode, `${op.operationId}: ${response.body}`).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Staff must turn on two-step verification before using the admin area. Turn it on in your profile.',
        code: 'second_factor_required',
      });
      for (const secret of [owner.email, 'Privada']) expect(response.body).not.toContain(secret);
    }
    expect(await ownersView()).toBe(before);
    for (const operationId of ['getMe', 'getMySecondFactor']) {
      const op = operations.find((o) => o.operationId === operationId)!;
      expect((await send(op, staff.headers)).statusCode, operationId).toBe(200);
    }
  });

  it("answers 404 to a second applicant on every operation on the owner's resources, and changes nothing", async () => {
    const before = await ownersView();
    // (Staff operations answer an applicant 403 before any record is looked up: the test above.)
    const owned = operations.filter(
      (op) => op.requiresAuth && !op.staffOnly && /\{[^}]+\}/.test(op.path) && !SHARED_RESOURCES.has(op.path) && !SHARED_OPERATIONS.has(op.operationId),
    );
    expect(owned.map((op) => op.operationId)).toEqual(expect.arrayContaining(['getApplication', 'saveApplicationStep2', 'submitApplication']));
    for (const op of owned) {
      const response = await send(op, intruder.headers);
      expect(response.statusCode, `${op.operationId}: ${response.body.slice(0, 300)}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      for (const secret of [owner.email, 'Panadería Privada', 'Privada']) expect(response.body).not.toContain(secret);
    }
    expect(await ownersView()).toBe(before);
    // The owner's session lived through it: the intruder could not end it.
    expect((await test.call('GET', '/me/sessions', undefined, owner.headers)).json()).toMatchObject({ results: [{ id: sessionId, current: true }] });
  });
});
