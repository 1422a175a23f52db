// Staff's dashboard over HTTP on PGlite and PostgreSQL (docs/decisions/030-dashboard.md): every figure equals the same
// count computed here in JavaScript from the rows the database holds (unknown and empty buckets included), with and
// without the program and date filters; each chart's CSV reads back to the same numbers; 401, 403 and bad filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitAbout } from '#server/admin/export-about.ts';
import { applications, eventRegistrations, events, programs, surveys, users } from '#server/db/schema.ts';
import { createProgram, signUp, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Dashboard {
  accounts: number;
  funnel: Array<{ stage: string; count: number }>;
  by_status: Array<{ status: string; count: number }>;
  by_sub_program: Array<{ sub_program: string; count: number }>;
  by_program: Array<{ program: { id: number; sub_program: string; name: { es: string; en: string }; period: string }; count: number }>;
  registrations_by_month: Array<{ month: string; count: number }>;
  how_heard: Array<{ how_heard: string; count: number }>;
  decision_time: { decided: number; median_days: number | null; average_days: number | null; bands: Array<{ band: string; count: number }> };
}
interface Filters {
  program_id?: number;
  from?: string;
  to?: string;
}

const STATUSES = ['draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'rejected', 'waitlisted', 'closed'];
/** The status words of the Spanish CSV, in the lifecycle's order. */
// The status words the dashboard shows (programs.applicationStatus.*), in the file as on screen.
const STATUS_ES = ['En progreso', 'Enviada', 'En revisión', 'Cambios solicitados', 'Aprobada', 'No aprobada', 'En lista de espera', 'Cerrada'];
const DECIDED = ['approved', 'rejected', 'waitlisted'];
const SUB_PROGRAMS = ['student_incubator', 'pre_incubator', 'incubator', 'accelerator'];
const HOW_HEARD = ['search_engine', 'recommendation', 'social', 'meet_and_greet', 'other', 'unknown'];
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
/** The Puerto Rico day (UTC-4 all year) of an instant, as YYYY-MM-DD. */
const prDay = (instant: Date) => new Date(instant.getTime() - 4 * 60 * 60 * 1000).toISOString().slice(0, 10);
const within = (instant: Date, filters: Filters) =>
  (filters.from === undefined || prDay(instant) >= filters.from) && (filters.to === undefined || prDay(instant) <= filters.to);
const tally = <T,>(items: T[], keyOf: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return (key: string) => counts.get(key) ?? 0;
};
const tenth = (value: number) => Math.round(value * 10) / 10;

describe.each(databaseKinds)('staff dashboard (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let applicant: Person;
  let incubator: Awaited<ReturnType<typeof createProgram>>;
  let accelerator: Awaited<ReturnType<typeof createProgram>>;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const query = (values: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(values).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  const dashboard = async (filters: Filters): Promise<Dashboard> => {
    const response = await test.call('GET', `/admin/dashboard?${query({ ...filters })}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Dashboard;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { staff: true });
    applicant = await signUp(test);
    incubator = await createProgram(test, { name_es: 'Incubadora 2027', name_en: 'Incubator 2027' });
    accelerator = await createProgram(test, { sub_program: 'accelerator', name_es: 'Aceleradora', name_en: '=Accelerator' });
    // A program nobody applied to: it shows with 0.
    await createProgram(test, { sub_program: 'pre_incubator', name_es: 'Preincubadora', name_en: 'Pre-incubator' });
    const { db } = test.app.ctx;

    // Twelve applicants made on known days; 2026-03-01T03:30Z is still February 28 in Puerto Rico.
    const made = ['2026-01-05T15:00Z', '2026-01-20T15:00Z', '2026-02-10T15:00Z', '2026-03-01T03:30Z', '2026-03-01T05:00Z', '2026-03-15T15:00Z',
      '2026-04-02T15:00Z', '2026-04-20T15:00Z', '2026-05-05T15:00Z', '2026-05-25T15:00Z', '2026-06-10T15:00Z', '2026-06-30T15:00Z'];
    const people = await db
      .insert(users)
      .values(made.map((when, index) => ({ email: `dash-${index}@example.com`, password_hash: '', first_name: 'Persona', last_name: `${index}`, created_at: at(when) })))
      .returning();
    // Surveys for the first nine (the survey comes before applying).
    await db.insert(surveys).values(people.slice(0, 9).map((person) => ({ user_id: person.id, has_business: false, third_year_student: false })));
    // Applications: status, program, and for sent ones the days from submission to decision.
    const plan: Array<[number, number, string, number | null]> = [
      [0, incubator.id, 'approved', 3.2],
      [0, accelerator.id, 'rejected', 10],
      [1, incubator.id, 'waitlisted', 45.5],
      [2, incubator.id, 'approved', 75],
      [3, accelerator.id, 'rejected', 120],
      [4, incubator.id, 'in_review', null],
      [5, incubator.id, 'changes_requested', null],
      [6, accelerator.id, 'submitted', null],
      [7, incubator.id, 'draft', null],
      [8, accelerator.id, 'closed', null],
      [8, incubator.id, 'approved', 6.9],
    ];
    await db.insert(applications).values(
      plan.map(([who, program_id, status, days], index) => {
        const person = people[who];
        if (!person) throw new Error('no person');
        const created_at = new Date(person.created_at.getTime() + index * 60_000);
        const sent = status !== 'draft' && status !== 'closed';
        const submitted_at = sent ? new Date(created_at.getTime() + 2 * DAY_MS) : null;
        return {
          user_id: person.id,
          program_id,
          status,
          created_at,
          submitted_at,
          decided_at: days !== null && submitted_at ? new Date(submitted_at.getTime() + days * DAY_MS) : null,
          closed_at: status === 'closed' ? created_at : null,
        };
      }),
    );

    // Registrations in January and March (February empty), one in April just before midnight in Puerto Rico.
    const [event] = await db.insert(events).values({ kind: 'interest', title_es: 'Interés', title_en: 'Interest' }).returning();
    if (!event) throw new Error('no event');
    const registrations: Array<[string, string | null]> = [
      ['2026-01-03T15:00Z', 'social'],
      ['2026-01-04T15:00Z', 'social'],
      ['2026-01-10T15:00Z', null],
      ['2026-03-02T15:00Z', 'search_engine'],
      ['2026-03-20T15:00Z', 'recommendation'],
      ['2026-05-01T03:00Z', 'other'],
      ['2026-05-02T15:00Z', null],
    ];
    await db.insert(eventRegistrations).values(
      registrations.map(([when, how_heard], index) => ({ event_id: event.id, name: `R ${index}`, email: `r${index}@example.com`, how_heard, created_at: at(when) })),
    );
  });
  afterAll(async () => {
    await test?.close();
  });

  /** The whole dashboard computed here from every row of the database. */
  async function expected(filters: Filters): Promise<Dashboard> {
    const { db } = test.app.ctx;
    const [allUsers, allSurveys, allApplications, allPrograms, allRegistrations] = await Promise.all([
      db.select().from(users),
      db.select().from(surveys),
      db.select().from(applications),
      db.select().from(programs),
      db.select().from(eventRegistrations),
    ]);
    const ofProgram = allApplications.filter((row) => filters.program_id === undefined || row.program_id === filters.program_id);
    const counted = ofProgram.filter((row) => within(row.created_at, filters));
    const people = allUsers.filter((row) => !row.is_staff && within(row.created_at, filters));
    const surveyed = new Set(allSurveys.map((row) => row.user_id));
    const reached = (test: (status: string) => boolean) => new Set(ofProgram.filter((row) => test(row.status)).map((row) => row.user_id));
    const started = reached(() => true);
    const sent = reached((status) => status !== 'draft' && status !== 'closed');
    const decided = reached((status) => DECIDED.includes(status));
    const stage = (set: Set<number>) => people.filter((person) => set.has(person.id)).length;
    const subProgramOf = new Map(allPrograms.map((row) => [row.id, row.sub_program]));
    const byStatus = tally(counted, (row) => row.status);
    const bySub = tally(counted, (row) => subProgramOf.get(row.program_id) ?? '');
    const byProgram = tally(counted, (row) => String(row.program_id));
    const registrations = allRegistrations.filter((row) => within(row.created_at, filters));
    const months = registrations.map((row) => prDay(row.created_at).slice(0, 7)).sort();
    const series: string[] = [];
    for (let month = months[0]; month !== undefined && month <= (months.at(-1) ?? ''); ) {
      series.push(month);
      const [year, number] = month.split('-').map(Number) as [number, number];
      month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
    }
    const byMonth = tally(months, (month) => month);
    const byHeard = tally(registrations, (row) => row.how_heard ?? 'unknown');
    const days = counted
      .filter((row) => DECIDED.includes(row.status) && row.decided_at && row.submitted_at)
      .map((row) => ((row.decided_at?.getTime() ?? 0) - (row.submitted_at?.getTime() ?? 0)) / DAY_MS)
      .sort((a, b) => a - b);
    const middle = Math.floor(days.length / 2);
    const median = days.length === 0 ? null : days.length % 2 === 1 ? (days[middle] ?? 0) : ((days[middle - 1] ?? 0) + (days[middle] ?? 0)) / 2;
    const band = (low: number, high: number) => days.filter((value) => value >= low && value < high).length;
    const programRows = allPrograms
      .filter((row) => filters.program_id === undefined || row.id === filters.program_id)
      .map((row) => ({ program: { id: row.id, sub_program: row.sub_program, name: { es: row.name_es, en: row.name_en }, period: row.period }, count: byProgram(String(row.id)) }))
      .sort((a, b) => b.count - a.count || a.program.id - b.program.id);
    return {
      accounts: people.length,
      funnel: [
        { stage: 'account', count: people.length },
        { stage: 'survey', count: stage(surveyed) },
        { stage: 'started', count: stage(started) },
        { stage: 'submitted', count: stage(sent) },
        { stage: 'decided', count: stage(decided) },
      ],
      by_status: STATUSES.map((status) => ({ status, count: byStatus(status) })),
      by_sub_program: SUB_PROGRAMS.map((sub_program) => ({ sub_program, count: bySub(sub_program) })),
      by_program: programRows,
      registrations_by_month: series.map((month) => ({ month, count: byMonth(month) })),
      how_heard: HOW_HEARD.map((how_heard) => ({ how_heard, count: byHeard(how_heard) })),
      decision_time: {
        decided: days.length,
        median_days: median === null ? null : tenth(median),
        average_days: days.length === 0 ? null : tenth(days.reduce((sum, value) => sum + value, 0) / days.length),
        bands: [
          { band: 'days_0_6', count: band(0, 7) },
          { band: 'days_7_29', count: band(7, 30) },
          { band: 'days_30_59', count: band(30, 60) },
          { band: 'days_60_89', count: band(60, 90) },
          { band: 'days_90_plus', count: band(90, Infinity) },
        ],
      },
    };
  }

  it('refuses nobody signed in (401) and an applicant (403, localized)', async () => {
    for (const url of ['/admin/dashboard', '/admin/dashboard/export.csv?chart=status']) {
      expect((await test.call('GET', url)).statusCode, url).toBe(401);
      const refused = await test.call('GET', url, undefined, en(applicant));
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    }
  });

  it('counts every figure as the rows say, with and without filters', async () => {
    const cases: Filters[] = [
      {},
      { program_id: incubator.id },
      { program_id: accelerator.id },
      { from: '2026-01-01', to: '2026-02-28' },
      { from: '2026-03-01' },
      { to: '2026-03-31', program_id: incubator.id },
      { from: '2030-01-01' },
    ];
    for (const filters of cases) expect(await dashboard(filters), JSON.stringify(filters)).toEqual(await expected(filters));

    // The seed reaches every bucket the charts name: spot checks that the expectations are not all zero.
    const whole = await dashboard({});
    expect(whole.accounts).toBe(13); // twelve seeded and the applicant who signed up; staff are not counted
    expect(whole.by_status.every((row) => row.count > 0)).toBe(true);
    expect(whole.how_heard.find((row) => row.how_heard === 'unknown')?.count).toBe(2);
    expect(whole.how_heard.find((row) => row.how_heard === 'meet_and_greet')?.count).toBe(0);
    expect(whole.registrations_by_month).toEqual([
      { month: '2026-01', count: 3 },
      { month: '2026-02', count: 0 },
      { month: '2026-03', count: 2 },
      { month: '2026-04', count: 1 },
      { month: '2026-05', count: 1 },
    ]);
    expect(whole.decision_time.bands.map((row) => row.count)).toEqual([2, 1, 1, 1, 1]);
    expect(whole.by_program.at(-1)).toMatchObject({ program: { sub_program: 'pre_incubator' }, count: 0 });
    // Puerto Rico's day: the account made at 2026-03-01T03:30Z belongs to February 28.
    expect((await dashboard({ from: '2026-02-28', to: '2026-02-28' })).accounts).toBe(1);
    const empty = await dashboard({ from: '2030-01-01' });
    expect(empty.decision_time).toMatchObject({ decided: 0, median_days: null, average_days: null });
    expect(empty.registrations_by_month).toEqual([]);
  });

  it('downloads each chart as CSV that reads back to the same numbers, in the reader\'s language', async () => {
    const filters: Filters = { program_id: incubator.id, from: '2026-01-01' };
    const figures = await dashboard(filters);
    const csv = async (chart: string, language: 'es' | 'en') => {
      const response = await test.call('GET', `/admin/dashboard/export.csv?${query({ chart, ...filters })}`, undefined, { ...staff.headers, 'accept-language': language });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(String(response.headers['content-disposition'])).toContain(`-${chart.replace('_', '-')}-`);
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      // The lines above the table name the chart and its filters (checked in tests/server/export-about.test.ts).
      return splitAbout(parseCsv(response.body.slice(1))).table;
    };
    const numbers = (rows: string[][]) => rows.slice(1).map((row) => Number(row.at(-1)));

    expect(await csv('funnel', 'en')).toEqual([
      ['Stage', 'Count'],
      ['Account created', String(figures.funnel[0]?.count)],
      ['Survey answered', String(figures.funnel[1]?.count)],
      ['Application started', String(figures.funnel[2]?.count)],
      ['Application sent', String(figures.funnel[3]?.count)],
      ['Decision made', String(figures.funnel[4]?.count)],
    ]);
    const status = await csv('status', 'es');
    expect(status[0]).toEqual(['Estado', 'Cantidad']);
    expect(numbers(status)).toEqual(figures.by_status.map((row) => row.count));
    expect(status.slice(1).map((row) => row[0])).toEqual(STATUS_ES);
    const subPrograms = await csv('sub_program', 'en');
    expect(subPrograms.slice(1).map((row) => row[0])).toEqual(['University incubator', 'Pre-incubator', 'Incubator', 'Accelerator']);
    expect(numbers(subPrograms)).toEqual(figures.by_sub_program.map((row) => row.count));
    const byProgram = await csv('program', 'en');
    expect(byProgram).toEqual([['Program', 'Sub-program', 'Period', 'Count'], ['Incubator 2027', 'Incubator', '2027-1', String(figures.by_program[0]?.count)]]);
    const months = await csv('registrations', 'en');
    expect(months.slice(1)).toEqual(figures.registrations_by_month.map((row) => [row.month, String(row.count)]));
    const heard = await csv('how_heard', 'en');
    expect(heard.at(-1)).toEqual(['Unknown / not answered', String(figures.how_heard.at(-1)?.count)]);
    expect(numbers(heard)).toEqual(figures.how_heard.map((row) => row.count));
    const time = await csv('decision_time', 'en');
    expect(time).toEqual([
      ['Measure', 'Value'],
      ...figures.decision_time.bands.map((row, index) => [['0 to 6 days', '7 to 29 days', '30 to 59 days', '60 to 89 days', '90 days or more'][index] ?? '', String(row.count)]),
      ['Decided', String(figures.decision_time.decided)],
      ['Median (days)', String(figures.decision_time.median_days)],
      ['Average (days)', String(figures.decision_time.average_days)],
    ]);

    // A program name that starts like a formula is made text (the accelerator is named '=Accelerator').
    const formula = await test.call('GET', `/admin/dashboard/export.csv?chart=program&program_id=${accelerator.id}`, undefined, en(staff));
    expect(splitAbout(parseCsv(formula.body.slice(1))).table[1]?.[0]).toBe("'=Accelerator");
  });

  it('refuses bad filters with localized field errors', async () => {
    const refused = async (path: string, language: 'es' | 'en') => {
      const response = await test.call('GET', path, undefined, { ...staff.headers, 'accept-language': language });
      expect(response.statusCode, path).toBe(400);
      return response.json() as Record<string, unknown>;
    };
    expect(await refused('/admin/dashboard?from=2026-03-01&to=2026-02-01', 'en')).toEqual({ to: ['The end date cannot be before the start date.'], code: 'invalid' });
    expect(await refused('/admin/dashboard/export.csv?chart=status&from=2026-03-01&to=2026-02-01', 'es')).toEqual({
      to: ['La fecha final no puede ser anterior a la fecha inicial.'],
      code: 'invalid',
    });
    expect(await refused('/admin/dashboard?from=2026-13-01', 'en')).toMatchObject({ from: [expect.any(String)], code: 'invalid' });
    expect(await refused('/admin/dashboard?program_id=abc', 'en')).toMatchObject({ program_id: [expect.any(String)], code: 'invalid' });
    expect(await refused('/admin/dashboard/export.csv?chart=everything', 'en')).toMatchObject({ chart: [expect.any(String)], code: 'invalid' });
    expect(await refused('/admin/dashboard/export.csv', 'en')).toMatchObject({ chart: [expect.any(String)], code: 'invalid' });
  });
});
