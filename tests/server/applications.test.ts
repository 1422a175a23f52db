// Applications end to end: apply, My Programs, step drafts with versions, step submits, the submit and its e-mail,
// and the states that stop every change (submitted, closed, unavailable), on real databases and a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications, mailOutbox } from '#server/db/schema.ts';
import { databaseKinds, mailText, solveCaptcha, startSmtp, startTestApp, testClock, type TestApp, type TestSmtp } from '../support/server.ts';
import {
  completeAllSteps,
  completeSteps,
  stepData,
  createProgram,
  samplePdf,
  saveStep,
  setProgram,
  signUp,
  upload,
  uploadDocument,
  type Person,
} from '../support/applicants.ts';

interface StepBody {
  step: number;
  status: 'incomplete' | 'submitted';
  version: number;
  data: Record<string, unknown>;
}
interface ApplicationBody {
  id: number;
  applicant_id: number;
  status: string;
  action: string | null;
  program: { id: number; period: string; start_date: string; end_date: string; application_deadline: string; status: string };
  steps: StepBody[];
  intake_form: { file_name: string; size: number } | null;
  files: Array<{ id: number; kind: string; file_name: string }>;
  submitted_at: string | null;
}

const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });

describe.each(databaseKinds)('applications on %s', (kind) => {
  let test: TestApp;
  let smtp: TestSmtp;
  let ana: Person;
  let luis: Person;
  let staff: Person;
  const clock = testClock();

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { now: clock.now, env: { SMTP_URL: smtp.url } });
    ana = await signUp(test, { language: 'en', first_name: 'Ana', last_name: 'Rivera' });
    luis = await signUp(test, { language: 'es', first_name: 'Luis', last_name: 'Ortiz' });
    staff = await signUp(test, { staff: true });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  const apply = async (person: Person, programId: number) => {
    const response = await test.call('POST', '/applications', { program_id: programId }, en(person));
    expect([200, 201], response.body).toContain(response.statusCode);
    return response.json() as ApplicationBody;
  };
  const read = async (person: Person, id: number) => {
    const response = await test.call('GET', `/applications/${id}`, undefined, en(person));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ApplicationBody;
  };
  const put = (person: Person, id: number, step: number, data: unknown, version: number) =>
    test.call('PUT', `/applications/${id}/steps/${step}`, { data, version }, en(person));
  const submitStep = (person: Person, id: number, step: number) =>
    test.call('POST', `/applications/${id}/steps/${step}/submit`, undefined, en(person));
  const submit = (person: Person, id: number) => test.call('POST', `/applications/${id}/submit`, undefined, en(person));

  describe('applying', () => {
    it('creates the application with six incomplete steps, step 1 prefilled from the profile', async () => {
      await test.call('PATCH', '/me', { phone: '787-555-0199', city: 'Mayagüez', gender: 'female' }, ana.headers);
      await test.call('PUT', '/me/ssn', { ssn_last4: '4321' }, ana.headers);
      const program = await createProgram(test);
      const response = await test.call('POST', '/applications', { program_id: program.id }, ana.headers);
      expect(response.statusCode, response.body).toBe(201);
      const application = response.json() as ApplicationBody;
      expect(application).toMatchObject({ applicant_id: ana.id, status: 'draft', action: 'start', intake_form: null, submitted_at: null });
      expect(application.steps.map((s) => [s.step, s.status, s.version])).toEqual(
        [1, 2, 3, 4, 5, 6].map((step) => [step, 'incomplete', 0]),
      );
      expect(application.steps[0]?.data).toMatchObject({
        first_name: 'Ana',
        last_name: 'Rivera',
        email: ana.email,
        phone: '787-555-0199',
        city: 'Mayagüez',
        gender: 'female',
        ssn_last4: '4321',
      });
      // An incubator is for an operating business (docs/decisions/015): step 2 starts from that.
      expect(application.steps[1]?.data).toEqual({ has_business: true });
      expect(application.files).toEqual([]);
    });

    it('gives the existing application back on a second Apply (200, same id, nothing created)', async () => {
      const program = await createProgram(test);
      const first = await test.call('POST', '/applications', { program_id: program.id }, luis.headers);
      const second = await test.call('POST', '/applications', { program_id: program.id }, luis.headers);
      expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
      expect(second.json().id).toBe(first.json().id);
      const rows = await test.app.ctx.db.select().from(applications).where(eq(applications.program_id, program.id));
      expect(rows).toHaveLength(1);
    });

    it('refuses a closed program, an unavailable one and a missing one', async () => {
      const closed = await createProgram(test, { status: 'closed' });
      const late = await createProgram(test, { application_deadline: new Date(clock.now().getTime() - 1000) });
      const hidden = await createProgram(test, { status: 'unavailable' });
      for (const id of [closed.id, late.id]) {
        const response = await test.call('POST', '/applications', { program_id: id }, en(ana));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ detail: 'Applications to this program are closed.', code: 'program_closed' });
      }
      const unavailable = await test.call('POST', '/applications', { program_id: hidden.id }, en(ana));
      expect(unavailable.statusCode).toBe(404);
      expect(unavailable.json()).toEqual({ detail: 'Program Unavailable', code: 'program_unavailable' });
      expect((await test.call('POST', '/applications', { program_id: 999999 }, ana.headers)).statusCode).toBe(404);
      expect((await test.call('POST', '/applications', { program_id: 'x' }, ana.headers)).statusCode).toBe(400);
      expect((await test.call('POST', '/applications', {}, ana.headers)).statusCode).toBe(400);
    });

    it('needs sign-in', async () => {
      expect((await test.call('GET', '/applications')).statusCode).toBe(401);
      expect((await test.call('POST', '/applications', { program_id: 1 })).statusCode).toBe(401);
    });
  });

  describe('My Programs', () => {
    it("lists only the person's applications with period, dates, deadline, status, steps and action", async () => {
      const program = await createProgram(test, { period: '2027-2', start_date: '2027-07-01', end_date: '2027-12-15' });
      const mine = await apply(luis, program.id);
      const response = await test.call('GET', '/applications', undefined, luis.headers);
      expect(response.statusCode).toBe(200);
      const list = response.json() as Array<Record<string, unknown> & { id: number }>;
      expect(list[0]).toEqual({
        id: mine.id,
        status: 'draft',
        action: 'start',
        program: expect.objectContaining({
          id: program.id,
          period: '2027-2',
          start_date: '2027-07-01',
          end_date: '2027-12-15',
          application_deadline: program.application_deadline.toISOString(),
          status: 'open',
        }),
        steps: [1, 2, 3, 4, 5, 6].map((step) => ({ step, status: 'incomplete' })),
        // Staff's review: nothing asked, nothing decided yet (docs/decisions/029-review-screens.md).
        change_request: null,
        decision: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        submitted_at: null,
      });
      const anas = (await test.call('GET', '/applications', undefined, ana.headers)).json() as Array<{ id: number }>;
      expect(anas.map((a) => a.id)).not.toContain(mine.id);
    });

    it('moves the action from start to continue once a step is saved', async () => {
      const program = await createProgram(test);
      const { id } = await apply(luis, program.id);
      expect((await put(luis, id, 2, { business_name: 'Taller' }, 0)).statusCode).toBe(200);
      const row = ((await test.call('GET', '/applications', undefined, luis.headers)).json() as ApplicationBody[]).find((a) => a.id === id);
      expect(row?.action).toBe('continue');
    });
  });

  describe('step drafts', () => {
    let id: number;
    beforeAll(async () => {
      id = (await apply(ana, (await createProgram(test)).id)).id;
    });

    it('stamps the step and its application with the time of the save', async () => {
      const stamped = async () => (await read(ana, id)) as ApplicationBody & { updated_at: string };
      const before = await stamped();
      clock.advance(5000);
      const saved = await put(ana, id, 4, { household_size: 3 }, 0);
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await stamped();
      const step = saved.json() as { updated_at: string };
      expect(step).toMatchObject({ step: 4, version: 1, status: 'incomplete', submitted_at: null });
      expect(Date.parse(step.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at) + 5000);
      expect(after.updated_at).toBe(step.updated_at);
    });

    it('saves partial data and adds one to the version', async () => {
      const saved = await put(ana, id, 2, { business_name: 'Café' }, 0);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ step: 2, status: 'incomplete', version: 1, data: { business_name: 'Café' } });
      const again = await put(ana, id, 2, { business_name: 'Café del Sur', business_type: 'both' }, 1);
      expect(again.json()).toMatchObject({ version: 2, data: { business_name: 'Café del Sur', business_type: 'both' } });
      expect((await read(ana, id)).steps[1]).toMatchObject({ version: 2, data: { business_name: 'Café del Sur' } });
    });

    it('answers 409 version_conflict with the stored draft when the version is stale', async () => {
      const stale = await put(ana, id, 2, { business_name: 'Old tab' }, 1);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        detail: 'This step was saved in another window or device. Choose which version to keep.',
        code: 'version_conflict',
        current: { data: { business_name: 'Café del Sur', business_type: 'both' }, version: 2, status: 'incomplete', files: [] },
      });
      expect((await read(ana, id)).steps[1]?.data.business_name).toBe('Café del Sur');
    });

    it.each([
      [1, { gender: 'other' }, 'gender'],
      [1, { ssn_last4: '12345' }, 'ssn_last4'],
      [1, { ssn_last4: '12a4' }, 'ssn_last4'],
      [1, { first_name: 'x'.repeat(151) }, 'first_name'],
      [2, { business_type: 'floating' }, 'business_type'],
      [3, { owners: [{ position: { title: 'CEO' } }] }, 'owners.0.position'],
      [3, { owners: 'Ana' }, 'owners'],
      [4, { household_size: 0 }, 'household_size'],
      [4, { income_sources: ['lottery'] }, 'income_sources.0'],
      [5, { main_challenge: { a: 1 } }, 'main_challenge'],
      [6, { conditions: 'maybe' }, 'conditions'],
      [2, { business_name: 'nul\u0000byte' }, 'business_name'],
    ])('checks the types of step %i drafts (%j)', async (step, data, field) => {
      const response = await put(ana, id, step, data, 0);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toContain(field);
    });

    it('refuses a body without data or version, and steps outside 1-6 (no such save operation: 404)', async () => {
      expect((await test.call('PUT', `/applications/${id}/steps/2`, { data: {} }, ana.headers)).statusCode).toBe(400);
      expect((await test.call('PUT', `/applications/${id}/steps/2`, { version: 0 }, ana.headers)).statusCode).toBe(400);
      expect((await test.call('PUT', `/applications/${id}/steps/2`, { data: [], version: 0 }, ana.headers)).statusCode).toBe(400);
      expect((await put(ana, id, 7, {}, 0)).statusCode).toBe(404);
      expect((await put(ana, id, 0, {}, 0)).statusCode).toBe(404);
      expect((await submitStep(ana, id, 9)).statusCode).toBe(400);
    });

    it('refuses a field a step does not have, naming it, and stores nothing (docs/decisions/046-account-safety.md)', async () => {
      const refused = await put(ana, id, 5, { main_challenge: 'Cash flow', is_admin: true }, 0);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid', is_admin: [expect.any(String)] });
      const saved = await put(ana, id, 5, { main_challenge: 'Cash flow' }, 0);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual({ main_challenge: 'Cash flow' });
    });
  });

  describe('submitting steps', () => {
    let id: number;
    beforeAll(async () => {
      id = (await apply(ana, (await createProgram(test)).id)).id;
    });

    it("answers 400 with field errors and 'Check that all data have been entered.' for an incomplete step", async () => {
      // A draft may be incomplete, but not malformed: the e-mail's format is refused as it is saved.
      const malformed = await put(ana, id, 1, { first_name: 'Ana', email: 'not-an-email' }, 0);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ email: ['Enter a valid email address.'], code: 'invalid' });
      await put(ana, id, 1, { first_name: 'Ana', email: '', ssn_last4: '12', postal_same_as_physical: false }, 0);
      const response = await submitStep(ana, id, 1);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.non_field_errors).toEqual(['Check that all data have been entered.']);
      expect(body).toMatchObject({
        last_name: ['This field is required.'],
        gender: ['This field is required.'],
        email: ['This field is required.'],
        ssn_last4: ['Enter exactly the last 4 digits.'],
        postal_line1: ['This field is required.'],
      });
      expect(body.first_name).toBeUndefined();
      const spanish = await test.call('POST', `/applications/${id}/steps/1/submit`, undefined, ana.headers);
      expect(spanish.json().non_field_errors).toEqual(['Verifique que haya ingresado todos los datos.']);
    });

    it.each([
      [2, { business_name: ' ' }, { business_name: ['This field is required.'], business_type: ['This field is required.'] }],
      [3, { owners: [] }, { owners: ['Add at least one owner.'] }],
      [3, { owners: [{ name: 'Ana', position: '' }] }, { 'owners.0.position': ['This field is required.'] }],
      [4, { household_size: 2, income_sources: ['no_income', 'work'] }, { income_sources: ['"No income" cannot be combined with other income sources.'] }],
      [4, { income_sources: ['work'] }, { household_size: ['This field is required.'] }],
      [5, {}, { main_challenge: ['This field is required.'] }],
    ])('checks step %i in full (%j)', async (step, data, errors) => {
      await saveStep(test, ana, id, step, data);
      const response = await submitStep(ana, id, step);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ non_field_errors: ['Check that all data have been entered.'], ...errors });
    });

    it('marks a complete step submitted, and answers a second submit as it is', async () => {
      await saveStep(test, ana, id, 1, completeSteps[1]);
      const response = await submitStep(ana, id, 1);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ step: 1, status: 'submitted' });
      expect(response.json().submitted_at).toEqual(expect.any(String));
      expect((await submitStep(ana, id, 1)).json()).toEqual(response.json());
    });

    it('makes a submitted step incomplete again when it is saved', async () => {
      const step = (await read(ana, id)).steps[0];
      expect(step?.status).toBe('submitted');
      const saved = await put(ana, id, 1, { ...completeSteps[1], city: 'Caguas' }, step?.version ?? -1);
      expect(saved.json()).toMatchObject({ status: 'incomplete', submitted_at: null });
      expect((await read(ana, id)).steps[0]?.status).toBe('incomplete');
    });

    it('a stale save after another window submitted the step answers the stored step as submitted', async () => {
      const before = (await read(ana, id)).steps[1]?.version ?? -1;
      await saveStep(test, ana, id, 2, completeSteps[2]);
      expect((await submitStep(ana, id, 2)).json()).toMatchObject({ step: 2, status: 'submitted' });
      const stale = await put(ana, id, 2, { business_name: 'Old window' }, before);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'version_conflict', current: { data: completeSteps[2], status: 'submitted' } });
      expect((await read(ana, id)).steps[1]?.status).toBe('submitted');
    });

    it('a stale save meets the stored draft with the documents the other window uploaded and named there', async () => {
      const before = (await read(ana, id)).steps[3]?.version ?? -1;
      const file = (await uploadDocument(test, ana, id, 'income_document')).json() as { id: number; file_name: string };
      await saveStep(test, ana, id, 4, { household_size: 2, income_documents: [file.id] });
      const stale = await put(ana, id, 4, { household_size: 5 }, before);
      expect(stale.statusCode).toBe(409);
      const current = stale.json().current as { data: unknown; files: Array<{ id: number; kind: string; file_name: string }> };
      expect(current.data).toEqual({ household_size: 2, income_documents: [file.id] });
      expect(current.files).toContainEqual(expect.objectContaining({ id: file.id, kind: 'income_document', file_name: file.file_name }));
    });

    it('needs conditions accepted, the intake form and a valid captcha on step 6', async () => {
      await saveStep(test, ana, id, 6, { conditions: false });
      const missing = await submitStep(ana, id, 6);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        non_field_errors: ['Check that all data have been entered.'],
        conditions: ['Conditions must be accepted'],
        intake_form: ['Upload the signed participant intake form.'],
        captcha: ['Captcha is invalid or expired'],
        code: 'invalid',
      });
      expect((await upload(test, ana, id, samplePdf())).statusCode).toBe(200);
      await saveStep(test, ana, id, 6, { conditions: true, captcha: Buffer.from('{"challenge":{}}').toString('base64') });
      const forged = await submitStep(ana, id, 6);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
      const captcha = await solveCaptcha(test);
      await saveStep(test, ana, id, 6, { conditions: true, captcha });
      const good = await submitStep(ana, id, 6);
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().status).toBe('submitted');
      // The same solution cannot be spent twice: edit step 6, submit it again with the old payload.
      await saveStep(test, ana, id, 6, { conditions: true, captcha });
      const replay = await submitStep(ana, id, 6);
      expect(replay.json()).toEqual({ captcha: ['Captcha is invalid or expired'], code: 'captcha_invalid' });
    });
  });

  describe('submitting the application', () => {
    it('is refused until all six steps are submitted', async () => {
      const { id } = await apply(ana, (await createProgram(test)).id);
      const none = await submit(ana, id);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ non_field_errors: ['Check that all data have been entered.'], code: 'steps_incomplete' });
      for (const step of [1, 2, 3, 4, 5] as const) {
        await saveStep(test, ana, id, step, await stepData(test, ana, id, step));
        expect((await submitStep(ana, id, step)).statusCode).toBe(200);
      }
      expect((await read(ana, id)).action).toBe('continue');
      expect((await submit(ana, id)).statusCode).toBe(400);
      expect((await read(ana, id)).status).toBe('draft');
    });

    it('submits, then changes nothing and sends the confirmation in the applicant’s language', async () => {
      const program = await createProgram(test, { name_en: 'Coffee Accelerator', name_es: 'Aceleradora del Café', period: '2027-1' });
      const { id } = await apply(ana, program.id);
      await completeAllSteps(test, ana, id);
      expect((await read(ana, id)).action).toBe('submit');
      // Asked in Spanish, but Ana's language is English: the e-mail follows her profile.
      const response = await test.call('POST', `/applications/${id}/submit`, undefined, ana.headers);
      expect(response.statusCode, response.body).toBe(200);
      const submitted = response.json() as ApplicationBody;
      expect(submitted).toMatchObject({ status: 'submitted', action: null });
      expect(submitted.submitted_at).toEqual(expect.any(String));

      await test.app.ctx.outbox.deliverDue();
      const mail = await smtp.waitFor((m) => m.to.includes(ana.email));
      expect(mail.raw).toMatch(/^Subject: We received your application to Coffee Accelerator/m);
      expect(mailText(mail)).toContain(`We received your application to Coffee Accelerator (2027-1)`);
      expect(mailText(mail)).toContain(`Your application number is ${id}.`);

      const writes = [
        await put(ana, id, 2, { business_name: 'Changed' }, 99),
        await saveStep(test, ana, id, 2, { business_name: 'Changed' }),
        await submitStep(ana, id, 2),
        await submit(ana, id),
        await upload(test, ana, id, samplePdf()),
      ];
      for (const write of writes) {
        expect(write.statusCode, write.body).toBe(409);
        expect(write.json()).toEqual({ detail: 'Application has been submitted', code: 'application_submitted' });
      }
      const spanish = await test.call('POST', `/applications/${id}/submit`, undefined, ana.headers);
      expect(spanish.json().detail).toBe('La solicitud ha sido enviada');
      const after = await read(ana, id);
      expect(after.steps.map((s) => s.status)).toEqual(Array(6).fill('submitted'));
      expect(after.steps[1]?.data).toEqual(completeSteps[2]);
      // Closing the program later does not turn a submitted application into a closed one.
      await setProgram(test, program.id, { status: 'closed' });
      expect((await read(ana, id)).status).toBe('submitted');
    });

    it('writes the confirmation in Spanish for a Spanish-speaking applicant', async () => {
      const program = await createProgram(test, { name_es: 'Incubadora Sur', name_en: 'South Incubator' });
      const { id } = await apply(luis, program.id);
      await completeAllSteps(test, luis, id);
      expect((await submit(luis, id)).statusCode).toBe(200);
      await test.app.ctx.outbox.deliverDue();
      const mail = await smtp.waitFor((m) => m.to.includes(luis.email));
      expect(mailText(mail)).toContain('Recibimos su solicitud al programa Incubadora Sur');
      const [queued] = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, luis.email));
      expect(queued).toMatchObject({ template: 'applicationSubmitted', language: 'es' });
    });
  });

  describe('closed and unavailable programs', () => {
    it('keeps the closing of a draft when a step save is the first to find its program closed', async () => {
      const program = await createProgram(test);
      const { id } = await apply(luis, program.id);
      await setProgram(test, program.id, { status: 'closed' });
      const save = await put(luis, id, 2, { business_name: 'Café' }, 0);
      expect(save.statusCode).toBe(409);
      expect(save.json().code).toBe('application_closed');
      const [row] = await test.app.ctx.db.select().from(applications).where(eq(applications.id, id));
      expect(row).toMatchObject({ status: 'closed' });
      expect(row?.closed_at).toBeInstanceOf(Date);
    });

    it('closes drafts once the deadline has passed: submit and every write answer application_closed', async () => {
      const program = await createProgram(test, { application_deadline: new Date(clock.now().getTime() + 60_000) });
      const { id } = await apply(luis, program.id);
      await completeAllSteps(test, luis, id);
      clock.advance(120_000);
      const late = await test.call('POST', `/applications/${id}/submit`, undefined, luis.headers);
      expect(late.statusCode).toBe(409);
      expect((await test.call('POST', `/applications/${id}/submit`, undefined, en(luis))).json()).toEqual({
        detail: 'Application has been closed',
        code: 'application_closed',
      });
      expect(late.json()).toEqual({ detail: 'La solicitud ha sido cerrada', code: 'application_closed' });
      for (const write of [await put(luis, id, 2, {}, 1), await submitStep(luis, id, 3), await upload(test, luis, id, samplePdf())]) {
        expect(write.statusCode).toBe(409);
        expect(write.json().code).toBe('application_closed');
      }
      const [row] = await test.app.ctx.db.select().from(applications).where(eq(applications.id, id));
      expect(row?.status).toBe('closed');
      expect(await read(luis, id)).toMatchObject({ status: 'closed', action: null, program: { status: 'closed' } });
    });

    it('closes drafts when staff close the program, as My Programs reads them', async () => {
      const program = await createProgram(test);
      const { id } = await apply(luis, program.id);
      await setProgram(test, program.id, { status: 'closed' });
      const list = (await test.call('GET', '/applications', undefined, luis.headers)).json() as ApplicationBody[];
      expect(list.find((a) => a.id === id)).toMatchObject({ status: 'closed', action: null });
      const [row] = await test.app.ctx.db.select().from(applications).where(eq(applications.id, id));
      expect(row).toMatchObject({ status: 'closed' });
      expect(row?.closed_at).toBeInstanceOf(Date);
      expect((await put(luis, id, 2, {}, 0)).json().code).toBe('application_closed');
    });

    it("answers 'Program Unavailable' to writes on an application of an unavailable program", async () => {
      const program = await createProgram(test);
      const { id } = await apply(luis, program.id);
      await setProgram(test, program.id, { status: 'unavailable' });
      const write = await put(luis, id, 2, { business_name: 'x' }, 0);
      expect(write.statusCode).toBe(409);
      expect(write.json()).toEqual({ detail: 'Program Unavailable', code: 'program_unavailable' });
      expect((await submit(luis, id)).json().code).toBe('program_unavailable');
      expect(await read(luis, id)).toMatchObject({ status: 'draft', action: null, program: { status: 'unavailable' } });
    });
  });

  describe('who may read and write', () => {
    let id: number;
    beforeAll(async () => {
      id = (await apply(ana, (await createProgram(test)).id)).id;
      await put(ana, id, 2, { business_name: 'Mine' }, 0);
    });

    it("answers 404 to another person for every read and write of someone else's application", async () => {
      const calls = [
        await test.call('GET', `/applications/${id}`, undefined, luis.headers),
        await put(luis, id, 2, { business_name: 'Theirs' }, 1),
        await submitStep(luis, id, 2),
        await submit(luis, id),
        await upload(test, luis, id, samplePdf()),
        await test.call('GET', `/applications/${id}/intake-form`, undefined, luis.headers),
        await test.call('GET', `/applications/${id}/certification.pdf`, undefined, luis.headers),
      ];
      for (const call of calls) {
        expect(call.statusCode, call.body).toBe(404);
        expect(call.json().code).toBe('not_found');
      }
      expect((await read(ana, id)).steps[1]?.data).toEqual({ business_name: 'Mine' });
    });

    it('lets staff read any application but not change it', async () => {
      expect((await read(staff, id)).applicant_id).toBe(ana.id);
      const write = await put(staff, id, 2, { business_name: 'Staff' }, 1);
      expect(write.statusCode).toBe(403);
      expect((await submitStep(staff, id, 2)).statusCode).toBe(403);
      expect((await submit(staff, id)).statusCode).toBe(403);
      expect((await read(ana, id)).steps[1]?.data).toEqual({ business_name: 'Mine' });
      const staffList = (await test.call('GET', '/applications', undefined, staff.headers)).json() as unknown[];
      expect(staffList).toEqual([]);
    });

    it('answers 404 for a missing application and 400 for an impossible id', async () => {
      expect((await test.call('GET', '/applications/999999', undefined, ana.headers)).statusCode).toBe(404);
      expect((await test.call('GET', '/applications/3000000000', undefined, ana.headers)).statusCode).toBe(400);
      expect((await test.call('GET', '/applications/-1', undefined, ana.headers)).statusCode).toBe(400);
    });
  });
});
