// Reminders (docs/decisions/050-reminders.md) against PGlite and PostgreSQL, delivered to a real SMTP server on
// loopback: a draft whose program closes in 7 days and again in 1 day, a draft unchanged for 14 days, a change request
// waiting 7 days, each e-mailed once in the person's language with a link to the exact screen; nothing for a sent
// application, a draft changed lately, a closed program, or a person who turned reminders off in the profile; two
// runs at once (two servers) still send each reminder once.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applications, mailOutbox } from '#server/db/schema.ts';
import { runReminders, ReminderJob } from '#server/operations/reminders.ts';
import { createProgram, saveStep, setProgram, signUp, submittedApplication, type Person } from '../support/applicants.ts';
import { databaseKinds, mailText, startSmtp, startTestApp, testClock, type TestApp, type TestSmtp } from '../support/server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('reminders (%s)', (kind) => {
  const clock = testClock();
  let test: TestApp;
  let smtp: TestSmtp;
  let staff: Person;
  const run = () => runReminders({ db: test.app.ctx.db, publicUrl: test.app.ctx.config.publicUrl }, clock.now());
  const mailsOf = (applicationId: number) =>
    test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.application_id, applicationId)).orderBy(mailOutbox.id);
  const remindersOf = async (applicationId: number) => (await mailsOf(applicationId)).filter((mail) => mail.template.startsWith('reminder'));
  /** A draft of a new applicant (in `language`) in `programId`. */
  const draft = async (programId: number, language: 'es' | 'en' = 'es') => {
    const person = await signUp(test, { language, first_name: language === 'es' ? 'Ana' : 'Bob' });
    const answer = await test.call('POST', '/applications', { program_id: programId }, person.headers);
    expect(answer.statusCode, answer.body).toBe(201);
    return { person, id: (answer.json() as { id: number }).id };
  };
  const age = (id: number, days: number) =>
    test.app.ctx.db.update(applications).set({ updated_at: new Date(clock.now().getTime() - days * DAY_MS) }).where(eq(applications.id, id));

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { now: clock.now, env: { SMTP_URL: smtp.url } });
    staff = await signUp(test, { first_name: 'Rita', last_name: 'Revisora', staff: true });
  }, 120_000);
  // A test that moved the clock puts it back, even when it failed: the next one signs in at the real time.
  afterEach(() => clock.reset());
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  it('reminds of a closing program at 7 days and at 1 day, once each, in the person\'s language, with the screen\'s link', async () => {
    const program = await createProgram(test, { name_es: 'Acelera Recordatorio', name_en: 'Accelerate Reminder' });
    const ana = await draft(program.id, 'es');
    const bob = await draft(program.id, 'en');
    // 30 days out: nothing yet.
    expect(await run()).toMatchObject({ deadline_7: 0, deadline_1: 0 });

    await setProgram(test, program.id, { application_deadline: new Date(clock.now().getTime() + 6.5 * DAY_MS) });
    expect(await run()).toMatchObject({ deadline_7: 2, deadline_1: 0 });
    expect(await run()).toMatchObject({ deadline_7: 0, deadline_1: 0 });
    const [toAna] = await remindersOf(ana.id);
    expect(toAna).toMatchObject({ template: 'reminderDeadline', language: 'es', to_address: ana.person.email });
    expect(toAna?.subject).toBe('Quedan 7 días para enviar su solicitud a Acelera Recordatorio');
    expect(toAna?.text_body).toContain(`http://portal.test/panel/application/${ana.id}/1`);
    expect(toAna?.text_body).toContain('http://portal.test/profile');
    expect(toAna?.text_body).toContain('(hora de Puerto Rico)');

    clock.advance(6 * DAY_MS);
    expect(await run()).toMatchObject({ deadline_7: 0, deadline_1: 2 });
    expect(await run()).toMatchObject({ deadline_1: 0 });
    const toBob = await remindersOf(bob.id);
    expect(toBob.map((mail) => mail.subject)).toEqual([
      '7 days left to send your application to Accelerate Reminder',
      '1 day left to send your application to Accelerate Reminder',
    ]);

    // Delivered over SMTP as queued.
    await test.app.ctx.outbox.deliverDue();
    const delivered = await smtp.waitFor((mail) => mail.to.includes(bob.person.email) && mailText(mail).includes('Continue where you left off'));
    expect(mailText(delivered).replace(/\r\n/g, '\n')).toContain(`Continue where you left off:\nhttp://portal.test/panel/application/${bob.id}/1`);

    // Past the deadline: the program is closed, nothing more.
    clock.advance(1 * DAY_MS);
    expect(await run()).toEqual({ deadline_7: 0, deadline_1: 0, stale_draft: 0, changes_waiting: 0 });
  });

  it('reminds of a draft unchanged for 14 days once, links to its first unsent step, and again only after a later pause', async () => {
    const program = await createProgram(test);
    const carmen = await draft(program.id);
    const lately = await draft(program.id);
    const saved = await saveStep(test, carmen.person, carmen.id, 1, { first_name: 'Carmen' });
    expect(saved.statusCode, saved.body).toBe(200);
    await age(carmen.id, 15);
    await age(lately.id, 13);
    const first = await run();
    expect(first.stale_draft).toBe(1);
    expect(await run()).toMatchObject({ stale_draft: 0 });
    const [mail] = await remindersOf(carmen.id);
    expect(mail).toMatchObject({ template: 'reminderStaleDraft', subject: `Su solicitud a ${program.name_es} le espera` });
    expect(mail?.text_body).toContain(`/panel/application/${carmen.id}/1`);
    expect(await remindersOf(lately.id)).toEqual([]);

    // She comes back, then pauses again for 15 days: a new occasion, one more reminder.
    await age(carmen.id, 15.5);
    expect((await run()).stale_draft).toBe(1);
    expect(await remindersOf(carmen.id)).toHaveLength(2);
  });

  it('reminds of a change request waiting 7 days, linking to the first step reopened', async () => {
    const program = await createProgram(test);
    const { id, person } = await submittedApplication(test, program.id, 'en', staff);
    const asked = await test.call('POST', `/admin/applications/${id}/review/changes`, { steps: [4, 2], message: 'Please add the income page.' }, staff.headers);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await run()).changes_waiting).toBe(0);
    await test.app.ctx.db
      .update(applications)
      .set({ changes_requested_at: new Date(clock.now().getTime() - 8 * DAY_MS) })
      .where(eq(applications.id, id));
    expect((await run()).changes_waiting).toBe(1);
    expect(await run()).toMatchObject({ changes_waiting: 0 });
    const [mail] = await remindersOf(id);
    expect(mail).toMatchObject({ template: 'reminderChangesWaiting', to_address: person.email, language: 'en' });
    expect(mail?.text_body).toContain(`/panel/application/${id}/2`);
  });

  it('sends nothing for a sent application, a closed program or a person who turned reminders off in the profile', async () => {
    const program = await createProgram(test, { application_deadline: new Date(clock.now().getTime() + 3 * DAY_MS) });
    const sent = await submittedApplication(test, program.id, 'es', staff);
    const quiet = await draft(program.id);
    expect((await test.call('GET', '/me/reminders', undefined, quiet.person.headers)).json()).toEqual({ enabled: true });
    const off = await test.call('PUT', '/me/reminders', { enabled: false }, quiet.person.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await test.call('GET', '/me/reminders', undefined, quiet.person.headers)).json()).toEqual({ enabled: false });
    const closedProgram = await createProgram(test, { status: 'closed', application_deadline: new Date(clock.now().getTime() + 3 * DAY_MS) });
    const inClosed = await draft(program.id);
    await test.app.ctx.db.update(applications).set({ program_id: closedProgram.id }).where(eq(applications.id, inClosed.id));

    await run();
    expect(await remindersOf(sent.id)).toEqual([]);
    expect(await remindersOf(quiet.id)).toEqual([]);
    expect(await remindersOf(inClosed.id)).toEqual([]);

    // Turned on again, the reminder due goes out.
    expect((await test.call('PUT', '/me/reminders', { enabled: true }, quiet.person.headers)).statusCode).toBe(200);
    expect((await run()).deadline_7).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(quiet.id)).toHaveLength(1);
  });

  it('refuses a setting that is not a yes or no, and a caller who is not signed in', async () => {
    const person = await signUp(test);
    const bad = await test.call('PUT', '/me/reminders', { enabled: 'sí' }, person.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid', enabled: expect.any(Array) });
    expect((await test.call('GET', '/me/reminders')).statusCode).toBe(401);
    expect((await test.call('PUT', '/me/reminders', { enabled: false })).statusCode).toBe(401);
  });

  it('sends each reminder once when two servers run the job at the same time', async () => {
    const program = await createProgram(test, { application_deadline: new Date(clock.now().getTime() + 5 * DAY_MS) });
    const drafts = await Promise.all([draft(program.id), draft(program.id), draft(program.id)]);
    const job = () => new ReminderJob({ db: test.app.ctx.db, publicUrl: 'http://portal.test', log: test.app.log, now: clock.now });
    const [a, b] = await Promise.all([job().runOnce(), run()]);
    // One of the two may have been skipped by the other's lock (PostgreSQL) or found nothing left.
    expect((a?.deadline_7 ?? 0) + b.deadline_7).toBeGreaterThanOrEqual(3);
    for (const { id } of drafts) {
      const sent = await test.app.ctx.db.select().from(mailOutbox).where(and(eq(mailOutbox.application_id, id), eq(mailOutbox.template, 'reminderDeadline')));
      expect(sent).toHaveLength(1);
    }
  });
});
