// Staff's dashboard (docs/decisions/030-dashboard.md): accounts, the funnel, applications by status, sub-program and
// program, registrations per month, how people heard, and time to decision. Every figure is one SQL aggregate (GROUP BY,
// COUNT FILTER, percentile_cont), so the server reads a few dozen numbers whatever the number of applications; each
// chart also downloads as CSV in the reader's language.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { closeDraftsOfClosedPrograms } from '#server/applications/access.ts';
import type { Db } from '#server/db/client.ts';
import { applications, eventRegistrations, programs, surveys, users } from '#server/db/schema.ts';
import { fieldErrors } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { DASHBOARD_FUNNEL_STAGE_VALUES, HOW_HEARD_VALUES, SUB_PROGRAM_VALUES } from '#shared/contract-enums.ts';
import { APPLICATION_STATUSES, REVIEW_DECISIONS } from '#shared/review-lifecycle.ts';
import { withinDays, type ApplicationFilters } from './applications.ts';
import { subProgramMessage, toCsv } from './csv.ts';

type Schemas = components['schemas'];
type Dashboard = Schemas['AdminDashboard'];
export type DashboardChart = Schemas['DashboardChart'];

/** The list's program and start-day filters (docs/decisions/025), read here for accounts and registrations too. */
export type DashboardFilters = Pick<ApplicationFilters, 'program_id' | 'from' | 'to'>;

const HOW_HEARD = HOW_HEARD_VALUES;
const FUNNEL = DASHBOARD_FUNNEL_STAGE_VALUES;
/** Each band's lower bound in whole days; a band ends where the next starts. */
const BANDS = [
  ['days_0_6', 0],
  ['days_7_29', 7],
  ['days_30_59', 30],
  ['days_60_89', 60],
  ['days_90_plus', 90],
] as const satisfies ReadonlyArray<readonly [Schemas['DashboardDecisionBand'], number]>;

/** Sent: any status past a draft but a closed one (a closed application was a draft: `close` takes only drafts). */
const SENT = sql`${applications.status} not in ('draft', 'closed')`;
const DECIDED = inArray(applications.status, [...REVIEW_DECISIONS]);

const int = (expression: SQL) => sql<number>`cast(${expression} as int)`;
const tenth = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);

/** `to` before `from` is the one filter the contract's formats cannot refuse. */
function checkFilters(filters: DashboardFilters): void {
  if (filters.from !== undefined && filters.to !== undefined && filters.to < filters.from) {
    throw fieldErrors({ to: 'api.admin.dashboard.toBeforeFrom' });
  }
}

/** The applications the application figures count: the program, and the day they were started. */
const applicationScope = (filters: DashboardFilters): SQL | undefined =>
  and(
    ...(filters.program_id === undefined ? [] : [eq(applications.program_id, filters.program_id)]),
    ...withinDays(applications.created_at, filters.from, filters.to),
  );

type Breakdowns = Pick<Dashboard, 'by_status' | 'by_sub_program' | 'by_program'>;

/**
 * Applications by status, by sub-program and by program from one scan: counted per (program, status) first, then summed
 * three ways with GROUPING SETS over those few rows; the programs (tens of rows) give the names and the zeros.
 */
async function breakdowns(db: Db, filters: DashboardFilters): Promise<Breakdowns> {
  const counted = db
    .select({ program_id: applications.program_id, status: applications.status, n: sql<number>`count(*)`.as('n') })
    .from(applications)
    .where(applicationScope(filters))
    .groupBy(applications.program_id, applications.status)
    .as('counted');
  const [sums, programRows] = await Promise.all([
    db
      .select({
        set: sql<'status' | 'sub_program' | 'program'>`case when grouping(${counted.status}) = 0 then 'status' when grouping(${programs.sub_program}) = 0 then 'sub_program' else 'program' end`,
        status: counted.status,
        sub_program: programs.sub_program,
        program_id: counted.program_id,
        count: int(sql`sum(${counted.n})`),
      })
      .from(counted)
      .innerJoin(programs, eq(programs.id, counted.program_id))
      .groupBy(sql`grouping sets ((${counted.status}), (${programs.sub_program}), (${counted.program_id}))`),
    db
      .select()
      .from(programs)
      .where(filters.program_id === undefined ? undefined : eq(programs.id, filters.program_id)),
  ]);
  const countOf = (set: string, key: (row: (typeof sums)[number]) => string | number | null) =>
    new Map(sums.filter((row) => row.set === set).map((row) => [key(row), row.count]));
  const statuses = countOf('status', (row) => row.status);
  const subPrograms = countOf('sub_program', (row) => row.sub_program);
  const perProgram = countOf('program', (row) => row.program_id);
  return {
    by_status: APPLICATION_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    by_sub_program: SUB_PROGRAM_VALUES.map((sub_program) => ({ sub_program, count: subPrograms.get(sub_program) ?? 0 })),
    by_program: programRows
      .map((program) => ({
        program: {
          id: program.id,
          sub_program: program.sub_program as Schemas['SubProgram'],
          name: { es: program.name_es, en: program.name_en },
          period: program.period,
        },
        count: perProgram.get(program.id) ?? 0,
      }))
      .sort((a, b) => b.count - a.count || a.program.id - b.program.id),
  };
}

/**
 * The people who made an account in the range, and how far each got: a survey, an application, one sent, one
 * decided. A person counts once per stage whatever the number of applications. Staff accounts count only when they
 * applied: an application counts the same whoever owns it, so the funnel agrees with the status counts
 * (docs/decisions/036-review-rules.md).
 */
async function funnel(db: Db, filters: DashboardFilters): Promise<Dashboard['funnel']> {
  const applied = sql`exists (select 1 from ${applications} where ${applications.user_id} = ${users.id})`;
  const people = db
    .select({ id: users.id })
    .from(users)
    .where(and(or(eq(users.is_staff, false), applied), ...withinDays(users.created_at, filters.from, filters.to)))
    .as('people');
  const reached = db
    .select({
      user_id: applications.user_id,
      sent: sql<boolean>`bool_or(${SENT})`.as('sent'),
      decided: sql<boolean>`bool_or(${DECIDED})`.as('decided'),
    })
    .from(applications)
    .where(filters.program_id === undefined ? undefined : eq(applications.program_id, filters.program_id))
    .groupBy(applications.user_id)
    .as('reached');
  const [row] = await db
    .select({
      account: int(sql`count(*)`),
      survey: int(sql`count(${surveys.user_id})`),
      started: int(sql`count(${reached.user_id})`),
      submitted: int(sql`count(*) filter (where ${reached.sent})`),
      decided: int(sql`count(*) filter (where ${reached.decided})`),
    })
    .from(people)
    .leftJoin(surveys, eq(surveys.user_id, people.id))
    .leftJoin(reached, eq(reached.user_id, people.id));
  return FUNNEL.map((stage) => ({ stage, count: row?.[stage] ?? 0 }));
}

/**
 * Registrations per Puerto Rico month (UTC-4 all year), every month between the first and the last one counted, so a
 * month without registrations shows as 0 rather than missing.
 */
async function registrationsByMonth(db: Db, filters: DashboardFilters): Promise<Dashboard['registrations_by_month']> {
  const month = sql`date_trunc('month', (${eventRegistrations.created_at} at time zone 'UTC') - interval '4 hours')`;
  const scope = and(...withinDays(eventRegistrations.created_at, filters.from, filters.to));
  const result = await db.execute(sql`
    with counted as (
      select ${month} as month, count(*) as n from ${eventRegistrations} ${scope ? sql`where ${scope}` : sql``} group by 1
    ), span as (select min(month) as low, max(month) as high from counted)
    select to_char(series.month, 'YYYY-MM') as month, cast(coalesce(counted.n, 0) as int) as count
    from span
    cross join lateral generate_series(span.low, span.high, interval '1 month') as series(month)
    left join counted on counted.month = series.month
    order by series.month`);
  return (result as unknown as { rows: Array<{ month: string; count: number }> }).rows.map((row) => ({ month: row.month, count: Number(row.count) }));
}

async function howHeard(db: Db, filters: DashboardFilters): Promise<Dashboard['how_heard']> {
  const rows = await db
    .select({ how_heard: eventRegistrations.how_heard, count: int(sql`count(*)`) })
    .from(eventRegistrations)
    .where(and(...withinDays(eventRegistrations.created_at, filters.from, filters.to)))
    .groupBy(eventRegistrations.how_heard);
  const counts = new Map(rows.map((row) => [row.how_heard ?? 'unknown', row.count]));
  return [...HOW_HEARD, 'unknown' as const].map((how_heard) => ({ how_heard, count: counts.get(how_heard) ?? 0 }));
}

/** Days from the first submission (kept through resubmissions, docs/decisions/028) to the last decision. */
async function decisionTime(db: Db, filters: DashboardFilters): Promise<Dashboard['decision_time']> {
  const days = sql`(extract(epoch from ${applications.decided_at} - ${applications.submitted_at}) / 86400)::float8`;
  const bandCounts = Object.fromEntries(
    BANDS.map(([band, low], index) => {
      const high = BANDS[index + 1]?.[1];
      const within = high === undefined ? sql`${days} >= ${low}` : sql`${days} >= ${low} and ${days} < ${high}`;
      return [band, int(sql`count(*) filter (where ${within})`)];
    }),
  );
  const [row] = await db
    .select({
      decided: int(sql`count(*)`),
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${days})`,
      average: sql<number | null>`avg(${days})`,
      ...bandCounts,
    })
    .from(applications)
    .where(and(applicationScope(filters), DECIDED, sql`${applications.decided_at} is not null and ${applications.submitted_at} is not null`));
  const counts = row as Record<string, unknown> | undefined;
  return {
    decided: Number(counts?.decided ?? 0),
    median_days: tenth(counts?.median),
    average_days: tenth(counts?.average),
    bands: BANDS.map(([band]) => ({ band, count: Number(counts?.[band] ?? 0) })),
  };
}

const CHARTS = {
  funnel,
  status: async (db: Db, filters: DashboardFilters) => (await breakdowns(db, filters)).by_status,
  sub_program: async (db: Db, filters: DashboardFilters) => (await breakdowns(db, filters)).by_sub_program,
  program: async (db: Db, filters: DashboardFilters) => (await breakdowns(db, filters)).by_program,
  registrations: registrationsByMonth,
  how_heard: howHeard,
  decision_time: decisionTime,
} satisfies Record<DashboardChart, (db: Db, filters: DashboardFilters) => Promise<unknown>>;

export async function getDashboard(db: Db, now: Date, filters: DashboardFilters): Promise<Dashboard> {
  checkFilters(filters);
  // Drafts whose program closed by its deadline read as closed: store it first, as the list does.
  await closeDraftsOfClosedPrograms(db, now, sql`true`);
  const [funnelRows, { by_status, by_sub_program, by_program }, registrations_by_month, how_heard, decision_time] = await Promise.all([
    funnel(db, filters),
    breakdowns(db, filters),
    registrationsByMonth(db, filters),
    howHeard(db, filters),
    decisionTime(db, filters),
  ]);
  return {
    accounts: funnelRows[0]?.count ?? 0,
    funnel: funnelRows,
    by_status,
    by_sub_program,
    by_program,
    registrations_by_month,
    how_heard,
    decision_time,
  };
}

type Cell = string | number | null;

/** One chart as CSV: its header and rows in the reader's language, the counts as numbers. */
export async function exportDashboardCsv(db: Db, now: Date, chart: DashboardChart, filters: DashboardFilters, language: Language): Promise<string> {
  checkFilters(filters);
  await closeDraftsOfClosedPrograms(db, now, sql`true`);
  const t = (id: string) => translate(language, id);
  const header = (...columns: string[]) => columns.map((column) => t(`admin.dashboard.csv.${column}`));
  switch (chart) {
    case 'funnel':
      return toCsv(header('stage', 'count'), (await CHARTS.funnel(db, filters)).map((row): Cell[] => [t(`admin.dashboard.funnel.${row.stage}`), row.count]));
    case 'status':
      return toCsv(header('status', 'count'), (await CHARTS.status(db, filters)).map((row): Cell[] => [t(`programs.applicationStatus.${row.status}`), row.count]));
    case 'sub_program':
      return toCsv(header('sub_program', 'count'), (await CHARTS.sub_program(db, filters)).map((row): Cell[] => [t(subProgramMessage(row.sub_program)), row.count]));
    case 'program':
      return toCsv(
        header('program', 'sub_program', 'period', 'count'),
        (await CHARTS.program(db, filters)).map((row): Cell[] => [row.program.name[language], t(subProgramMessage(row.program.sub_program)), row.program.period, row.count]),
      );
    case 'registrations':
      return toCsv(header('month', 'count'), (await CHARTS.registrations(db, filters)).map((row): Cell[] => [row.month, row.count]));
    case 'how_heard':
      return toCsv(
        header('how_heard', 'count'),
        (await CHARTS.how_heard(db, filters)).map((row): Cell[] => [t(row.how_heard === 'unknown' ? 'admin.dashboard.unknown' : `events.howHeard.${row.how_heard}`), row.count]),
      );
    case 'decision_time': {
      const time = await CHARTS.decision_time(db, filters);
      return toCsv(header('measure', 'value'), [
        ...time.bands.map((row): Cell[] => [t(`admin.dashboard.band.${row.band}`), row.count]),
        [t('admin.dashboard.decided'), time.decided],
        [t('admin.dashboard.medianDays'), time.median_days],
        [t('admin.dashboard.averageDays'), time.average_days],
      ]);
    }
  }
}
