// The eligibility survey: one per person, stored with timestamps, answered with the recommended sub-programs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { surveys } from '#server/db/schema.ts';
import { databaseKinds, startTestApp, testClock, type TestApp } from '../support/server.ts';
import { signUp, type Person } from '../support/applicants.ts';

const answers = {
  has_business: true,
  idea: 'Guided kayak tours',
  industry: '71',
  operating_time: 'years_1_to_2',
  monthly_revenue: 4200.5,
  employees: 3,
  website: 'https://kayak.example',
  gpa: 3.6,
  university: 'UPR Mayagüez',
  third_year_student: true,
  steam_branch: 'engineering',
  cohort: '2027',
};

describe.each(databaseKinds)('survey on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  let luis: Person;
  const clock = testClock();

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now });
    ana = await signUp(test);
    luis = await signUp(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('needs sign-in', async () => {
    expect((await test.call('GET', '/me/survey')).statusCode).toBe(401);
    expect((await test.call('PUT', '/me/survey', answers)).statusCode).toBe(401);
  });

  it('answers 404 survey_not_answered before the first answer', async () => {
    const response = await test.call('GET', '/me/survey', undefined, { ...ana.headers, 'accept-language': 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'The survey has not been answered yet.', code: 'survey_not_answered' });
  });

  it('stores the answers and recommends the sub-programs they fit', async () => {
    const before = clock.now().getTime();
    const saved = await test.call('PUT', '/me/survey', answers, ana.headers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...answers, recommended: ['student_incubator', 'incubator'] });
    const created = Date.parse(saved.json().created_at);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(clock.now().getTime());
    const read = await test.call('GET', '/me/survey', undefined, ana.headers);
    expect(read.json()).toEqual(saved.json());
    const [row] = await test.app.ctx.db.select().from(surveys).where(eq(surveys.user_id, ana.id));
    expect(row).toMatchObject({ industry: '71', gpa: 3.6, monthly_revenue: 4200.5, employees: 3 });
  });

  it('keeps one survey per person: answering again replaces it and moves updated_at', async () => {
    clock.advance(60_000);
    const again = await test.call('PUT', '/me/survey', { has_business: false, idea: 'An app for farmers', third_year_student: false }, ana.headers);
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json();
    expect(body).toMatchObject({ has_business: false, operating_time: null, industry: null, gpa: null, recommended: ['pre_incubator'] });
    // The clock moved a minute: the answer is newer than the survey.
    expect(Date.parse(body.updated_at) - Date.parse(body.created_at)).toBeGreaterThanOrEqual(60_000);
    expect(await test.app.ctx.db.select().from(surveys).where(eq(surveys.user_id, ana.id))).toHaveLength(1);
  });

  it("shows nobody another person's survey", async () => {
    expect((await test.call('GET', '/me/survey', undefined, luis.headers)).statusCode).toBe(404);
  });

  it('requires the two yes/no answers, and the operating time of a business', async () => {
    const missing = await test.call('PUT', '/me/survey', { idea: 'x' }, { ...luis.headers, 'accept-language': 'en' });
    expect(missing.statusCode).toBe(400);
    expect(Object.values(missing.json()).flat()).toContain('This field is required.');
    const noTime = await test.call('PUT', '/me/survey', { has_business: true, third_year_student: false }, { ...luis.headers, 'accept-language': 'en' });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json()).toEqual({ operating_time: ['This field is required.'], code: 'invalid' });
  });

  it.each([
    ['an unknown industry code', { industry: '12' }, 'industry'],
    ['an unknown operating time', { has_business: true, operating_time: 'forever' }, 'operating_time'],
    ['an unknown STEAM branch', { steam_branch: 'law' }, 'steam_branch'],
    ['a GPA above 4', { gpa: 4.5 }, 'gpa'],
    ['a negative employee count', { employees: -1 }, 'employees'],
    ['a fractional employee count', { employees: 1.5 }, 'employees'],
    ['a NUL character', { idea: 'a\u0000b' }, 'idea'],
  ])('refuses %s with a field error, never a 500', async (_what, change, field) => {
    const response = await test.call('PUT', '/me/survey', { has_business: false, third_year_student: false, ...change }, luis.headers);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toContain(field);
  });
});
