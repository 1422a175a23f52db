// Programs: the signed-in list (paginated, filtered, unavailable hidden, open first), one program, and the demo seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '#server/db/schema.ts';
import { seedDemoData } from '#server/seed.ts';
import { databaseKinds, startTestApp, testClock, type TestApp } from '../support/server.ts';
import { createProgram, setProgram, signUp, type Person } from '../support/applicants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ProgramBody {
  id: number;
  sub_program: string;
  status: string;
  action: string | null;
  application: { id: number; status: string; action: string | null } | null;
  name: { es: string; en: string };
}
interface Page {
  count: number;
  page: number;
  page_size: number;
  results: ProgramBody[];
}

describe.each(databaseKinds)('programs on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  let staff: Person;
  const clock = testClock();

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now });
    ana = await signUp(test);
    staff = await signUp(test, { staff: true });
  });
  afterAll(async () => {
    await test?.close();
  });

  const list = async (query = '', person: Person = ana) => {
    const response = await test.call('GET', `/programs${query}`, undefined, person.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  it('seeds one open program of each sub-program and one closed program, once', async () => {
    await seedDemoData(test.app.ctx, () => {});
    await seedDemoData(test.app.ctx, () => {});
    const rows = await test.app.ctx.db.select().from(programs);
    expect(rows).toHaveLength(5);
    const page = await list('?page_size=100');
    const open = page.results.filter((p) => p.status === 'open');
    expect(open.map((p) => p.sub_program).sort()).toEqual(['accelerator', 'incubator', 'pre_incubator', 'student_incubator']);
    expect(page.results.filter((p) => p.status === 'closed')).toHaveLength(1);
    for (const row of rows.filter((r) => r.status === 'open')) expect(row.application_deadline.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(open.every((p) => p.action === 'apply' && p.application === null)).toBe(true);
  });

  it('needs sign-in', async () => {
    expect((await test.call('GET', '/programs')).statusCode).toBe(401);
    expect((await test.call('GET', '/programs/1')).statusCode).toBe(401);
  });

  it('hides unavailable programs and shows a passed deadline as closed', async () => {
    const hidden = await createProgram(test, { status: 'unavailable', name_en: 'Hidden' });
    const late = await createProgram(test, { application_deadline: new Date(clock.now().getTime() - 1000), name_en: 'Late' });
    const page = await list('?page_size=100');
    expect(page.results.map((p) => p.id)).not.toContain(hidden.id);
    expect(page.results.find((p) => p.id === late.id)).toMatchObject({ status: 'closed', action: null });
    expect(page.count).toBe(page.results.length);
  });

  it('lists open programs first, then by deadline', async () => {
    const page = await list('?page_size=100');
    const statuses = page.results.map((p) => p.status);
    expect(statuses.indexOf('closed')).toBeGreaterThan(statuses.lastIndexOf('open'));
  });

  it('filters by sub-program and by status', async () => {
    const accelerators = await list('?sub_program=accelerator');
    expect(accelerators.results.length).toBeGreaterThan(0);
    expect(accelerators.results.every((p) => p.sub_program === 'accelerator')).toBe(true);
    const open = await list('?status=open&page_size=100');
    expect(open.results.every((p) => p.status === 'open')).toBe(true);
    const closed = await list('?status=closed&page_size=100');
    expect(closed.results.length).toBeGreaterThanOrEqual(2);
    expect(closed.results.every((p) => p.status === 'closed')).toBe(true);
    expect(open.count + closed.count).toBe((await list('?page_size=100')).count);
  });

  it('paginates', async () => {
    const all = await list('?page_size=100');
    const first = await list('?page=1&page_size=2');
    const second = await list('?page=2&page_size=2');
    expect(first).toMatchObject({ count: all.count, page: 1, page_size: 2 });
    expect(first.results).toHaveLength(2);
    expect([...first.results, ...second.results].map((p) => p.id)).toEqual(all.results.slice(0, 4).map((p) => p.id));
    expect(await list('?page=999')).toMatchObject({ count: all.count, page: 999, results: [] });
  });

  it.each(['?page=0', '?page_size=101', '?page_size=abc', '?sub_program=bakery', '?status=unavailable'])(
    'refuses the query %s with 400',
    async (query) => {
      expect((await test.call('GET', `/programs${query}`, undefined, ana.headers)).statusCode).toBe(400);
    },
  );

  it('answers one program in both languages, with the action the person has', async () => {
    const program = await createProgram(test, { sub_program: 'pre_incubator', period: '2027-2', name_es: 'Pre', name_en: 'Pre EN' });
    const response = await test.call('GET', `/programs/${program.id}`, undefined, ana.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: program.id,
      sub_program: 'pre_incubator',
      name: { es: 'Pre', en: 'Pre EN' },
      description: { es: 'Descripción', en: 'Description' },
      period: '2027-2',
      start_date: '2027-01-15',
      end_date: '2027-06-30',
      application_deadline: program.application_deadline.toISOString(),
      status: 'open',
      application: null,
      action: 'apply',
    });
    const applied = await test.call('POST', '/applications', { program_id: program.id }, ana.headers);
    expect(applied.statusCode).toBe(201);
    const after = (await test.call('GET', `/programs/${program.id}`, undefined, ana.headers)).json() as ProgramBody;
    expect(after).toMatchObject({ action: 'start', application: { id: applied.json().id, status: 'draft', action: 'start' } });
    const inList = (await list('?page_size=100')).results.find((p) => p.id === program.id);
    expect(inList?.application?.id).toBe(applied.json().id);
  });

  it('shows an application of a program past its deadline as closed, with no action', async () => {
    const program = await createProgram(test, { application_deadline: new Date(clock.now().getTime() + 60_000) });
    expect((await test.call('POST', '/applications', { program_id: program.id }, ana.headers)).statusCode).toBe(201);
    clock.advance(120_000);
    const after = (await test.call('GET', `/programs/${program.id}`, undefined, ana.headers)).json() as ProgramBody;
    expect(after).toMatchObject({ status: 'closed', action: null, application: { status: 'closed', action: null } });
  });

  it("answers 'Program Unavailable' for an unavailable program, except to staff", async () => {
    const program = await createProgram(test);
    await setProgram(test, program.id, { status: 'unavailable' });
    const response = await test.call('GET', `/programs/${program.id}`, undefined, { ...ana.headers, 'accept-language': 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Program Unavailable', code: 'program_unavailable' });
    const spanish = await test.call('GET', `/programs/${program.id}`, undefined, ana.headers);
    expect(spanish.json().detail).toBe('Programa no disponible');
    const forStaff = await test.call('GET', `/programs/${program.id}`, undefined, staff.headers);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.json()).toMatchObject({ status: 'unavailable', action: null });
  });

  it('answers 404 for a missing program and 400 for an impossible id', async () => {
    expect((await test.call('GET', '/programs/999999', undefined, ana.headers)).json()).toMatchObject({ code: 'not_found' });
    expect((await test.call('GET', '/programs/99999999999', undefined, ana.headers)).statusCode).toBe(400);
    expect((await test.call('GET', '/programs/abc', undefined, ana.headers)).statusCode).toBe(400);
    expect((await test.call('GET', '/programs/0', undefined, ana.headers)).statusCode).toBe(400);
  });

  it('keeps the deadline the same instant whatever the clock says', async () => {
    const deadline = new Date(clock.now().getTime() + 3 * DAY_MS);
    const program = await createProgram(test, { application_deadline: deadline });
    const body = (await test.call('GET', `/programs/${program.id}`, undefined, ana.headers)).json() as { application_deadline: string };
    expect(new Date(body.application_deadline).getTime()).toBe(deadline.getTime());
  });
});
