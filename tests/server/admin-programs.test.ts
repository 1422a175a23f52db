// Staff's program administration over HTTP on PGlite and PostgreSQL (docs/decisions/024): 401/403, the list with
// its filters, accent-insensitive search and keyset pages, creation and changes with their localized validation,
// closing a program closing its drafts (never a submitted application) in one transaction, the CSV export read back,
// and the audit entries.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '#server/db/schema.ts';
import { createProgram, signUp, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface AdminProgram {
  id: number;
  sub_program: string;
  name: { es: string; en: string };
  period: string;
  start_date: string;
  end_date: string;
  application_deadline: string;
  status: string;
  drafts: number;
  submitted: number;
}
interface Page {
  results: AdminProgram[];
  count: number;
  next_cursor: string | null;
}
interface AuditEntry {
  operation: string;
  actor: { id: number } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe.each(databaseKinds)('staff program administration (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let applicant: Person;
  // A tag unique to this run: the shared PostgreSQL server keeps other runs' programs.
  const tag = `Zq${Date.now().toString(36)}`;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const input = (overrides: Record<string, unknown> = {}) => ({
    sub_program: 'accelerator',
    name_es: `Aceleración Ñandú ${tag}`,
    name_en: `Acceleration ${tag}`,
    period: '2028-1',
    start_date: '2028-02-01',
    end_date: '2028-07-31',
    application_deadline: '2028-01-15T23:59:00.000Z',
    status: 'open',
    ...overrides,
  });
  const list = async (query: Record<string, string | number>): Promise<Page> => {
    const response = await test.call('GET', `/admin/programs?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const audit = async (id: number): Promise<AuditEntry[]> => {
    const response = await test.call('GET', `/admin/audit?record_type=program&record_id=${id}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: AuditEntry[] }).results;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Directora', last_name: 'De Programas', staff: true });
    applicant = await signUp(test, { first_name: 'Ana', last_name: 'Postulante' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses nobody signed in (401) and an applicant (403, localized)', async () => {
    expect((await test.call('GET', '/admin/programs')).statusCode).toBe(401);
    const refused = await test.call('POST', '/admin/programs', input(), en(applicant));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
  });

  it('creates a program, audited, that applicants then see; lists it by search (accents ignored), status and sub-program', async () => {
    const created = await test.call('POST', '/admin/programs', input(), staff.headers);
    expect(created.statusCode, created.body).toBe(201);
    const program = created.json() as AdminProgram;
    expect(program).toMatchObject({ sub_program: 'accelerator', name: { es: `Aceleración Ñandú ${tag}` }, status: 'open', drafts: 0, submitted: 0 });
    expect((await test.call('GET', `/programs/${program.id}`, undefined, applicant.headers)).statusCode).toBe(200);
    const [entry] = await audit(program.id);
    expect(entry).toMatchObject({ operation: 'createAdminProgram', actor: { id: staff.id }, before: null, after: { status: 'open', period: '2028-1' } });

    expect((await list({ q: `aceleracion nandu ${tag.toLowerCase()}` })).results.map((p) => p.id)).toEqual([program.id]);
    expect((await list({ q: tag, sub_program: 'accelerator', status: 'open' })).results.map((p) => p.id)).toEqual([program.id]);
    expect((await list({ q: tag, status: 'closed' })).results).toEqual([]);
    expect((await list({ q: tag, sub_program: 'incubator' })).results).toEqual([]);
    expect((await test.call('GET', `/admin/programs/${program.id}`, undefined, staff.headers)).json()).toMatchObject({ id: program.id });
    expect((await test.call('GET', '/admin/programs/999999999', undefined, staff.headers)).statusCode).toBe(404);
  });

  it('pages with a keyset cursor, newest deadline first, without repeats', async () => {
    const pageTag = `${tag}pg`;
    for (const day of [10, 11, 12, 13, 14]) {
      const response = await test.call('POST', '/admin/programs', input({ name_en: `Paged ${pageTag} ${day}`, application_deadline: `2028-01-${day}T12:00:00.000Z` }), staff.headers);
      expect(response.statusCode, response.body).toBe(201);
    }
    const seen: AdminProgram[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list({ q: pageTag, limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.count).toBe(5);
      seen.push(...page.results);
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen.map((p) => p.name.en)).toEqual([14, 13, 12, 11, 10].map((day) => `Paged ${pageTag} ${day}`));
    const bad = await test.call('GET', `/admin/programs?cursor=nonsense`, undefined, en(staff));
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a bad program with clear localized field errors', async () => {
    const response = await test.call(
      'POST',
      '/admin/programs',
      input({ name_es: '  ', period: '', start_date: '2028-05-01', end_date: '2028-04-01', application_deadline: '2028-06-01T00:00:00Z' }),
      en(staff),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name_es: ['This field is required.'],
      period: ['This field is required.'],
      end_date: ['The end date must be after the start date.'],
      application_deadline: ["The application deadline cannot be after the program's end date."],
      code: 'invalid',
    });
    const spanish = await test.call('POST', '/admin/programs', input({ start_date: '2028-02-30' }), staff.headers);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({ start_date: [expect.any(String)] });
    expect((await test.call('POST', '/admin/programs', input({ status: 'archived' }), staff.headers)).statusCode).toBe(400);
  });

  it('closing a program closes its drafts in the same change, not submitted applications; the applicant reads it closed', async () => {
    const program = await createProgram(test, { name_en: `Closing ${tag}` });
    const other = await signUp(test, { first_name: 'Otra', last_name: 'Persona' });
    const draft = (await test.call('POST', '/applications', { program_id: program.id }, applicant.headers)).json() as { id: number };
    const submittedId = ((await test.call('POST', '/applications', { program_id: program.id }, other.headers)).json() as { id: number }).id;
    // A submitted application, written directly: the submission flow has its own tests.
    await test.app.ctx.db.update(applications).set({ status: 'submitted', submitted_at: test.app.ctx.now() }).where(eq(applications.id, submittedId));

    const current = (await test.call('GET', `/admin/programs/${program.id}`, undefined, staff.headers)).json() as AdminProgram;
    expect(current).toMatchObject({ drafts: 1, submitted: 1 });
    const change = {
      sub_program: current.sub_program,
      name_es: current.name.es,
      name_en: current.name.en,
      period: current.period,
      start_date: current.start_date,
      end_date: current.end_date,
      application_deadline: current.application_deadline,
    };
    const closed = await test.call('PUT', `/admin/programs/${program.id}`, { ...change, status: 'closed' }, staff.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', drafts: 0, submitted: 1 });

    const rows = await test.app.ctx.db.select().from(applications).where(eq(applications.program_id, program.id));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ [draft.id]: 'closed', [submittedId]: 'submitted' });
    expect(rows.find((row) => row.id === draft.id)?.closed_at).not.toBeNull();
    const read = await test.call('GET', `/applications/${draft.id}`, undefined, applicant.headers);
    expect(read.json()).toMatchObject({ status: 'closed' });

    const [entry] = await audit(program.id);
    expect(entry).toMatchObject({ operation: 'updateAdminProgram', before: { status: 'open' }, after: { status: 'closed', drafts_closed: 1 } });

    // Reopening does not bring the closed draft back (closed is final, docs/decisions/005).
    const reopened = await test.call('PUT', `/admin/programs/${program.id}`, { ...change, status: 'open' }, staff.headers);
    expect(reopened.json()).toMatchObject({ status: 'open', drafts: 0 });
    expect((await test.call('GET', `/applications/${draft.id}`, undefined, applicant.headers)).json()).toMatchObject({ status: 'closed' });
    // An unchanged save writes no audit entry.
    const before = (await audit(program.id)).length;
    await test.call('PUT', `/admin/programs/${program.id}`, { ...change, status: 'open' }, staff.headers);
    expect((await audit(program.id)).length).toBe(before);
    expect((await test.call('PUT', '/admin/programs/999999999', { ...change, status: 'open' }, staff.headers)).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV that reads back to the same rows: BOM, reader language, accents, quotes, formula cells', async () => {
    const csvTag = `${tag}csv`;
    const tricky = [
      input({ name_es: `=Programa "Ñandú", ${csvTag}`, name_en: `=Program "Rhea", ${csvTag}`, application_deadline: '2028-03-02T12:00:00.000Z' }),
      input({ name_es: `Peña\nlínea dos ${csvTag}`, name_en: `+Line two ${csvTag}`, sub_program: 'pre_incubator', status: 'closed', application_deadline: '2028-03-01T12:00:00.000Z' }),
    ];
    const created: AdminProgram[] = [];
    for (const body of tricky) {
      const response = await test.call('POST', '/admin/programs', body, staff.headers);
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json() as AdminProgram);
    }
    expect((await test.call('GET', `/admin/programs/export.csv?q=${csvTag}`)).statusCode).toBe(401);
    expect((await test.call('GET', `/admin/programs/export.csv?q=${csvTag}`, undefined, applicant.headers)).statusCode).toBe(403);

    const response = await test.call('GET', `/admin/programs/export.csv?q=${encodeURIComponent(csvTag)}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="programas-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(['ID', 'Nombre', 'Subprograma', 'Periodo', 'Fecha de inicio', 'Fecha de fin', 'Fecha límite de solicitud', 'Estado', 'Borradores', 'Solicitudes enviadas']);
    // The list's order (newest deadline first), formula cells made text with a leading apostrophe, the rest as typed.
    expect(rows).toEqual([
      [String(created[0]!.id), `'=Programa "Ñandú", ${csvTag}`, 'Aceleradora', '2028-1', '2028-02-01', '2028-07-31', '2028-03-02T08:00:00-04:00', 'Abierto', '0', '0'],
      [String(created[1]!.id), `Peña\nlínea dos ${csvTag}`, 'Preincubadora', '2028-1', '2028-02-01', '2028-07-31', '2028-03-01T08:00:00-04:00', 'Cerrado', '0', '0'],
    ]);

    const english = await test.call('GET', `/admin/programs/export.csv?q=${encodeURIComponent(csvTag)}&status=closed`, undefined, en(staff));
    const [englishHeader, ...englishRows] = parseCsv(english.body.slice(1));
    expect(englishHeader?.[1]).toBe('Name');
    expect(englishRows).toEqual([[String(created[1]!.id), `'+Line two ${csvTag}`, 'Pre-incubator', '2028-1', '2028-02-01', '2028-07-31', '2028-03-01T08:00:00-04:00', 'Closed', '0', '0']]);
    expect((await test.call('GET', '/admin/programs/export.csv?status=nope', undefined, staff.headers)).statusCode).toBe(400);
  });

  it('keeps the second-person setting (on when left out of a new program), saves a change of it and audits it', async () => {
    const named = { name_es: `Segunda persona ${tag}`, name_en: `Second person ${tag}` };
    const created = await test.call('POST', '/admin/programs', input(named), staff.headers);
    expect(created.statusCode, created.body).toBe(201);
    const program = created.json() as AdminProgram & { approval_needs_confirmation: boolean };
    expect(program.approval_needs_confirmation).toBe(true);
    expect((await audit(program.id))[0]).toMatchObject({ operation: 'createAdminProgram', after: { approval_needs_confirmation: true } });
    const read = async () => ((await test.call('GET', `/admin/programs/${program.id}`, undefined, staff.headers)).json() as { approval_needs_confirmation: boolean }).approval_needs_confirmation;

    // Turned off: saved, read back, and the audit entry names the one field that changed.
    const off = await test.call('PUT', `/admin/programs/${program.id}`, input({ ...named, approval_needs_confirmation: false }), staff.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ approval_needs_confirmation: false });
    expect(await read()).toBe(false);
    expect((await audit(program.id))[0]).toMatchObject({
      operation: 'updateAdminProgram',
      actor: { id: staff.id },
      before: { approval_needs_confirmation: true },
      after: { approval_needs_confirmation: false },
    });
    // Left out of an edit, the program keeps what it has; on again, audited the other way.
    const kept = await test.call('PUT', `/admin/programs/${program.id}`, input({ ...named, period: '2028-2' }), staff.headers);
    expect(kept.json()).toMatchObject({ approval_needs_confirmation: false, period: '2028-2' });
    expect((await audit(program.id))[0]?.after).toEqual({ period: '2028-2' });
    await test.call('PUT', `/admin/programs/${program.id}`, input({ ...named, period: '2028-2', approval_needs_confirmation: true }), staff.headers);
    expect(await read()).toBe(true);
    expect((await audit(program.id))[0]).toMatchObject({ before: { approval_needs_confirmation: false }, after: { approval_needs_confirmation: true } });
    // Created off: so it stays, and a value that is not a boolean is refused with the field's message.
    const createdOff = await test.call('POST', '/admin/programs', input({ ...named, name_en: `Second person off ${tag}`, approval_needs_confirmation: false }), staff.headers);
    expect(createdOff.json()).toMatchObject({ approval_needs_confirmation: false });
    const bad = await test.call('PUT', `/admin/programs/${program.id}`, input({ ...named, approval_needs_confirmation: 'yes' }), en(staff));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid', approval_needs_confirmation: [expect.any(String)] });
  });
});
