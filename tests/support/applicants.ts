// Helpers for the application suites: people who sign up through the API, programs written straight to the
// database (staff screens for programs come later), complete step data, and multipart bodies.
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { programs, users } from '../../server/db/schema.ts';
import { bearer, solveCaptcha, type TestApp } from './server.ts';

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

/** A program straight in the database; open, deadline 30 days after `now`, unless told otherwise. */
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
      period: '2027-1',
      start_date: '2027-01-15',
      end_date: '2027-06-30',
      application_deadline: new Date(now.getTime() + 30 * 24 * HOUR_MS),
      status: 'open',
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
  2: { business_name: 'Café del Sur', business_type: 'physical' },
  3: { owners: [{ name: 'Ana Rivera', position: 'Presidenta' }] },
  4: { household_size: 3, income_sources: ['work'] },
  5: { main_challenge: 'Reach customers outside Ponce.' },
};

export const samplePdf = (size = 1200): Buffer => {
  const head = Buffer.from('%PDF-1.4\n% test intake form\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
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
    expect((await saveStep(test, person, id, step, completeSteps[step])).statusCode).toBe(200);
    const submitted = await test.call('POST', `/applications/${id}/steps/${step}/submit`, undefined, person.headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  expect((await upload(test, person, id, samplePdf())).statusCode).toBe(200);
  expect((await saveStep(test, person, id, 6, { conditions: true, captcha: await solveCaptcha(test) })).statusCode).toBe(200);
  const sixth = await test.call('POST', `/applications/${id}/steps/6/submit`, undefined, person.headers);
  expect(sixth.statusCode, sixth.body).toBe(200);
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
