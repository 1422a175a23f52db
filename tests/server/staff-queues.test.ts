// Staff's queues and each record's history over HTTP on PGlite and PostgreSQL (docs/decisions/040-staff-queues-and-history.md):
// days in the current status from the audit log (and the unaudited first submission), a program's target and which
// rows pass it, sorting by it, previous and next pages, "mine", "unassigned" and one reviewer's queue, bulk assign and
// start review with each refusal reported, the e-mails of an application's timeline, and the audit CSV of one record
// or a date range.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, mailOutbox } from '#server/db/schema.ts';
import { completeAllSteps, createProgram, signIn, signUp, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { databaseKinds, startTestApp, testClock, type TestApp } from '../support/server.ts';

interface Row {
  id: number;
  status: string;
  reviewer: { id: number; email: string } | null;
  status_since: string;
  days_in_status: number;
  review_target_days: number | null;
  over_target: boolean;
}
interface Page {
  results: Row[];
  count: number;
  next_cursor: string | null;
  prev_cursor: string | null;
}
interface BulkResult {
  results: Array<{ id: number; done: boolean; code: string | null; detail: string | null }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('staff queues and history (%s)', (kind) => {
  const clock = testClock();
  let test: TestApp;
  let staff: Person;
  let second: Person;
  let ana: Person;
  let programId: number;
  let sentId: number;
  const drafts: number[] = [];
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const list = async (values: Record<string, string | number>, who: Person = staff): Promise<Page> => {
    const query = new URLSearchParams(Object.entries({ program_id: programId, ...values }).map(([k, v]) => [k, String(v)])).toString();
    const response = await test.call('GET', `/admin/applications?${query}`, undefined, who.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const row = async (id: number) => (await list({ limit: 100 })).results.find((candidate) => candidate.id === id);
  const bulk = async (body: unknown, who: Person = staff) => test.call('POST', '/admin/applications/bulk', body, en(who));
  /** Moves the app's clock on; the access tokens (5 minutes) have expired by then, so everyone signs in again. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    [staff, second, ana] = await Promise.all([signIn(test, staff.email), signIn(test, second.email), signIn(test, ana.email)]);
  };
  const statusOf = async (id: number) => (await test.app.ctx.db.select().from(applications).where(eq(applications.id, id)))[0]?.status;

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now });
    staff = await signUp(test, { first_name: 'Marta', last_name: 'Revisora', staff: true });
    second = await signUp(test, { first_name: 'Pablo', last_name: 'Segundo', staff: true });
    ana = await signUp(test, { first_name: 'Ana', last_name: 'Solicitante', language: 'en' });
    programId = (await createProgram(test, { review_target_days: 2 })).id;
    const created = await test.call('POST', '/applications', { program_id: programId }, ana.headers);
    expect(created.statusCode, created.body).toBe(201);
    sentId = (created.json() as { id: number }).id;
    await completeAllSteps(test, ana, sentId);
    const submitted = await test.call('POST', `/applications/${sentId}/submit`, undefined, ana.headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Three more applicants with drafts, one day apart, for the sorts and pages.
    for (const name of ['Beatriz', 'Carlos', 'Diana']) {
      await advance(DAY_MS);
      const person = await signUp(test, { first_name: name, last_name: 'Borrador' });
      const draft = await test.call('POST', '/applications', { program_id: programId }, person.headers);
      expect(draft.statusCode, draft.body).toBe(201);
      drafts.push((draft.json() as { id: number }).id);
    }
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it('counts whole days in the current status, the first submission included, and marks only rows waiting on staff past the target', async () => {
    const [stored] = await test.app.ctx.db.select().from(applications).where(eq(applications.id, sentId));
    expect(stored?.status_since.toISOString()).toBe(stored?.submitted_at?.toISOString());
    // Three days have passed since the submission (the drafts were made a day apart after it).
    expect(await row(sentId)).toMatchObject({ status: 'submitted', days_in_status: 3, review_target_days: 2, over_target: true });
    // The newest draft is a day old... and a draft waits on the applicant, never on staff.
    expect(await row(drafts[0] ?? 0)).toMatchObject({ status: 'draft', days_in_status: 2, over_target: false });
    expect(await row(drafts[2] ?? 0)).toMatchObject({ days_in_status: 0, over_target: false });
  });

  it('sorts by days in status both ways and pages forwards and back with the keyset', async () => {
    const longest = await list({ sort: 'status_since', limit: 2 });
    expect(longest.results.map((r) => r.id)).toEqual([sentId, drafts[0]]);
    expect(longest.prev_cursor).toBeNull();
    expect(longest.next_cursor).not.toBeNull();
    const second = await list({ sort: 'status_since', limit: 2, cursor: longest.next_cursor ?? '' });
    expect(second.results.map((r) => r.id)).toEqual([drafts[1], drafts[2]]);
    expect(second.next_cursor).toBeNull();
    const back = await list({ sort: 'status_since', limit: 2, cursor: second.prev_cursor ?? '' });
    expect(back.results.map((r) => r.id)).toEqual([sentId, drafts[0]]);
    expect(back.prev_cursor).toBeNull();
    // A page size that does not divide the list: back from the last page of one row gives the full page before it.
    const ones = await list({ sort: '-status_since', limit: 3 });
    expect(ones.results.map((r) => r.id)).toEqual([drafts[2], drafts[1], drafts[0]]);
    const last = await list({ sort: '-status_since', limit: 3, cursor: ones.next_cursor ?? '' });
    expect(last.results.map((r) => r.id)).toEqual([sentId]);
    expect((await list({ sort: '-status_since', limit: 3, cursor: last.prev_cursor ?? '' })).results.map((r) => r.id)).toEqual(ones.results.map((r) => r.id));
    // A cursor of another sort is refused as before.
    const other = await test.call('GET', `/admin/applications?program_id=${programId}&sort=-updated&cursor=${encodeURIComponent(last.prev_cursor ?? '')}`, undefined, en(staff));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'invalid', cursor: [expect.any(String)] });
  });

  it('assigns in bulk through the one-application rules: each audited, a refusal reported with its reason, the others done', async () => {
    expect((await bulk({ action: 'assign', ids: [sentId] }, ana)).statusCode).toBe(403);
    const missing = await bulk({ action: 'assign', ids: [sentId] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ reviewer_id: ['This field is required.'], code: 'invalid' });
    expect((await bulk({ action: 'assign', ids: [], reviewer_id: null })).statusCode).toBe(400);

    const notStaff = await bulk({ action: 'assign', ids: [drafts[0]], reviewer_id: ana.id });
    expect(notStaff.statusCode).toBe(200);
    expect((notStaff.json() as BulkResult).results).toEqual([{ id: drafts[0], done: false, code: 'invalid', detail: expect.stringMatching(/staff/i) }]);

    const assigned = await bulk({ action: 'assign', ids: [sentId, 2147483647, drafts[0]], reviewer_id: staff.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((assigned.json() as BulkResult).results).toEqual([
      { id: sentId, done: true, code: null, detail: null },
      { id: 2147483647, done: false, code: 'not_found', detail: expect.any(String) },
      { id: drafts[0], done: true, code: null, detail: null },
    ]);
    for (const id of [sentId, drafts[0] ?? 0]) {
      const entries = await test.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.record_type, 'application'), eq(auditLog.record_id, id), eq(auditLog.operation, 'setAdminApplicationReviewer')));
      expect(entries.map((entry) => entry.after)).toEqual([{ reviewer_id: staff.id }]);
    }
  });

  it('shows my queue, the unassigned one and one reviewer\'s, each cursor bound to its reader', async () => {
    expect((await list({ queue: 'mine' })).results.map((r) => r.id).sort()).toEqual([sentId, drafts[0]].sort());
    expect((await list({ queue: 'mine' }, second)).results).toEqual([]);
    expect((await list({ queue: 'unassigned' })).results.map((r) => r.id).sort()).toEqual([drafts[1], drafts[2]].sort());
    expect((await list({ reviewer_id: staff.id })).results.map((r) => r.id).sort()).toEqual([sentId, drafts[0]].sort());
    expect((await row(sentId))?.reviewer).toMatchObject({ id: staff.id, email: staff.email });
    const mine = await list({ queue: 'mine', limit: 1 });
    expect(mine.next_cursor).not.toBeNull();
    const stolen = await test.call('GET', `/admin/applications?program_id=${programId}&queue=mine&limit=1&cursor=${encodeURIComponent(mine.next_cursor ?? '')}`, undefined, second.headers);
    expect(stolen.statusCode).toBe(400);
    expect((await test.call('GET', `/admin/applications?queue=everyone`, undefined, staff.headers)).statusCode).toBe(400);
  });

  it('starts reviews in bulk where the lifecycle table allows it, refusing the draft by name, and the days restart from the audit entry', async () => {
    const started = await bulk({ action: 'start_review', ids: [drafts[1], sentId] });
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as BulkResult).results).toEqual([
      { id: drafts[1], done: false, code: 'review_not_allowed', detail: expect.stringMatching(/draft/i) },
      { id: sentId, done: true, code: null, detail: null },
    ]);
    expect(await statusOf(drafts[1] ?? 0)).toBe('draft');
    expect(await statusOf(sentId)).toBe('in_review');
    const [entry] = await test.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.record_id, sentId), eq(auditLog.operation, 'startAdminApplicationReview')));
    expect(entry?.after).toMatchObject({ status: 'in_review' });
    const now = await row(sentId);
    expect(now).toMatchObject({ status: 'in_review', days_in_status: 0, over_target: false });
    expect(now?.status_since).toBe(entry?.at.toISOString());
    await advance(3 * DAY_MS);
    expect(await row(sentId)).toMatchObject({ days_in_status: 3, over_target: true });
  });

  it('lists the e-mails the applicant was sent about the application: subject, language, time, delivered or waiting', async () => {
    expect((await test.call('GET', `/admin/applications/${sentId}/mail`, undefined, ana.headers)).statusCode).toBe(403);
    expect((await test.call('GET', `/admin/applications/2147483647/mail`, undefined, staff.headers)).statusCode).toBe(404);
    const read = async () => {
      const response = await test.call('GET', `/admin/applications/${sentId}/mail`, undefined, staff.headers);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { results: Array<{ id: number; template: string; language: string; subject: string; state: string; sent_at: string | null }> }).results;
    };
    const mails = await read();
    expect(mails.map((mail) => mail.template)).toEqual(['reviewStarted', 'applicationSubmitted']);
    expect(mails.every((mail) => mail.language === 'en' && mail.subject !== '')).toBe(true);
    const first = mails[1];
    await test.app.ctx.db.update(mailOutbox).set({ sent_at: clock.now() }).where(eq(mailOutbox.id, first?.id ?? 0));
    expect((await read()).map((mail) => mail.state)).toEqual(['waiting', 'sent']);
  });

  it('exports one record\'s audit entries, or a range of days\', as CSV for staff only, and refuses anything else', async () => {
    expect((await test.call('GET', `/admin/audit/export.csv?record_type=application&record_id=${sentId}`, undefined, ana.headers)).statusCode).toBe(403);
    const one = await test.call('GET', `/admin/audit/export.csv?record_type=application&record_id=${sentId}`, undefined, en(staff));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-disposition']).toContain(`audit-application-${sentId}.csv`);
    const [header, ...rows] = parseCsv(one.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['ID', 'Date and time', 'Who', "Who's e-mail", 'Operation', 'Record type', 'Record ID', 'Before', 'After']);
    // The first submission is the applicant's own and not audited (docs/decisions/028); staff's two changes are.
    expect(rows.map((cells) => cells[4])).toEqual(['setAdminApplicationReviewer', 'startAdminApplicationReview']);
    expect(rows[1]?.[2]).toBe('Marta Revisora');
    expect(JSON.parse(rows[1]?.[8] ?? 'null')).toMatchObject({ status: 'in_review' });

    const day = (offset: number) => new Date(clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const range = await test.call('GET', `/admin/audit/export.csv?from=${day(-30)}&to=${day(1)}`, undefined, staff.headers);
    expect(range.statusCode, range.body).toBe(200);
    const ids = parseCsv(range.body.replace(/^\uFEFF/, '')).slice(1).map((cells) => cells[6]);
    expect(ids).toEqual(expect.arrayContaining([String(sentId), String(drafts[0])]));
    // Days before the changes hold none of them.
    const before = await test.call('GET', `/admin/audit/export.csv?from=${day(-60)}&to=${day(-30)}`, undefined, staff.headers);
    expect(parseCsv(before.body.replace(/^\uFEFF/, '')).slice(1).map((cells) => cells[6])).not.toContain(String(sentId));
    const refused = async (query: string) => {
      const response = await test.call('GET', `/admin/audit/export.csv${query}`, undefined, en(staff));
      expect(response.statusCode, query).toBe(400);
      return response.json() as Record<string, unknown>;
    };
    expect(await refused('')).toEqual({ non_field_errors: [expect.stringMatching(/record/)], code: 'invalid' });
    expect(await refused(`?record_type=application`)).toEqual({ record_id: ['This field is required.'], code: 'invalid' });
    expect(await refused(`?from=2026-02-01&to=2026-01-01`)).toEqual({ to: ['The end date cannot be before the start date.'], code: 'invalid' });
    expect(await refused(`?from=2020-01-01&to=2026-01-01`)).toEqual({ to: ['The range cannot be longer than 366 days.'], code: 'invalid' });
    expect((await refused(`?record_type=application&record_id=1&from=2026-01-01&to=2026-01-02`)).code).toBe('invalid');
  });

  it('keeps a target in days per program, from the program form, audited, 1 to 365', async () => {
    const program = (await test.call('GET', `/admin/programs/${programId}`, undefined, staff.headers)).json() as Record<string, unknown>;
    expect(program.review_target_days).toBe(2);
    const input = {
      sub_program: 'incubator',
      name_es: 'Incubadora de prueba',
      name_en: 'Test incubator',
      period: '2027-1',
      start_date: '2027-01-15',
      end_date: '2027-06-30',
      application_deadline: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString(),
      status: 'open',
    };
    for (const bad of [0, 366, 2.5, '7']) {
      const response = await test.call('PUT', `/admin/programs/${programId}`, { ...input, review_target_days: bad }, en(staff));
      expect(response.statusCode, String(bad)).toBe(400);
      expect(Object.keys(response.json() as object)).toContain('review_target_days');
    }
    const kept = await test.call('PUT', `/admin/programs/${programId}`, input, staff.headers);
    expect((kept.json() as Record<string, unknown>).review_target_days).toBe(2);
    const changed = await test.call('PUT', `/admin/programs/${programId}`, { ...input, review_target_days: 10 }, staff.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as Record<string, unknown>).review_target_days).toBe(10);
    const audit = await test.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.record_type, 'program'), eq(auditLog.record_id, programId)));
    expect(audit.at(-1)?.after).toMatchObject({ review_target_days: 10 });
    expect(await row(sentId)).toMatchObject({ review_target_days: 10, over_target: false });
    const none = await test.call('PUT', `/admin/programs/${programId}`, { ...input, review_target_days: null }, staff.headers);
    expect((none.json() as Record<string, unknown>).review_target_days).toBeNull();
  });
});
