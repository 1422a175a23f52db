// Steps 2 to 5 in full (docs/product.md section 3; docs/decisions/015-application-content.md): each step's Complete
// schema accepts a real-looking application of every sub-program and names each missing or malformed field; the
// conditional fields; and the documents of steps 3 and 4 (several per field, PDF only, 20MB, owner and staff only,
// never deleted after submit), and the no-income form.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applicationFiles, mailOutbox } from '#server/db/schema.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';
import { pdfText } from '../support/pdf-text.ts';
import {
  completeAllSteps,
  completeSteps,
  createProgram,
  filesUnder,
  samplePdf,
  saveStep,
  signUp,
  stepData,
  studentBlock,
  uploadDocument,
  type Person,
} from '../support/applicants.ts';

type SubProgram = 'student_incubator' | 'pre_incubator' | 'incubator' | 'accelerator';

/** A PNG's first bytes, renamed .pdf. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

describe.each(databaseKinds)('application content on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  let luis: Person;
  let staff: Person;
  let filesDir: string;

  beforeAll(async () => {
    test = await startTestApp(kind);
    filesDir = join(test.app.ctx.config.dataDir, 'files');
    ana = await signUp(test, { first_name: 'Ana', last_name: 'Núñez' });
    luis = await signUp(test);
    staff = await signUp(test, { staff: true });
  });
  afterAll(async () => {
    await test?.close();
  });

  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const applyTo = async (person: Person, subProgram: SubProgram) => {
    const program = await createProgram(test, { sub_program: subProgram });
    const response = await test.call('POST', '/applications', { program_id: program.id }, person.headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; steps: Array<{ step: number; data: Record<string, unknown> }> };
  };
  const submitStep = (person: Person, id: number, step: number) =>
    test.call('POST', `/applications/${id}/steps/${step}/submit`, undefined, en(person));
  /** Saves `data` as the step's draft and submits it: the answer of the submit. */
  const saveAndSubmit = async (person: Person, id: number, step: number, data: Record<string, unknown>) => {
    const saved = await saveStep(test, person, id, step, data);
    expect(saved.statusCode, saved.body).toBe(200);
    return submitStep(person, id, step);
  };
  const without = (data: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(data).filter(([key]) => key !== field));

  describe('a complete application of each sub-program', () => {
    it.each<SubProgram>(['student_incubator', 'pre_incubator', 'incubator', 'accelerator'])('%s: every step is accepted', async (subProgram) => {
      const { id } = await applyTo(ana, subProgram);
      const hasBusiness = subProgram === 'incubator' || subProgram === 'accelerator';
      const student = subProgram === 'student_incubator';
      const business = hasBusiness
        ? completeSteps[2]
        : { has_business: false, business_name: 'Huerto Urbano', business_type: 'virtual', industry: '11', website: '' };
      expect((await saveAndSubmit(ana, id, 2, business)).statusCode).toBe(200);
      expect((await saveAndSubmit(ana, id, 3, await stepData(test, ana, id, 3))).statusCode).toBe(200);
      expect((await saveAndSubmit(ana, id, 4, await stepData(test, ana, id, 4))).statusCode).toBe(200);
      const training = { ...completeSteps[5], business_intent: hasBusiness ? 'has_business' : 'wants_business', ...(student ? studentBlock : {}) };
      const fifth = await saveAndSubmit(ana, id, 5, training);
      expect(fifth.statusCode, fifth.body).toBe(200);
    });

    it('starts step 2 from the survey for the student and pre-incubator sub-programs, and as a business otherwise', async () => {
      const person = await signUp(test);
      expect((await applyTo(person, 'pre_incubator')).steps[1]?.data).toEqual({});
      await test.call('PUT', '/me/survey', { has_business: false, third_year_student: true }, person.headers);
      expect((await applyTo(person, 'student_incubator')).steps[1]?.data).toEqual({ has_business: false });
      expect((await applyTo(person, 'accelerator')).steps[1]?.data).toEqual({ has_business: true });
    });
  });

  describe('step 2, the business', () => {
    let id: number;
    beforeAll(async () => {
      ({ id } = await applyTo(ana, 'accelerator'));
    });

    const required2 = ['has_business', 'business_name', 'business_type', 'industry', 'business_phone', 'business_city', 'legal_structure',
      'operating_time', 'monthly_revenue', 'employees_full_time', 'employees_part_time', 'owners_count', 'professional_services'];
    it.each(required2)('names %s when it is missing', async (field) => {
      const response = await saveAndSubmit(ana, id, 2, without(completeSteps[2], field));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['Check that all data have been entered.'], [field]: ['This field is required.'], code: 'invalid' });
    });

    it('asks a person with no business yet only for the project: name, type and industry', async () => {
      const response = await saveAndSubmit(ana, id, 2, { has_business: false });
      expect(response.json()).toEqual({
        non_field_errors: ['Check that all data have been entered.'],
        business_name: ['This field is required.'],
        business_type: ['This field is required.'],
        industry: ['This field is required.'],
        code: 'invalid',
      });
    });

    it.each([
      ['industry', '12'],
      ['legal_structure', 11],
      ['operating_time', 'forever'],
      ['monthly_revenue', -1],
      ['employees_full_time', 2.5],
      ['incorporation_date', '2023-02-30x'],
      ['documentation', ['passport']],
      ['insurance', ['life']],
      ['business_name', 'x'.repeat(201)],
    ])('refuses a malformed %s when it is saved', async (field, value) => {
      const response = await saveStep(test, ana, id, 2, { ...completeSteps[2], [field]: value });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
    });

    it('stores a website typed without a scheme with https:// once the step is sent', async () => {
      const response = await saveAndSubmit(ana, id, 2, { ...completeSteps[2], website: 'panaderia-utuado.com' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.website).toBe('https://panaderia-utuado.com');
      const kept = await saveAndSubmit(ana, id, 2, { ...completeSteps[2], website: 'http://ya-tiene.com' });
      expect(kept.json().data.website).toBe('http://ya-tiene.com');
    });

    it('says which date is wrong, in the person’s language', async () => {
      const response = await saveStep(test, ana, id, 2, { ...completeSteps[2], incorporation_date: 'ayer' });
      expect(response.json()).toEqual({ incorporation_date: ['Enter a valid date (year-month-day).'], code: 'invalid' });
    });
  });

  describe('step 3, the owners', () => {
    let id: number;
    let idFile: number;
    beforeAll(async () => {
      ({ id } = await applyTo(ana, 'incubator'));
      idFile = (await uploadDocument(test, ana, id, 'owner_id')).json().id;
    });
    const owner = () => ({ name: 'Ana Núñez', position: 'Presidenta', education_level: 'master', employment_status: 'employed', id_files: [idFile] });

    it('takes two owners, each with their identification', async () => {
      const second = (await uploadDocument(test, ana, id, 'owner_id', samplePdf(), 'licencia luis.pdf')).json().id;
      const response = await saveAndSubmit(ana, id, 3, { owners: [owner(), { ...owner(), name: 'Luis Soto', position: 'Tesorero', id_files: [second] }] });
      expect(response.statusCode, response.body).toBe(200);
    });

    it.each(['name', 'position', 'education_level', 'employment_status', 'id_files'])('names owners.1.%s when it is missing', async (field) => {
      const response = await saveAndSubmit(ana, id, 3, { owners: [owner(), without({ ...owner(), id_files: [] }, field === 'id_files' ? '' : field)] });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body[`owners.1.${field}`]).toEqual(['This field is required.']);
    });

    it('needs at least one owner', async () => {
      const response = await saveAndSubmit(ana, id, 3, { owners: [] });
      expect(response.json()).toMatchObject({ owners: ['Add at least one owner.'] });
    });

    it('refuses an education level or employment status it does not know', async () => {
      for (const change of [{ education_level: 'kindergarten' }, { employment_status: 'retired' }]) {
        const response = await saveStep(test, ana, id, 3, { owners: [{ ...owner(), ...change }] });
        expect(response.statusCode).toBe(400);
      }
    });

    it('refuses a file id of another application, or of another field', async () => {
      const other = await applyTo(luis, 'incubator');
      const foreign = (await uploadDocument(test, luis, other.id, 'owner_id')).json().id;
      const income = (await uploadDocument(test, ana, id, 'income_document')).json().id;
      for (const ids of [[foreign], [income], [999999]]) {
        const response = await saveStep(test, ana, id, 3, { owners: [{ ...owner(), id_files: ids }] });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ 'owners.0.id_files': ['This file was not found in your application. Upload it again.'], code: 'invalid' });
      }
    });
  });

  describe('step 4, the household', () => {
    let id: number;
    let incomeFile: number;
    beforeAll(async () => {
      ({ id } = await applyTo(ana, 'pre_incubator'));
      incomeFile = (await uploadDocument(test, ana, id, 'income_document')).json().id;
    });
    const household = () => ({ ...completeSteps[4], income_documents: [incomeFile] });
    const required4 = ['household_size', 'head_of_household', 'ethnicity', 'race', 'income_sources', 'public_housing', 'section_8',
      'government_program', 'section_3', 'income_documents'];

    it.each(required4)('names %s when it is missing', async (field) => {
      const response = await saveAndSubmit(ana, id, 4, without(household(), field));
      expect(response.statusCode).toBe(400);
      expect(response.json()[field]).toEqual(['This field is required.']);
    });

    it('takes several races and several income documents', async () => {
      const second = (await uploadDocument(test, ana, id, 'income_document')).json().id;
      const response = await saveAndSubmit(ana, id, 4, { ...household(), race: ['asian', 'black_or_african_american'], income_documents: [incomeFile, second] });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('refuses an unknown head of household, ethnicity or race', async () => {
      for (const change of [{ head_of_household: 'nobody' }, { ethnicity: 'martian' }, { race: ['green'] }]) {
        expect((await saveStep(test, ana, id, 4, { ...household(), ...change })).statusCode).toBe(400);
      }
    });

    it('with no income: stands alone, needs no income documents, and cannot be submitted without the signed no-income form', async () => {
      const noIncome = { ...without(household(), 'income_documents'), income_sources: ['no_income'] };
      const missing = await saveAndSubmit(ana, id, 4, noIncome);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        non_field_errors: ['Check that all data have been entered.'],
        no_income_form: ['Download the no-income form, sign it and upload it.'],
        code: 'invalid',
      });
      const mixed = await saveAndSubmit(ana, id, 4, { ...noIncome, income_sources: ['no_income', 'work'] });
      expect(mixed.json().income_sources).toEqual(['"No income" cannot be combined with other income sources.']);

      const form = await test.call('GET', `/applications/${id}/no-income-form.pdf`, undefined, en(ana));
      expect(form.statusCode).toBe(200);
      expect(form.headers['content-type']).toBe('application/pdf');
      expect(form.headers['content-disposition']).toContain(`attachment; filename="no-income-${id}.pdf"`);
      const text = pdfText(form.rawPayload);
      expect(text).toContain('No-income statement');
      expect(text).toContain('Applicant: Ana N');
      expect(text).toMatch(/Date: \w+ \d+, \d{4}/);
      const spanish = await test.call('GET', `/applications/${id}/no-income-form.pdf`, undefined, ana.headers);
      expect(pdfText(spanish.rawPayload)).toContain('Declaración de no ingresos'.normalize('NFC').replace(/ó/, '\xf3'));
      expect((await test.call('GET', `/applications/${id}/no-income-form.pdf`, undefined, luis.headers)).statusCode).toBe(404);

      const signed = (await uploadDocument(test, ana, id, 'no_income_form', samplePdf(), 'firmado.pdf')).json().id;
      const done = await saveAndSubmit(ana, id, 4, { ...noIncome, no_income_form: [signed] });
      expect(done.statusCode, done.body).toBe(200);
    });
  });

  describe('step 5, training and plans', () => {
    it.each(['similar_program', 'main_challenge', 'strengths', 'one_year_vision', 'goal_actions', 'financial_support',
      'financial_support_purpose', 'program_interest', 'business_intent'])('names %s when it is missing', async (field) => {
      const { id } = await applyTo(ana, 'incubator');
      const response = await saveAndSubmit(ana, id, 5, without(completeSteps[5], field));
      expect(response.json()).toEqual({ non_field_errors: ['Check that all data have been entered.'], [field]: ['This field is required.'], code: 'invalid' });
    });

    it('asks the details of a similar program only when there was one', async () => {
      const { id } = await applyTo(ana, 'incubator');
      const response = await saveAndSubmit(ana, id, 5, { ...completeSteps[5], similar_program: true });
      expect(response.json()).toMatchObject({ similar_program_details: ['This field is required.'] });
      expect((await saveAndSubmit(ana, id, 5, { ...completeSteps[5], similar_program: true, similar_program_details: 'PRIDCO 2024' })).statusCode).toBe(200);
    });

    it('asks the student block of the student sub-program only, and the aid’s details only when aid was received', async () => {
      const { id } = await applyTo(ana, 'student_incubator');
      const missing = await saveAndSubmit(ana, id, 5, completeSteps[5]);
      expect(missing.json()).toEqual({
        non_field_errors: ['Check that all data have been entered.'],
        federal_aid_last_year: ['This field is required.'],
        pell_grant: ['This field is required.'],
        institution: ['This field is required.'],
        courses_applied: ['This field is required.'],
        code: 'invalid',
      });
      const noAid = { ...completeSteps[5], federal_aid_last_year: false, pell_grant: false, institution: 'UPR', courses_applied: 'ADMI 3005' };
      expect((await saveAndSubmit(ana, id, 5, noAid)).statusCode).toBe(200);
      const pell = await saveAndSubmit(ana, id, 5, { ...noAid, pell_grant: true });
      expect(Object.keys(pell.json()).sort()).toEqual(['aid_amount', 'aid_award_date', 'aid_funding_source', 'aid_purpose', 'code', 'non_field_errors']);
      const other = await applyTo(ana, 'accelerator');
      expect((await saveAndSubmit(ana, other.id, 5, completeSteps[5])).statusCode).toBe(200);
    });
  });

  describe('documents', () => {
    let id: number;
    beforeAll(async () => {
      ({ id } = await applyTo(ana, 'accelerator'));
    });
    const storedFiles = () => filesUnder(filesDir);
    const rows = async () => test.app.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.application_id, id));

    it('stores several files per field under server-made names, with size and SHA-256, for the owner and staff to download', async () => {
      const first = samplePdf(3000);
      const answer = await uploadDocument(test, ana, id, 'income_document', first, '../../nómina enero.pdf');
      expect(answer.statusCode, answer.body).toBe(201);
      const stored = answer.json();
      expect(stored).toMatchObject({ kind: 'income_document', file_name: 'nómina enero.pdf', size: 3000, active_content: [] });
      expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect((await uploadDocument(test, ana, id, 'income_document')).statusCode).toBe(201);
      const [row] = (await rows()).filter((r) => r.id === stored.id);
      expect(row?.storage_key).toMatch(new RegExp(`^applications/${id}/[0-9a-f]{32}\\.pdf$`));
      const application = await test.call('GET', `/applications/${id}`, undefined, ana.headers);
      expect(application.json().files.map((f: { kind: string }) => f.kind)).toEqual(['income_document', 'income_document']);
      for (const reader of [ana, staff]) {
        const download = await test.call('GET', `/applications/${id}/files/${stored.id}`, undefined, reader.headers);
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe('application/pdf');
        expect(download.headers['content-disposition']).toBe(`attachment; filename="nomina enero.pdf"; filename*=UTF-8''n%C3%B3mina%20enero.pdf`);
        expect(download.rawPayload.equals(first)).toBe(true);
      }
    });

    it('answers 404 for another person’s file, and to another person asking for this one', async () => {
      const other = await applyTo(luis, 'incubator');
      const theirs = (await uploadDocument(test, luis, other.id, 'owner_id')).json().id;
      const mine = (await rows())[0]!.id;
      for (const [person, app, file] of [[ana, other.id, theirs], [ana, id, theirs], [luis, id, mine]] as const) {
        expect((await test.call('GET', `/applications/${app}/files/${file}`, undefined, person.headers)).statusCode).toBe(404);
        expect((await test.call('DELETE', `/applications/${app}/files/${file}`, undefined, person.headers)).statusCode).toBe(404);
      }
      expect((await test.call('DELETE', `/applications/${id}/files/${mine}`, undefined, staff.headers)).statusCode).toBe(403);
    });

    it('accepts exactly 20MB and refuses 20MB + 1 byte with the message, storing nothing', async () => {
      const exactly = await uploadDocument(test, ana, id, 'owner_id', samplePdf(MAX_UPLOAD_BYTES), 'big.pdf');
      expect(exactly.statusCode, exactly.body).toBe(201);
      expect(exactly.json().size).toBe(MAX_UPLOAD_BYTES);
      const before = storedFiles();
      const count = (await rows()).length;
      const over = await uploadDocument(test, ana, id, 'owner_id', samplePdf(MAX_UPLOAD_BYTES + 1), 'bigger.pdf');
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ detail: 'Your file is too large. It must be 20MB or smaller.', code: 'file_too_large' });
      expect(storedFiles()).toEqual(before);
      expect(filesUnder(join(filesDir, 'tmp'))).toEqual([]);
      expect(await rows()).toHaveLength(count);
    });

    it('refuses a PNG that is no picture (renamed .pdf), and a kind it does not know', async () => {
      const before = storedFiles();
      // Its first bytes say PNG: it is read as the photo it claims to be, and no decoder can (docs/decisions/054).
      const png = await uploadDocument(test, ana, id, 'income_document', PNG, 'recibo.pdf');
      expect(png.statusCode).toBe(400);
      expect(png.json()).toEqual({ file: [expect.stringMatching(/^We could not read this photo/)], code: 'invalid' });
      expect(storedFiles()).toEqual(before);
      expect((await uploadDocument(test, ana, id, 'intake_form')).statusCode).toBe(400);
      expect((await uploadDocument(test, ana, id, 'passport')).statusCode).toBe(400);
    });

    it('deletes a file of a draft (its submitted step becomes incomplete again)', async () => {
      const owner = (await uploadDocument(test, ana, id, 'owner_id')).json().id;
      const [first] = completeSteps[3].owners as Array<Record<string, unknown>>;
      const submitted = await saveAndSubmit(ana, id, 3, { owners: [{ ...first, id_files: [owner] }] });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const before = storedFiles().length;
      const deleted = await test.call('DELETE', `/applications/${id}/files/${owner}`, undefined, ana.headers);
      expect(deleted.statusCode).toBe(204);
      expect(storedFiles()).toHaveLength(before - 1);
      const application = (await test.call('GET', `/applications/${id}`, undefined, ana.headers)).json();
      expect(application.steps[2].status).toBe('incomplete');
      expect((await test.call('GET', `/applications/${id}/files/${owner}`, undefined, ana.headers)).statusCode).toBe(404);
      const resubmit = await submitStep(ana, id, 3);
      expect(resubmit.json()['owners.0.id_files']).toEqual(['This file was not found in your application. Upload it again.']);
    });

    it('never deletes nor adds a file once the application is submitted', async () => {
      const { id: done } = await applyTo(luis, 'accelerator');
      await completeAllSteps(test, luis, done);
      expect((await test.call('POST', `/applications/${done}/submit`, undefined, luis.headers)).statusCode).toBe(200);
      // The confirmation e-mail lists what was sent: each step, the business and owners by name, every document.
      const [mail] = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, luis.email));
      expect(mail?.text_body).toContain('- 2. Su negocio: Café del Sur');
      expect(mail?.text_body).toContain('- 3. Dueños: Ana Rivera');
      expect(mail?.text_body).toMatch(/- Documentos: owner_id\.pdf, income_document\.pdf, intake\.pdf/);
      // So does the certification form.
      const certification = pdfText((await test.call('GET', `/applications/${done}/certification.pdf`, undefined, en(luis))).rawPayload);
      expect(certification).toContain('What this application contains:');
      expect(certification).toContain('- 2. Your business: Caf\xe9 del Sur');
      expect(certification).toContain('- Documents: owner_id.pdf, income_document.pdf, intake.pdf');
      const files = (await test.call('GET', `/applications/${done}`, undefined, luis.headers)).json().files as Array<{ id: number }>;
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const response = await test.call('DELETE', `/applications/${done}/files/${file.id}`, undefined, en(luis));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ detail: 'Application has been submitted', code: 'application_submitted' });
        expect((await test.call('GET', `/applications/${done}/files/${file.id}`, undefined, luis.headers)).statusCode).toBe(200);
      }
      expect((await uploadDocument(test, luis, done, 'income_document')).statusCode).toBe(409);
    });
  });
});
