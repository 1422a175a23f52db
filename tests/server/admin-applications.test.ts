// Staff's applications over HTTP on PGlite and PostgreSQL (docs/decisions/025-admin-applications.md): 401/403, search
// by name, e-mail or business whatever the accents (kept current by the database's triggers), filters, sorts and keyset
// pages, the CSV read back cell by cell, one application for review with its applicant, survey and documents, and
// closing a draft or reopening a closed one with its rules and audit entries.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, users } from '#server/db/schema.ts';
import { completeAllSteps, createProgram, saveStep, setProgram, signUp, stepData, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Row {
  id: number;
  status: string;
  program: { id: number; sub_program: string; name: { es: string; en: string }; period: string };
  applicant: { id: number; email: string; first_name: string; last_name: string };
  business_name: string | null;
  steps_submitted: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
}
interface Page {
  results: Row[];
  count: number;
  count_capped: boolean;
  next_cursor: string | null;
}

describe.each(databaseKinds)('staff applications (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let pena: Person;
  let other: Person;
  let penaId: number;
  let otherId: number;
  let program: Awaited<ReturnType<typeof createProgram>>;
  let accelerator: Awaited<ReturnType<typeof createProgram>>;
  // A tag unique to this run: the shared PostgreSQL server keeps other runs' rows.
  const tag = `zq${Date.now().toString(36)}`;
  const business = `=Café "La Ñ", ${tag}\nPonce`;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const query = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  const list = async (values: Record<string, string | number>): Promise<Page> => {
    const response = await test.call('GET', `/admin/applications?${query(values)}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const ids = (page: Page) => page.results.map((row) => row.id);

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Revisora', last_name: 'De Solicitudes', staff: true });
    pena = await signUp(test, { first_name: 'José', last_name: `Peña ${tag}` });
    other = await signUp(test, { first_name: 'Luisa', last_name: `Otero ${tag}` });
    program = await createProgram(test, { name_en: `Incubator ${tag}` });
    accelerator = await createProgram(test, { sub_program: 'accelerator', name_en: `Accelerator ${tag}` });
    penaId = ((await test.call('POST', '/applications', { program_id: program.id }, pena.headers)).json() as { id: number }).id;
    otherId = ((await test.call('POST', '/applications', { program_id: accelerator.id }, other.headers)).json() as { id: number }).id;
    const saved = await saveStep(test, pena, penaId, 2, { ...(await stepData(test, pena, penaId, 2)), business_name: business });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses nobody signed in (401) and an applicant (403, localized)', async () => {
    expect((await test.call('GET', '/admin/applications')).statusCode).toBe(401);
    for (const [method, url, body] of [
      ['GET', '/admin/applications'],
      ['GET', '/admin/applications/export.csv'],
      ['GET', `/admin/applications/${penaId}`],
      ['PUT', `/admin/applications/${penaId}/status`, { status: 'closed' }],
    ] as const) {
      const refused = await test.call(method, url, body, en(pena));
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    }
  });

  it('finds an application by name, e-mail or business whatever the accents and case, and follows a change of name', async () => {
    expect(ids(await list({ q: `PENA ${tag}` }))).toEqual([penaId]);
    expect(ids(await list({ q: `jose pena` }))).toContain(penaId);
    expect(ids(await list({ q: pena.email.toUpperCase() }))).toEqual([penaId]);
    expect(ids(await list({ q: `cafe "la n", ${tag}` }))).toEqual([penaId]);
    expect(ids(await list({ q: `100%${tag}` }))).toEqual([]);
    const [row] = (await list({ q: `pena ${tag}` })).results;
    expect(row).toMatchObject({
      status: 'draft',
      program: { id: program.id, sub_program: 'incubator', name: { en: `Incubator ${tag}` } },
      applicant: { id: pena.id, email: pena.email, first_name: 'José' },
      business_name: business,
      steps_submitted: 0,
      submitted_at: null,
    });

    // The person changes their name (here straight in the database: the trigger does not depend on the route).
    await test.app.ctx.db.update(users).set({ last_name: `Muñiz ${tag}` }).where(eq(users.id, pena.id));
    expect(ids(await list({ q: `muniz ${tag}` }))).toEqual([penaId]);
    expect(ids(await list({ q: `pena ${tag}` }))).toEqual([]);
    await test.app.ctx.db.update(users).set({ last_name: `Peña ${tag}` }).where(eq(users.id, pena.id));
    // A new business name replaces the old one.
    const renamed = await saveStep(test, pena, penaId, 2, { ...(await stepData(test, pena, penaId, 2)), business_name: `Panadería ${tag}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ids(await list({ q: `panaderia ${tag}` }))).toEqual([penaId]);
    expect(ids(await list({ q: `cafe "la n", ${tag}` }))).toEqual([]);
    const back = await saveStep(test, pena, penaId, 2, { ...(await stepData(test, pena, penaId, 2)), business_name: business });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('filters by program, sub-program, status and start day, and pages by each sort without repeats', async () => {
    expect(ids(await list({ q: tag, program_id: program.id }))).toEqual([penaId]);
    expect(ids(await list({ q: tag, sub_program: 'accelerator' }))).toEqual([otherId]);
    expect(ids(await list({ q: tag, status: 'submitted' }))).toEqual([]);
    const today = test.app.ctx.now().toISOString().slice(0, 10);
    expect((await list({ q: tag, from: '2000-01-01', to: '2000-01-02' })).count).toBe(0);
    expect((await list({ q: tag, from: '2000-01-01' })).count).toBe(2);
    expect((await list({ q: tag, to: '2999-01-01', from: today > '2000-01-02' ? '2000-01-03' : today })).count).toBe(2);

    // Five more applications of one program, to page through.
    const paged = await createProgram(test, { name_en: `Paged ${tag}` });
    const made: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const person = await signUp(test, { first_name: 'Página', last_name: `P${index} ${tag}` });
      made.push(((await test.call('POST', '/applications', { program_id: paged.id }, person.headers)).json() as { id: number }).id);
    }
    // One of them submitted, written directly: unsubmitted applications come last whichever way round.
    await test.app.ctx.db.update(applications).set({ status: 'submitted', submitted_at: new Date('2030-01-01T00:00:00Z') }).where(eq(applications.id, made[2] ?? 0));
    for (const sort of ['-created', 'created', '-updated', 'updated', '-submitted', 'submitted'] as const) {
      const seen: Row[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await list({ program_id: paged.id, sort, limit: 2, ...(cursor ? { cursor } : {}) });
        expect(page).toMatchObject({ count: 5, count_capped: false });
        seen.push(...page.results);
        cursor = page.next_cursor;
      } while (cursor !== null);
      expect(new Set(seen.map((row) => row.id)).size, sort).toBe(5);
      if (sort.endsWith('submitted')) expect(seen[0]?.id, sort).toBe(made[2]);
      if (sort === '-created') expect(seen.map((row) => row.id)).toEqual([...made].reverse());
      if (sort === 'created') expect(seen.map((row) => row.id)).toEqual(made);
    }
    const bad = await test.call('GET', `/admin/applications?cursor=nonsense`, undefined, en(staff));
    expect(bad.statusCode).toBe(400);
    const wrongSort = await test.call('GET', `/admin/applications?sort=name`, undefined, en(staff));
    expect(wrongSort.statusCode).toBe(400);
  });

  it('exports the filtered list as CSV that reads back to the same cells (BOM, quotes, commas, newlines, formula cell)', async () => {
    const response = await test.call('GET', `/admin/applications/export.csv?${query({ q: tag, sort: 'created' })}`, undefined, en(staff));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header?.slice(0, 5)).toEqual(['ID', 'Program', 'Sub-program', 'Period', 'Status']);
    const penaRow = rows.find((row) => row[0] === String(penaId));
    expect(penaRow).toEqual([
      String(penaId),
      `Incubator ${tag}`,
      'Incubator',
      '2027-1',
      'draft',
      'José',
      `Peña ${tag}`,
      pena.email,
      `'${business}`,
      '0',
      expect.any(String),
      expect.any(String),
      '',
      '',
      // No reviewer yet; a draft started today (docs/decisions/040).
      '',
      '0',
    ]);
    expect(rows.length).toBe((await list({ q: tag })).count);
  });

  it('shows one application for review: steps, documents the staff member can open, the applicant and the survey', async () => {
    const survey = await test.call('PUT', '/me/survey', { has_business: true, operating_time: 'years_1_to_2', third_year_student: false }, other.headers);
    expect(survey.statusCode, survey.body).toBe(200);
    await completeAllSteps(test, other, otherId);
    const response = await test.call('GET', `/admin/applications/${otherId}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    const application = response.json() as {
      applicant: Record<string, unknown>;
      survey: Record<string, unknown> | null;
      steps: Array<{ step: number; status: string; data: Record<string, unknown> }>;
      files: Array<{ id: number; kind: string }>;
      intake_form: { file_name: string } | null;
    };
    expect(application.applicant).toMatchObject({ id: other.id, email: other.email, first_name: 'Luisa', language: 'es', is_active: true });
    expect(application.survey).toMatchObject({ has_business: true, operating_time: 'years_1_to_2' });
    expect(application.steps.map((step) => step.status)).toEqual(Array(6).fill('submitted'));
    expect(application.intake_form).not.toBeNull();
    expect(application.files.map((file) => file.kind).sort()).toEqual(expect.arrayContaining(['owner_id']));
    for (const file of application.files) {
      const download = await test.call('GET', `/applications/${otherId}/files/${file.id}`, undefined, staff.headers);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toContain('application/pdf');
    }
    expect((await test.call('GET', `/applications/${otherId}/intake-form`, undefined, staff.headers)).statusCode).toBe(200);
    // Another applicant still cannot read it.
    expect((await test.call('GET', `/applications/${otherId}`, undefined, pena.headers)).statusCode).toBe(404);
    // Somebody who never answered the survey: null, not an error.
    expect(((await test.call('GET', `/admin/applications/${penaId}`, undefined, staff.headers)).json() as { survey: unknown }).survey).toBeNull();
    expect((await test.call('GET', '/admin/applications/999999999', undefined, staff.headers)).statusCode).toBe(404);
  });

  it('closes a draft and reopens it, audited; refuses a submitted application and a reopening in a closed program', async () => {
    const closed = await test.call('PUT', `/admin/applications/${penaId}/status`, { status: 'closed' }, staff.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ id: penaId, status: 'closed', action: null });
    const blocked = await saveStep(test, pena, penaId, 2, { business_name: 'Otro' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ detail: 'Application has been closed', code: 'application_closed' });

    const reopened = await test.call('PUT', `/admin/applications/${penaId}/status`, { status: 'draft' }, staff.headers);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'draft', action: 'continue' });
    expect((await saveStep(test, pena, penaId, 2, { ...(await stepData(test, pena, penaId, 2)), business_name: business })).statusCode).toBe(200);

    const audit = await test.call('GET', `/admin/audit?record_type=application&record_id=${penaId}`, undefined, staff.headers);
    expect((audit.json() as { results: unknown[] }).results).toMatchObject([
      { operation: 'setAdminApplicationStatus', actor: { id: staff.id }, before: { status: 'closed' }, after: { status: 'draft' } },
      { operation: 'setAdminApplicationStatus', actor: { id: staff.id }, before: { status: 'draft' }, after: { status: 'closed' } },
    ]);
    // Asking for the status it has changes nothing and writes nothing.
    expect((await test.call('PUT', `/admin/applications/${penaId}/status`, { status: 'draft' }, staff.headers)).statusCode).toBe(200);
    expect(((await test.call('GET', `/admin/audit?record_type=application&record_id=${penaId}`, undefined, staff.headers)).json() as { results: unknown[] }).results).toHaveLength(2);

    // Submitted never changes.
    expect((await test.call('POST', `/applications/${otherId}/submit`, undefined, other.headers)).statusCode).toBe(200);
    const submitted = await test.call('PUT', `/admin/applications/${otherId}/status`, { status: 'closed' }, en(staff));
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json()).toEqual({ detail: 'Application has been submitted', code: 'application_submitted' });
    expect((await list({ q: tag, status: 'submitted' })).results.map((row) => row.id)).toContain(otherId);

    // Reopening needs an open program.
    await test.call('PUT', `/admin/applications/${penaId}/status`, { status: 'closed' }, staff.headers);
    await setProgram(test, program.id, { status: 'closed' });
    const refused = await test.call('PUT', `/admin/applications/${penaId}/status`, { status: 'draft' }, en(staff));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Applications to this program are closed.', code: 'program_closed' });
    expect((await test.call('PUT', `/admin/applications/${penaId}/status`, { status: 'open' }, en(staff))).statusCode).toBe(400);
    expect((await test.call('PUT', '/admin/applications/999999999/status', { status: 'closed' }, staff.headers)).statusCode).toBe(404);
    await setProgram(test, program.id, { status: 'open' });
  });
});
