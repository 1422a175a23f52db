// Helpers for the application suites: people who sign up through the API, programs written straight to the
// database (staff screens for programs come later), complete step data, and multipart bodies.
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { programs, users } from '#server/db/schema.ts';
import { bearer, solveCaptcha, startTestApp, type DatabaseKind, type TestApp } from './server.ts';

export const PASSWORD = 'Correct-Horse-Battery-9';

export interface Person {
  id: number;
  email: string;
  headers: Record<string, string>;
}

/** Registers through the API (captcha solved like the widget does) and signs in. */
export async function signUp(
  test: TestApp,
  options: { language?: 'es' | 'en'; first_name?: string; last_name?: string; staff?: boolean } = {},
): Promise<Person> {
  const email = `person-${randomBytes(5).toString('hex')}@example.com`;
  const registered = await test.call('POST', '/auth/register/', {
    email,
    password: PASSWORD,
    first_name: options.first_name ?? 'Ana',
    last_name: options.last_name ?? 'Rivera',
    language: options.language ?? 'es',
    conditions: true,
    captcha: await solveCaptcha(test),
  });
  expect(registered.statusCode, registered.body).toBe(201);
  if (options.staff) await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.email, email));
  return signIn(test, email);
}

export async function signIn(test: TestApp, email: string): Promise<Person> {
  const login = await test.call('POST', '/auth/login', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  const { id, access } = login.json() as { id: number; access: string };
  return { id, email, headers: bearer(access) };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * A program straight in the database; open, deadline 30 days after `now`, approving without a second person, unless
 * told otherwise (the suites of the second person ask for it: tests/server/review-rules.test.ts).
 */
export async function createProgram(
  test: TestApp,
  overrides: Partial<typeof programs.$inferInsert> = {},
): Promise<typeof programs.$inferSelect> {
  const now = test.app.ctx.now();
  const [program] = await test.app.ctx.db
    .insert(programs)
    .values({
      sub_program: 'incubator',
      name_es: 'Incubadora de prueba',
      name_en: 'Test incubator',
      description_es: 'Descripción',
      description_en: 'Description',
      appeal_es: 'Puede pedir que se reconsidere en 30 días.',
      appeal_en: 'You may ask for reconsideration within 30 days.',
      period: '2027-1',
      start_date: '2027-01-15',
      end_date: '2027-06-30',
      application_deadline: new Date(now.getTime() + 30 * 24 * HOUR_MS),
      status: 'open',
      approval_needs_confirmation: false,
      ...overrides,
    })
    .returning();
  if (!program) throw new Error('no program inserted');
  return program;
}

export const setProgram = (test: TestApp, id: number, change: Partial<typeof programs.$inferInsert>) =>
  test.app.ctx.db.update(programs).set(change).where(eq(programs.id, id));

/** Step data that passes each step's full check (step 6 needs a fresh captcha and the uploaded form too). */
export const completeSteps: Record<1 | 2 | 3 | 4 | 5, Record<string, unknown>> = {
  1: {
    first_name: 'Ana',
    last_name: 'Rivera',
    gender: 'female',
    phone: '787-555-0101',
    email: 'ana@example.com',
    country: 'Puerto Rico',
    state: 'PR',
    city: 'Ponce',
    postal_code: '00716',
    street_address: 'Calle Luna 5',
    physical_line1: 'Calle Luna 5',
    physical_line2: '',
    postal_line1: '',
    postal_line2: '',
    postal_same_as_physical: true,
    ssn_last4: '1234',
  },
  2: {
    has_business: true,
    business_name: 'Café del Sur',
    business_phone: '787-555-0199',
    tax_id: '66-1234567',
    business_city: 'Ponce',
    incorporation_date: '2023-03-01',
    website: 'https://cafedelsur.example',
    social_networks: '@cafedelsur',
    business_type: 'physical',
    industry: '72',
    legal_structure: 7,
    operating_time: 'years_1_to_2',
    monthly_revenue: 12500.5,
    employees_full_time: 3,
    employees_part_time: 2,
    owners_count: 1,
    professional_services: 1,
    documentation: ['merchant_registration', 'municipal_patent'],
    tax_exemptions: 'Ley 60, IVU',
    insurance: ['property_or_accident'],
  },
  // The owner's identification file is uploaded and named by id (stepData).
  3: { owners: [{ name: 'Ana Rivera', position: 'Presidenta', education_level: 'college_degree', employment_status: 'employed' }] },
  // The income documents too.
  4: {
    household_size: 3,
    head_of_household: 'single_female',
    ethnicity: 'hispanic_or_latino',
    race: ['white', 'other'],
    income_sources: ['work'],
    public_housing: false,
    section_8: false,
    government_program: true,
    section_3: false,
  },
  5: {
    courses_taken: 'Contabilidad básica (2024-02), Mercadeo digital (2025-05)',
    similar_program: false,
    main_challenge: 'Reach customers outside Ponce.',
    strengths: 'Our own roasting and loyal customers.',
    one_year_vision: 'A second café in Mayagüez.',
    goal_actions: 'Open online sales; train two baristas.',
    financial_support: 25000,
    financial_support_purpose: 'A second roaster.',
    program_interest: 'both',
    business_intent: 'has_business',
  },
};

/** The student sub-program's step 5: the student block on top of step 5's answers. */
export const studentBlock = {
  federal_aid_last_year: true,
  pell_grant: false,
  aid_funding_source: 'FAFSA',
  aid_amount: 3500,
  aid_award_date: '2025-08-15',
  aid_purpose: 'Tuition',
  institution: 'Universidad de Puerto Rico',
  courses_applied: 'Emprendimiento 301',
};

/** Uploads one document of steps 3 and 4 (`kind` is owner_id, income_document or no_income_form). */
export async function uploadDocument(test: TestApp, person: Person, applicationId: number, kind: string, content = samplePdf(), filename = `${kind}.pdf`) {
  const body = multipart(content, filename);
  return test.app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/files?kind=${kind}`,
    headers: { ...person.headers, ...body.headers, 'accept-language': 'en' },
    payload: body.payload,
  });
}

async function uploadedId(test: TestApp, person: Person, applicationId: number, kind: string): Promise<number> {
  const response = await uploadDocument(test, person, applicationId, kind);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

/** A step's complete data; steps 3 and 4 upload their documents first and name them by id. */
export async function stepData(test: TestApp, person: Person, id: number, step: 1 | 2 | 3 | 4 | 5): Promise<Record<string, unknown>> {
  if (step === 3) {
    const owners = completeSteps[3].owners as Array<Record<string, unknown>>;
    return { owners: [{ ...owners[0], id_files: [await uploadedId(test, person, id, 'owner_id')] }] };
  }
  if (step === 4) return { ...completeSteps[4], income_documents: [await uploadedId(test, person, id, 'income_document')] };
  return completeSteps[step];
}

/**
 * A PDF of exactly `size` bytes (about 400 at the least) that a reader opens: one empty page, a comment padding it
 * out, and a cross-reference table that `startxref` points at.
 */
export const samplePdf = (size = 1200): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n% test intake form\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const trailerAt = (xref: number) =>
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // The padding moves the table, and the table's offset has as many digits as the padding makes it: settle both.
  let padding = 0;
  for (let pass = 0; pass < 3; pass += 1) padding = size - body.length - trailerAt(body.length + padding).length;
  if (padding < 2) throw new Error(`samplePdf needs more than ${size} bytes`);
  const pad = Buffer.alloc(padding, 0x20);
  pad[0] = 0x25; // %: the padding is a comment line
  pad[padding - 1] = 0x0a;
  return Buffer.concat([Buffer.from(body, 'latin1'), pad, Buffer.from(trailerAt(body.length + padding), 'latin1')]);
};

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(content: Buffer, filename = 'intake.pdf', contentType = 'application/pdf', field = 'file') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(test: TestApp, person: Person, applicationId: number, content: Buffer, filename?: string) {
  const body = multipart(content, filename);
  return test.app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/intake-form`,
    headers: { ...person.headers, ...body.headers, 'accept-language': 'en' },
    payload: body.payload,
  });
}

/** Saves a step's draft on top of whatever version is stored. */
export async function saveStep(test: TestApp, person: Person, id: number, step: number, data: Record<string, unknown>) {
  const current = await test.call('GET', `/applications/${id}`, undefined, person.headers);
  const version = (current.json() as { steps: Array<{ step: number; version: number }> }).steps.find((s) => s.step === step)?.version;
  return test.call('PUT', `/applications/${id}/steps/${step}`, { data, version }, { ...person.headers, 'accept-language': 'en' });
}

/** Fills and submits the six steps (not the application). */
export async function completeAllSteps(test: TestApp, person: Person, id: number): Promise<void> {
  for (const step of [1, 2, 3, 4, 5] as const) {
    const saved = await saveStep(test, person, id, step, await stepData(test, person, id, step));
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await test.call('POST', `/applications/${id}/steps/${step}/submit`, undefined, person.headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  expect((await upload(test, person, id, samplePdf())).statusCode).toBe(200);
  expect((await saveStep(test, person, id, 6, { conditions: true, captcha: await solveCaptcha(test) })).statusCode).toBe(200);
  const sixth = await test.call('POST', `/applications/${id}/steps/6/submit`, undefined, person.headers);
  expect(sixth.statusCode, sixth.body).toBe(200);
}

/**
 * A new applicant (in `language`) of `programId` whose complete application is submitted; `startedBy` staff then start
 * the review unless it is null. The start of the review suites.
 */
export async function submittedApplication(
  test: TestApp,
  programId: number,
  language: 'es' | 'en',
  startedBy: Person | null,
): Promise<{ person: Person; id: number }> {
  const person = await signUp(test, { language });
  const created = await test.call('POST', '/applications', { program_id: programId }, person.headers);
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: number };
  await completeAllSteps(test, person, id);
  expect((await test.call('POST', `/applications/${id}/submit`, undefined, person.headers)).statusCode).toBe(200);
  if (startedBy) expect((await test.call('POST', `/admin/applications/${id}/review/start`, undefined, startedBy.headers)).statusCode).toBe(200);
  return { person, id };
}

/** An app with one applicant who applied to a fresh program: the start of every upload suite. */
export async function startWithApplication(kind: DatabaseKind): Promise<{ test: TestApp; ana: Person; id: number; filesDir: string }> {
  const test = await startTestApp(kind);
  const ana = await signUp(test);
  const program = await createProgram(test);
  const id = (await test.call('POST', '/applications', { program_id: program.id }, ana.headers)).json().id as number;
  return { test, ana, id, filesDir: join(test.app.ctx.config.dataDir, 'files') };
}

/** Every regular file under a directory (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
