// The review rules against the API on PGlite and PostgreSQL (docs/decisions/036-review-rules.md), each tried the way
// someone would break it: a staff member acting on their own application through every operation separation of
// duties guards, a declared conflict of interest, scoring before declaring, approving with documents not verified,
// the proposer confirming their own approval, the round's rejections sent as one change request with one e-mail, a
// step resubmitted with its rejected document unchanged, the resubmission back in review with its reviewer, the
// staff-rights change audited, and the dashboard's funnel agreeing with its status counts.
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '#server/db/schema.ts';
import { DUTY_OPERATIONS, type DutyOperation } from '#shared/review-lifecycle.ts';
import { completeAllSteps, createProgram, saveStep, signUp, stepData, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Document {
  file_id: number;
  kind: string;
  step: number;
  file_name: string;
  verdict: string | null;
  replaced_at: string | null;
}
interface AdminBody {
  status: string;
  reviewer: { id: number } | null;
  documents: Document[];
  replaced_documents: Document[];
  duty_owner_ids: number[];
  duty_conflict: string | null;
  conflict_declarations: Array<{ staff: { id: number }; conflict: boolean }>;
  approval_needs_confirmation: boolean;
  approval: { proposed_by: { id: number } | null; reason: string; confirmed_by: { id: number } | null } | null;
  resubmitted_at: string | null;
  steps: Array<{ step: number; status: string }>;
}

const REASON = 'Cumple los requisitos. / Meets the requirements.';
const MESSAGE = 'Corrija el paso 1. / Correct step 1.';

describe.each(databaseKinds)('review rules (%s)', (kind) => {
  let test: TestApp;
  let boss: Person;
  let second: Person;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });

  const view = async (id: number, person: Person = boss): Promise<AdminBody> => {
    const response = await test.call('GET', `/admin/applications/${id}`, undefined, person.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminBody;
  };
  const mails = (to: string, afterId = 0) =>
    test.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to_address, to), gt(mailOutbox.id, afterId)))
      .orderBy(mailOutbox.id);
  const lastMailId = async () => (await test.app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.id ?? 0;
  const audits = (id: number, recordType: 'application' | 'user' = 'application') =>
    test.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, recordType), eq(auditLog.record_id, id)))
      .orderBy(auditLog.id);
  const declare = (id: number, person: Person, conflict = false) => test.call('PUT', `/admin/applications/${id}/conflict`, { conflict }, en(person));
  const decide = (id: number, person: Person, decision: string) =>
    test.call('POST', `/admin/applications/${id}/review/decision`, { decision, reason: REASON }, en(person));
  const verifyAll = async (id: number, person: Person = boss) => {
    for (const document of (await view(id, person)).documents) {
      const verified = await test.call('POST', `/admin/applications/${id}/documents/${document.file_id}/verify`, undefined, person.headers);
      expect(verified.statusCode, verified.body).toBe(200);
    }
  };

  /** A complete application of `owner` in `programId`, sent; `start` has `boss` start the review. */
  async function sent(owner: Person, programId: number, start = true): Promise<number> {
    const created = await test.call('POST', '/applications', { program_id: programId }, owner.headers);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    await completeAllSteps(test, owner, id);
    expect((await test.call('POST', `/applications/${id}/submit`, undefined, owner.headers)).statusCode).toBe(200);
    if (start) expect((await test.call('POST', `/admin/applications/${id}/review/start`, undefined, boss.headers)).statusCode).toBe(200);
    return id;
  }

  let programId: number;
  let secondPersonProgramId: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    boss = await signUp(test, { first_name: 'Berta', last_name: 'Jefa', staff: true, language: 'en' });
    second = await signUp(test, { first_name: 'Sara', last_name: 'Segunda', staff: true, language: 'en' });
    programId = (await createProgram(test, { name_en: 'Rules Incubator', name_es: 'Incubadora de Reglas' })).id;
    secondPersonProgramId = (await createProgram(test, { name_en: 'Two-person Incubator', name_es: 'Incubadora de Dos', approval_needs_confirmation: true })).id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses a staff member every operation on their own application, and changes nothing', async () => {
    const owner = await signUp(test, { first_name: 'Olga', last_name: 'Propia', staff: true, language: 'en' });
    const id = await sent(owner, programId);
    // The boss's note, so the owner has one to try to edit.
    const note = await test.call('POST', `/admin/applications/${id}/notes`, { text: 'Nota de la jefa.' }, boss.headers);
    expect(note.statusCode, note.body).toBe(201);
    const noteId = (note.json() as { id: number }).id;
    const fileId = (await view(id)).documents[0]?.file_id;
    const attempts: Record<DutyOperation, () => ReturnType<TestApp['call']>> = {
      setAdminApplicationStatus: () => test.call('PUT', `/admin/applications/${id}/status`, { status: 'closed' }, en(owner)),
      setAdminApplicationReviewer: () => test.call('PUT', `/admin/applications/${id}/reviewer`, { reviewer_id: second.id }, en(owner)),
      startAdminApplicationReview: () => test.call('POST', `/admin/applications/${id}/review/start`, undefined, en(owner)),
      requestAdminApplicationChanges: () => test.call('POST', `/admin/applications/${id}/review/changes`, { message: MESSAGE, steps: [1] }, en(owner)),
      decideAdminApplication: () => decide(id, owner, 'approved'),
      confirmAdminApplicationApproval: () => test.call('POST', `/admin/applications/${id}/review/decision/confirm`, undefined, en(owner)),
      verifyAdminApplicationDocument: () => test.call('POST', `/admin/applications/${id}/documents/${fileId}/verify`, undefined, en(owner)),
      rejectAdminApplicationDocument: () => test.call('POST', `/admin/applications/${id}/documents/${fileId}/reject`, { reason: 'No.' }, en(owner)),
      setAdminApplicationScore: () => test.call('PUT', `/admin/applications/${id}/scores`, { scores: {} }, en(owner)),
      addAdminApplicationNote: () => test.call('POST', `/admin/applications/${id}/notes`, { text: 'Mía.' }, en(owner)),
      updateAdminApplicationNote: () => test.call('PUT', `/admin/applications/${id}/notes/${noteId}`, { text: 'Cambiada.' }, en(owner)),
      declareAdminApplicationConflict: () => declare(id, owner),
    };
    expect(Object.keys(attempts).sort()).toEqual([...DUTY_OPERATIONS].sort());
    const before = await audits(id);
    for (const operation of DUTY_OPERATIONS) {
      const response = await attempts[operation]();
      expect([operation, response.statusCode, response.json()]).toEqual([operation, 403, { code: 'own_application', detail: expect.stringContaining('your own') }]);
    }
    expect(await audits(id)).toEqual(before);
    const seen = await view(id, owner);
    expect(seen).toMatchObject({ status: 'in_review', reviewer: { id: boss.id }, duty_owner_ids: [owner.id], duty_conflict: 'own_application' });
    expect((await view(id)).duty_conflict).toBeNull();
    // Nobody may make the owner its reviewer either: a field error naming why.
    const assigned = await test.call('PUT', `/admin/applications/${id}/reviewer`, { reviewer_id: owner.id }, en(boss));
    expect(assigned.statusCode).toBe(400);
    expect(assigned.json()).toEqual({ code: 'own_application', reviewer_id: ['This person owns the application: choose another reviewer.'] });
  });

  it('records a declared conflict of interest, after which that staff member can do nothing on it, for good', async () => {
    const applicant = await signUp(test);
    const id = await sent(applicant, programId);
    const declared = await declare(id, second, true);
    expect(declared.statusCode, declared.body).toBe(200);
    expect((declared.json() as AdminBody).conflict_declarations).toMatchObject([{ staff: { id: second.id }, conflict: true }]);
    expect((declared.json() as AdminBody).duty_conflict).toBe('conflict_of_interest');
    expect((await audits(id)).filter((entry) => entry.operation === 'declareAdminApplicationConflict')).toMatchObject([
      { actor_id: second.id, before: null, after: { staff_id: second.id, conflict: true } },
    ]);
    for (const response of [
      await declare(id, second, false),
      await decide(id, second, 'rejected'),
      await test.call('PUT', `/admin/applications/${id}/scores`, { scores: {} }, en(second)),
      await test.call('POST', `/admin/applications/${id}/review/changes`, { message: MESSAGE, steps: [1] }, en(second)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'conflict_of_interest' });
    }
    const assigned = await test.call('PUT', `/admin/applications/${id}/reviewer`, { reviewer_id: second.id }, en(boss));
    expect(assigned.json()).toMatchObject({ code: 'conflict_of_interest' });
    expect(assigned.statusCode).toBe(400);
  });

  it('needs "no conflict of interest" declared before scoring, and a sent application to declare on', async () => {
    const applicant = await signUp(test);
    const id = await sent(applicant, programId);
    const rubric = (await test.call('GET', `/admin/applications/${id}/scores`, undefined, boss.headers)).json() as { rubric: { criteria: Array<{ key: string }> } };
    const scores = Object.fromEntries(rubric.rubric.criteria.map((criterion) => [criterion.key, 1]));
    const early = await test.call('PUT', `/admin/applications/${id}/scores`, { scores }, en(boss));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'conflict_not_declared', detail: 'Declare that you have no conflict of interest with this application before scoring it.' });
    expect((await declare(id, boss)).statusCode).toBe(200);
    expect((await test.call('PUT', `/admin/applications/${id}/scores`, { scores }, en(boss))).statusCode).toBe(200);
    // Declaring again changes nothing (one audit entry).
    expect((await declare(id, boss)).statusCode).toBe(200);
    expect((await audits(id)).filter((entry) => entry.operation === 'declareAdminApplicationConflict')).toHaveLength(1);

    const draft = await test.call('POST', '/applications', { program_id: programId }, (await signUp(test)).headers);
    const onDraft = await declare((draft.json() as { id: number }).id, boss);
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json()).toMatchObject({ code: 'review_not_allowed' });
  });

  it('refuses to approve while documents are not verified, naming them; rejecting and waitlisting need only a reason', async () => {
    const applicant = await signUp(test);
    const id = await sent(applicant, programId);
    const documents = (await view(id)).documents;
    expect(documents.map((document) => document.kind).sort()).toEqual(['income_document', 'intake_form', 'owner_id']);
    const refused = await decide(id, boss, 'approved');
    expect(refused.statusCode).toBe(409);
    const body = refused.json() as { code: string; detail: string; documents: Array<{ file_id: number }> };
    expect(body.code).toBe('documents_unverified');
    expect(body.documents.map((document) => document.file_id)).toEqual(documents.map((document) => document.file_id));
    for (const document of documents) expect(body.detail).toContain(document.file_name);
    // One verified, two left: still refused, naming the two.
    const first = documents[0];
    if (!first) throw new Error('no document');
    await test.call('POST', `/admin/applications/${id}/documents/${first.file_id}/verify`, undefined, boss.headers);
    const still = (await decide(id, boss, 'approved')).json() as { documents: Array<{ file_id: number }> };
    expect(still.documents.map((document) => document.file_id)).toEqual(documents.slice(1).map((document) => document.file_id));
    expect((await view(id)).status).toBe('in_review');

    const waitlisted = await decide(id, boss, 'waitlisted');
    expect(waitlisted.statusCode, waitlisted.body).toBe(200);
    const other = await sent(await signUp(test), programId);
    const rejected = await decide(other, boss, 'rejected');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((rejected.json() as AdminBody).status).toBe('rejected');
  });

  it('lets a second staff member, never the proposer, confirm an approval the program asks a second person for', async () => {
    const applicant = await signUp(test, { language: 'en' });
    const id = await sent(applicant, secondPersonProgramId);
    await verifyAll(id);
    const noProposal = await test.call('POST', `/admin/applications/${id}/review/decision/confirm`, undefined, en(second));
    expect(noProposal.statusCode).toBe(409);
    expect(noProposal.json()).toMatchObject({ code: 'review_not_allowed' });

    const mailBefore = await lastMailId();
    const proposed = await decide(id, boss, 'approved');
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ status: 'in_review', approval_needs_confirmation: true, approval: { proposed_by: { id: boss.id }, reason: REASON, confirmed_by: null } });
    expect(await mails(applicant.email, mailBefore)).toEqual([]);

    const byProposer = await test.call('POST', `/admin/applications/${id}/review/decision/confirm`, undefined, en(boss));
    expect(byProposer.statusCode).toBe(403);
    expect(byProposer.json()).toEqual({ code: 'proposer_cannot_confirm', detail: 'You proposed this approval: another staff member must confirm it.' });

    const confirmed = await test.call('POST', `/admin/applications/${id}/review/decision/confirm`, undefined, en(second));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'approved', approval: { proposed_by: { id: boss.id }, confirmed_by: { id: second.id } } });
    expect((await mails(applicant.email, mailBefore)).map((mail) => mail.template)).toEqual(['decisionApproved']);
    expect((await audits(id)).at(-1)).toMatchObject({ operation: 'confirmAdminApplicationApproval', actor_id: second.id, after: { status: 'approved', approval_confirmed_by: second.id } });
    const applicantView = (await test.call('GET', `/applications/${id}`, undefined, applicant.headers)).json() as { decision: { reason: string } };
    expect(applicantView.decision.reason).toBe(REASON);
  });

  it('refuses the confirmation when a document was rejected after the proposal', async () => {
    const id = await sent(await signUp(test), secondPersonProgramId);
    await verifyAll(id);
    expect((await decide(id, boss, 'approved')).statusCode).toBe(200);
    const document = (await view(id)).documents[0];
    if (!document) throw new Error('no document');
    await test.call('POST', `/admin/applications/${id}/documents/${document.file_id}/reject`, { reason: 'Ilegible.' }, boss.headers);
    const confirmed = await test.call('POST', `/admin/applications/${id}/review/decision/confirm`, undefined, en(second));
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ code: 'documents_unverified', documents: [{ file_id: document.file_id }] });
  });

  it('collects rejections into one change request and one e-mail; a rejected document is replaced before its step is sent; the resubmission returns in review', async () => {
    const applicant = await signUp(test, { language: 'en' });
    const id = await sent(applicant, programId);
    // Another staff member asks for the changes: the resubmission goes back to them.
    const documents = (await view(id)).documents;
    const ownerId = documents.find((document) => document.kind === 'owner_id');
    const income = documents.find((document) => document.kind === 'income_document');
    if (!ownerId || !income) throw new Error('documents missing');
    const mailBefore = await lastMailId();
    for (const [document, reason] of [
      [ownerId, 'La identificación está vencida.'],
      [income, 'Falta la segunda página.'],
    ] as const) {
      const rejected = await test.call('POST', `/admin/applications/${id}/documents/${document.file_id}/reject`, { reason }, boss.headers);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((rejected.json() as AdminBody).status).toBe('in_review');
    }
    expect(await mails(applicant.email, mailBefore)).toEqual([]);

    const requested = await test.call('POST', `/admin/applications/${id}/review/changes`, { message: MESSAGE, steps: [1] }, en(second));
    expect(requested.statusCode, requested.body).toBe(200);
    expect((requested.json() as AdminBody).steps.filter((step) => step.status === 'incomplete').map((step) => step.step)).toEqual([1, 3, 4]);
    const sentMails = await mails(applicant.email, mailBefore);
    expect(sentMails.map((mail) => mail.template)).toEqual(['changesRequested']);
    expect(sentMails[0]?.text_body).toContain(`${ownerId.file_name}: La identificación está vencida.`);
    expect(sentMails[0]?.text_body).toContain(`${income.file_name}: Falta la segunda página.`);
    const mine = (await test.call('GET', `/applications/${id}`, undefined, applicant.headers)).json() as {
      change_request: { steps: number[]; documents: Array<{ file_id: number; reason: string }> };
    };
    expect(mine.change_request.steps).toEqual([1, 3, 4]);
    expect(mine.change_request.documents).toEqual([
      expect.objectContaining({ file_id: ownerId.file_id, kind: 'owner_id', step: 3, reason: 'La identificación está vencida.' }),
      expect.objectContaining({ file_id: income.file_id, kind: 'income_document', step: 4, reason: 'Falta la segunda página.' }),
    ]);

    // Step 3 with its rejected document unchanged: refused, naming it.
    const unchanged = await test.call('POST', `/applications/${id}/steps/3/submit`, undefined, en(applicant));
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json()).toMatchObject({ code: 'document_not_replaced', documents: [{ file_id: ownerId.file_id, kind: 'owner_id', step: 3 }] });
    expect((unchanged.json() as { detail: string }).detail).toContain(ownerId.file_name);

    // Replaced: deleted (kept as history) and a new one uploaded, named in the step.
    for (const [step, document] of [
      [3, ownerId],
      [4, income],
    ] as const) {
      expect((await test.call('DELETE', `/applications/${id}/files/${document.file_id}`, undefined, applicant.headers)).statusCode).toBe(204);
      expect((await saveStep(test, applicant, id, step, await stepData(test, applicant, id, step))).statusCode).toBe(200);
      const again = await test.call('POST', `/applications/${id}/steps/${step}/submit`, undefined, applicant.headers);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect((await test.call('POST', `/applications/${id}/steps/1/submit`, undefined, applicant.headers)).statusCode).toBe(200);
    const staffView = await view(id);
    expect(staffView.documents.map((document) => document.file_id)).not.toContain(ownerId.file_id);
    expect(staffView.replaced_documents.map((document) => [document.file_id, document.verdict, document.replaced_at !== null])).toEqual([
      [ownerId.file_id, 'rejected', true],
      [income.file_id, 'rejected', true],
    ]);

    const beforeResubmit = await lastMailId();
    const resubmitted = await test.call('POST', `/applications/${id}/submit`, undefined, applicant.headers);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const back = await view(id);
    expect(back).toMatchObject({ status: 'in_review', reviewer: { id: second.id } });
    expect(back.resubmitted_at).not.toBeNull();
    expect((await mails(applicant.email, beforeResubmit)).map((mail) => mail.template)).toEqual(['applicationResubmitted']);
    // The replaced document is history: never offered for a verdict again.
    const offered = await test.call('POST', `/admin/applications/${id}/documents/${ownerId.file_id}/verify`, undefined, boss.headers);
    expect(offered.statusCode).toBe(404);
    const list = (await test.call('GET', `/admin/applications?status=in_review&limit=100`, undefined, boss.headers)).json() as {
      results: Array<{ id: number; resubmitted_at: string | null }>;
    };
    expect(list.results.find((row) => row.id === id)?.resubmitted_at).toBe(back.resubmitted_at);
  });

  it('audits giving and removing staff rights', async () => {
    const person = await signUp(test);
    for (const isStaff of [true, false]) {
      const changed = await test.call('PUT', `/admin/users/${person.id}/staff`, { is_staff: isStaff }, boss.headers);
      expect(changed.statusCode, changed.body).toBe(200);
    }
    expect((await audits(person.id, 'user')).map((entry) => [entry.operation, entry.actor_id, entry.before, entry.after])).toEqual([
      ['setAdminUserStaff', boss.id, { is_staff: false }, { is_staff: true }],
      ['setAdminUserStaff', boss.id, { is_staff: true }, { is_staff: false }],
    ]);
  });
});

describe.each(databaseKinds)('dashboard counts with a staff-owned application (%s)', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('counts a decided application in the funnel and the status counts alike, whoever owns it', async () => {
    const boss = await signUp(test, { staff: true });
    const programId = (await createProgram(test)).id;
    const decideOne = async (owner: Person) => {
      const id = (await test.call('POST', '/applications', { program_id: programId }, owner.headers)).json().id as number;
      await completeAllSteps(test, owner, id);
      expect((await test.call('POST', `/applications/${id}/submit`, undefined, owner.headers)).statusCode).toBe(200);
      expect((await test.call('POST', `/admin/applications/${id}/review/start`, undefined, boss.headers)).statusCode).toBe(200);
      const decided = await test.call('POST', `/admin/applications/${id}/review/decision`, { decision: 'rejected', reason: REASON }, boss.headers);
      expect(decided.statusCode, decided.body).toBe(200);
    };
    await decideOne(await signUp(test));
    await decideOne(await signUp(test, { staff: true }));
    const dashboard = (await test.call('GET', '/admin/dashboard', undefined, boss.headers)).json() as {
      funnel: Array<{ stage: string; count: number }>;
      by_status: Array<{ status: string; count: number }>;
    };
    const decided = dashboard.by_status.filter((row) => ['approved', 'rejected', 'waitlisted'].includes(row.status)).reduce((sum, row) => sum + row.count, 0);
    const sent = dashboard.by_status.filter((row) => row.status !== 'draft' && row.status !== 'closed').reduce((sum, row) => sum + row.count, 0);
    expect(decided).toBe(2);
    expect(dashboard.funnel.find((row) => row.stage === 'decided')?.count).toBe(decided);
    expect(dashboard.funnel.find((row) => row.stage === 'submitted')?.count).toBe(sent);
  });
});
