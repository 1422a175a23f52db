// The duplicate check and unduplicated HUD counts on PGlite and PostgreSQL
// (docs/decisions/038-duplicate-check-and-unduplicated-counts.md): a seeded set with known duplicates, one per reason
// and one person reached through two links, whose HUD report equals the persons counted here by hand; the flags and
// their reasons; "not the same" marked and taken back (audited, honoured by the flags, the list, the linked accounts
// and the report, refused on one's own account and on a pair not flagged); a step saved through the API flags and
// unflags at once; staff only.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedAccountIds } from '#server/admin/duplicates.ts';
import { applications, applicationSteps, duplicateNotSame, users } from '#server/db/schema.ts';
import { createProgram, saveStep, signUp, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

/** One account of the seeded set: its person's letter, its answers and its applications (program index, status). */
interface Account {
  name: string;
  step1: Record<string, unknown>;
  step2?: Record<string, unknown>;
  race: string[];
  ethnicity: 'hispanic_or_latino' | 'not_hispanic_or_latino';
  applies: Array<[0 | 1, string]>;
}

const person = (first: string, last: string, extra: Record<string, unknown> = {}) => ({ first_name: first, last_name: last, ...extra });

// Each pair below shares exactly one kind of answer, spelled differently (accents, case, punctuation), except A and B.
const ACCOUNTS: Account[] = [
  // María, twice: the same SSN last 4 and name (and e-mail, phone), from a second account; and L, who shares B's phone.
  { name: 'A', step1: person('María', 'Peña', { ssn_last4: '1234', email: 'maria@example.com', phone: '787-555-0101' }), race: ['white'], ethnicity: 'hispanic_or_latino', applies: [[0, 'approved'], [1, 'submitted']] },
  { name: 'B', step1: person('MARIA', 'pena', { ssn_last4: '1234', email: ' Maria@Example.com', phone: '(787) 555-0101' }), race: ['white'], ethnicity: 'hispanic_or_latino', applies: [[0, 'approved']] },
  { name: 'L', step1: person('Marisol', 'Ortiz'), step2: { business_name: 'Otra cosa', business_phone: '+1 787 555 0101' }, race: ['white'], ethnicity: 'hispanic_or_latino', applies: [[1, 'in_review']] },
  // C and D: only the business name; staff will mark them "not the same".
  { name: 'C', step1: person('José', 'Colón'), step2: { business_name: 'Panadería La Ñ, LLC' }, race: ['asian'], ethnicity: 'not_hispanic_or_latino', applies: [[0, 'submitted']] },
  { name: 'D', step1: person('Luis', 'Vélez'), step2: { business_name: 'panaderia la n' }, race: ['asian'], ethnicity: 'not_hispanic_or_latino', applies: [[1, 'submitted']] },
  // E and F: only the physical address.
  { name: 'E', step1: person('Ana', 'Ruiz', { physical_line1: 'Calle Sol #5', postal_code: '00901' }), race: ['black_or_african_american'], ethnicity: 'not_hispanic_or_latino', applies: [[0, 'approved']] },
  { name: 'F', step1: person('Ana María', 'Ruiz', { physical_line1: 'calle sol 5', postal_code: '00901-2222' }), race: ['black_or_african_american'], ethnicity: 'not_hispanic_or_latino', applies: [[1, 'approved']] },
  // G and H: only a phone.
  { name: 'G', step1: person('Pedro', 'Díaz', { phone: '787.555.0202' }), race: ['other'], ethnicity: 'hispanic_or_latino', applies: [[0, 'waitlisted']] },
  { name: 'H', step1: person('Pablo', 'Díaz', { phone: '7875550202' }), race: ['other'], ethnicity: 'hispanic_or_latino', applies: [[0, 'rejected']] },
  // I and J: only an e-mail.
  { name: 'I', step1: person('Sofía', 'Torres', { email: 'casa@example.com' }), race: ['asian', 'white'], ethnicity: 'hispanic_or_latino', applies: [[0, 'submitted']] },
  { name: 'J', step1: person('Carmen', 'Nieves', { email: 'CASA@example.com ' }), race: ['asian', 'white'], ethnicity: 'hispanic_or_latino', applies: [[1, 'changes_requested']] },
  // K: nobody else. N: a draft, which the report never counts.
  { name: 'K', step1: person('Ángel', 'Báez', { phone: '787-555-0303' }), race: ['white'], ethnicity: 'not_hispanic_or_latino', applies: [[0, 'approved']] },
  { name: 'N', step1: person('Nadie', 'Más'), race: ['white'], ethnicity: 'not_hispanic_or_latino', applies: [[0, 'draft']] },
];

// The persons, counted by hand: {A, B, L} is one person (A-B by SSN and name, B-L by phone), then {C}, {D} once marked
// (one person before), {E, F}, {G, H}, {I, J}, {K}. N is a draft, which the report never counts.

interface Report {
  total: number;
  applications: number;
  race: Array<{ category: string; hispanic: number; not_hispanic: number; ethnicity_unknown: number; total: number }>;
}
interface Flags {
  results: Array<{ application: { id: number; applicant: { id: number } }; reasons: string[]; not_same: null | { by: { id: number } | null; at: string } }>;
}

describe.each(databaseKinds)('duplicate check and unduplicated HUD counts (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let applicant: Person;
  const programIds: number[] = [];
  /** Each account's id and its applications' ids, by letter. */
  const user = new Map<string, number>();
  const apps = new Map<string, number[]>();
  const app = (name: string, index = 0) => apps.get(name)?.[index] ?? 0;
  const en = (who: Person) => ({ ...who.headers, 'accept-language': 'en' });

  const flags = async (id: number): Promise<Flags> => {
    const response = await test.call('GET', `/admin/applications/${id}/duplicates`, undefined, en(staff));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Flags;
  };
  const reasonsWith = async (id: number, otherId: number) => (await flags(id)).results.find((flag) => flag.application.id === otherId)?.reasons;
  const report = async (query = ''): Promise<Report> => {
    const response = await test.call('GET', `/admin/reports/hud?${query}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Report;
  };
  const cell = (r: Report, category: string) => r.race.find((row) => row.category === category);

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { staff: true });
    applicant = await signUp(test);
    programIds.push((await createProgram(test)).id, (await createProgram(test, { sub_program: 'accelerator' })).id);
    const db = test.app.ctx.db;
    for (const account of ACCOUNTS) {
      const [row] = await db
        .insert(users)
        .values({ email: `dup-${randomBytes(6).toString('hex')}@example.com`, password_hash: 'not-a-hash', first_name: 'Cuenta', last_name: account.name })
        .returning({ id: users.id });
      user.set(account.name, row?.id ?? 0);
      const ids: number[] = [];
      for (const [program, status] of account.applies) {
        const [application] = await db
          .insert(applications)
          .values({ user_id: row?.id ?? 0, program_id: programIds[program] ?? 0, status })
          .returning({ id: applications.id });
        const id = application?.id ?? 0;
        ids.push(id);
        await db.insert(applicationSteps).values([
          { application_id: id, step: 1, data: account.step1 },
          { application_id: id, step: 4, data: { race: account.race, ethnicity: account.ethnicity } },
          ...(account.step2 ? [{ application_id: id, step: 2, data: account.step2 }] : []),
        ]);
      }
      apps.set(account.name, ids);
    }
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses nobody signed in (401) and an applicant (403)', async () => {
    const id = app('A');
    for (const [method, url] of [
      ['GET', `/admin/applications/${id}/duplicates`],
      ['PUT', `/admin/applications/${id}/duplicates/${app('B')}/not-same`],
      ['DELETE', `/admin/applications/${id}/duplicates/${app('B')}/not-same`],
    ] as const) {
      expect((await test.call(method, url)).statusCode, url).toBe(401);
      expect((await test.call(method, url, undefined, en(applicant))).statusCode, url).toBe(403);
    }
    expect((await test.call('GET', '/admin/applications/999999/duplicates', undefined, en(staff))).statusCode).toBe(404);
  });

  it('flags each reason, across accounts and programs, and never an account with itself', async () => {
    expect(await reasonsWith(app('A'), app('B'))).toEqual(['email', 'phone', 'ssn_name']);
    expect(await reasonsWith(app('A', 1), app('B'))).toEqual(['email', 'phone', 'ssn_name']);
    expect(await reasonsWith(app('B'), app('L'))).toEqual(['phone']);
    expect(await reasonsWith(app('C'), app('D'))).toEqual(['business']);
    expect(await reasonsWith(app('E'), app('F'))).toEqual(['address']);
    expect(await reasonsWith(app('G'), app('H'))).toEqual(['phone']);
    expect(await reasonsWith(app('I'), app('J'))).toEqual(['email']);
    // A's two applications are one account: never flagged with each other. K shares nothing.
    expect((await flags(app('A'))).results.map((flag) => flag.application.id).sort((x, y) => x - y)).toEqual([app('B'), app('L')].sort((x, y) => x - y));
    expect((await flags(app('K'))).results).toEqual([]);
    expect(await linkedAccountIds(test.app.ctx.db, app('B'))).toEqual([user.get('A'), user.get('L')].sort((x, y) => (x ?? 0) - (y ?? 0)));
    expect(await linkedAccountIds(test.app.ctx.db, app('K'))).toEqual([]);
  });

  it('counts persons, not applications: the report equals the hand count', async () => {
    const applicants = await report();
    // {A,B,L}, {C,D} (not marked yet), {E,F}, {G,H}, {I,J}, {K}: 6 persons from 13 applications.
    expect([applicants.total, applicants.applications]).toEqual([6, 13]);
    expect(cell(applicants, 'white')).toMatchObject({ hispanic: 1, not_hispanic: 1, total: 2 });
    expect(cell(applicants, 'asian')).toMatchObject({ not_hispanic: 1, total: 1 });
    expect(cell(applicants, 'black_or_african_american')).toMatchObject({ not_hispanic: 1, total: 1 });
    expect(cell(applicants, 'other_multi_racial')).toMatchObject({ hispanic: 1, total: 1 });
    expect(cell(applicants, 'asian_and_white')).toMatchObject({ hispanic: 1, total: 1 });
    expect(applicants.race.reduce((sum, row) => sum + row.total, 0)).toBe(6);
    // Participants: A (program 1) and B approved are one person; E and F one; K one.
    const approved = await report('population=approved');
    expect([approved.total, approved.applications]).toEqual([3, 5]);
    expect(cell(approved, 'white')).toMatchObject({ hispanic: 1, not_hispanic: 1, total: 2 });
    // One program: program 1 holds A, B (one person), C, E, G, H (one person), I, K.
    const first = await report(`program_id=${programIds[0]}`);
    expect([first.total, first.applications]).toEqual([6, 8]);
  });

  it('marks a pair "not the same" (audited), honoured by the flags, the list, the linked accounts and the report, and takes it back', async () => {
    const marked = await test.call('PUT', `/admin/applications/${app('C')}/duplicates/${app('D')}/not-same`, undefined, en(staff));
    expect(marked.statusCode, marked.body).toBe(200);
    const flag = (marked.json() as Flags).results.find((f) => f.application.id === app('D'));
    expect(flag?.not_same?.by?.id).toBe(staff.id);
    // Seen from D's side too: the mark is on the two accounts.
    expect((await flags(app('D'))).results[0]?.not_same).not.toBeNull();
    expect(await linkedAccountIds(test.app.ctx.db, app('C'))).toEqual([]);
    const list = await test.call('GET', `/admin/applications?program_id=${programIds[0]}&limit=100`, undefined, staff.headers);
    const rows = (list.json() as { results: Array<{ id: number; duplicates: number }> }).results;
    expect(rows.find((row) => row.id === app('C'))?.duplicates).toBe(0);
    expect(rows.find((row) => row.id === app('A'))?.duplicates).toBe(2);
    expect(rows.find((row) => row.id === app('K'))?.duplicates).toBe(0);
    expect((await report()).total).toBe(7);
    expect(cell(await report(), 'asian')).toMatchObject({ not_hispanic: 2, total: 2 });
    // Marking again changes nothing, and writes no second entry.
    expect((await test.call('PUT', `/admin/applications/${app('C')}/duplicates/${app('D')}/not-same`, undefined, en(staff))).statusCode).toBe(200);
    const audit = async () => {
      const response = await test.call('GET', `/admin/audit?record_type=application&record_id=${app('C')}`, undefined, staff.headers);
      return (response.json() as { results: Array<{ operation: string; actor: { id: number } | null; before: unknown; after: unknown }> }).results;
    };
    const pair = { application_id: app('D'), accounts: [user.get('C'), user.get('D')].sort((x, y) => (x ?? 0) - (y ?? 0)) };
    expect((await audit()).map(({ operation, actor, before, after }) => ({ operation, actor: actor?.id, before, after }))).toEqual([
      { operation: 'markAdminApplicationNotSame', actor: staff.id, before: { not_same: null }, after: { not_same: pair } },
    ]);
    // Taken back: linked again, counted once, audited.
    const unmarked = await test.call('DELETE', `/admin/applications/${app('C')}/duplicates/${app('D')}/not-same`, undefined, en(staff));
    expect(unmarked.statusCode, unmarked.body).toBe(200);
    expect((unmarked.json() as Flags).results[0]?.not_same).toBeNull();
    expect(await linkedAccountIds(test.app.ctx.db, app('C'))).toEqual([user.get('D')]);
    expect((await report()).total).toBe(6);
    expect((await audit()).map((entry) => entry.operation)).toEqual(['unmarkAdminApplicationNotSame', 'markAdminApplicationNotSame']);
    // And marked again for good.
    expect((await test.call('PUT', `/admin/applications/${app('D')}/duplicates/${app('C')}/not-same`, undefined, en(staff))).statusCode).toBe(200);
    expect((await report()).total).toBe(7);
  });

  it('refuses a pair the check does not flag (409), a missing application (404), and a pair taking in my own account (409)', async () => {
    const notFlagged = await test.call('PUT', `/admin/applications/${app('A')}/duplicates/${app('K')}/not-same`, undefined, en(staff));
    expect(notFlagged.statusCode).toBe(409);
    expect(notFlagged.json()).toEqual({ code: 'duplicate_not_flagged', detail: 'The duplicate check does not flag these two applications as possibly the same person or business.' });
    expect((await test.call('PUT', `/admin/applications/${app('A')}/duplicates/999999/not-same`, undefined, en(staff))).statusCode).toBe(404);
    // A staff member who applied too, with K's phone: flagged with K, and may not clear that link.
    const db = test.app.ctx.db;
    const [own] = await db.insert(applications).values({ user_id: staff.id, program_id: programIds[1] ?? 0, status: 'submitted' }).returning({ id: applications.id });
    await db.insert(applicationSteps).values({ application_id: own?.id ?? 0, step: 1, data: person('Staff', 'Member', { phone: '787 555 0303' }) });
    expect(await reasonsWith(app('K'), own?.id ?? 0)).toEqual(['phone']);
    expect(await linkedAccountIds(db, app('K'))).toEqual([staff.id]);
    const mine = await test.call('PUT', `/admin/applications/${app('K')}/duplicates/${own?.id}/not-same`, undefined, en(staff));
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toMatchObject({ code: 'duplicate_own_account' });
    const spanish = await test.call('DELETE', `/admin/applications/${own?.id}/duplicates/${app('K')}/not-same`, undefined, staff.headers);
    expect(spanish.json()).toEqual({ code: 'duplicate_own_account', detail: 'Una de estas solicitudes es de su propia cuenta: otra persona del personal debe decidir si son la misma persona.' });
    expect(await linkedAccountIds(db, app('K'))).toEqual([staff.id]);
    await db.delete(applications).where(eq(applications.id, own?.id ?? 0));
    expect(await linkedAccountIds(db, app('K'))).toEqual([]);
  });

  it('flags and unflags as the applicant saves step 1 through the API', async () => {
    const created = await test.call('POST', '/applications', { program_id: programIds[1] }, en(applicant));
    expect([200, 201], created.body).toContain(created.statusCode);
    const id = (created.json() as { id: number }).id;
    expect((await saveStep(test, applicant, id, 1, person('Ángel', 'Báez', { phone: '787 555 0303' }))).statusCode).toBe(200);
    expect(await reasonsWith(app('K'), id)).toEqual(['phone']);
    expect(await linkedAccountIds(test.app.ctx.db, id)).toEqual([user.get('K')]);
    expect((await saveStep(test, applicant, id, 1, person('Ángel', 'Báez', { phone: '787 555 0404', email: 'otro@example.com' }))).statusCode).toBe(200);
    expect(await reasonsWith(app('K'), id)).toBeUndefined();
    expect(await linkedAccountIds(test.app.ctx.db, id)).toEqual([]);
  });
  it('keeps a staff member off the applications of a person the check links to their own account (separation of duties)', async () => {
    // The staff member applied too, from their staff account, with G's phone: the check links them to G and H.
    const db = test.app.ctx.db;
    const [own] = await db.insert(applications).values({ user_id: staff.id, program_id: programIds[1] ?? 0, status: 'submitted' }).returning({ id: applications.id });
    const ownId = own?.id ?? 0;
    try {
      await db.insert(applicationSteps).values({ application_id: ownId, step: 1, data: person('Gloria', 'Staff', { phone: '(787) 555-0202' }) });
      expect(await linkedAccountIds(db, app('G'))).toContain(staff.id);
      const decided = await test.call('POST', `/admin/applications/${app('G')}/review/decision`, { decision: 'rejected', reason: 'No cumple.' }, en(staff));
      expect(decided.statusCode, decided.body).toBe(403);
      expect(decided.json().code).toBe('own_application');
      const assigned = await test.call('PUT', `/admin/applications/${app('G')}/reviewer`, { reviewer_id: staff.id }, en(staff));
      expect(assigned.statusCode, assigned.body).toBe(403);
      // Marked "not the same" by someone else, the link is gone, and so is the refusal (G is waitlisted: deciding is open).
      const notSame = (other: number) => ({ user_low: Math.min(staff.id, other), user_high: Math.max(staff.id, other), marked_by: null, marked_at: new Date() });
      await db.insert(duplicateNotSame).values(notSame(user.get('G') ?? 0));
      await db.insert(duplicateNotSame).values(notSame(user.get('H') ?? 0));
      expect(await linkedAccountIds(db, app('G'))).not.toContain(staff.id);
      const reviewer = await test.call('PUT', `/admin/applications/${app('G')}/reviewer`, { reviewer_id: staff.id }, en(staff));
      expect(reviewer.statusCode, reviewer.body).toBe(200);
    } finally {
      await db.delete(applications).where(eq(applications.id, ownId));
    }
  });
});
