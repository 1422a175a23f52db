// The review lifecycle against the API on PGlite and PostgreSQL (docs/decisions/028-review-lifecycle.md): every path
// of the review machine (tests/support/review-model.ts, the same paths tests/machines/review.machine.test.ts walks) is
// driven through the real operations, checking after each step the status staff and the applicant read, that every
// review operation the table refuses answers 409 review_not_allowed, the audit entry and the applicant's e-mail in
// their language. Then the rules a path does not show: only the chosen steps reopen, staff only, the reviewer.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '#server/db/schema.ts';
import { eventsFrom, LIFECYCLE, type ApplicationStatus, type LifecycleEvent } from '#shared/review-lifecycle.ts';
import type { ReviewEvent } from '#machines/review/review.types.ts';
import { completeAllSteps, createProgram, saveStep, signUp, stepData, type Person } from '../support/applicants.ts';
import { CHANGE_MESSAGE, CHANGE_STEPS, REASON, reviewPaths } from '../support/review-model.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';
import { selectPaths } from '../machines/support/path-selection.ts';

/**
 * The CI-size selection (tests/machines/support/path-selection.ts): the paths that together take every transition
 * of the table the whole set takes, from the same status to the same status; PATHS_ALL=1 walks every path.
 */
const lifecyclePaths = selectPaths(reviewPaths(), {
  share: 0,
  pathOf: ({ events }) => {
    const steps: Array<{ state: { value: ApplicationStatus }; event: unknown }> = [{ state: { value: 'draft' }, event: null }];
    for (const event of events) steps.push({ state: { value: LIFECYCLE[event.type as LifecycleEvent].to }, event: event.type });
    return { steps };
  },
});

interface Body {
  status: ApplicationStatus;
  action: string | null;
  steps: Array<{ step: number; status: string }>;
  change_request: { message: string; steps: number[]; requested_at: string } | null;
  decision: { decision: string; reason: string; decided_at: string } | null;
  reviewer?: { id: number } | null;
}

/** The e-mail each transition queues for the applicant (none for close and reopen, as before). */
const TEMPLATE: Partial<Record<LifecycleEvent, string>> = {
  submit: 'applicationSubmitted',
  resubmit: 'applicationResubmitted',
  start_review: 'reviewStarted',
  request_changes: 'changesRequested',
  approve: 'decisionApproved',
  reject: 'decisionRejected',
  waitlist: 'decisionWaitlisted',
};
const DECISION = { approve: 'approved', reject: 'rejected', waitlist: 'waitlisted' } as const;
const REVIEW_OPERATIONS = ['start_review', 'request_changes', 'approve', 'reject', 'waitlist'] as const;

describe.each(databaseKinds)('review lifecycle (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let ana: Person;
  let luis: Person;
  let programId: number;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });

  const read = async (person: Person, id: number, path = `/applications/${id}`): Promise<Body> => {
    const response = await test.call('GET', path, undefined, person.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Body;
  };
  const reviewCall = (event: (typeof REVIEW_OPERATIONS)[number], id: number, headers: Record<string, string> = en(staff)) => {
    switch (event) {
      case 'start_review':
        return test.call('POST', `/admin/applications/${id}/review/start`, undefined, headers);
      case 'request_changes':
        return test.call('POST', `/admin/applications/${id}/review/changes`, { message: CHANGE_MESSAGE, steps: CHANGE_STEPS }, headers);
      default:
        return test.call('POST', `/admin/applications/${id}/review/decision`, { decision: DECISION[event], reason: REASON }, headers);
    }
  };
  const apply = async (person: Person): Promise<number> => {
    const response = await test.call('POST', '/applications', { program_id: programId }, person.headers);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const lastMail = async (person: Person) =>
    (await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email)).orderBy(desc(mailOutbox.id)).limit(1))[0];
  const lastAudit = async (id: number) =>
    (
      await test.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.record_type, 'application'), eq(auditLog.record_id, id)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  /** Drives one event of the machine through the API and checks what it did. */
  async function drive(person: Person, id: number, from: ApplicationStatus, event: ReviewEvent, completed: { done: boolean }): Promise<ApplicationStatus> {
    const to = LIFECYCLE[event.type as LifecycleEvent].to;
    const mailsBefore = await lastMail(person);
    let answer;
    switch (event.type) {
      case 'submit':
        if (!completed.done) await completeAllSteps(test, person, id);
        completed.done = true;
        answer = await test.call('POST', `/applications/${id}/submit`, undefined, person.headers);
        break;
      case 'resubmit': {
        // A step staff did not reopen stays read-only; the reopened ones are submitted again.
        const locked = await saveStep(test, person, id, 1, await stepData(test, person, id, 1));
        expect(locked.statusCode, locked.body).toBe(409);
        expect(locked.json()).toEqual({ detail: 'This step cannot be changed: staff asked for changes in other steps only.', code: 'step_locked' });
        const early = await test.call('POST', `/applications/${id}/submit`, undefined, person.headers);
        expect(early.json()).toMatchObject({ code: 'steps_incomplete' });
        for (const step of CHANGE_STEPS) {
          const saved = await saveStep(test, person, id, step, await stepData(test, person, id, step as 2 | 4));
          expect(saved.statusCode, saved.body).toBe(200);
          const sent = await test.call('POST', `/applications/${id}/steps/${step}/submit`, undefined, person.headers);
          expect(sent.statusCode, sent.body).toBe(200);
        }
        answer = await test.call('POST', `/applications/${id}/submit`, undefined, person.headers);
        break;
      }
      case 'close':
      case 'reopen':
        answer = await test.call('PUT', `/admin/applications/${id}/status`, { status: event.type === 'close' ? 'closed' : 'draft' }, staff.headers);
        break;
      case 'approve': {
        // Approving rests on a verified checklist (docs/decisions/036-review-rules.md; tests/server/review-rules.test.ts
        // tries approving without it).
        const { documents } = (await read(staff, id, `/admin/applications/${id}`)) as Body & { documents: Array<{ file_id: number; verdict: string | null }> };
        for (const document of documents.filter((one) => one.verdict !== 'verified')) {
          const verified = await test.call('POST', `/admin/applications/${id}/documents/${document.file_id}/verify`, undefined, staff.headers);
          expect(verified.statusCode, verified.body).toBe(200);
        }
        answer = await reviewCall(event.type, id);
        break;
      }
      case 'start_review':
      case 'request_changes':
      case 'reject':
      case 'waitlist':
        answer = await reviewCall(event.type, id);
        break;
      default:
        throw new Error(`no API step for ${event.type}`);
    }
    expect(answer.statusCode, `${from} ${event.type}: ${answer.body}`).toBe(200);
    expect((answer.json() as Body).status).toBe(to);

    const seen = await read(person, id);
    expect(seen.status).toBe(to);
    expect(seen.change_request).toEqual(to === 'changes_requested' ? { message: CHANGE_MESSAGE, steps: CHANGE_STEPS, documents: [], requested_at: expect.any(String) } : null);
    expect(seen.decision).toEqual(to in { approved: 1, rejected: 1, waitlisted: 1 } ? { decision: to, reason: REASON, decided_at: expect.any(String) } : null);
    // My Programs carries the same words (docs/decisions/029-review-screens.md).
    const mine = (await test.call('GET', '/applications', undefined, person.headers)).json() as Array<Body & { id: number }>;
    expect(mine.find((row) => row.id === id)).toMatchObject({ status: to, change_request: seen.change_request, decision: seen.decision });
    if (to === 'changes_requested') {
      // Only the chosen steps reopen; the applicant is offered to continue, then to resubmit.
      expect(seen.steps.map((step) => step.status)).toEqual([1, 2, 3, 4, 5, 6].map((step) => (CHANGE_STEPS.includes(step) ? 'incomplete' : 'submitted')));
      expect(seen.action).toBe('continue');
    }
    const staffView = await read(staff, id, `/admin/applications/${id}`);
    if (to === 'in_review') expect(staffView.reviewer).toMatchObject({ id: staff.id });

    // The transition is audited (close and reopen as before, the applicant's first submit is not a staff change).
    if (event.type !== 'submit') expect(await lastAudit(id)).toMatchObject({ before: { status: from }, after: { status: to } });
    const template = TEMPLATE[event.type as LifecycleEvent];
    const mail = await lastMail(person);
    if (template === undefined) expect(mail?.id).toBe(mailsBefore?.id);
    else expect(mail).toMatchObject({ template, language: 'en' });

    // Every review operation the table refuses from here answers 409, localized, and changes nothing.
    for (const refused of REVIEW_OPERATIONS.filter((operation) => !eventsFrom(to, 'staff').includes(operation))) {
      const response = await reviewCall(refused, id);
      expect(response.statusCode, `${to} ${refused}`).toBe(409);
      expect(response.json()).toMatchObject({ code: 'review_not_allowed', detail: expect.stringMatching(/review step is not possible now\.$/) });
    }
    expect((await read(person, id)).status).toBe(to);
    return to;
  }

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Rita', last_name: 'Revisora', staff: true });
    ana = await signUp(test, { language: 'en' });
    luis = await signUp(test, { language: 'es' });
    programId = (await createProgram(test, { name_en: 'Review Incubator', name_es: 'Incubadora de Revisión' })).id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it.each(lifecyclePaths.map(({ events }) => [events.map((event) => event.type).join(' > ') || '(start)', events] as const))(
    'walks %s',
    async (_name, events) => {
      const person = await signUp(test, { language: 'en' });
      const id = await apply(person);
      let status: ApplicationStatus = 'draft';
      const completed = { done: false };
      for (const event of events) status = await drive(person, id, status, event, completed);
    },
    120_000,
  );

  it('e-mails the applicant in their language, with the message, the steps and the reason', async () => {
    const id = await apply(luis);
    await completeAllSteps(test, luis, id);
    expect((await test.call('POST', `/applications/${id}/submit`, undefined, luis.headers)).statusCode).toBe(200);
    expect((await reviewCall('start_review', id)).statusCode).toBe(200);
    expect((await reviewCall('request_changes', id)).statusCode).toBe(200);
    const changes = await lastMail(luis);
    expect(changes).toMatchObject({ template: 'changesRequested', language: 'es', subject: 'Su solicitud a Incubadora de Revisión necesita cambios' });
    expect(changes?.text_body).toContain(CHANGE_MESSAGE);
    expect(changes?.text_body).toContain('- 2. ');
    expect(changes?.text_body).toContain('- 4. ');
    // A refusal in Spanish names the status.
    const refused = await reviewCall('approve', id, staff.headers);
    expect(refused.json()).toEqual({
      detail: 'La solicitud está a la espera de los cambios solicitados: ese paso de la revisión no es posible ahora.',
      code: 'review_not_allowed',
    });
  });

  it('answers only staff, checks the bodies, and assigns only an active staff reviewer (audited)', async () => {
    const id = await apply(ana);
    for (const operation of REVIEW_OPERATIONS) {
      const response = await reviewCall(operation, id, en(ana));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    }
    expect((await test.call('PUT', `/admin/applications/${id}/reviewer`, { reviewer_id: staff.id }, en(ana))).statusCode).toBe(403);
    expect((await test.call('POST', `/admin/applications/${id}/review/start`)).statusCode).toBe(401);
    // A blank message, no step, a step twice or out of range, a blank reason: 400 before any state is looked at.
    for (const body of [
      { message: '  ', steps: [2] },
      { message: 'x', steps: [] },
      { message: 'x', steps: [2, 2] },
      { message: 'x', steps: [7] },
    ]) {
      expect((await test.call('POST', `/admin/applications/${id}/review/changes`, body, en(staff))).statusCode, JSON.stringify(body)).toBe(400);
    }
    const blank = await test.call('POST', `/admin/applications/${id}/review/decision`, { decision: 'approved', reason: ' ' }, en(staff));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ reason: ['This field is required.'], code: 'invalid' });

    const notStaff = await test.call('PUT', `/admin/applications/${id}/reviewer`, { reviewer_id: ana.id }, en(staff));
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json()).toEqual({ reviewer_id: ['Choose an active staff account.'], code: 'invalid' });
    const assigned = await test.call('PUT', `/admin/applications/${id}/reviewer`, { reviewer_id: staff.id }, en(staff));
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((assigned.json() as Body).reviewer).toMatchObject({ id: staff.id });
    expect(await lastAudit(id)).toMatchObject({ operation: 'setAdminApplicationReviewer', before: { reviewer_id: null }, after: { reviewer_id: staff.id } });
    const removed = await test.call('PUT', `/admin/applications/${id}/reviewer`, { reviewer_id: null }, en(staff));
    expect((removed.json() as Body).reviewer).toBeNull();
    expect((await test.call('PUT', `/admin/applications/999999/reviewer`, { reviewer_id: null }, en(staff))).statusCode).toBe(404);
    expect((await reviewCall('start_review', 999999)).statusCode).toBe(404);
  });
});
