// Scoring and internal notes (docs/decisions/033-scoring-and-notes.md): each sub-program's rubric, one score sheet per
// staff member per application with its weighted total and the average, and staff's notes. Staff only: nothing here
// is read by an applicant's operation. Every change is audited in its transaction; a note changes or goes only by its
// author's hand.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { load } from '#server/applications/access.ts';
import type { Db } from '#server/db/client.ts';
import { applicationNotes, applications, applicationScores, rubrics, rubricVersions, users, type RubricCriterion } from '#server/db/schema.ts';
import { scoringOpen, type ApplicationStatus } from '#shared/review-lifecycle.ts';
import { detailError, fieldErrors, forbidden, msg, notFound } from '#server/http/errors.ts';
import { recordAudit } from '#server/audit/log.ts';
import { assertMayAct, assertMayScore } from './separation-of-duties.ts';
import type { Actor } from './users.ts';

type Schemas = components['schemas'];
type SubProgram = Schemas['SubProgram'];

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A sheet's weighted total, 0 to 100: each criterion's score over its maximum, weighted, under the rubric version the
 * sheet was given under (docs/decisions/037-rubric-versions.md), which holds exactly its criteria. A missing score counts
 * 0 and one above the maximum counts as the maximum, so a sheet from before migration 0017 still adds up.
 */
export function weightedTotal(criteria: RubricCriterion[], scores: Record<string, number>): number {
  const weights = criteria.reduce((sum, c) => sum + c.weight, 0);
  if (weights === 0) return 0;
  const points = criteria.reduce((sum, c) => sum + (Math.min(scores[c.key] ?? 0, c.max_score) / c.max_score) * c.weight, 0);
  return round1((points / weights) * 100);
}

const average = (totals: number[]) => (totals.length === 0 ? null : round1(totals.reduce((a, b) => a + b, 0) / totals.length));

type RubricRow = typeof rubrics.$inferSelect;

const rubricView = (row: RubricRow, sheetCount: number): Schemas['Rubric'] => ({
  sub_program: row.sub_program as SubProgram,
  version: row.version,
  sheet_count: sheetCount,
  criteria: row.criteria,
  updated_at: row.updated_at.toISOString(),
});

/**
 * The sub-program's current rubric. `share` when a sheet is written, `update` when the rubric is: an edit then waits
 * for the sheets being written and sees them when it decides whether the version already has sheets (below); a sheet
 * written after the edit reads the new version.
 */
async function rubricRow(db: Db, subProgram: string, lock?: 'share' | 'update'): Promise<RubricRow | undefined> {
  const query = db.select().from(rubrics).where(eq(rubrics.sub_program, subProgram)).limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/** The row of rubric_versions that is `rubric`'s current version (setRubric keeps one for every rubric). */
async function currentVersion(db: Db, rubric: Pick<RubricRow, 'sub_program' | 'version'>) {
  const [row] = await db
    .select()
    .from(rubricVersions)
    .where(and(eq(rubricVersions.sub_program, rubric.sub_program), eq(rubricVersions.version, rubric.version)))
    .limit(1);
  return row;
}

/** How many score sheets were given under each sub-program's current version. */
async function currentSheetCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ sub_program: rubrics.sub_program, n: sql<number>`cast(count(${applicationScores.application_id}) as int)` })
    .from(rubrics)
    .innerJoin(rubricVersions, and(eq(rubricVersions.sub_program, rubrics.sub_program), eq(rubricVersions.version, rubrics.version)))
    .leftJoin(applicationScores, eq(applicationScores.rubric_version_id, rubricVersions.id))
    .groupBy(rubrics.sub_program);
  return new Map(rows.map((row) => [row.sub_program, row.n]));
}

export async function listRubrics(db: Db): Promise<{ results: Schemas['Rubric'][] }> {
  const [rows, counts] = await Promise.all([db.select().from(rubrics).orderBy(asc(rubrics.id)), currentSheetCounts(db)]);
  return { results: rows.map((row) => rubricView(row, counts.get(row.sub_program) ?? 0)) };
}

/**
 * Replaces a sub-program's rubric (docs/decisions/037-rubric-versions.md). When its current version has score sheets,
 * the criteria become the next version and those sheets keep theirs, totals included; a version nobody has scored
 * under yet is changed in place. Totals are computed from each sheet's own version, so no stored average moves.
 */
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
    const before = await rubricRow(tx, subProgram, 'update');
    const version = before ? await currentVersion(tx, before) : undefined;
    const [scored] = version
      ? await tx.select({ id: applicationScores.application_id }).from(applicationScores).where(eq(applicationScores.rubric_version_id, version.id)).limit(1)
      : [];
    let row: RubricRow | undefined;
    if (before && version && !scored) {
      // Nobody scored under this version yet: it changes in place, and keeps its number.
      await tx.update(rubricVersions).set({ criteria, created_at: now }).where(eq(rubricVersions.id, version.id));
      [row] = await tx.update(rubrics).set({ criteria, updated_at: now }).where(eq(rubrics.id, before.id)).returning();
    } else {
      const next = (before?.version ?? 0) + 1;
      await tx.insert(rubricVersions).values({ sub_program: subProgram, version: next, criteria, created_at: now });
      [row] = await tx
        .insert(rubrics)
        .values({ sub_program: subProgram, criteria, version: next, updated_at: now })
        .onConflictDoUpdate({ target: rubrics.sub_program, set: { criteria, version: next, updated_at: now } })
        .returning();
    }
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'setAdminRubric',
      recordType: 'rubric',
      recordId: row.id,
      before: { criteria: before?.criteria ?? [], version: before?.version ?? null },
      after: { criteria, version: row.version },
      at: now,
    });
    return rubricView(row, 0);
  });
}

const person = (row: typeof users.$inferSelect) => ({ id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name });

/** The application's sheets in the order the page lists them, each with its reviewer and the version it was given under. */
const sheetsOf = (db: Db, ids: number[]) =>
  db
    .select({ sheet: applicationScores, reviewer: users, version: rubricVersions })
    .from(applicationScores)
    .innerJoin(users, eq(users.id, applicationScores.reviewer_id))
    .innerJoin(rubricVersions, eq(rubricVersions.id, applicationScores.rubric_version_id))
    .where(inArray(applicationScores.application_id, ids))
    // One order everywhere: the totals are summed in it, so the page's average and the stored one agree to the last bit.
    .orderBy(asc(applicationScores.created_at), asc(applicationScores.reviewer_id));

export async function getScores(db: Db, id: number): Promise<Schemas['ApplicationScores']> {
  const loaded = await load(db, id);
  if (!loaded) throw notFound();
  const subProgram = loaded.program.sub_program;
  const [rubric, counts, rows] = await Promise.all([rubricRow(db, subProgram), currentSheetCounts(db), sheetsOf(db, [id])]);
  const sheets = rows.map(({ sheet, reviewer, version }) => ({
    reviewer: person(reviewer),
    scores: sheet.scores,
    rubric_version: version.version,
    total: weightedTotal(version.criteria, sheet.scores),
    updated_at: sheet.updated_at.toISOString(),
  }));
  // Migration 0012 inserts a rubric per sub-program; an empty one is what a missing row means.
  const current = rubric ?? { id: 0, sub_program: subProgram, criteria: [], version: 1, updated_at: new Date(0) };
  return {
    rubric: rubricView(current, counts.get(subProgram) ?? 0),
    sheets,
    average: average(sheets.map((s) => s.total)),
    count: sheets.length,
    scoring_open: scoringOpen(loaded.application.status as ApplicationStatus),
  };
}

/**
 * Writes the actor's own sheet under the rubric's current version: every criterion, each 0..max, nothing else. A
 * decided application takes none (its total stays as decided).
 */
export async function setScore(db: Db, now: Date, actor: Actor, id: number, input: Schemas['ScoreInput']): Promise<Schemas['ApplicationScores']> {
  await db.transaction(async (tx) => {
    const loaded = await load(tx, id, true);
    if (!loaded) throw notFound();
    if (!scoringOpen(loaded.application.status as ApplicationStatus)) throw detailError(409, 'api.scoring.decided', 'review_not_allowed');
    // Not one's own, no declared conflict, and "no conflict of interest" declared first (docs/decisions/036).
    await assertMayScore(tx, actor, loaded);
    const rubric = await rubricRow(tx, loaded.program.sub_program, 'share');
    const version = rubric ? await currentVersion(tx, rubric) : undefined;
    if (!rubric || !version) throw notFound();
    const { criteria } = version;
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
      .values({ application_id: id, reviewer_id: actor.id, scores, rubric_version_id: version.id, created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: [applicationScores.application_id, applicationScores.reviewer_id],
        set: { scores, rubric_version_id: version.id, updated_at: now },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'setAdminApplicationScore',
      recordType: 'application',
      recordId: id,
      before: { scores: previous?.scores ?? null },
      after: { scores, rubric_version: rubric.version },
      at: now,
    });
    await refreshScoreAverages(tx, id);
  });
  return getScores(db, id);
}

/**
 * Rewrites the application's `score_average` (the list's score sort, migration 0014) from its sheets, each totalled
 * under its own rubric version: the same weightedTotal and average the scores page computes, so the list, its order
 * and the page agree. Runs inside the sheet's transaction, which holds the application's lock.
 */
async function refreshScoreAverages(tx: Db, id: number): Promise<void> {
  const summary = (await scoreSummaries(tx, [{ id }])).get(id);
  await tx.update(applications).set({ score_average: summary?.average ?? null }).where(eq(applications.id, id));
}

/** The average and how many scored, for a page of staff's list (one query per page: the keyset is untouched). */
export async function scoreSummaries(db: Db, rows: Array<{ id: number }>): Promise<Map<number, { average: number | null; count: number }>> {
  const result = new Map<number, { average: number | null; count: number }>();
  if (rows.length === 0) return result;
  const totals = new Map<number, number[]>();
  for (const { sheet, version } of await sheetsOf(db, rows.map((row) => row.id))) {
    const list = totals.get(sheet.application_id) ?? [];
    list.push(weightedTotal(version.criteria, sheet.scores));
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
