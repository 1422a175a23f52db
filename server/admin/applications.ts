// Staff's applications (docs/decisions/025-admin-applications.md): the list of every program's applications,
// searched (name, e-mail, business), filtered, sorted and keyset-paged on the server, its CSV, one application with
// its applicant and survey for review, and closing a draft or reopening a closed one (audited).
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { components } from '#api/schema.d.ts';
import { closeDraftsOfClosedPrograms, load, type Loaded } from '#server/applications/access.ts';
import { applicationView } from '#server/applications/view.ts';
import type { Db } from '#server/db/client.ts';
import { applications, applicationSteps, programs, users } from '#server/db/schema.ts';
import { detailError, notFound } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { programStatus } from '#server/programs/status.ts';
import { findSurvey } from '#server/survey/service.ts';
import { awaitsStaff, nextStatus, type ApplicationStatus } from '#shared/review-lifecycle.ts';
import { searchFold } from '#shared/search-fold.ts';
import { recordStatusChange } from '#server/audit/log.ts';
import { subProgramMessage, toCsv } from './csv.ts';
import { documentChecklist, replacedDocuments } from './document-list.ts';
import { duplicateCounts } from './duplicates.ts';
import { exportTime } from './export-about.ts';
import { DEFAULT_PAGE_SIZE, afterCursor, containsPattern, decodeCursor, encodeCursor, readAllPages, splitPage, type PageRequest } from './keyset.ts';
import { scoreSummaries } from './scoring.ts';
import { assertMayAct, dutyView } from './separation-of-duties.ts';
import type { Actor } from './users.ts';

type Schemas = components['schemas'];
type Row = Schemas['AdminApplicationRow'];
export type AdminApplicationSort = Schemas['AdminApplicationSort'];

export interface ApplicationFilters {
  q?: string | undefined;
  program_id?: number | undefined;
  sub_program?: Schemas['SubProgram'] | undefined;
  status?: Schemas['ApplicationStatus'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: AdminApplicationSort | undefined;
  queue?: Schemas['AdminApplicationQueue'] | undefined;
  reviewer_id?: number | undefined;
}

/** Who reads the list: `queue=mine` is their own queue. */
export interface ListViewer {
  id: number;
}

/** Lists count their matches up to this many (AdminApplicationPage.count). */
export const COUNT_CAP = 1000;

/** Puerto Rico keeps UTC-4 all year (no daylight saving): a day there starts at 04:00 UTC. */
const PUERTO_RICO_OFFSET = '-04:00';

/** The instant a Puerto Rico day (`YYYY-MM-DD`) starts; `+ interval '1 day'` is where it ends. */
export const dayStart = (day: string): SQL => sql`${`${day}T00:00:00${PUERTO_RICO_OFFSET}`}::timestamptz`;

/** `column` within the Puerto Rico days `from` to `to`, both inclusive and each optional. */
export function withinDays(column: SQL | AnyPgColumn, from: string | undefined, to: string | undefined): SQL[] {
  return [
    ...(from === undefined ? [] : [sql`${column} >= ${dayStart(from)}`]),
    ...(to === undefined ? [] : [sql`${column} < (${dayStart(to)} + interval '1 day')`]),
  ];
}

// ---- the list ------------------------------------------------------------------------------------------------

/**
 * Each sort's key, the same expressions as migration 0008's indexes. Unsubmitted applications come last either way
 * round: descending by `coalesce(submitted_at, -infinity)`, ascending by `coalesce(submitted_at, infinity)`. The
 * cursor keeps the key as PostgreSQL prints it (a JavaScript Date would cut the microseconds).
 */
const sortKey = (sort: AdminApplicationSort): SQL => {
  switch (sort.replace(/^-/, '')) {
    case 'created':
      return sql`${applications.created_at}`;
    case 'submitted':
      return sort.startsWith('-')
        ? sql`coalesce(${applications.submitted_at}, '-infinity'::timestamptz)`
        : sql`coalesce(${applications.submitted_at}, 'infinity'::timestamptz)`;
    case 'status_since':
      // Migration 0020's index; ascending puts the longest waiting first.
      return sql`${applications.status_since}`;
    case 'score':
      // Migration 0014's indexes; not scored yet comes last both ways, as an unsubmitted application does above.
      return sort.startsWith('-')
        ? sql`coalesce(${applications.score_average}, '-infinity'::float8)`
        : sql`coalesce(${applications.score_average}, 'infinity'::float8)`;
    default:
      return sql`${applications.updated_at}`;
  }
};

/** What PostgreSQL prints for a float8 key (a cursor holding anything else was forged). */
const isFloatText = (key: string | number) => typeof key === 'string' && /^(-?Infinity|-?\d+(\.\d+)?(e[+-]\d+)?)$/.test(key);

/** The type a sort's key is cast back to from the cursor's text. */
const keyType = (sort: AdminApplicationSort): string => (sort.replace(/^-/, '') === 'score' ? 'float8' : 'timestamptz');

function listShape(filters: ApplicationFilters, viewer: ListViewer) {
  const sort = filters.sort ?? '-updated';
  const descending = sort.startsWith('-');
  const key = sortKey(sort);
  const folded = filters.q === undefined ? '' : searchFold(filters.q.trim());
  const conditions: SQL[] = [];
  // applications.search_text is folded already (migration 0008); the trigram index answers this `like`.
  if (folded !== '') conditions.push(sql`${applications.search_text} like ${containsPattern(folded)}`);
  if (filters.program_id !== undefined) conditions.push(eq(applications.program_id, filters.program_id));
  if (filters.sub_program !== undefined) {
    conditions.push(inArray(applications.program_id, sql`(select ${programs.id} from ${programs} where ${programs.sub_program} = ${filters.sub_program})`));
  }
  if (filters.status !== undefined) conditions.push(eq(applications.status, filters.status));
  conditions.push(...withinDays(applications.created_at, filters.from, filters.to));
  // Staff's queues (docs/decisions/040): their own, nobody's, or one reviewer's (applications_reviewer_idx).
  if (filters.queue === 'mine') conditions.push(eq(applications.reviewer_id, viewer.id));
  if (filters.queue === 'unassigned') conditions.push(isNull(applications.reviewer_id));
  if (filters.reviewer_id !== undefined) conditions.push(eq(applications.reviewer_id, filters.reviewer_id));
  // A cursor is only good for the list it came from ("mine" is the viewer's: another's cursor is refused).
  const scope = JSON.stringify([
    'applications', sort, folded, filters.program_id ?? null, filters.sub_program ?? null, filters.status ?? null, filters.from ?? null, filters.to ?? null,
    filters.queue === 'mine' ? `mine:${viewer.id}` : (filters.queue ?? null), filters.reviewer_id ?? null,
  ]);
  return { key, keyCast: keyType(sort), descending, conditions, scope };
}

async function readPage(db: Db, now: Date, viewer: ListViewer, filters: ApplicationFilters, page: PageRequest) {
  const { key, keyCast, descending, conditions, scope } = listShape(filters, viewer);
  const cursor = decodeCursor(scope, page.cursor, keyCast === 'float8' ? isFloatText : undefined);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  // A "before" cursor (the previous page) reads backwards from the page's first row, then turns the rows round.
  const backwards = cursor?.before === true;
  const read = (from: typeof cursor, reverse: boolean) => {
    const ascending = descending === reverse;
    return db
      .select({
        application: applications,
        key: sql<string>`cast(${key} as text)`,
        // Whole days in the current status, by the app's clock (migration 0020 keeps status_since from the audit log).
        days: sql<number>`cast(greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - ${applications.status_since})) / 86400)) as int)`,
      })
      .from(applications)
      .where(and(...conditions, ...(from ? [afterCursor(key, sql`${applications.id}`, from, !ascending, keyCast)] : [])))
      .orderBy(...(ascending ? [asc(key), asc(applications.id)] : [desc(key), desc(applications.id)]))
      .limit(limit + 1);
  };
  let { rows: shown, more } = splitPage(await read(cursor, backwards), limit);
  let first = cursor === null;
  if (backwards) {
    shown = shown.reverse();
    // Nothing before what was read: it is the first page, read forwards so it is whole.
    if (!more) {
      ({ rows: shown, more } = splitPage(await read(null, false), limit));
      first = true;
    } else more = true;
  }
  const head = shown.at(0);
  const last = shown.at(-1);
  return {
    rows: await describe(db, shown),
    next: more && last ? encodeCursor(scope, { key: last.key, id: last.application.id }) : null,
    prev: !first && head ? encodeCursor(scope, { key: head.key, id: head.application.id, before: true }) : null,
    conditions,
  };
}

async function describe(db: Db, read: Array<{ application: typeof applications.$inferSelect; days: number }>): Promise<Row[]> {
  if (read.length === 0) return [];
  const rows = read.map((row) => row.application);
  const days = new Map(read.map((row) => [row.application.id, row.days]));
  const ids = rows.map((row) => row.id);
  const reviewerIds = rows.flatMap((row) => (row.reviewer_id === null ? [] : [row.reviewer_id]));
  const [people, programRows, steps] = await Promise.all([
    db.select().from(users).where(inArray(users.id, [...new Set([...rows.map((row) => row.user_id), ...reviewerIds])])),
    db.select().from(programs).where(inArray(programs.id, [...new Set(rows.map((row) => row.program_id))])),
    db
      .select({
        application_id: applicationSteps.application_id,
        submitted: sql<number>`cast(count(*) filter (where ${applicationSteps.status} = 'submitted') as int)`,
        business: sql<string | null>`max(${applicationSteps.data}->>'business_name') filter (where ${applicationSteps.step} = 2)`,
      })
      .from(applicationSteps)
      .where(inArray(applicationSteps.application_id, ids))
      .groupBy(applicationSteps.application_id),
  ]);
  const person = new Map(people.map((row) => [row.id, row]));
  const program = new Map(programRows.map((row) => [row.id, row]));
  const stepInfo = new Map(steps.map((row) => [row.application_id, row]));
  const scored = await scoreSummaries(db, rows.map((row) => ({ id: row.id, sub_program: program.get(row.program_id)?.sub_program ?? '' })));
  const duplicates = await duplicateCounts(db, ids);
  return rows.map((row) => {
    const owner = person.get(row.user_id);
    const of = program.get(row.program_id);
    const info = stepInfo.get(row.id);
    const business = info?.business?.trim() ?? '';
    const reviewer = row.reviewer_id === null ? undefined : person.get(row.reviewer_id);
    const inStatus = days.get(row.id) ?? 0;
    const target = of?.review_target_days ?? null;
    return {
      id: row.id,
      status: row.status as Schemas['ApplicationStatus'],
      program: {
        id: row.program_id,
        sub_program: (of?.sub_program ?? 'incubator') as Schemas['SubProgram'],
        name: { es: of?.name_es ?? '', en: of?.name_en ?? '' },
        period: of?.period ?? '',
      },
      applicant: { id: row.user_id, email: owner?.email ?? '', first_name: owner?.first_name ?? '', last_name: owner?.last_name ?? '' },
      business_name: business === '' ? null : business,
      steps_submitted: info?.submitted ?? 0,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      submitted_at: row.submitted_at?.toISOString() ?? null,
      resubmitted_at: row.resubmitted_at?.toISOString() ?? null,
      // The stored average the list sorts by (server/admin/scoring.ts refreshScoreAverages keeps it equal to the sheets').
      score_average: row.score_average,
      score_count: scored.get(row.id)?.count ?? 0,
      reviewer: reviewer ? { id: reviewer.id, email: reviewer.email, first_name: reviewer.first_name, last_name: reviewer.last_name } : null,
      status_since: row.status_since.toISOString(),
      days_in_status: inStatus,
      review_target_days: target,
      // Only applications waiting on staff are late (shared/review-lifecycle.ts awaitsStaff).
      over_target: target !== null && inStatus > target && awaitsStaff(row.status as ApplicationStatus),
      duplicates: duplicates.get(row.id) ?? 0,
    };
  });
}

export async function listApplications(db: Db, now: Date, viewer: ListViewer, filters: ApplicationFilters, page: PageRequest): Promise<Schemas['AdminApplicationPage']> {
  // Drafts whose program closed by its deadline read as closed: store it first, so the status filter is true.
  await closeDraftsOfClosedPrograms(db, now, sql`true`);
  const { rows, next, prev, conditions } = await readPage(db, now, viewer, filters, page);
  // Counted up to COUNT_CAP + 1 rows: an exact count of a broad search at 100,000 applications costs tens of ms.
  const matching = db.select({ one: sql`1` }).from(applications).where(and(...conditions)).limit(COUNT_CAP + 1).as('matching');
  const [total] = await db.select({ n: count() }).from(matching);
  const n = total?.n ?? 0;
  return { results: rows, count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP, next_cursor: next, prev_cursor: prev };
}

/** Every application the filters match, as CSV in the reader's language, read in keyset batches. */
export async function exportApplicationsCsv(db: Db, now: Date, viewer: ListViewer, filters: ApplicationFilters, language: Language): Promise<string> {
  await closeDraftsOfClosedPrograms(db, now, sql`true`);
  const t = (id: string, values?: Record<string, string>) => translate(language, id, values);
  const rows = await readAllPages((page) => readPage(db, now, viewer, filters, page));
  const columns = ['id', 'program', 'sub_program', 'period', 'status', 'first_name', 'last_name', 'email', 'business_name', 'steps_submitted', 'created_at', 'updated_at', 'submitted_at', 'score_average', 'reviewer', 'days_in_status'];
  return toCsv(
    columns.map((column) => t(`admin.applications.csv.${column}`)),
    rows.map((row) => [
      row.id,
      row.program.name[language],
      t(subProgramMessage(row.program.sub_program)),
      row.program.period,
      // The words the list shows (src/components/programs/messages.ts applicationStatusNames).
      t(`programs.applicationStatus.${row.status}`),
      row.applicant.first_name,
      row.applicant.last_name,
      row.applicant.email,
      row.business_name,
      row.steps_submitted,
      exportTime(row.created_at),
      exportTime(row.updated_at),
      exportTime(row.submitted_at),
      row.score_average,
      row.reviewer ? `${row.reviewer.first_name} ${row.reviewer.last_name}`.trim() || row.reviewer.email : null,
      row.days_in_status,
    ]),
  );
}

// ---- one application -------------------------------------------------------------------------------------------

const staffPerson = (row: typeof users.$inferSelect | undefined) =>
  row ? { id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name } : null;

/** The approval proposed or confirmed (docs/decisions/036-review-rules.md), with the staff named. */
async function approvalView(db: Db, application: Loaded['application']): Promise<Schemas['ApprovalRecord'] | null> {
  const { approval_proposed_by, approval_proposed_at, approval_reason, approval_confirmed_by, approval_confirmed_at } = application;
  if (approval_proposed_at === null || approval_reason === null) return null;
  const ids = [approval_proposed_by, approval_confirmed_by].filter((id): id is number => id !== null);
  const people = ids.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, ids));
  const find = (id: number | null) => staffPerson(people.find((row) => row.id === id));
  return {
    proposed_by: find(approval_proposed_by),
    proposed_at: approval_proposed_at.toISOString(),
    reason: approval_reason,
    confirmed_by: find(approval_confirmed_by),
    confirmed_at: approval_confirmed_at?.toISOString() ?? null,
  };
}

/**
 * One application as staff read it: the applicant's view, the applicant's account, the survey, the reviewer, the
 * checklist, and the review rules as they stand for `viewer` (separation of duties, the approval).
 */
export async function reviewView(db: Db, loaded: Loaded, now: Date, viewer: Actor): Promise<Schemas['AdminApplication']> {
  const { reviewer_id } = loaded.application;
  const [application, [person], survey, [reviewer], documents, replaced, duty, approval] = await Promise.all([
    applicationView(db, loaded, now),
    db.select().from(users).where(eq(users.id, loaded.application.user_id)).limit(1),
    findSurvey(db, loaded.application.user_id),
    reviewer_id === null ? [] : db.select().from(users).where(eq(users.id, reviewer_id)).limit(1),
    documentChecklist(db, loaded.application.id),
    replacedDocuments(db, loaded.application.id),
    dutyView(db, viewer, loaded),
    approvalView(db, loaded.application),
  ]);
  if (!person) throw notFound();
  return {
    ...application,
    ...duty,
    replaced_documents: replaced,
    approval_needs_confirmation: loaded.program.approval_needs_confirmation,
    approval,
    reviewer: staffPerson(reviewer),
    applicant: {
      id: person.id,
      email: person.email,
      first_name: person.first_name,
      last_name: person.last_name,
      phone: person.phone,
      language: person.language === 'en' ? 'en' : 'es',
      is_active: person.is_active,
    },
    survey,
    documents,
  };
}

export async function getApplication(db: Db, now: Date, viewer: Actor, id: number): Promise<Schemas['AdminApplication']> {
  await closeDraftsOfClosedPrograms(db, now, eq(applications.id, id));
  const loaded = await load(db, id);
  if (!loaded) throw notFound();
  return reviewView(db, loaded, now, viewer);
}

// ---- closing and reopening ---------------------------------------------------------------------------------------

/**
 * `closed` takes a draft; `draft` takes a closed application back while its program is open (before its deadline):
 * the `close` and `reopen` of shared/review-lifecycle.ts. A submitted application never changes here (its review
 * does, server/admin/review.ts). Asking for the status it has changes nothing and writes no audit entry.
 */
export async function setStatus(db: Db, now: Date, actor: Actor, id: number, target: 'draft' | 'closed'): Promise<Schemas['AdminApplication']> {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    const { application, program } = current;
    await assertMayAct(tx, actor, current);
    const event = target === 'closed' ? 'close' : 'reopen';
    if (application.status !== target && nextStatus(application.status as ApplicationStatus, event, 'staff') === null) {
      throw detailError(409, 'api.application.submitted', 'application_submitted');
    }
    if (target === 'draft' && programStatus(program, now) !== 'open') throw detailError(409, 'api.program.closed', 'program_closed');
    if (application.status === target) return current;
    const [updated] = await tx
      .update(applications)
      .set({ status: target, closed_at: target === 'closed' ? now : null, updated_at: now })
      .where(eq(applications.id, id))
      .returning();
    if (!updated) throw notFound();
    await recordStatusChange(tx, actor.id, 'setAdminApplicationStatus', id, application.status, target, now);
    return { application: updated, program };
  });
  return reviewView(db, loaded, now, actor);
}
