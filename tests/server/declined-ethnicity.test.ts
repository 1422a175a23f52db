// Step 4's ethnicity can be declined (docs/decisions/037-rubric-versions.md), against the API on PGlite and
// PostgreSQL: "prefer_not_to_answer" completes the step, and the HUD report (docs/decisions/031) counts it in the
// ethnicity-unknown column, even when "Hispanic or Latino" was ticked as a race (a decline is not overruled), on screen
// and in the CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAllSteps, completeSteps, createProgram, saveStep, signUp, type Person } from '../support/applicants.ts';
import { parseCsv, splitAbout } from '../support/csv.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface RaceRow {
  category: string;
  hispanic: number;
  not_hispanic: number;
  ethnicity_unknown: number;
  total: number;
}

/** Three households of one program: two decline their ethnicity, one answers it. */
const HOUSEHOLDS = [
  { ethnicity: 'prefer_not_to_answer', race: ['white'] },
  { ethnicity: 'prefer_not_to_answer', race: ['hispanic_or_latino', 'white'] },
  { ethnicity: 'hispanic_or_latino', race: ['white'] },
];

describe.each(databaseKinds)('declined ethnicity (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let programId: number;
  const applicants: Array<{ person: Person; id: number }> = [];

  // The slow part (six steps each, a captcha solved) in the hook, which has the longer time limit.
  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { staff: true });
    programId = (await createProgram(test, { sub_program: 'incubator' })).id;
    for (let n = 0; n < HOUSEHOLDS.length; n += 1) {
      const person = await signUp(test, { language: 'en' });
      const id = (await test.call('POST', '/applications', { program_id: programId }, person.headers)).json().id as number;
      await completeAllSteps(test, person, id);
      // Three households of three different persons: answers the duplicate check cannot take for one person
      // (docs/decisions/038), or the report would rightly count them once.
      const own = {
        1: { ...completeSteps[1], first_name: `Persona ${n}`, last_name: `Hogar ${n}`, phone: `787-555-02${n}0`, email: `hogar-${n}@example.com`, physical_line1: `Calle ${n} #${n}`, ssn_last4: `${n}${n}${n}9` },
        2: { ...completeSteps[2], business_name: `Negocio ${n}`, business_phone: `787-555-03${n}0` },
      } as const;
      for (const step of [1, 2] as const) {
        expect((await saveStep(test, person, id, step, own[step])).statusCode).toBe(200);
        expect((await test.call('POST', `/applications/${id}/steps/${step}/submit`, undefined, person.headers)).statusCode).toBe(200);
      }
      applicants.push({ person, id });
    }
  });
  afterAll(async () => {
    await test.close();
  });

  it('takes "prefer not to answer" as a complete answer of step 4, and nothing outside the list', async () => {
    for (const [index, household] of HOUSEHOLDS.entries()) {
      const { person: applicant, id } = applicants[index] ?? { person: staff, id: 0 };
      const steps = (await test.call('GET', `/applications/${id}`, undefined, applicant.headers)).json() as { steps: Array<{ step: number; data: object }> };
      const step4 = steps.steps.find((s) => s.step === 4)?.data ?? {};
      const wrong = await saveStep(test, applicant, id, 4, { ...step4, ethnicity: 'declined' });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json() as object)).toContain('ethnicity');
      const saved = await saveStep(test, applicant, id, 4, { ...step4, ...household });
      expect(saved.statusCode, saved.body).toBe(200);
      const submitted = await test.call('POST', `/applications/${id}/steps/4/submit`, undefined, applicant.headers);
      expect(submitted.statusCode, submitted.body).toBe(200);
      const sent = await test.call('POST', `/applications/${id}/submit`, undefined, applicant.headers);
      expect(sent.statusCode, sent.body).toBe(200);
    }
  });

  it('counts a declined ethnicity in HUD’s unknown column, on screen and in the CSV', async () => {
    const answer = await test.call('GET', `/admin/reports/hud?population=applicants&program_id=${programId}`, undefined, staff.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json() as { total: number; race: RaceRow[] };
    expect(report.total).toBe(3);
    expect(report.race.find((row) => row.category === 'white')).toEqual({ category: 'white', hispanic: 1, not_hispanic: 0, ethnicity_unknown: 2, total: 3 });
    for (const row of report.race.filter((r) => r.category !== 'white')) expect(row.total, row.category).toBe(0);

    const csv = await test.call('GET', `/admin/reports/hud/export.csv?population=applicants&program_id=${programId}`, undefined, { ...staff.headers, 'accept-language': 'en' });
    expect(csv.statusCode).toBe(200);
    // The file opens with what it covers, then a blank line, then the table (docs/decisions/041).
    const [header, ...rows] = splitAbout(parseCsv(csv.body.slice(1))).table;
    const unknownColumn = header?.indexOf('Ethnicity unknown') ?? -1;
    expect(unknownColumn).toBeGreaterThan(0);
    expect(rows.find((row) => row[1] === 'White')?.[unknownColumn]).toBe('2');
  });
});
