// The document checklist against the API on PGlite and PostgreSQL (docs/decisions/032-document-checklist.md,
// 036-review-rules.md): staff verify and reject the documents of an application in review; a rejection needs a reason,
// waits in the checklist, and the round's change request reopens the step that holds it (audited, e-mailed in the
// applicant's language); the applicant can neither give verdicts nor read them beyond the rejected ones.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '#server/db/schema.ts';
import { createProgram, saveStep, signUp, stepData, submittedApplication, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Document {
  file_id: number;
  kind: string;
  step: number;
  file_name: string;
  verdict: string | null;
  reason: string | null;
  verdict_at: string | null;
}
interface Body {
  status: string;
  steps: Array<{ step: number; status: string }>;
  change_request: { message: string; steps: number[]; documents: Array<{ file_id: number; reason: string }> } | null;
  documents?: Document[];
}

const REASON = 'La identificación está vencida. / The ID has expired.';
const MESSAGE = 'Revise el paso 1. / Check step 1.';

describe.each(databaseKinds)('document checklist (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let programId: number;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });

  const staffView = async (id: number): Promise<Body> => {
    const response = await test.call('GET', `/admin/applications/${id}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Body;
  };
  const verify = (id: number, fileId: number, headers: Record<string, string> = en(staff)) =>
    test.call('POST', `/admin/applications/${id}/documents/${fileId}/verify`, undefined, headers);
  const reject = (id: number, fileId: number, reason: string, headers: Record<string, string> = en(staff)) =>
    test.call('POST', `/admin/applications/${id}/documents/${fileId}/reject`, { reason }, headers);
  const audits = async (id: number) =>
    test.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'application'), eq(auditLog.record_id, id)))
      .orderBy(desc(auditLog.id));

  /** An applicant (in `language`) whose complete application is submitted, and staff started the review when asked. */
  const submitted = (language: 'es' | 'en', startReview = true) => submittedApplication(test, programId, language, startReview ? staff : null);
  const documentOf = (body: Body, documentKind: string) => {
    const found = body.documents?.find((document) => document.kind === documentKind);
    if (!found) throw new Error(`no ${documentKind} in ${JSON.stringify(body.documents)}`);
    return found;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Rita', last_name: 'Revisora', staff: true });
    programId = (await createProgram(test, { name_en: 'Checklist Incubator', name_es: 'Incubadora de la Lista' })).id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it('lists every document with no verdict, verifies one (audited, no e-mail) and keeps the review going', async () => {
    const { person, id } = await submitted('en');
    const before = await staffView(id);
    expect(before.documents?.map((document) => [document.kind, document.step, document.verdict])).toEqual([
      ['owner_id', 3, null],
      ['income_document', 4, null],
      ['intake_form', 6, null],
    ]);
    const mails = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email));
    const ownerId = documentOf(before, 'owner_id').file_id;
    const verified = await verify(id, ownerId);
    expect(verified.statusCode, verified.body).toBe(200);
    const body = verified.json() as Body;
    expect(body.status).toBe('in_review');
    expect(documentOf(body, 'owner_id')).toMatchObject({ verdict: 'verified', reason: null, verdict_at: expect.any(String) });
    expect(documentOf(body, 'income_document').verdict).toBeNull();
    expect((await audits(id))[0]).toMatchObject({
      operation: 'verifyAdminApplicationDocument',
      actor_id: staff.id,
      before: { file_id: ownerId, verdict: null },
      after: { file_id: ownerId, verdict: 'verified' },
    });
    expect(await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email))).toHaveLength(mails.length);
  });

  /** The round's change request, asked on step 1 (the rejected documents' steps join it). */
  const requestChanges = (id: number) =>
    test.call('POST', `/admin/applications/${id}/review/changes`, { message: MESSAGE, steps: [1] }, en(staff));

  it('rejects with a reason (collected, in review); the change request reopens its step, e-mailed in Spanish, the applicant reads the reason', async () => {
    const { person, id } = await submitted('es');
    const income = documentOf(await staffView(id), 'income_document').file_id;
    const mailsBefore = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email));
    const rejected = await reject(id, income, `  ${REASON} `);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const body = rejected.json() as Body;
    expect(body.status).toBe('in_review');
    expect(documentOf(body, 'income_document')).toMatchObject({ verdict: 'rejected', reason: REASON });
    expect(body.change_request).toBeNull();
    expect(await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email))).toHaveLength(mailsBefore.length);
    expect((await audits(id))[0]).toMatchObject({ operation: 'rejectAdminApplicationDocument', after: { file_id: income, verdict: 'rejected', verdict_reason: REASON } });

    const requested = (await requestChanges(id)).json() as Body;
    expect(requested.status).toBe('changes_requested');
    expect(requested.change_request).toMatchObject({ message: MESSAGE, steps: [1, 4], documents: [{ file_id: income, reason: REASON }] });
    expect(requested.steps.map((step) => step.status)).toEqual(['incomplete', 'submitted', 'submitted', 'incomplete', 'submitted', 'submitted']);
    expect((await audits(id))[0]).toMatchObject({
      operation: 'requestAdminApplicationChanges',
      before: { status: 'in_review' },
      after: { status: 'changes_requested', change_message: MESSAGE, change_steps: [1, 4] },
    });
    const [mail] = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ template: 'changesRequested', language: 'es' });
    expect(mail?.text_body).toContain(REASON);
    expect(mail?.text_body).toContain('- 4. ');

    // The applicant reads the rejected document's reason in the change request, never the other verdicts.
    const mine = await test.call('GET', `/applications/${id}`, undefined, person.headers);
    expect(mine.json()).toMatchObject({ status: 'changes_requested', change_request: { message: MESSAGE, steps: [1, 4], documents: [{ file_id: income, reason: REASON }] } });
    expect(mine.body).not.toContain('verdict');
    expect((await test.call('GET', `/admin/applications/${id}`, undefined, person.headers)).statusCode).toBe(403);
    // Only step 4 reopened: step 3 stays locked, step 4 can be saved again.
    const locked = await saveStep(test, person, id, 3, {});
    expect(locked.statusCode, locked.body).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'step_locked' });
    const saved = await saveStep(test, person, id, 4, await stepData(test, person, id, 4));
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('reopens step 3 for an owner ID and step 6 for the intake form', async () => {
    for (const [documentKind, step] of [
      ['owner_id', 3],
      ['intake_form', 6],
    ] as const) {
      const { id } = await submitted('en');
      const fileId = documentOf(await staffView(id), documentKind).file_id;
      expect((await reject(id, fileId, REASON)).statusCode).toBe(200);
      const body = (await requestChanges(id)).json() as Body;
      expect(body.change_request).toMatchObject({ steps: [1, step] });
      expect(body.steps.filter((row) => row.status === 'incomplete').map((row) => row.step)).toEqual([1, step]);
    }
  });

  it('needs a reason (400, localized), staff, a document of the application, and the review (409 otherwise)', async () => {
    const { person, id } = await submitted('en', false);
    const ownerId = documentOf(await staffView(id), 'owner_id').file_id;
    // Submitted but not in review: staff start the review first.
    for (const response of [await verify(id, ownerId), await reject(id, ownerId, REASON)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'The application is submitted: that review step is not possible now.', code: 'review_not_allowed' });
    }
    expect((await test.call('POST', `/admin/applications/${id}/review/start`, undefined, staff.headers)).statusCode).toBe(200);
    for (const reason of ['', '   ']) {
      const blank = await reject(id, ownerId, reason);
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ reason: ['This field is required.'], code: 'invalid' });
    }
    const spanish = await reject(id, ownerId, ' ', staff.headers);
    expect(spanish.json()).toEqual({ reason: ['Este campo es obligatorio.'], code: 'invalid' });
    expect((await test.call('POST', `/admin/applications/${id}/documents/${ownerId}/reject`, {}, en(staff))).statusCode).toBe(400);
    // The applicant cannot give verdicts.
    for (const response of [await verify(id, ownerId, en(person)), await reject(id, ownerId, REASON, en(person))]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    }
    expect((await test.call('POST', `/admin/applications/${id}/documents/${ownerId}/verify`)).statusCode).toBe(401);
    // Another application's document, or none.
    const other = await submitted('en');
    const foreign = documentOf(await staffView(other.id), 'owner_id').file_id;
    expect((await verify(id, foreign)).statusCode).toBe(404);
    expect((await reject(id, foreign, REASON)).statusCode).toBe(404);
    expect((await verify(999999, ownerId)).statusCode).toBe(404);
    expect((await staffView(id)).documents?.every((document) => document.verdict === null)).toBe(true);
    // Once changes are requested, no more verdicts until the applicant resubmits.
    expect((await reject(id, ownerId, REASON)).statusCode).toBe(200);
    expect((await requestChanges(id)).statusCode).toBe(200);
    const income = documentOf(await staffView(id), 'income_document').file_id;
    expect((await verify(id, income)).json()).toMatchObject({ code: 'review_not_allowed' });
    expect((await reject(id, income, REASON)).json()).toMatchObject({ code: 'review_not_allowed' });
  });
});
