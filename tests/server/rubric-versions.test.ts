// Scores are records (docs/decisions/037-rubric-versions.md), against the API on PGlite and PostgreSQL: a rubric edit
// makes a new version once its version has sheets, every sheet keeps the version it was given under, a decided
// application's total, list row and CSV line stay byte-identical through rubric and program edits, a decided
// application takes no sheet, a program's sub-program cannot change once it has sent applications, and migration
// 0017 finds each earlier sheet's version in the audit log.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationScores, rubricVersions } from '#server/db/schema.ts';
import { completeAllSteps, createProgram, signUp, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { expectedTotal, type Criterion } from '../support/scoring.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Rubric {
  sub_program: string;
  version: number;
  sheet_count: number;
  criteria: Criterion[];
}
interface Scores {
  rubric: Rubric;
  sheets: Array<{ reviewer: { id: number }; scores: Record<string, number>; rubric_version: number; total: number }>;
  average: number | null;
  count: number;
  scoring_open: boolean;
}

/** Migration 0012's default rubric, the one every sub-program starts with. */
const DEFAULT: Criterion[] = [
  { key: 'team', name_es: 'Equipo', name_en: 'Team', weight: 3, max_score: 5 },
  { key: 'problem', name_es: 'Problema y solución', name_en: 'Problem and solution', weight: 2, max_score: 5 },
  { key: 'market', name_es: 'Mercado', name_en: 'Market', weight: 2, max_score: 5 },
  { key: 'feasibility', name_es: 'Viabilidad', name_en: 'Feasibility', weight: 2, max_score: 5 },
  { key: 'fit', name_es: 'Encaje con el programa', name_en: 'Fit with the program', weight: 1, max_score: 5 },
];
/** The edit of the report: "Equipo" out of 3 instead of 5, which turned a 72 into a 78 before versions. */
const TEAM_OUT_OF_3 = DEFAULT.map((c) => (c.key === 'team' ? { ...c, max_score: 3 } : c));
const SHEET = { team: 4, problem: 4, market: 3, feasibility: 4, fit: 2 };

describe.each(databaseKinds)('rubric versions (%s)', (kind) => {
  let test: TestApp;
  let rita: Person;
  let omar: Person;
  let program: Awaited<ReturnType<typeof createProgram>>;
  let decided: number;
  let open: number;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const es = (person: Person) => ({ ...person.headers, 'accept-language': 'es' });
  const scoresOf = async (id: number) => {
    const answer = await test.call('GET', `/admin/applications/${id}/scores`, undefined, en(rita));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Scores;
  };
  const rubricOf = async (subProgram: string) => {
    const answer = await test.call('GET', '/admin/rubrics', undefined, en(rita));
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { results: Rubric[] }).results.find((r) => r.sub_program === subProgram);
  };
  /** Scores as staff do: each scorer declares no conflict of interest on the application first (docs/decisions/036). */
  const declared = new Set<string>();
  const score = async (id: number, person: Person, scores: Record<string, number>) => {
    if (!declared.has(`${id}:${person.id}`)) {
      const declaration = await test.call('PUT', `/admin/applications/${id}/conflict`, { conflict: false }, en(person));
      expect(declaration.statusCode, declaration.body).toBe(200);
      declared.add(`${id}:${person.id}`);
    }
    return test.call('PUT', `/admin/applications/${id}/scores`, { scores }, en(person));
  };
  /** Everything staff read of the decided application's score, as the bytes the server sends. */
  const record = async () => {
    const page = (await test.call('GET', `/admin/applications/${decided}/scores`, undefined, en(rita))).json() as Scores;
    const list = await test.call('GET', `/admin/applications?program_id=${program.id}&limit=50`, undefined, en(rita));
    const row = (list.json() as { results: Array<{ id: number; score_average: number | null; score_count: number }> }).results.find((r) => r.id === decided);
    const csv = await test.call('GET', `/admin/applications/export.csv?program_id=${program.id}`, undefined, en(rita));
    // The CSV line's score (its "Average score" column): the rest names the program, which one edit below renames.
    const [header, ...lines] = parseCsv(csv.body.slice(1));
    const line = lines.find((cells) => cells[0] === String(decided));
    return JSON.stringify({ sheets: page.sheets, average: page.average, count: page.count, row: [row?.score_average, row?.score_count], csv: line?.[header?.indexOf('Average score') ?? -1] });
  };
  const programBody = (sub_program: string, name_en = program.name_en) => ({
    sub_program,
    name_es: program.name_es,
    name_en,
    period: program.period,
    start_date: program.start_date,
    end_date: program.end_date,
    application_deadline: program.application_deadline.toISOString(),
    status: program.status,
  });

  beforeAll(async () => {
    test = await startTestApp(kind);
    rita = await signUp(test, { first_name: 'Rita', last_name: 'Revisora', staff: true });
    omar = await signUp(test, { first_name: 'Omar', last_name: 'Otero', staff: true });
    program = await createProgram(test, { sub_program: 'incubator' });
    const sent: number[] = [];
    for (let n = 0; n < 2; n += 1) {
      const applicant = await signUp(test, { language: 'en' });
      const id = (await test.call('POST', '/applications', { program_id: program.id }, applicant.headers)).json().id as number;
      await completeAllSteps(test, applicant, id);
      expect((await test.call('POST', `/applications/${id}/submit`, undefined, applicant.headers)).statusCode).toBe(200);
      sent.push(id);
    }
    [decided, open] = sent as [number, number];
  });
  afterAll(async () => {
    await test.close();
  });

  it('keeps a decided total byte-identical through a rubric edit, which makes a new version, and program edits', async () => {
    const v1 = await rubricOf('incubator');
    expect(v1).toMatchObject({ version: 1, sheet_count: 0, criteria: DEFAULT });

    expect((await score(decided, rita, SHEET)).statusCode).toBe(200);
    expect(expectedTotal(DEFAULT, SHEET)).toBe(72);
    expect(await scoresOf(decided)).toMatchObject({ sheets: [{ rubric_version: 1, total: 72 }], average: 72, count: 1, scoring_open: true });
    expect(await rubricOf('incubator')).toMatchObject({ version: 1, sheet_count: 1 });

    expect((await test.call('POST', `/admin/applications/${decided}/review/start`, undefined, en(rita))).statusCode).toBe(200);
    const rejected = await test.call('POST', `/admin/applications/${decided}/review/decision`, { decision: 'rejected', reason: 'Outside the program area.' }, en(rita));
    expect(rejected.statusCode, rejected.body).toBe(200);
    const before = await record();
    expect(before).toContain('"total":72');
    expect(before).toContain('"csv":"72"');

    // The edit of the report: the version had a sheet, so the criteria become version 2 and the sheet keeps version 1.
    const edited = await test.call('PUT', '/admin/rubrics/incubator', { criteria: TEAM_OUT_OF_3 }, en(rita));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, sheet_count: 0, criteria: TEAM_OUT_OF_3 });
    expect(expectedTotal(TEAM_OUT_OF_3, SHEET)).toBe(78);
    expect(await record()).toBe(before);
    const versions = await test.app.ctx.db.select().from(rubricVersions).where(eq(rubricVersions.sub_program, 'incubator')).orderBy(rubricVersions.version);
    expect(versions.map((v) => [v.version, v.criteria])).toEqual([
      [1, DEFAULT],
      [2, TEAM_OUT_OF_3],
    ]);

    // Edits of the program: its name, then an attempt at its sub-program (refused: it has sent applications).
    const renamed = await test.call('PUT', `/admin/programs/${program.id}`, programBody('incubator', 'Renamed incubator'), en(rita));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ submitted: 2, sub_program_locked: true });
    expect(await record()).toBe(before);
    const moved = await test.call('PUT', `/admin/programs/${program.id}`, programBody('accelerator', 'Renamed incubator'), en(rita));
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toEqual({
      sub_program: ['The sub-program cannot change: this program has applications that were sent, and their scores are given under its rubric.'],
      code: 'sub_program_locked',
    });
    const movedEs = await test.call('PUT', `/admin/programs/${program.id}`, programBody('accelerator'), es(rita));
    expect(movedEs.json()).toEqual({
      sub_program: ['El subprograma no puede cambiar: este programa tiene solicitudes enviadas, y sus puntuaciones se dan con su rúbrica.'],
      code: 'sub_program_locked',
    });
    const listed = await test.call('GET', `/admin/programs?q=${encodeURIComponent('Renamed incubator')}`, undefined, en(rita));
    expect((listed.json() as { results: Array<{ id: number; sub_program: string; sub_program_locked: boolean }> }).results.find((p) => p.id === program.id)).toMatchObject({
      sub_program: 'incubator',
      sub_program_locked: true,
    });
    // Another edit of the rubric, now that version 2 has no sheet: it changes in place, still version 2.
    const again = await test.call('PUT', '/admin/rubrics/incubator', { criteria: TEAM_OUT_OF_3.map((c) => ({ ...c, name_en: `${c.name_en}.` })) }, en(rita));
    expect(again.json()).toMatchObject({ version: 2 });
    expect((await test.call('PUT', '/admin/rubrics/incubator', { criteria: TEAM_OUT_OF_3 }, en(rita))).statusCode).toBe(200);
    expect(await record()).toBe(before);
  });

  it('refuses a sheet on a decided application, in the reader’s language, and says scoring is closed', async () => {
    for (const person of [rita, omar]) {
      const refused = await score(decided, person, { team: 1, problem: 1, market: 1, feasibility: 1, fit: 1 });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ detail: 'The application is decided: its scores are kept as they were given and cannot change.', code: 'review_not_allowed' });
    }
    const spanish = await test.call('PUT', `/admin/applications/${decided}/scores`, { scores: SHEET }, es(rita));
    expect(spanish.json()).toEqual({ detail: 'La solicitud ya tiene una decisión: sus puntuaciones se conservan como se dieron y no pueden cambiar.', code: 'review_not_allowed' });
    expect(await scoresOf(decided)).toMatchObject({ scoring_open: false, count: 1, sheets: [{ reviewer: { id: rita.id }, scores: SHEET, rubric_version: 1, total: 72 }] });
  });

  it('scores an open application under the current version; an older sheet moves to it only when saved again', async () => {
    // A sheet of Rita's given under version 1, as one written before the edit is (SHEET's team 4 is over version 2's 3).
    const [v1] = await test.app.ctx.db.select().from(rubricVersions).where(sql`${rubricVersions.sub_program} = 'incubator' and ${rubricVersions.version} = 1`);
    expect((await score(open, rita, { ...SHEET, team: 3 })).statusCode).toBe(200);
    await test.app.ctx.db.update(applicationScores).set({ scores: SHEET, rubric_version_id: v1?.id ?? 0 }).where(sql`${applicationScores.application_id} = ${open}`);
    const omars = { team: 3, problem: 5, market: 5, feasibility: 5, fit: 5 };
    const saved = await score(open, omar, omars);
    expect(saved.statusCode, saved.body).toBe(200);
    const both = saved.json() as Scores;
    expect(both.rubric).toMatchObject({ version: 2, criteria: TEAM_OUT_OF_3 });
    expect(both.sheets.map((s) => [s.reviewer.id, s.rubric_version, s.total])).toEqual([
      [rita.id, 1, expectedTotal(DEFAULT, SHEET)],
      [omar.id, 2, expectedTotal(TEAM_OUT_OF_3, omars)],
    ]);
    expect(both.average).toBe(Math.round(((72 + 100) / 2) * 10) / 10);
    // A score over the current maximum is refused, though version 1 allowed it.
    const over = await score(open, rita, SHEET);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ 'scores.team': ['Enter a number no greater than 3.'], code: 'invalid' });
    const resaved = await score(open, rita, { ...SHEET, team: 2 });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((resaved.json() as Scores).sheets.map((s) => [s.rubric_version, s.total])).toEqual([
      [2, expectedTotal(TEAM_OUT_OF_3, { ...SHEET, team: 2 })],
      [2, 100],
    ]);
    expect(await rubricOf('incubator')).toMatchObject({ version: 2, sheet_count: 2 });
  });

  it('finds in migration 0017 each earlier sheet’s version from the audit log', async () => {
    // Every sheet pointed at the current version, as before the migration; its backfill statement sets them back.
    const statements = readFileSync(new URL('../../server/db/migrations/0017_rubric_versions.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const backfill = statements.find((statement) => statement.includes('"found"'));
    expect(backfill).toBeDefined();
    const versionsNow = async () =>
      (
        await test.app.ctx.db
          .select({ application: applicationScores.application_id, reviewer: applicationScores.reviewer_id, version: rubricVersions.version })
          .from(applicationScores)
          .innerJoin(rubricVersions, eq(rubricVersions.id, applicationScores.rubric_version_id))
          .orderBy(applicationScores.application_id, applicationScores.reviewer_id)
      ).map((row) => [row.application, row.reviewer, row.version]);
    const written = await versionsNow();
    expect(written).toEqual([
      [decided, rita.id, 1],
      [open, rita.id, 2],
      [open, omar.id, 2],
    ]);
    const [current] = await test.app.ctx.db.select().from(rubricVersions).where(sql`${rubricVersions.sub_program} = 'incubator' and ${rubricVersions.version} = 2`);
    await test.app.ctx.db.update(applicationScores).set({ rubric_version_id: current?.id ?? 0 });
    await test.app.ctx.db.execute(sql.raw(backfill ?? ''));
    expect(await versionsNow()).toEqual(written);
  });
});
