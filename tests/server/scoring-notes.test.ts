// Scoring and internal notes against the API on PGlite and PostgreSQL (docs/decisions/033-scoring-and-notes.md): the
// rubric editor's rules, score sheets with their weighted totals and average (computed here independently of the
// server), the list's column and its sort by score (the stored average following sheets, kept through rubric and program edits), notes
// (only their author edits or deletes them), the audit entries, staff only, and the proof that the applicant never reads a
// note, a score or a verdict in any answer of theirs, their certification PDF included.
import { readFileSync } from 'node:fs';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationConflictDeclarations, applications, auditLog, rubrics } from '#server/db/schema.ts';
import { completeAllSteps, createProgram, signUp, uploadDocument, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { pdfText } from '../support/pdf-text.ts';
import { expectedTotal, type Criterion } from '../support/scoring.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Scores {
  rubric: { sub_program: string; criteria: Criterion[] };
  sheets: Array<{ reviewer: { id: number }; scores: Record<string, number>; total: number }>;
  average: number | null;
  count: number;
}

const RUBRIC: Criterion[] = [
  { key: 'team', name_es: 'Equipo', name_en: 'Team', weight: 3, max_score: 10 },
  { key: 'market', name_es: 'Mercado', name_en: 'Market', weight: 1, max_score: 4 },
];
const NOTE = 'Internal: strong founder, check the lease — zebra-note-7731';
const EDITED = 'Internal, edited: lease checked — quokka-edit-4410';
const DELETED = 'Internal, soon deleted — walrus-gone-9921';

describe.each(databaseKinds)('scoring and notes (%s)', (kind) => {
  let test: TestApp;
  let rita: Person;
  let omar: Person;
  let ana: Person;
  let id: number;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  /**
   * Scoring needs the scorer's "no conflict of interest" first (docs/decisions/036-review-rules.md); written straight
   * to the database here, since these suites score drafts too: tests/server/review-rules.test.ts tries the rule.
   */
  const declareNoConflict = (application: number, reviewer: Person) =>
    test.app.ctx.db
      .insert(applicationConflictDeclarations)
      .values({ application_id: application, staff_id: reviewer.id, conflict: false, declared_at: new Date() })
      .onConflictDoNothing();
  const lastAudit = async (recordType: string, recordId: number) =>
    (
      await test.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.record_type, recordType), eq(auditLog.record_id, recordId)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  beforeAll(async () => {
    test = await startTestApp(kind);
    rita = await signUp(test, { first_name: 'Rita', last_name: 'Revisora', staff: true });
    omar = await signUp(test, { first_name: 'Omar', last_name: 'Otero', staff: true });
    ana = await signUp(test, { language: 'en' });
    const program = await createProgram(test, { sub_program: 'incubator' });
    id = (await test.call('POST', '/applications', { program_id: program.id }, ana.headers)).json().id as number;
    // A document of its own, so the proof below downloads a file too.
    expect((await uploadDocument(test, ana, id, 'owner_id')).statusCode).toBe(201);
    await completeAllSteps(test, ana, id);
    expect((await test.call('POST', `/applications/${id}/submit`, undefined, ana.headers)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await test.close();
  });

  it('has a default rubric for every sub-program, and staff edit one with the contract and key rules', async () => {
    const listed = await test.call('GET', '/admin/rubrics', undefined, en(rita));
    expect(listed.statusCode, listed.body).toBe(200);
    const defaults = (listed.json() as { results: Array<{ sub_program: string; criteria: Criterion[] }> }).results;
    expect(defaults.map((r) => r.sub_program).sort()).toEqual(['accelerator', 'incubator', 'pre_incubator', 'student_incubator']);
    for (const rubric of defaults) expect(rubric.criteria.length).toBeGreaterThan(0);

    for (const criteria of [
      [],
      [{ ...RUBRIC[0], weight: 0 }],
      [{ ...RUBRIC[0], max_score: 0 }],
      [{ ...RUBRIC[0], name_en: '  ' }],
      [{ ...RUBRIC[0], key: 'Bad Key' }],
    ]) {
      const refused = await test.call('PUT', '/admin/rubrics/incubator', { criteria }, en(rita));
      expect(refused.statusCode, JSON.stringify(criteria)).toBe(400);
      expect((refused.json() as { code: string }).code).toBe('invalid');
    }
    const twice = await test.call('PUT', '/admin/rubrics/incubator', { criteria: [RUBRIC[0], RUBRIC[0]] }, en(rita));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ 'criteria.1.key': ['Each criterion needs its own key.'], code: 'invalid' });
    const spanish = await test.call('PUT', '/admin/rubrics/incubator', { criteria: [RUBRIC[0], RUBRIC[0]] }, { ...rita.headers, 'accept-language': 'es' });
    expect(spanish.json()).toEqual({ 'criteria.1.key': ['Cada criterio necesita su propia clave.'], code: 'invalid' });
    expect((await test.call('PUT', '/admin/rubrics/nursery', { criteria: RUBRIC }, en(rita))).statusCode).toBe(400);

    const saved = await test.call('PUT', '/admin/rubrics/incubator', { criteria: RUBRIC }, en(rita));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sub_program: 'incubator', criteria: RUBRIC });
    const before = defaults.find((r) => r.sub_program === 'incubator')?.criteria;
    const [row] = await test.app.ctx.db.select().from(rubrics).where(eq(rubrics.sub_program, 'incubator'));
    expect(await lastAudit('rubric', row?.id ?? 0)).toMatchObject({
      operation: 'setAdminRubric',
      before: { criteria: before },
      after: { criteria: RUBRIC },
    });
  });

  it('keeps one editable sheet per staff member, with weighted totals and their average', async () => {
    await declareNoConflict(id, rita);
    await declareNoConflict(id, omar);
    const empty = await test.call('GET', `/admin/applications/${id}/scores`, undefined, en(rita));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ rubric: { sub_program: 'incubator', criteria: RUBRIC }, sheets: [], average: null, count: 0 });

    // Bad sheets: a score over its maximum (worded with the maximum), a missing or unknown criterion, a negative.
    const over = await test.call('PUT', `/admin/applications/${id}/scores`, { scores: { team: 11, market: 1 } }, en(rita));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ 'scores.team': ['Enter a number no greater than 10.'], code: 'invalid' });
    const missing = await test.call('PUT', `/admin/applications/${id}/scores`, { scores: { team: 1 } }, en(rita));
    expect(missing.json()).toEqual({ 'scores.market': ['This field is required.'], code: 'invalid' });
    const unknown = await test.call('PUT', `/admin/applications/${id}/scores`, { scores: { team: 1, market: 1, luck: 2 } }, en(rita));
    expect(unknown.json()).toEqual({ 'scores.luck': ['This criterion is not in the rubric.'], code: 'invalid' });
    for (const scores of [{ team: -1, market: 1 }, { team: 1.5, market: 1 }, { team: 'high', market: 1 }]) {
      expect((await test.call('PUT', `/admin/applications/${id}/scores`, { scores }, en(rita))).statusCode, JSON.stringify(scores)).toBe(400);
    }
    expect((await test.call('PUT', `/admin/applications/999999/scores`, { scores: { team: 1, market: 1 } }, en(rita))).statusCode).toBe(404);

    const first = { team: 2, market: 1 };
    expect((await test.call('PUT', `/admin/applications/${id}/scores`, { scores: first }, en(rita))).statusCode).toBe(200);
    // Editable: Rita changes her sheet; still one sheet of hers.
    const ritaScores = { team: 7, market: 4 };
    const edited = await test.call('PUT', `/admin/applications/${id}/scores`, { scores: ritaScores }, en(rita));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await lastAudit('application', id)).toMatchObject({ operation: 'setAdminApplicationScore', before: { scores: first }, after: { scores: ritaScores } });
    const omarScores = { team: 4, market: 2 };
    const both = await test.call('PUT', `/admin/applications/${id}/scores`, { scores: omarScores }, en(omar));
    expect(both.statusCode, both.body).toBe(200);
    const body = both.json() as Scores;
    const ritaTotal = expectedTotal(RUBRIC, ritaScores);
    const omarTotal = expectedTotal(RUBRIC, omarScores);
    expect([ritaTotal, omarTotal]).toEqual([77.5, 42.5]);
    expect(body.count).toBe(2);
    expect(body.sheets.map((s) => [s.reviewer.id, s.scores, s.total])).toEqual([
      [rita.id, ritaScores, ritaTotal],
      [omar.id, omarScores, omarTotal],
    ]);
    expect(body.average).toBe(Math.round(((ritaTotal + omarTotal) / 2) * 10) / 10);

    // Staff's list: the average and how many scored, on the application's row; keyset pages as before.
    const list = await test.call('GET', '/admin/applications?limit=1', undefined, en(rita));
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as { results: Array<{ id: number; score_average: number | null; score_count: number }> }).results.find((r) => r.id === id);
    expect(row).toMatchObject({ score_average: body.average, score_count: 2 });
  });

  it('keeps staff notes with author and time, newest first', async () => {
    expect((await test.call('POST', `/admin/applications/${id}/notes`, { text: '   ' }, en(rita))).json()).toEqual({ text: ['This field is required.'], code: 'invalid' });
    const added = await test.call('POST', `/admin/applications/${id}/notes`, { text: `  ${NOTE}  ` }, en(rita));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ author: { id: rita.id, first_name: 'Rita' }, text: NOTE });
    expect(await lastAudit('application', id)).toMatchObject({ operation: 'addAdminApplicationNote', before: null, after: { text: NOTE } });
    expect((await test.call('POST', `/admin/applications/${id}/notes`, { text: 'Second look: fine.' }, en(omar))).statusCode).toBe(201);
    const notes = (await test.call('GET', `/admin/applications/${id}/notes`, undefined, en(rita))).json() as { results: Array<{ text: string; author: { id: number }; created_at: string }> };
    expect(notes.results.map((n) => [n.text, n.author.id])).toEqual([
      ['Second look: fine.', omar.id],
      [NOTE, rita.id],
    ]);
    expect(Number.isNaN(Date.parse(notes.results[0]?.created_at ?? ''))).toBe(false);
    expect((await test.call('GET', '/admin/applications/999999/notes', undefined, en(rita))).statusCode).toBe(404);
  });

  it('lets only its author edit a note (it shows when) or delete it, both audited', async () => {
    const notes = async () =>
      ((await test.call('GET', `/admin/applications/${id}/notes`, undefined, en(rita))).json() as {
        results: Array<{ id: number; text: string; author: { id: number }; created_at: string; edited_at: string | null }>;
      }).results;
    const ritas = (await notes()).find((n) => n.text === NOTE);
    const omars = (await notes()).find((n) => n.author.id === omar.id);
    if (!ritas || !omars) throw new Error('the notes of the test before are missing');
    expect([ritas.edited_at, omars.edited_at]).toEqual([null, null]);
    const path = `/admin/applications/${id}/notes/${ritas.id}`;

    // Omar reads Rita's note but may neither change nor delete it.
    const notHis = await test.call('PUT', path, { text: 'Not mine to change' }, en(omar));
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    expect((await test.call('DELETE', path, undefined, en(omar))).statusCode).toBe(403);
    // No such note, or not this application's: 404.
    expect((await test.call('PUT', `/admin/applications/${id}/notes/999999`, { text: 'x' }, en(rita))).statusCode).toBe(404);
    expect((await test.call('PUT', `/admin/applications/999999/notes/${ritas.id}`, { text: 'x' }, en(rita))).statusCode).toBe(404);
    const elsewhere = await createProgram(test, { sub_program: 'incubator' });
    const otherApplication = (await test.call('POST', '/applications', { program_id: elsewhere.id }, (await signUp(test)).headers)).json().id as number;
    expect((await test.call('DELETE', `/admin/applications/${otherApplication}/notes/${ritas.id}`, undefined, en(rita))).statusCode).toBe(404);
    expect((await notes()).find((n) => n.id === ritas.id)).toMatchObject({ text: NOTE, edited_at: null });

    // Rita edits hers: the text checked as when adding, the time kept, `edited_at` set, audited.
    expect((await test.call('PUT', path, { text: '  ' }, en(rita))).json()).toEqual({ text: ['This field is required.'], code: 'invalid' });
    expect((await test.call('PUT', path, { text: '  ' }, { ...rita.headers, 'accept-language': 'es' })).json()).toEqual({ text: ['Este campo es obligatorio.'], code: 'invalid' });
    const edited = await test.call('PUT', path, { text: `  ${EDITED}  ` }, en(rita));
    expect(edited.statusCode, edited.body).toBe(200);
    const body = edited.json() as { id: number; text: string; created_at: string; edited_at: string | null };
    expect(body).toMatchObject({ id: ritas.id, text: EDITED, created_at: ritas.created_at });
    expect(Number.isNaN(Date.parse(body.edited_at ?? ''))).toBe(false);
    expect(await lastAudit('application', id)).toMatchObject({
      operation: 'updateAdminApplicationNote',
      actor_id: rita.id,
      before: { note_id: ritas.id, text: NOTE },
      after: { note_id: ritas.id, text: EDITED },
    });
    expect((await notes()).map((n) => [n.id, n.text, n.edited_at])).toEqual([
      [omars.id, omars.text, null],
      [ritas.id, EDITED, body.edited_at],
    ]);

    // She deletes a note of hers: gone from the list, the audit entry keeps what it said; a second delete is 404.
    const doomed = (await test.call('POST', `/admin/applications/${id}/notes`, { text: DELETED }, en(rita))).json() as { id: number };
    const deleted = await test.call('DELETE', `/admin/applications/${id}/notes/${doomed.id}`, undefined, en(rita));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await lastAudit('application', id)).toMatchObject({ operation: 'deleteAdminApplicationNote', actor_id: rita.id, before: { note_id: doomed.id, text: DELETED }, after: null });
    expect((await notes()).map((n) => n.id)).toEqual([omars.id, ritas.id]);
    expect((await test.call('DELETE', `/admin/applications/${id}/notes/${doomed.id}`, undefined, en(rita))).statusCode).toBe(404);
  });

  it('sorts the staff list by the average score, keyset-paged, not scored yet last both ways; the CSV in the same order', async () => {
    // Four applications of a program of their own: two averaging 75 (the id breaks the tie), one 50, one not scored.
    const accelerator: Criterion[] = [
      { key: 'a', name_es: 'A', name_en: 'A', weight: 1, max_score: 10 },
      { key: 'b', name_es: 'B', name_en: 'B', weight: 1, max_score: 10 },
    ];
    expect((await test.call('PUT', '/admin/rubrics/accelerator', { criteria: accelerator }, en(rita))).statusCode).toBe(200);
    const program = await createProgram(test, { sub_program: 'accelerator' });
    const ids: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      const owner = await signUp(test, { language: 'en' });
      ids.push((await test.call('POST', '/applications', { program_id: program.id }, owner.headers)).json().id as number);
    }
    const [first, second, third, unscored] = ids as [number, number, number, number];
    const sheets: Array<[number, Person, Record<string, number>]> = [
      [first, rita, { a: 10, b: 0 }],
      [first, omar, { a: 10, b: 10 }],
      [second, rita, { a: 2, b: 8 }],
      [third, rita, { a: 7, b: 8 }],
    ];
    for (const [application, reviewer, scores] of sheets) {
      await declareNoConflict(application, reviewer);
      const saved = await test.call('PUT', `/admin/applications/${application}/scores`, { scores }, en(reviewer));
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const averageOf = (criteria: Criterion[], application: number) => {
      const totals = sheets.filter(([a]) => a === application).map(([, , scores]) => expectedTotal(criteria, scores));
      return totals.length === 0 ? null : Math.round((totals.reduce((x, y) => x + y, 0) / totals.length) * 10) / 10;
    };
    /** Every row of the program's list in `sort` order, one row a page (the cursor carries the score). */
    const walk = async (sort: string) => {
      const seen: Array<[number, number | null]> = [];
      let cursor: string | null = null;
      do {
        const page = await test.call('GET', `/admin/applications?program_id=${program.id}&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`, undefined, en(rita));
        expect(page.statusCode, page.body).toBe(200);
        const body = page.json() as { results: Array<{ id: number; score_average: number | null }>; next_cursor: string | null };
        seen.push(...body.results.map((row): [number, number | null] => [row.id, row.score_average]));
        cursor = body.next_cursor;
      } while (cursor !== null);
      return seen;
    };
    expect(averageOf(accelerator, first)).toBe(75);
    expect(averageOf(accelerator, third)).toBe(75);
    expect(await walk('-score')).toEqual([[third, 75], [first, 75], [second, 50], [unscored, null]]);
    expect(await walk('score')).toEqual([[second, 50], [first, 75], [third, 75], [unscored, null]]);

    // The CSV export follows the sort, with the average in its own column.
    const csv = await test.call('GET', `/admin/applications/export.csv?program_id=${program.id}&sort=-score`, undefined, en(rita));
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    const average = header?.indexOf('Average score') ?? -1;
    expect(average).toBeGreaterThan(0);
    expect(rows.map((row) => [row[0], row[average]])).toEqual([[String(third), '75'], [String(first), '75'], [String(second), '50'], [String(unscored), '']]);
    const spanish = await test.call('GET', `/admin/applications/export.csv?program_id=${program.id}&sort=score`, undefined, { ...rita.headers, 'accept-language': 'es' });
    const [esHeader, ...esRows] = parseCsv(spanish.body.slice(1));
    expect(esHeader).toContain('Puntuación media');
    expect(esRows.map((row) => row[0])).toEqual([second, first, third, unscored].map(String));

    // A rubric edit makes a new version (docs/decisions/037-rubric-versions.md): the sheets keep theirs, so no stored
    // average and no order moves, though the new weights would give 87.5, 35 and 72.5.
    const reweighed = [{ ...accelerator[0], weight: 3 }, accelerator[1]] as Criterion[];
    const edit = await test.call('PUT', '/admin/rubrics/accelerator', { criteria: reweighed }, en(rita));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((edit.json() as { version: number }).version).toBe(2);
    expect([first, second, third].map((a) => averageOf(reweighed, a))).toEqual([87.5, 35, 72.5]);
    const kept = [[third, 75], [first, 75], [second, 50], [unscored, null]];
    expect(await walk('-score')).toEqual(kept);
    const scoresPage = (await test.call('GET', `/admin/applications/${third}/scores`, undefined, en(rita))).json() as Scores;
    expect(scoresPage.average).toBe(75);

    // The program has only drafts, so it may move to another sub-program; its sheets keep their version there too.
    const moved = await test.call(
      'PUT',
      `/admin/programs/${program.id}`,
      {
        sub_program: 'pre_incubator',
        name_es: program.name_es,
        name_en: program.name_en,
        period: program.period,
        start_date: program.start_date,
        end_date: program.end_date,
        application_deadline: program.application_deadline.toISOString(),
        status: program.status,
      },
      en(rita),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await walk('-score')).toEqual(kept);

    // A forged cursor whose score is not a number is a 400 on `cursor`, not a failed query.
    const scope = JSON.stringify(['applications', '-score', '', program.id, null, null, null, null]);
    const forged = Buffer.from(JSON.stringify({ s: scope, k: 'high', i: 1 })).toString('base64url');
    const refused = await test.call('GET', `/admin/applications?program_id=${program.id}&sort=-score&cursor=${forged}`, undefined, en(rita));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json() as object)).toContain('cursor');
  });

  it('computes in migration 0017 the same stored averages the server writes (its backfill of earlier sheets)', async () => {
    // Totals and an average on a twentieth, where float8 and rounding show: 7 and 3 weigh 71.25 on paper but 71.2499...
    // in floats (71.2), and 72.5 and 73.8 average 73.15000001 (73.2, where rounding down would give 73.1). The
    // backfill has to match JavaScript step by step: one application with one sheet, one with two.
    expect((await test.call('PUT', '/admin/rubrics/incubator', { criteria: RUBRIC }, en(rita))).statusCode).toBe(200);
    const program = await createProgram(test, { sub_program: 'incubator' });
    const [application, single] = await Promise.all(
      [0, 1].map(async () => (await test.call('POST', '/applications', { program_id: program.id }, (await signUp(test, { language: 'en' })).headers)).json().id as number),
    );
    for (const [target, reviewer, scores] of [
      [application, rita, { team: 8, market: 2 }],
      [application, omar, { team: 9, market: 1 }],
      [single, omar, { team: 7, market: 3 }],
    ] as const) {
      await declareNoConflict(target ?? 0, reviewer);
      const saved = await test.call('PUT', `/admin/applications/${target}/scores`, { scores }, en(reviewer));
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const stored = async () =>
      (await test.app.ctx.db.select({ id: applications.id, average: applications.score_average }).from(applications).orderBy(applications.id)).filter(
        (row) => row.average !== null,
      );
    const written = await stored();
    // Besides these two, whatever the tests above scored (the accelerator's sheets of an older version among them).
    expect([expectedTotal(RUBRIC, { team: 8, market: 2 }), expectedTotal(RUBRIC, { team: 9, market: 1 }), expectedTotal(RUBRIC, { team: 7, market: 3 })]).toEqual([72.5, 73.8, 71.2]);
    expect(written.find((row) => row.id === application)?.average).toBe(73.2);
    expect(written.find((row) => row.id === single)?.average).toBe(71.2);

    // Migration 0017 replaced 0014's backfill: each sheet is totalled under its own rubric version, as the server does.
    const migration = readFileSync(new URL('../../server/db/migrations/0017_rubric_versions.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('"sheet_totals"'));
    expect(backfill).toBeDefined();
    await test.app.ctx.db.update(applications).set({ score_average: null });
    expect(await stored()).toEqual([]);
    await test.app.ctx.db.execute(sql.raw(backfill ?? ''));
    expect(await stored()).toEqual(written);
  });

  it('never shows the applicant a note, a score or a verdict, nor prints them on their PDF, and refuses them every staff operation', async () => {
    const files = ((await test.call('GET', `/applications/${id}`, undefined, ana.headers)).json() as { files: Array<{ id: number }> }).files;
    expect(files.length).toBeGreaterThan(0);
    // A verdict too (what staff's printed application shows with the scores): the review started, a document verified.
    expect((await test.call('POST', `/admin/applications/${id}/review/start`, undefined, en(rita))).statusCode).toBe(200);
    const verified = await test.call('POST', `/admin/applications/${id}/documents/${files[0]?.id}/verify`, undefined, en(rita));
    expect(verified.statusCode, verified.body).toBe(200);
    // The applicant's own PDF (the certification form, which summarizes the application) in both languages.
    for (const language of ['en', 'es']) {
      const pdf = await test.call('GET', `/applications/${id}/certification.pdf`, undefined, { ...ana.headers, 'accept-language': language });
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text.length).toBeGreaterThan(100);
      for (const secret of ['zebra-note-7731', 'quokka-edit-4410', 'walrus-gone-9921', '77.5', '42.5', 'Verified', 'Verificado', 'Rubric', 'Score', 'Puntuaci']) {
        expect(text, `${language} PDF: ${secret}`).not.toContain(secret);
      }
    }
    const reads = [`/applications/${id}`, '/applications', '/programs', '/me', `/applications/${id}/intake-form`];
    for (const file of files) reads.push(`/applications/${id}/files/${file.id}`);
    for (const path of reads) {
      const answer = await test.call('GET', path, undefined, ana.headers);
      expect(answer.statusCode, path).toBe(200);
      const text = answer.body;
      // Neither the note as first written, nor as edited, nor the one deleted, nor that a note was edited.
      for (const secret of ['zebra-note-7731', 'quokka-edit-4410', 'walrus-gone-9921', 'edited_at']) expect(text, path).not.toContain(secret);
      expect(text, path).not.toContain('Second look');
      expect(text, path).not.toMatch(/score|rubric|"notes?"|verdict|verified/i);
      expect(text, path).not.toContain(String(77.5));
    }
    const staffOnly: Array<[string, string, unknown]> = [
      ['GET', '/admin/rubrics', undefined],
      ['PUT', '/admin/rubrics/incubator', { criteria: RUBRIC }],
      ['GET', `/admin/applications/${id}/scores`, undefined],
      ['PUT', `/admin/applications/${id}/scores`, { scores: { team: 1, market: 1 } }],
      ['GET', `/admin/applications/${id}/notes`, undefined],
      ['POST', `/admin/applications/${id}/notes`, { text: 'mine' }],
      ['PUT', `/admin/applications/${id}/notes/1`, { text: 'mine' }],
      ['DELETE', `/admin/applications/${id}/notes/1`, undefined],
    ];
    for (const [method, path, body] of staffOnly) {
      expect((await test.call(method as 'GET', path, body, en(ana))).statusCode, `${method} ${path}`).toBe(403);
      expect((await test.call(method as 'GET', path, body)).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
