// Scoring and internal notes (docs/decisions/033-scoring-and-notes.md): each sub-program's rubric, one score sheet per
// staff member per application with its weighted total and the average, and staff's notes. Staff only: nothing here
// is read by an applicant's operation. Every change is audited in its transaction; a note changes or goes only by its
// author's hand.
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { load } from '#server/applications/service.ts';
import type { Db } from '#server/db/client.ts';
import { applicationNotes, applications, applicationScores, programs, rubrics, users, type RubricCriterion } from '#server/db/schema.ts';
import { fieldErrors, forbidden, msg, notFound } from '#server/http/errors.ts';
import { recordAudit } from './audit.ts';
import { assertMayAct, assertMayScore } from './separation-of-duties.ts';
import type { Actor } from './users.ts';

type Schemas = components['schemas'];
type SubProgram = Schemas['SubProgram'];

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A sheet's weighted total, 0 to 100: each criterion's score over its maximum, weighted. Criteria the sheet lacks
 * (added after it was written) count 0; a score above a lowered maximum counts as the maximum.
 */
export function weightedTotal(criteria: RubricCriterion[], scores: Record<string, number>): number {
  const weights = criteria.reduce((sum, c) => sum + c.weight, 0);
  if (weights === 0) return 0;
  const points = criteria.reduce((sum, c) => sum + (Math.min(scores[c.key] ?? 0, c.max_score) / c.max_score) * c.weight, 0);
  return round1((points / weights) * 100);
}

const average = (totals: number[]) => (totals.length === 0 ? null : round1(totals.reduce((a, b) => a + b, 0) / totals.length));

const rubricView = (row: typeof rubrics.$inferSelect): Schemas['Rubric'] => ({
  sub_program: row.sub_program as SubProgram,
  criteria: row.criteria,
  updated_at: row.updated_at.toISOString(),
});

/**
 * `share` when a sheet is written: a rubric edit (which locks the row to replace it) then waits for the sheet's
 * transaction, and its refreshScoreAverages sees the sheet; a sheet written after the edit reads the new rubric.
 */
async function rubricRow(db: Db, subProgram: string, lock?: 'share') {
  const query = db.select().from(rubrics).where(eq(rubrics.sub_program, subProgram)).limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  // Migration 0012 inserts one per sub-program; an empty rubric is what a missing row means.
  return row ?? { id: 0, sub_program: subProgram, criteria: [], updated_at: new Date(0) };
}

export async function listRubrics(db: Db): Promise<{ results: Schemas['Rubric'][] }> {
  const rows = await db.select().from(rubrics).orderBy(asc(rubrics.id));
  return { results: rows.map(rubricView) };
}

export async function setRubric(db: Db, now: Date, actor: Actor, subProgram: SubProgram, input: Schemas['RubricInput']): Promise<Schemas['Rubric']> {
  const seen = new Set<string>();
  const errors: Record<string, string> = {};
  input.criteria.forEach((criterion, index) => {
    if (seen.has(criterion.key)) errors[`criteria.${index}.key`] = 'api.rubric.duplicateKey';
    seen.add(criterion.key);
  });
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const criteria = input.criteria.map((c) => ({ key: c.key, name_es: c.name_es.trim(), name_en: c.name_en.trim(), weight: c.weight, max_score: c.max_score }));
  return db.transaction(async (tx) => {
    const before = await rubricRow(tx, subProgram);
    const [row] = await tx
      .insert(rubrics)
      .values({ sub_program: subProgram, criteria, updated_at: now })
      .onConflictDoUpdate({ target: rubrics.sub_program, set: { criteria, updated_at: now } })
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'setAdminRubric',
      recordType: 'rubric',
      recordId: row.id,
      before: { criteria: before.criteria },
      after: { criteria },
      at: now,
    });
    await refreshScoreAverages(tx, inArray(applications.program_id, sql`(select ${programs.id} from ${programs} where ${programs.sub_program} = ${subProgram})`));
    return rubricView(row);
  });
}

const person = (row: typeof users.$inferSelect) => ({ id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name });

export async function getScores(db: Db, id: number): Promise<Schemas['ApplicationScores']> {
  const loaded = await load(db, id);
  if (!loaded) throw notFound();
  const rubric = await rubricRow(db, loaded.program.sub_program);
  const rows = await db
    .select({ sheet: applicationScores, reviewer: users })
    .from(applicationScores)
    .innerJoin(users, eq(users.id, applicationScores.reviewer_id))
    .where(eq(applicationScores.application_id, id))
    .orderBy(asc(applicationScores.created_at), asc(applicationScores.reviewer_id));
  const sheets = rows.map(({ sheet, reviewer }) => ({
    reviewer: person(reviewer),
    scores: sheet.scores,
    total: weightedTotal(rubric.criteria, sheet.scores),
    updated_at: sheet.updated_at.toISOString(),
  }));
  return { rubric: rubricView(rubric), sheets, average: average(sheets.map((s) => s.total)), count: sheets.length };
}

/** Writes the actor's own sheet: every criterion of the rubric, each 0..max, nothing else. */
export async function setScore(db: Db, now: Date, actor: Actor, id: number, input: Schemas['ScoreInput']): Promise<Schemas['ApplicationScores']> {
  await db.transaction(async (tx) => {
    const loaded = await load(tx, id, true);
    if (!loaded) throw notFound();
    // Not one's own, no declared conflict, and "no conflict of interest" declared first (docs/decisions/036).
    await assertMayScore(tx, actor, loaded);
    const { criteria } = await rubricRow(tx, loaded.program.sub_program, 'share');
    const errors: Record<string, ReturnType<typeof msg> | string> = {};
    for (const criterion of criteria) {
      const score = input.scores[criterion.key];
      if (score === undefined) errors[`scores.${criterion.key}`] = 'api.field.required';
      else if (score > criterion.max_score) errors[`scores.${criterion.key}`] = msg('api.field.maximum', { limit: criterion.max_score });
    }
    const keys = new Set(criteria.map((c) => c.key));
    for (const key of Object.keys(input.scores)) if (!keys.has(key)) errors[`scores.${key}`] = 'api.rubric.unknownCriterion';
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const scores = Object.fromEntries(criteria.map((c) => [c.key, input.scores[c.key] ?? 0]));
    const [previous] = await tx
      .select()
      .from(applicationScores)
      .where(and(eq(applicationScores.application_id, id), eq(applicationScores.reviewer_id, actor.id)))
      .limit(1);
    await tx
      .insert(applicationScores)
      .values({ application_id: id, reviewer_id: actor.id, scores, created_at: now, updated_at: now })
      .onConflictDoUpdate({ target: [applicationScores.application_id, applicationScores.reviewer_id], set: { scores, updated_at: now } });
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'setAdminApplicationScore',
      recordType: 'application',
      recordId: id,
      before: { scores: previous?.scores ?? null },
      after: { scores },
      at: now,
    });
    await refreshScoreAverages(tx, eq(applications.id, id));
  });
  return getScores(db, id);
}

/**
 * Rewrites `applications.score_average` (the list's score sort, migration 0014) of the applications `where` picks
 * that have or had sheets, from their sheets and their sub-program's current rubric: the same weightedTotal and
 * average the scores page computes, so the list, its order and the page agree. Runs inside the change's transaction;
 * it locks those applications first, as writing a sheet does.
 */
export async function refreshScoreAverages(tx: Db, where: SQL | undefined): Promise<void> {
  const scored = or(isNotNull(applications.score_average), inArray(applications.id, sql`(select ${applicationScores.application_id} from ${applicationScores})`));
  const targets = await tx
    .select({ id: applications.id, average: applications.score_average, sub_program: programs.sub_program })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.program_id))
    .where(and(where, scored))
    .orderBy(asc(applications.id))
    .for('update', { of: applications });
  if (targets.length === 0) return;
  const summaries = await scoreSummaries(tx, targets);
  for (const target of targets) {
    const average = summaries.get(target.id)?.average ?? null;
    if (average !== target.average) await tx.update(applications).set({ score_average: average }).where(eq(applications.id, target.id));
  }
}

/** The average and how many scored, for a page of staff's list (one grouped query per page: the keyset is untouched). */
export async function scoreSummaries(db: Db, rows: Array<{ id: number; sub_program: string }>): Promise<Map<number, { average: number | null; count: number }>> {
  const result = new Map<number, { average: number | null; count: number }>();
  if (rows.length === 0) return result;
  const [sheets, rubricRows] = await Promise.all([
    db
      .select({ application_id: applicationScores.application_id, scores: applicationScores.scores })
      .from(applicationScores)
      .where(inArray(applicationScores.application_id, rows.map((row) => row.id)))
      // getScores' order: the totals are summed in the same order, so the average is the same to the last bit.
      .orderBy(asc(applicationScores.created_at), asc(applicationScores.reviewer_id)),
    db.select().from(rubrics),
  ]);
  const criteriaOf = new Map(rubricRows.map((row) => [row.sub_program, row.criteria]));
  const totals = new Map<number, number[]>();
  const subProgramOf = new Map(rows.map((row) => [row.id, row.sub_program]));
  for (const sheet of sheets) {
    const list = totals.get(sheet.application_id) ?? [];
    list.push(weightedTotal(criteriaOf.get(subProgramOf.get(sheet.application_id) ?? '') ?? [], sheet.scores));
    totals.set(sheet.application_id, list);
  }
  for (const row of rows) {
    const list = totals.get(row.id) ?? [];
    result.set(row.id, { average: average(list), count: list.length });
  }
  return result;
}

export async function listNotes(db: Db, id: number): Promise<{ results: Schemas['ApplicationNote'][] }> {
  if (!(await load(db, id))) throw notFound();
  const rows = await db
    .select({ note: applicationNotes, author: users })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.author_id))
    .where(eq(applicationNotes.application_id, id))
    .orderBy(desc(applicationNotes.id));
  return { results: rows.map(({ note, author }) => noteView(note, author ?? undefined)) };
}

const noteView = (note: typeof applicationNotes.$inferSelect, author: typeof users.$inferSelect | undefined): Schemas['ApplicationNote'] => ({
  id: note.id,
  author: author ? person(author) : null,
  text: note.body,
  created_at: note.created_at.toISOString(),
  edited_at: note.edited_at?.toISOString() ?? null,
});

export async function addNote(db: Db, now: Date, actor: Actor, id: number, text: string): Promise<Schemas['ApplicationNote']> {
  const body = text.trim();
  const note = await db.transaction(async (tx) => {
    const loaded = await load(tx, id, true);
    if (!loaded) throw notFound();
    await assertMayAct(tx, actor, loaded);
    const [row] = await tx.insert(applicationNotes).values({ application_id: id, author_id: actor.id, body, created_at: now }).returning();
    if (!row) throw notFound();
    await recordAudit(tx, { actorId: actor.id, operation: 'addAdminApplicationNote', recordType: 'application', recordId: id, before: null, after: { note_id: row.id, text: body }, at: now });
    return row;
  });
  const [author] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  return noteView(note, author);
}

/**
 * The application's note `noteId`, locked, for its author only: another staff member's is 403 (they read it, but a
 * note is its author's record); a note of another application, or none, is 404.
 */
async function ownNote(tx: Db, actor: Actor, id: number, noteId: number) {
  const loaded = await load(tx, id, true);
  if (!loaded) throw notFound();
  await assertMayAct(tx, actor, loaded);
  const [note] = await tx
    .select()
    .from(applicationNotes)
    .where(and(eq(applicationNotes.id, noteId), eq(applicationNotes.application_id, id)))
    .limit(1)
    .for('update');
  if (!note) throw notFound();
  if (note.author_id !== actor.id) throw forbidden();
  return note;
}

/** The author changes their note's text; it keeps its time and gains `edited_at`. Audited with the text before and after. */
export async function editNote(db: Db, now: Date, actor: Actor, id: number, noteId: number, text: string): Promise<Schemas['ApplicationNote']> {
  const body = text.trim();
  const note = await db.transaction(async (tx) => {
    const before = await ownNote(tx, actor, id, noteId);
    const [row] = await tx.update(applicationNotes).set({ body, edited_at: now }).where(eq(applicationNotes.id, noteId)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'updateAdminApplicationNote',
      recordType: 'application',
      recordId: id,
      before: { note_id: noteId, text: before.body },
      after: { note_id: noteId, text: body },
      at: now,
    });
    return row;
  });
  const [author] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  return noteView(note, author);
}

/** The author deletes their note; the audit entry keeps what it said. */
export async function deleteNote(db: Db, now: Date, actor: Actor, id: number, noteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownNote(tx, actor, id, noteId);
    await tx.delete(applicationNotes).where(eq(applicationNotes.id, noteId));
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'deleteAdminApplicationNote',
      recordType: 'application',
      recordId: id,
      before: { note_id: noteId, text: before.body },
      after: null,
      at: now,
    });
  });
}
