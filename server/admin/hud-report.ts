// The HUD beneficiary report (CDBG-DR economic development; docs/decisions/031-hud-beneficiary-report.md): counts of
// applicants or approved participants by HUD's race x ethnicity categories and the household answers of step 4,
// computed by one SQL aggregate, its CSV, and the income-limits table staff import from HUD's yearly CSV.
import { sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applications, hudIncomeLimits } from '#server/db/schema.ts';
import { fieldErrors, msg, type Message } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { HUD_RACE_CATEGORY_VALUES, INCOME_SOURCE_VALUES } from '#shared/contract-enums.ts';
import { inOwnOrder } from '#shared/contract-order.ts';
import { PR_MUNICIPALITIES } from '#shared/pr-municipalities.ts';
import { searchFold } from '#shared/search-fold.ts';
import { parseCsv, toCsv } from './csv.ts';
import { personsSql } from './duplicates.ts';

type Schemas = components['schemas'];
export type HudReport = Schemas['HudReport'];
type HudBucket = Schemas['HudBucket'];
type HudSection = Schemas['HudSection'];
type IncomeSource = Schemas['IncomeSource'];

export interface HudReportQuery {
  population?: Schemas['HudPopulation'] | undefined;
  program_id?: number | undefined;
  year?: number | undefined;
}

/** `applicants`: every application sent at least once; `closed` only ever takes drafts, so it is not among them. */
export const APPLICANT_STATUSES = ['submitted', 'in_review', 'changes_requested', 'approved', 'rejected', 'waitlisted'] as const;

/** The contract's HudRaceCategory values, in its order (shared/contract-enums.ts). */
export const RACE_CATEGORIES = HUD_RACE_CATEGORY_VALUES;

const ETHNICITIES = ['hispanic', 'not_hispanic', 'ethnicity_unknown'] as const;

/** Their order is the bits of the income sources in `applications.hud_key` (hud_household(), migration 0013): never reorder. */
export const INCOME_SOURCES = inOwnOrder(INCOME_SOURCE_VALUES, [
  'work', 'social_security', 'ssi', 'pensions', 'retirement', 'va_benefits', 'welfare', 'child_support', 'alimony',
  'child_income', 'other', 'no_income',
] as const) satisfies readonly IncomeSource[];

const YES_NO: readonly HudBucket[] = ['yes', 'no', 'unknown'];
const SIZE_BUCKETS: readonly HudBucket[] = ['size_1', 'size_2', 'size_3', 'size_4', 'size_5', 'size_6', 'size_7', 'size_8_plus', 'unknown'];

/** Each section's buckets in the order shown, and the SQL expression that names a household's bucket. */
const SECTIONS: ReadonlyArray<{ section: HudSection; buckets: readonly HudBucket[]; bucketOf?: string }> = [
  { section: 'female_head', buckets: YES_NO, bucketOf: 'female_head' },
  {
    section: 'household_size',
    buckets: SIZE_BUCKETS,
    bucketOf: 'size_bucket',
  },
  // Several sources per household: each row counts the households naming it; `unknown` those naming none.
  { section: 'income_sources', buckets: [...INCOME_SOURCES, 'unknown'] },
  { section: 'no_income', buckets: YES_NO, bucketOf: 'no_income' },
  { section: 'public_housing', buckets: YES_NO, bucketOf: 'public_housing' },
  { section: 'section_8', buckets: YES_NO, bucketOf: 'section_8' },
  { section: 'government_program', buckets: YES_NO, bucketOf: 'government_program' },
  { section: 'section_3', buckets: YES_NO, bucketOf: 'section_3' },
  { section: 'income_category', buckets: ['extremely_low', 'very_low', 'low', 'above_low', 'unknown'], bucketOf: 'income_category' },
];

/**
 * One row per counted person (and their household; docs/decisions/038): the applications of an account and of the
 * accounts the duplicate check links to it (`persons`, server/admin/duplicates.ts) are one person, who speaks through
 * their latest application in the population, with how many applications they sent. Then its buckets' key and LMI category. The rules of docs/decisions/031 live in
 * hud_household() (migration 0013), whose triggers keep each application's `hud_*` columns current; only the LMI
 * category is worked out here, since
 * it depends on the income limits of the year asked: the household's limits by its municipality and size (above 8 people,
 * HUD's rule from the 4-person limits), compared with the income counted.
 */
function classified(query: HudReportQuery, year: number | null): SQL {
  const statuses = query.population === 'approved' ? ['approved'] : [...APPLICANT_STATUSES];
  const program = query.program_id === undefined ? sql`` : sql` and a.program_id = ${query.program_id}`;
  const limit = (percent: 30 | 50 | 80): SQL =>
    sql.raw(`case when a.hud_household_size <= 8 then l.limit_${percent} else ceil(l.limit_${percent} * (1 + 0.08 * (a.hud_household_size - 4)) / 50) * 50 end`);
  return sql`
    select a.hud_key as key, a.applications,
      case
        when a.hud_income is null or l.limit_80 is null then 'unknown'
        when a.hud_income <= ${limit(30)} then 'extremely_low'
        when a.hud_income <= ${limit(50)} then 'very_low'
        when a.hud_income <= ${limit(80)} then 'low'
        else 'above_low'
      end as income_category
    from (
      select distinct on (coalesce(p.person, a.user_id)) a.hud_key, a.hud_municipality_key, a.hud_household_size, a.hud_income,
        count(*) over (partition by coalesce(p.person, a.user_id)) as applications
      from ${applications} a
      left join persons p on p.user_id = a.user_id
      where a.status in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})${program}
      order by coalesce(p.person, a.user_id), a.id desc
    ) a
    left join ${hudIncomeLimits} l on l.year = ${year} and l.municipality_key = a.hud_municipality_key
      and l.household_size = case when a.hud_household_size > 8 then 4 else a.hud_household_size end`;
}

/** The year whose limits a report uses: the one asked for when imported, else the latest imported (or none). */
async function limitsYear(db: Db, asked: number | undefined): Promise<number | null> {
  const result = await db.execute(
    asked === undefined
      ? sql`select max(${hudIncomeLimits.year}) as year from ${hudIncomeLimits}`
      : sql`select ${asked}::int as year from ${hudIncomeLimits} where ${hudIncomeLimits.year} = ${asked} limit 1`,
  );
  const year = (result as unknown as { rows: Array<{ year: number | null }> }).rows[0]?.year;
  return year === undefined || year === null ? null : Number(year);
}

/** Each count's key and the condition of its households. */
function countConditions(): Array<{ key: string; where: string }> {
  const counts: Array<{ key: string; where: string }> = [{ key: 'total', where: 'true' }];
  for (const category of RACE_CATEGORIES) {
    for (const ethnicity of ETHNICITIES) counts.push({ key: `race.${category}.${ethnicity}`, where: `race_category = '${category}' and ethnicity = '${ethnicity}'` });
  }
  for (const { section, buckets, bucketOf } of SECTIONS) {
    for (const bucket of buckets) {
      // Income sources: bit i of `sources` is INCOME_SOURCES[i] (hud_household()); none named is no_income unknown.
      const where = bucketOf
        ? `${bucketOf} = '${bucket}'`
        : bucket === 'unknown'
          ? `no_income = 'unknown'`
          : `sources & ${1 << INCOME_SOURCES.indexOf(bucket as IncomeSource)} <> 0`;
      counts.push({ key: `${section}.${bucket}`, where });
    }
  }
  return counts;
}

const COUNTS = countConditions();

/**
 * The digits of `applications.hud_key` (hud_key() of migration 0013), least significant first: each
 * the bucket's position in its list, so the report groups households by one integer instead of ten text columns. These
 * lists are the migration's, in its order; the income sources' bit mask comes last, above them all.
 */
const KEY_DIGITS: ReadonlyArray<{ name: string; buckets: readonly string[] }> = [
  { name: 'race_category', buckets: RACE_CATEGORIES },
  { name: 'ethnicity', buckets: ETHNICITIES },
  { name: 'female_head', buckets: YES_NO },
  { name: 'size_bucket', buckets: SIZE_BUCKETS },
  { name: 'no_income', buckets: YES_NO },
  { name: 'public_housing', buckets: YES_NO },
  { name: 'section_8', buckets: YES_NO },
  { name: 'government_program', buckets: YES_NO },
  { name: 'section_3', buckets: YES_NO },
];

/** Each bucket read back out of the key, as the names the counts' conditions use. */
function decodedKey(): string {
  let place = 1;
  const digits = KEY_DIGITS.map(({ name, buckets }) => {
    const names = `array[${buckets.map((bucket) => `'${bucket}'`).join(', ')}]`;
    const digit = `(${names})[(key / ${place}) % ${buckets.length} + 1] as ${name}`;
    place *= buckets.length;
    return digit;
  });
  return [...digits, `key / ${place} as sources`].join(',\n');
}

/**
 * The report's one statement: the households grouped by their key and LMI category (a few hundred kinds at most), each
 * group's buckets read back out of the key, and every count one `sum(n) filter (...)` over those groups rather than over
 * every household.
 */
export function hudReportSql(query: HudReportQuery, year: number | null): SQL {
  const columns = sql.raw(COUNTS.map(({ where }, index) => `coalesce(sum(n) filter (where ${where}), 0)::int as c${index}`).join(',\n'));
  return sql`
    with recursive ${personsSql()}
    select ${columns}, coalesce(sum(sent), 0)::int as applications
    from (
      select ${sql.raw(decodedKey())}, income_category, n, sent
      from (
        select key, income_category, count(*) as n, sum(applications) as sent
        from (${classified(query, year)}) classified
        group by key, income_category
      ) groups
    ) households`;
}

export async function hudReport(db: Db, query: HudReportQuery): Promise<HudReport> {
  const year = await limitsYear(db, query.year);
  // JIT off for this statement: the recursive persons query (docs/decisions/038) makes the planner's cost estimate
  // large enough to JIT-compile the statement, which cost ~7 s at 100,000 applications for a query that runs in ~0.1 s.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(hudReportSql(query, year));
  });
  const row = (result as unknown as { rows: Array<Record<string, number | string>> }).rows[0] ?? {};
  const value = new Map(COUNTS.map(({ key }, index) => [key, Number(row[`c${index}`] ?? 0)]));
  const count = (key: string): number => value.get(key) ?? 0;
  return {
    population: query.population ?? 'applicants',
    program_id: query.program_id ?? null,
    income_limits_year: year,
    total: count('total'),
    applications: Number(row.applications ?? 0),
    race: RACE_CATEGORIES.map((category) => {
      const [hispanic, notHispanic, unknown] = ETHNICITIES.map((ethnicity) => count(`race.${category}.${ethnicity}`)) as [number, number, number];
      return { category, hispanic, not_hispanic: notHispanic, ethnicity_unknown: unknown, total: hispanic + notHispanic + unknown };
    }),
    sections: SECTIONS.map(({ section, buckets }) => ({ section, rows: buckets.map((bucket) => ({ bucket, count: count(`${section}.${bucket}`) })) })),
  };
}

/** A bucket's words: income sources keep the application's own option names (application.household.income*). */
export function bucketMessage(section: HudSection, bucket: HudBucket): string {
  if (section === 'income_sources' && bucket !== 'unknown') {
    return `application.household.income${bucket.replace(/(^|_)(\w)/g, (_, __: string, letter: string) => letter.toUpperCase())}`;
  }
  return `admin.hud.bucket.${bucket}`;
}

/** The report as CSV: the households, then race x ethnicity (four counts), then one line per bucket of each section. */
export function hudReportCsv(report: HudReport, language: Language): string {
  const t = (id: string) => translate(language, id);
  const header = ['section', 'category', 'hispanic', 'not_hispanic', 'ethnicity_unknown', 'count'].map((key) => t(`admin.hud.csv.${key}`));
  const rows: Array<Array<string | number | null>> = [[t('admin.hud.total'), t('admin.hud.households'), null, null, null, report.total]];
  for (const race of report.race) {
    rows.push([t('admin.hud.section.race'), t(`admin.hud.race.${race.category}`), race.hispanic, race.not_hispanic, race.ethnicity_unknown, race.total]);
  }
  for (const { section, rows: buckets } of report.sections) {
    for (const { bucket, count } of buckets) rows.push([t(`admin.hud.section.${section}`), t(bucketMessage(section, bucket)), null, null, null, count]);
  }
  return toCsv(header, rows);
}

// ---- the income limits ---------------------------------------------------------------------------------------

const HEADER = ['municipality', 'household_size', 'limit_30', 'limit_50', 'limit_80'];
/** Bad rows named in one answer; more are summed up in one last message. */
const MAX_ROW_ERRORS = 50;
const municipalityByKey = new Map<string, string>(PR_MUNICIPALITIES.map((name) => [searchFold(name), name]));

interface LimitRow {
  municipality: string;
  municipality_key: string;
  household_size: number;
  limit_30: number;
  limit_50: number;
  limit_80: number;
}

const WHOLE_DOLLARS = /^[0-9]{1,9}$/;

/** Every row checked; the rows when all are good, else the messages naming each bad row (row 1 is the header). */
export function readIncomeLimits(bytes: Buffer): { rows: LimitRow[] } | { errors: Message[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return { errors: [msg('api.hud.import.encoding')] };
  }
  const records = parseCsv(text).filter((record) => record.some((cell) => cell.trim() !== ''));
  const [header, ...data] = records;
  if (!header || header.map((cell) => cell.trim().toLowerCase()).join(',') !== HEADER.join(',')) {
    return { errors: [msg('api.hud.import.header', { header: HEADER.join(',') })] };
  }
  if (data.length === 0) return { errors: [msg('api.hud.import.empty')] };
  const errors: Message[] = [];
  const rows: LimitRow[] = [];
  const seen = new Map<string, number>();
  // Rows are numbered as a spreadsheet shows them; blank lines were dropped, so count from the records kept.
  data.forEach((cells, index) => {
    const row = index + 2;
    if (cells.length !== HEADER.length) return void errors.push(msg('api.hud.import.columns', { row, count: HEADER.length }));
    const [name = '', size = '', l30 = '', l50 = '', l80 = ''] = cells.map((cell) => cell.trim());
    const key = searchFold(name);
    const municipality = municipalityByKey.get(key);
    const rowErrors: Message[] = [];
    if (!municipality) rowErrors.push(msg('api.hud.import.municipality', { row, value: name }));
    const householdSize = /^[1-8]$/.test(size) ? Number(size) : null;
    if (householdSize === null) rowErrors.push(msg('api.hud.import.size', { row }));
    const limits = [l30, l50, l80].map((cell) => (WHOLE_DOLLARS.test(cell) && Number(cell) > 0 ? Number(cell) : null));
    const [limit30, limit50, limit80] = limits;
    if (limit30 == null || limit50 == null || limit80 == null) rowErrors.push(msg('api.hud.import.limit', { row }));
    else if (!(limit30 <= limit50 && limit50 <= limit80)) rowErrors.push(msg('api.hud.import.order', { row }));
    if (municipality && householdSize !== null) {
      const first = seen.get(`${key}/${householdSize}`);
      if (first !== undefined) rowErrors.push(msg('api.hud.import.duplicate', { row, first }));
      else seen.set(`${key}/${householdSize}`, row);
    }
    if (rowErrors.length > 0 || !municipality || householdSize === null || limit30 == null || limit50 == null || limit80 == null) {
      errors.push(...rowErrors);
      return;
    }
    rows.push({ municipality, municipality_key: key, household_size: householdSize, limit_30: limit30, limit_50: limit50, limit_80: limit80 });
  });
  if (errors.length > MAX_ROW_ERRORS) {
    return { errors: [...errors.slice(0, MAX_ROW_ERRORS), msg('api.hud.import.more', { count: errors.length - MAX_ROW_ERRORS })] };
  }
  return errors.length > 0 ? { errors } : { rows };
}

export type IncomeLimitYear = Schemas['HudIncomeLimitYear'];

/** Imports one year: all rows or none, replacing what that year held, in one transaction. */
export async function importIncomeLimits(db: Db, now: Date, year: number, bytes: Buffer): Promise<IncomeLimitYear> {
  const read = readIncomeLimits(bytes);
  if ('errors' in read) throw fieldErrors({ file: read.errors });
  await db.transaction(async (tx) => {
    await tx.delete(hudIncomeLimits).where(sql`${hudIncomeLimits.year} = ${year}`);
    // 78 municipalities x 8 sizes is 624 rows: a few inserts of 200 keep each statement's parameters few.
    for (let start = 0; start < read.rows.length; start += 200) {
      await tx.insert(hudIncomeLimits).values(read.rows.slice(start, start + 200).map((row) => ({ ...row, year, imported_at: now })));
    }
  });
  return {
    year,
    rows: read.rows.length,
    municipalities: new Set(read.rows.map((row) => row.municipality_key)).size,
    imported_at: now.toISOString(),
  };
}

/** The imported years, newest first. */
export async function incomeLimitYears(db: Db): Promise<IncomeLimitYear[]> {
  const result = await db.execute(sql`
    select ${hudIncomeLimits.year} as year, count(*)::int as rows, count(distinct ${hudIncomeLimits.municipality_key})::int as municipalities,
      max(${hudIncomeLimits.imported_at}) as imported_at
    from ${hudIncomeLimits} group by ${hudIncomeLimits.year} order by ${hudIncomeLimits.year} desc`);
  return (result as unknown as { rows: Array<{ year: number; rows: number; municipalities: number; imported_at: Date | string }> }).rows.map((row) => ({
    year: Number(row.year),
    rows: Number(row.rows),
    municipalities: Number(row.municipalities),
    imported_at: new Date(row.imported_at).toISOString(),
  }));
}
