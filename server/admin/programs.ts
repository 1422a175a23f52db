// Staff's program administration (docs/decisions/024): the searchable, keyset-paged list of every program, creation
// and changes with their validation, and closing a program, which closes its drafts in the change's transaction.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applications, programs } from '#server/db/schema.ts';
import { AppError, fieldErrors, msg, notFound, type Message } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { searchFold } from '#shared/search-fold.ts';
import { recordAudit } from '#server/audit/log.ts';
import { subProgramMessage, toCsv } from './csv.ts';
import { exportTime } from './export-about.ts';
import { DEFAULT_PAGE_SIZE, afterCursor, containsPattern, decodeCursor, encodeCursor, readAllPages, splitPage, type PageRequest } from './keyset.ts';
import type { Actor } from './users.ts';
import { isUnderReview, type ApplicationStatus } from '#shared/review-lifecycle.ts';

type Schemas = components['schemas'];
type AdminProgram = Schemas['AdminProgram'];
type ProgramInput = Schemas['AdminProgramInput'];
type ProgramRow = typeof programs.$inferSelect;

export interface ProgramFilters {
  q?: string | undefined;
  status?: Schemas['ProgramStatus'] | undefined;
  sub_program?: Schemas['SubProgram'] | undefined;
}

function toAdminProgram(row: ProgramRow, counts: { drafts: number; submitted: number }): AdminProgram {
  return {
    id: row.id,
    sub_program: row.sub_program as Schemas['SubProgram'],
    name: { es: row.name_es, en: row.name_en },
    description: { es: row.description_es, en: row.description_en },
    appeal: { es: row.appeal_es, en: row.appeal_en },
    period: row.period,
    start_date: row.start_date,
    end_date: row.end_date,
    application_deadline: row.application_deadline.toISOString(),
    status: row.status as Schemas['ProgramStatus'],
    approval_needs_confirmation: row.approval_needs_confirmation,
    drafts: counts.drafts,
    submitted: counts.submitted,
    review_target_days: row.review_target_days,
    sub_program_locked: subProgramLocked(counts),
  };
}

/**
 * The sub-program picks the rubric its applications are scored with: it cannot change once one was sent, or their
 * scores would be read against another rubric (docs/decisions/037-rubric-versions.md). The form reads the same answer.
 */
const subProgramLocked = (counts: { submitted: number }): boolean => counts.submitted > 0;

/** How many drafts and sent applications (submitted, in review or decided: docs/decisions/028) each program has. */
async function countsOf(db: Pick<Db, 'select'>, ids: number[]): Promise<Map<number, { drafts: number; submitted: number }>> {
  const counts = new Map(ids.map((id) => [id, { drafts: 0, submitted: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ program: applications.program_id, status: applications.status, n: count() })
    .from(applications)
    .where(sql`${applications.program_id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    .groupBy(applications.program_id, applications.status);
  for (const row of rows) {
    const entry = counts.get(row.program);
    if (!entry) continue;
    if (row.status === 'draft') entry.drafts = row.n;
    else if (isUnderReview(row.status as ApplicationStatus)) entry.submitted += row.n;
  }
  return counts;
}

// ---- the list ------------------------------------------------------------------------------------------------

/** Newest deadline first; the cursor keeps the key as the database printed it (microseconds included). */
const sortKey = sql`${programs.application_deadline}`;

async function readPage(db: Db, filters: ProgramFilters, page: PageRequest) {
  const folded = filters.q === undefined ? '' : searchFold(filters.q.trim());
  const conditions: SQL[] = [];
  if (folded !== '') conditions.push(sql`search_fold(${programs.name_es} || ' ' || ${programs.name_en} || ' ' || ${programs.period}) like ${containsPattern(folded)}`);
  if (filters.status !== undefined) conditions.push(eq(programs.status, filters.status));
  if (filters.sub_program !== undefined) conditions.push(eq(programs.sub_program, filters.sub_program));
  const scope = JSON.stringify(['programs', folded, filters.status ?? null, filters.sub_program ?? null]);
  const cursor = decodeCursor(scope, page.cursor);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const read = await db
    .select({ program: programs, key: sql<string>`cast(${sortKey} as text)` })
    .from(programs)
    .where(and(...conditions, ...(cursor ? [afterCursor(sortKey, sql`${programs.id}`, cursor, true, 'timestamptz')] : [])))
    .orderBy(desc(sortKey), desc(programs.id))
    .limit(limit + 1);
  const { rows, more } = splitPage(read, limit);
  const last = rows.at(-1);
  const counts = await countsOf(db, rows.map((row) => row.program.id));
  return {
    programs: rows.map((row) => toAdminProgram(row.program, counts.get(row.program.id) ?? { drafts: 0, submitted: 0 })),
    next: more && last ? encodeCursor(scope, { key: last.key, id: last.program.id }) : null,
    conditions,
  };
}

export async function listPrograms(db: Db, filters: ProgramFilters, page: PageRequest): Promise<Schemas['AdminProgramPage']> {
  const { programs: shown, next, conditions } = await readPage(db, filters, page);
  const [total] = await db.select({ n: count() }).from(programs).where(and(...conditions));
  return { results: shown, count: total?.n ?? 0, next_cursor: next };
}

/** Every program the filters match, in the list's order, as CSV in the reader's language, read in keyset batches. */
export async function exportProgramsCsv(db: Db, filters: ProgramFilters, language: Language): Promise<string> {
  const t = (id: string) => translate(language, id);
  const rows = await readAllPages(async (page) => {
    const read = await readPage(db, filters, page);
    return { rows: read.programs, next: read.next };
  });
  const columns = ['id', 'name', 'sub_program', 'period', 'start_date', 'end_date', 'application_deadline', 'status', 'drafts', 'submitted'];
  return toCsv(
    columns.map((column) => t(`admin.programs.csv.${column}`)),
    rows.map((row) => [
      row.id,
      row.name[language],
      t(subProgramMessage(row.sub_program)),
      row.period,
      row.start_date,
      row.end_date,
      exportTime(row.application_deadline),
      t(`programs.status.${row.status}`),
      row.drafts,
      row.submitted,
    ]),
  );
}

export async function getProgram(db: Db, id: number): Promise<AdminProgram> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id)).limit(1);
  if (!row) throw notFound();
  const counts = await countsOf(db, [id]);
  return toAdminProgram(row, counts.get(id) ?? { drafts: 0, submitted: 0 });
}

// ---- validation ----------------------------------------------------------------------------------------------

/** Calendar date YYYY-MM-DD that exists (the contract's format check lets 2027-02-30 through on some validators). */
const realDate = (value: string): boolean => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/**
 * The rules of docs/decisions/024: both names and the period are required (not blank); the end date is after the
 * start date; the application deadline falls before the program ends (on or before the end date, UTC).
 */
export function validateProgram(input: ProgramInput): ProgramInput {
  const errors: Record<string, Message[]> = {};
  const add = (field: string, id: string) => (errors[field] ??= []).push({ id });
  const clean = { ...input, name_es: input.name_es.trim(), name_en: input.name_en.trim(), period: input.period.trim() };
  if (clean.name_es === '') add('name_es', 'api.adminPrograms.required');
  if (clean.name_en === '') add('name_en', 'api.adminPrograms.required');
  if (clean.period === '') add('period', 'api.adminPrograms.required');
  const startOk = realDate(clean.start_date);
  const endOk = realDate(clean.end_date);
  if (!startOk) add('start_date', 'api.adminPrograms.invalidDate');
  if (!endOk) add('end_date', 'api.adminPrograms.invalidDate');
  if (startOk && endOk && clean.end_date <= clean.start_date) add('end_date', 'api.adminPrograms.endAfterStart');
  const deadline = new Date(clean.application_deadline);
  if (Number.isNaN(deadline.getTime())) add('application_deadline', 'api.adminPrograms.invalidDate');
  else if (endOk && deadline.toISOString().slice(0, 10) > clean.end_date) add('application_deadline', 'api.adminPrograms.deadlineBeforeEnd');
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return clean;
}

const columnsOf = (input: ProgramInput) => ({
  sub_program: input.sub_program,
  name_es: input.name_es,
  name_en: input.name_en,
  ...(input.description_es === undefined ? {} : { description_es: input.description_es }),
  ...(input.description_en === undefined ? {} : { description_en: input.description_en }),
  ...(input.appeal_es === undefined ? {} : { appeal_es: input.appeal_es.trim() }),
  ...(input.appeal_en === undefined ? {} : { appeal_en: input.appeal_en.trim() }),
  period: input.period,
  start_date: input.start_date,
  end_date: input.end_date,
  application_deadline: new Date(input.application_deadline),
  status: input.status,
  ...(input.review_target_days === undefined ? {} : { review_target_days: input.review_target_days }),
  // Left out: a new program asks for the second person (the column's default), an edited one keeps its setting.
  ...(input.approval_needs_confirmation === undefined ? {} : { approval_needs_confirmation: input.approval_needs_confirmation }),
});

/** The audited fields of a program, as JSON. */
const audited = (row: ProgramRow) => ({
  sub_program: row.sub_program,
  name_es: row.name_es,
  name_en: row.name_en,
  description_es: row.description_es,
  description_en: row.description_en,
  appeal_es: row.appeal_es,
  appeal_en: row.appeal_en,
  period: row.period,
  start_date: row.start_date,
  end_date: row.end_date,
  application_deadline: row.application_deadline.toISOString(),
  status: row.status,
  review_target_days: row.review_target_days,
  approval_needs_confirmation: row.approval_needs_confirmation,
});

/** Only the fields that changed, before and after. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) };
}

// ---- changes -------------------------------------------------------------------------------------------------

export async function createProgram(db: Db, now: Date, actor: Actor, input: ProgramInput): Promise<AdminProgram> {
  const clean = validateProgram(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(programs).values({ ...columnsOf(clean), created_at: now, updated_at: now }).returning();
    if (!row) throw notFound();
    await recordAudit(tx, { actorId: actor.id, operation: 'createAdminProgram', recordType: 'program', recordId: row.id, before: null, after: audited(row), at: now });
    return toAdminProgram(row, { drafts: 0, submitted: 0 });
  });
}

/**
 * Changes a program. Closing it (status closed) closes its drafts in the same transaction, so no applicant can save
 * into a draft of a closed program between the two; the audit entry counts the drafts closed.
 */
export async function updateProgram(db: Db, now: Date, actor: Actor, id: number, input: ProgramInput): Promise<AdminProgram> {
  const clean = validateProgram(input);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(programs).where(eq(programs.id, id)).limit(1).for('update');
    if (!current) throw notFound();
    if (clean.sub_program !== current.sub_program && subProgramLocked((await countsOf(tx, [id])).get(id) ?? { submitted: 0 })) {
      throw new AppError(409, { fields: { sub_program: [msg('api.program.subProgramLocked')] }, code: 'sub_program_locked' });
    }
    const [row] = await tx.update(programs).set({ ...columnsOf(clean), updated_at: now }).where(eq(programs.id, id)).returning();
    if (!row) throw notFound();
    let draftsClosed = 0;
    if (row.status === 'closed') {
      const closed = await tx
        .update(applications)
        .set({ status: 'closed', closed_at: now, updated_at: now })
        .where(and(eq(applications.program_id, id), eq(applications.status, 'draft')))
        .returning({ id: applications.id });
      draftsClosed = closed.length;
    }
    const diff = changed(audited(current), audited(row));
    if (Object.keys(diff.after).length > 0 || draftsClosed > 0) {
      await recordAudit(tx, {
        actorId: actor.id,
        operation: 'updateAdminProgram',
        recordType: 'program',
        recordId: id,
        before: diff.before,
        after: { ...diff.after, ...(draftsClosed > 0 ? { drafts_closed: draftsClosed } : {}) },
        at: now,
      });
    }
    const counts = await countsOf(tx, [id]);
    return toAdminProgram(row, counts.get(id) ?? { drafts: 0, submitted: 0 });
  });
}
