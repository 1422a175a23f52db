// Programs: the list (open first, unavailable hidden) and one program, each with the viewer's application and action.
import { and, asc, count, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applications, applicationSteps, programs } from '#server/db/schema.ts';
import { detailError, notFound } from '#server/http/errors.ts';
import { applicationAction, applicationStatus, programAction, programStatus, type SubProgram } from './status.ts';

type Schemas = components['schemas'];
export type ProgramRow = typeof programs.$inferSelect;

export interface Viewer {
  id: number;
  isStaff: boolean;
}

export interface ProgramQuery {
  page?: number;
  page_size?: number;
  sub_program?: SubProgram;
  status?: 'open' | 'closed';
}

export const programUnavailable = () => detailError(404, 'api.program.unavailable', 'program_unavailable');

export function toProgramInfo(program: ProgramRow, now: Date): Schemas['ProgramInfo'] {
  return {
    id: program.id,
    sub_program: program.sub_program as SubProgram,
    name: { es: program.name_es, en: program.name_en },
    description: { es: program.description_es, en: program.description_en },
    period: program.period,
    start_date: program.start_date,
    end_date: program.end_date,
    application_deadline: program.application_deadline.toISOString(),
    status: programStatus(program, now),
  };
}

/** The viewer's application of each program, with the action it allows. */
async function viewerApplications(db: Db, userId: number, rows: ProgramRow[], now: Date) {
  const byProgram = new Map<number, NonNullable<Schemas['Program']['application']>>();
  if (rows.length === 0) return byProgram;
  // The viewer's applications to these programs and their steps, in one query.
  const rowsOfMine = await db
    .select({
      id: applications.id,
      program_id: applications.program_id,
      status: applications.status,
      step: { status: applicationSteps.status, version: applicationSteps.version },
    })
    .from(applications)
    .leftJoin(applicationSteps, eq(applicationSteps.application_id, applications.id))
    .where(and(eq(applications.user_id, userId), inArray(applications.program_id, rows.map((p) => p.id))));
  if (rowsOfMine.length === 0) return byProgram;
  const mine = [...new Map(rowsOfMine.map((row) => [row.id, row])).values()];
  const steps = rowsOfMine.flatMap((row) => (row.step ? [{ application_id: row.id, ...row.step }] : []));
  for (const application of mine) {
    const program = rows.find((p) => p.id === application.program_id);
    if (!program) continue;
    const programNow = programStatus(program, now);
    const status = applicationStatus(application.status, programNow);
    const own = steps.filter((s) => s.application_id === application.id);
    byProgram.set(program.id, { id: application.id, status, action: applicationAction(status, programNow, own) });
  }
  return byProgram;
}

function withViewer(program: ProgramRow, application: Schemas['Program']['application'], now: Date): Schemas['Program'] {
  const info = toProgramInfo(program, now);
  return { ...info, application, action: programAction(info.status, application) };
}

/** Open programs first (by deadline), then closed ones; unavailable programs are never listed. */
export async function listPrograms(db: Db, viewer: Viewer, query: ProgramQuery, now: Date): Promise<Schemas['ProgramPage']> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const isOpen = and(eq(programs.status, 'open'), gte(programs.application_deadline, now));
  const conditions: SQL[] = [ne(programs.status, 'unavailable')];
  if (query.sub_program) conditions.push(eq(programs.sub_program, query.sub_program));
  if (query.status === 'open' && isOpen) conditions.push(isOpen);
  if (query.status === 'closed') {
    const closed = or(eq(programs.status, 'closed'), lt(programs.application_deadline, now));
    if (closed) conditions.push(closed);
  }
  const where = and(...conditions);
  // The page and the total in one query (a window count); a page past the end has no row to carry it.
  const pageRows = await db
    .select({ program: programs, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(programs)
    .where(where)
    .orderBy(sql`case when ${isOpen} then 0 else 1 end`, asc(programs.application_deadline), asc(programs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rows = pageRows.map((row) => row.program);
  const total = pageRows[0]?.total ?? (await db.select({ n: count() }).from(programs).where(where))[0]?.n ?? 0;
  const mine = await viewerApplications(db, viewer.id, rows, now);
  return {
    count: total,
    page,
    page_size: pageSize,
    results: rows.map((program) => withViewer(program, mine.get(program.id) ?? null, now)),
  };
}

export async function findProgram(db: Db, id: number): Promise<ProgramRow | undefined> {
  return (await db.select().from(programs).where(eq(programs.id, id)).limit(1))[0];
}

/** One program; an unavailable one answers 'Program Unavailable' except to staff. */
export async function getProgram(db: Db, viewer: Viewer, id: number, now: Date): Promise<Schemas['Program']> {
  const program = await findProgram(db, id);
  if (!program) throw notFound();
  if (program.status === 'unavailable' && !viewer.isStaff) throw programUnavailable();
  const mine = await viewerApplications(db, viewer.id, [program], now);
  return withViewer(program, mine.get(program.id) ?? null, now);
}

