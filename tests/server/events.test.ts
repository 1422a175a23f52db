// Events and interest forms over HTTP on real databases: the public form's rules and messages (conditions, captcha
// and its replay, one registration per e-mail in any case, closed/full/past/missing events), capacity under
// concurrent registrations, the rate limit, the confirmation e-mail with its .ics through a real SMTP server, and
// the panel's list, attend and cancel (nobody cancels another person's attendance).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events, mailOutbox } from '#server/db/schema.ts';
import { signUp } from '../support/applicants.ts';
import { databaseKinds, mailHeader, mailText, solveCaptcha, startSmtp, startTestApp, type CapturedMail, type TestApp, type TestSmtp } from '../support/server.ts';

const en = { 'accept-language': 'en' };
const DAY_MS = 24 * 60 * 60 * 1000;
let emails = 0;
const freshEmail = () => `visitor-${Date.now().toString(36)}-${(emails += 1)}@example.com`;

async function createEvent(test: TestApp, overrides: Partial<typeof events.$inferInsert> = {}) {
  const now = test.app.ctx.now();
  const [event] = await test.app.ctx.db
    .insert(events)
    .values({
      kind: 'event',
      title_es: 'Taller de prueba',
      title_en: 'Test workshop',
      description_es: 'Descripción; con, signos',
      description_en: 'Description; with, signs',
      starts_at: new Date(now.getTime() + 7 * DAY_MS),
      ends_at: new Date(now.getTime() + 7 * DAY_MS + 2 * 60 * 60 * 1000),
      place: 'San Juan',
      capacity: 10,
      status: 'open',
      ...overrides,
    })
    .returning();
  if (!event) throw new Error('no event inserted');
  return event;
}

async function registration(test: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Rivera',
    email: freshEmail(),
    phone: '787-555-0123',
    how_heard: 'social',
    conditions: true,
    captcha: await solveCaptcha(test),
    ...overrides,
  };
}

/** The parts of a multipart e-mail, each readable with mailText/mailHeader. */
function mimeParts(mail: CapturedMail): CapturedMail[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) return [mail];
  return mail.raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((raw) => ({ ...mail, raw: raw.replace(/^\r?\n/, '') }));
}

describe.each(databaseKinds)('events (%s)', (kind) => {
  let test: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  const register = async (eventId: number, body: Record<string, unknown>, headers: Record<string, string> = en) =>
    test.call('POST', `/events/${eventId}/registrations`, body, headers);

  it('shows an event to anyone, and a missing one as Event unavailable', async () => {
    const event = await createEvent(test);
    const shown = await test.call('GET', `/events/${event.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id: event.id, kind: 'event', title: { es: 'Taller de prueba', en: 'Test workshop' }, capacity: 10, spots_left: 10, available: true });
    const missing = await test.call('GET', '/events/999999', undefined, en);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Event unavailable', code: 'event_unavailable' });
  });

  it('registers once per e-mail in any case, with the messages word for word in both languages', async () => {
    const event = await createEvent(test);
    const email = freshEmail();
    const done = await register(event.id, await registration(test, { email }));
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toEqual({ detail: 'Registration was successful.' });
    const again = await register(event.id, await registration(test, { email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'A registration already has been submitted with this email.', code: 'registration_duplicate' });
    const spanish = await register(event.id, await registration(test, { email: email.replace('visitor', 'VISITOR') }), { 'accept-language': 'es' });
    expect(spanish.json()).toEqual({ detail: 'Ya se ha enviado un registro con este correo electrónico.', code: 'registration_duplicate' });
    const welcome = await register(event.id, await registration(test), { 'accept-language': 'es' });
    expect(welcome.json()).toEqual({ detail: 'El registro fue exitoso.' });
    const rows = await test.app.ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.event_id, event.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.email === email)).toMatchObject({ how_heard: 'social', attended: false, user_id: null });
  });

  it('refuses unaccepted conditions and a bad captcha, and a captcha used once is refused the second time', async () => {
    const event = await createEvent(test);
    const conditions = await register(event.id, await registration(test, { conditions: false }));
    expect(conditions.statusCode).toBe(400);
    expect(conditions.json()).toMatchObject({ conditions: ['Conditions must be accepted'], code: 'invalid' });
    const bad = await register(event.id, await registration(test, { captcha: 'bm90IGEgY2FwdGNoYQ==' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
    const captcha = await solveCaptcha(test);
    expect((await register(event.id, await registration(test, { captcha }))).statusCode).toBe(201);
    const replay = await register(event.id, await registration(test, { captcha }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
  });

  it('answers Event unavailable for a closed, full, past or missing event', async () => {
    const now = test.app.ctx.now();
    const closed = await createEvent(test, { status: 'closed' });
    const full = await createEvent(test, { capacity: 1 });
    const past = await createEvent(test, { starts_at: new Date(now.getTime() - DAY_MS), ends_at: null });
    expect((await register(full.id, await registration(test))).statusCode).toBe(201);
    for (const event of [closed, full, past]) {
      const refused = await register(event.id, await registration(test));
      expect(refused.statusCode, `event ${event.id}`).toBe(409);
      expect(refused.json()).toEqual({ detail: 'Event unavailable', code: 'event_unavailable' });
      expect((await test.call('GET', `/events/${event.id}`)).json()).toMatchObject({ available: false });
    }
    const missing = await register(999999, await registration(test));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Event unavailable', code: 'event_unavailable' });
  });

  it('keeps the capacity when many register for the last spots at once', async () => {
    const event = await createEvent(test, { capacity: 3 });
    const bodies = await Promise.all(Array.from({ length: 8 }, () => registration(test)));
    const answers = await Promise.all(bodies.map((body) => register(event.id, body)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const rows = await test.app.ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.event_id, event.id));
    expect(rows).toHaveLength(3);
    expect((await test.call('GET', `/events/${event.id}`)).json()).toMatchObject({ spots_left: 0, available: false });
  });

  it('sends the confirmation in the registrant’s language, with the event as an .ics file; an interest form has none', async () => {
    const event = await createEvent(test, { title_en: 'Pitch night, part 1' });
    const interest = await createEvent(test, { kind: 'interest', starts_at: null, ends_at: null, capacity: null, title_en: 'Next call' });
    const email = freshEmail();
    expect((await register(event.id, await registration(test, { email: email.toUpperCase() }))).statusCode).toBe(201);
    const interested = freshEmail();
    expect((await register(interest.id, await registration(test, { email: interested }))).statusCode).toBe(201);
    const [queued] = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
    expect(queued).toMatchObject({ language: 'en', attachment_name: 'evento.ics', subject: 'Registration confirmed: Pitch night, part 1' });
    await test.app.ctx.outbox.deliverDue();
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mailHeader(mail, 'subject')).toBe('Registration confirmed: Pitch night, part 1');
    const parts = mimeParts(mail);
    const text = parts.map(mailText).find((part) => part.includes('Hello Ana Rivera'));
    expect(text).toContain(`http://portal.test/submission/${event.id}`);
    expect(text).toContain('Puerto Rico time');
    const calendar = parts.find((part) => /text\/calendar/i.test(mailHeader(part, 'content-type')));
    expect(calendar, mail.raw).toBeDefined();
    const ics = mailText(calendar!);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`DTSTART:${event.starts_at!.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}\r\n`);
    expect(ics).toContain('SUMMARY:Pitch night\\, part 1\r\n');
    expect(ics).toContain('END:VEVENT\r\nEND:VCALENDAR\r\n');
    const interestMail = await smtp.waitFor((m) => m.to.includes(interested));
    expect(mailHeader(interestMail, 'subject')).toBe('We received your interest: Next call');
    expect(interestMail.raw).not.toMatch(/text\/calendar/i);
  });

  it('finds the open interest form for the landing page, and says Event unavailable when none is open', async () => {
    await test.app.ctx.db.update(events).set({ status: 'closed' }).where(eq(events.kind, 'interest'));
    const none = await test.call('GET', '/interest-form', undefined, en);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'Event unavailable', code: 'event_unavailable' });
    const form = await createEvent(test, { kind: 'interest', starts_at: null, ends_at: null, capacity: null });
    const found = await test.call('GET', '/interest-form');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: form.id, kind: 'interest', available: true, capacity: null, spots_left: null });
  });

  it('lets an applicant attend from the panel with one click and cancel; another applicant cannot cancel it', async () => {
    await test.app.ctx.db.update(events).set({ status: 'closed' }).where(eq(events.kind, 'event'));
    const first = await createEvent(test, { starts_at: new Date(test.app.ctx.now().getTime() + 2 * DAY_MS) });
    const second = await createEvent(test, { starts_at: new Date(test.app.ctx.now().getTime() + 3 * DAY_MS) });
    const owner = await signUp(test, { first_name: 'Carmen', last_name: 'Ortiz', language: 'en' });
    const other = await signUp(test);

    const page = await test.call('GET', '/events?page_size=1', undefined, owner.headers);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ count: 2, page: 1, page_size: 1, results: [{ id: first.id, attending: false }] });

    const attended = await test.call('POST', `/events/${second.id}/attendance`, undefined, owner.headers);
    expect(attended.statusCode, attended.body).toBe(201);
    expect(attended.json()).toMatchObject({ id: second.id, attending: true, spots_left: 9 });
    const [row] = await test.app.ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.user_id, owner.id));
    expect(row).toMatchObject({ event_id: second.id, name: 'Carmen Ortiz', email: owner.email.toLowerCase(), language: 'en' });
    const [mail] = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, owner.email.toLowerCase()));
    expect(mail).toMatchObject({ template: 'eventRegistered', attachment_name: 'evento.ics' });

    const twice = await test.call('POST', `/events/${second.id}/attendance`, undefined, { ...owner.headers, ...en });
    expect(twice.json()).toEqual({ detail: 'A registration already has been submitted with this email.', code: 'registration_duplicate' });
    const mine = await test.call('GET', '/events?attending=true', undefined, owner.headers);
    expect(mine.json()).toMatchObject({ count: 1, results: [{ id: second.id, attending: true }] });

    // Someone else's attendance is none of theirs: 404, and it stays.
    const intruder = await test.call('DELETE', `/events/${second.id}/attendance`, undefined, other.headers);
    expect(intruder.statusCode).toBe(404);
    expect(intruder.json()).toMatchObject({ code: 'not_found' });
    expect(intruder.body).not.toContain(owner.email);
    expect((await test.call('GET', '/events?attending=true', undefined, owner.headers)).json()).toMatchObject({ count: 1 });

    const cancelled = await test.call('DELETE', `/events/${second.id}/attendance`, undefined, owner.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: second.id, attending: false, spots_left: 10 });

    const closed = await createEvent(test, { status: 'closed' });
    const refused = await test.call('POST', `/events/${closed.id}/attendance`, undefined, { ...owner.headers, ...en });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Event unavailable', code: 'event_unavailable' });
    expect((await test.call('POST', '/events/999999/attendance', undefined, owner.headers)).statusCode).toBe(404);
    expect((await test.call('GET', '/events')).statusCode).toBe(401);
  });
});

describe('event registration rate limit', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp('pglite', { env: { RATE_LIMIT_EVENT_REGISTRATION: '2' } });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers 429 past RATE_LIMIT_EVENT_REGISTRATION registrations per window from one address', async () => {
    const event = await createEvent(test);
    for (let i = 0; i < 2; i += 1) {
      const ok = await test.call('POST', `/events/${event.id}/registrations`, await registration(test), en);
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const limited = await test.call('POST', `/events/${event.id}/registrations`, await registration(test), en);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'throttled' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
