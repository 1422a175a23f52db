// What applicants are told, against the API on PGlite and PostgreSQL, with e-mail delivered to a real SMTP server on
// loopback (docs/decisions/041-what-applicants-are-told.md): staff write a program's descriptions and appeal text in
// both languages (audited, read back, the descriptions shown to applicants); a rejection is refused while the appeal
// text is blank in either language, and nothing changes; every decision and change request e-mail links to the exact
// screen under PUBLIC_URL, and a decision carries the appeal text in the applicant's language.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '#server/db/schema.ts';
import { createProgram, setProgram, signUp, submittedApplication, type Person } from '../support/applicants.ts';
import { databaseKinds, mailText, startSmtp, startTestApp, type TestApp, type TestSmtp } from '../support/server.ts';

const APPEAL_ES = 'Puede pedir una reconsideración escribiendo a apelaciones@incubadora.example en 30 días.';
const APPEAL_EN = 'You may ask for reconsideration at appeals@incubadora.example within 30 days.';

describe.each(databaseKinds)('what applicants are told (%s)', (kind) => {
  let test: TestApp;
  let smtp: TestSmtp;
  let staff: Person;
  const tag = `Nt${Date.now().toString(36)}`;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const programInput = (overrides: Record<string, unknown> = {}) => ({
    sub_program: 'incubator',
    name_es: `Incubadora ${tag}`,
    name_en: `Incubator ${tag}`,
    period: '2028-1',
    start_date: '2028-02-01',
    end_date: '2028-07-31',
    application_deadline: '2028-01-15T23:59:00.000Z',
    status: 'open',
    ...overrides,
  });

  /** An applicant (in `language`) of `programId` whose application is submitted and in review. */
  const inReview = (programId: number, language: 'es' | 'en') => submittedApplication(test, programId, language, staff);
  const decide = (id: number, decision: string, headers: Record<string, string> = en(staff)) =>
    test.call('POST', `/admin/applications/${id}/review/decision`, { decision, reason: 'Los fondos de este grupo se agotaron.' }, headers);
  /** The newest e-mail queued for `person` with `template`. */
  const lastMail = async (person: Person, template: string) => {
    const [row] = await test.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to_address, person.email), eq(mailOutbox.template, template)))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { env: { SMTP_URL: smtp.url } });
    staff = await signUp(test, { first_name: 'Rita', last_name: 'Revisora', staff: true });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  it('staff write both descriptions and both appeal texts on the program (audited); applicants read the description in their language', async () => {
    const created = await test.call(
      'POST',
      '/admin/programs',
      programInput({ description_es: 'Para empresas con un año o más.', description_en: 'For companies a year old or more.', appeal_es: ` ${APPEAL_ES} `, appeal_en: APPEAL_EN }),
      staff.headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const program = created.json() as { id: number; description: { es: string; en: string }; appeal: { es: string; en: string } };
    expect(program.description).toEqual({ es: 'Para empresas con un año o más.', en: 'For companies a year old or more.' });
    // Stored trimmed: the e-mail prints it as written, without the stray spaces.
    expect(program.appeal).toEqual({ es: APPEAL_ES, en: APPEAL_EN });

    const changed = await test.call('PUT', `/admin/programs/${program.id}`, programInput({ description_es: 'Otra descripción.', description_en: 'Another description.', appeal_es: APPEAL_ES, appeal_en: 'Write to us within 30 days.' }), staff.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    const audits = await test.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'program'), eq(auditLog.record_id, program.id)))
      .orderBy(desc(auditLog.id));
    expect(audits[0]?.operation).toBe('updateAdminProgram');
    expect(audits[0]?.before).toEqual({ description_es: 'Para empresas con un año o más.', description_en: 'For companies a year old or more.', appeal_en: APPEAL_EN });
    expect(audits[0]?.after).toEqual({ description_es: 'Otra descripción.', description_en: 'Another description.', appeal_en: 'Write to us within 30 days.' });

    const applicant = await signUp(test, { language: 'en' });
    const list = await test.call('GET', '/programs', undefined, en(applicant));
    expect(list.statusCode, list.body).toBe(200);
    const shown = JSON.stringify(list.json());
    expect(shown).toContain('Another description.');
    // The appeal text is staff's to write and the decision's to send: the program list does not carry it.
    expect(shown).not.toContain('Write to us within 30 days.');
  });

  it('refuses a rejection while the appeal text is blank in either language (409, localized), and changes nothing', async () => {
    const program = await createProgram(test, { name_es: `Sin apelación ${tag}`, name_en: `No appeal ${tag}`, appeal_es: '', appeal_en: APPEAL_EN });
    const { person, id } = await inReview(program.id, 'es');
    const mailsBefore = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email));

    const refusedEn = await decide(id, 'rejected');
    expect(refusedEn.statusCode, refusedEn.body).toBe(409);
    expect(refusedEn.json()).toEqual({ code: 'appeal_text_missing', detail: "Before sending a denial, write the program's appeal or reconsideration text, in Spanish and in English." });
    const refusedEs = await decide(id, 'rejected', { ...staff.headers, 'accept-language': 'es' });
    expect(refusedEs.json()).toMatchObject({ code: 'appeal_text_missing', detail: expect.stringMatching(/^Antes de enviar una denegación/) as unknown });

    // Only spaces in Spanish counts as blank too.
    await setProgram(test, program.id, { appeal_es: '   ' });
    expect((await decide(id, 'rejected')).statusCode).toBe(409);

    const after = await test.call('GET', `/admin/applications/${id}`, undefined, staff.headers);
    expect((after.json() as { status: string }).status).toBe('in_review');
    expect(await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email))).toHaveLength(mailsBefore.length);
    const decisions = await test.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'application'), eq(auditLog.record_id, id), eq(auditLog.operation, 'decideAdminApplication')));
    expect(decisions).toHaveLength(0);

    // Approving and waitlisting do not need the text; the status's own refusal still comes first once decided.
    expect((await decide(id, 'waitlisted')).statusCode).toBe(200);
    const waitlisted = await lastMail(person, 'decisionWaitlisted');
    expect(waitlisted?.text_body).not.toContain('apelar');
    // Approving needs every document verified (docs/decisions/036-review-rules.md).
    const { documents } = (await test.call('GET', `/admin/applications/${id}`, undefined, staff.headers)).json() as { documents: Array<{ file_id: number }> };
    for (const document of documents) {
      expect((await test.call('POST', `/admin/applications/${id}/documents/${document.file_id}/verify`, undefined, staff.headers)).statusCode).toBe(200);
    }
    expect((await decide(id, 'approved')).statusCode).toBe(200);
    expect((await decide(id, 'rejected')).json()).toMatchObject({ code: 'review_not_allowed' });
  });

  it('a rejection carries the appeal text in the applicant language and links to the application, delivered over SMTP', async () => {
    const program = await createProgram(test, { name_es: `Con apelación ${tag}`, name_en: `With appeal ${tag}`, appeal_es: APPEAL_ES, appeal_en: APPEAL_EN });
    const { person: ana, id: anaId } = await inReview(program.id, 'es');
    const { person: bob, id: bobId } = await inReview(program.id, 'en');
    expect((await decide(anaId, 'rejected')).statusCode).toBe(200);
    expect((await decide(bobId, 'waitlisted')).statusCode).toBe(200);
    await test.app.ctx.outbox.deliverDue();

    // SMTP carries CRLF line ends.
    const delivered = async (person: Person, words: string) =>
      mailText(await smtp.waitFor((mail) => mail.to.includes(person.email) && mailText(mail).includes(words))).replace(/\r\n/g, '\n');
    const toAna = await delivered(ana, 'no fue aprobada');
    expect(toAna).toContain(`Cómo apelar o pedir que se reconsidere:\n${APPEAL_ES}`);
    expect(toAna).not.toContain(APPEAL_EN);
    expect(toAna).toContain(`http://portal.test/panel/application/${anaId}/1`);

    const toBob = await delivered(bob, 'waiting list');
    expect(toBob).toContain(`How to appeal or ask for reconsideration:\n${APPEAL_EN}`);
    expect(toBob).toContain(`http://portal.test/panel/application/${bobId}/1`);
  });

  it('a change request links to the first reopened step: step 4 or 5 opens the /3 screen that holds them', async () => {
    const program = await createProgram(test, { name_es: `Cambios ${tag}`, name_en: `Changes ${tag}` });
    const { person, id } = await inReview(program.id, 'en');
    const asked = await test.call('POST', `/admin/applications/${id}/review/changes`, { steps: [5, 4], message: 'Add last year’s income.' }, staff.headers);
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await lastMail(person, 'changesRequested');
    expect(mail?.text_body).toContain(`Correct those steps here (the others cannot be changed) and send the application again:\nhttp://portal.test/panel/application/${id}/3\n`);
    expect(mail?.text_body).not.toContain('Sign in to the portal');

    const { person: other, id: otherId } = await inReview(program.id, 'es');
    expect((await test.call('POST', `/admin/applications/${otherId}/review/changes`, { steps: [2, 6], message: 'Corrija el teléfono.' }, staff.headers)).statusCode).toBe(200);
    expect((await lastMail(other, 'changesRequested'))?.text_body).toContain(`http://portal.test/panel/application/${otherId}/2\n`);
  });
});
