// Helpers of the applicant-screen browser tests: the side door's test-only program controls, the real API used
// to put an application in the state a test starts from (survey, apply, steps, upload), a tiny valid PDF, and
// the waits on what the screens show (a step's saving status, its status line, the captcha of step 6).
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { baseURL, E2E_SIDE_PORT } from './ports.ts';
import { createAccount, fieldLabel, t, type Account, type Locale } from './shell.ts';

const side = `http://127.0.0.1:${E2E_SIDE_PORT}`;

export type ProgramStatus = 'open' | 'closed' | 'unavailable';
export type SubProgram = 'student_incubator' | 'pre_incubator' | 'incubator' | 'accelerator';
export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;

/** The seeded open programs (server/seed.ts inserts them first, in this order, on the fresh database). */
export const seededPrograms = {
  student_incubator: { id: 1, es: 'Incubadora universitaria', en: 'University incubator' },
  pre_incubator: { id: 2, es: 'Preincubadora', en: 'Pre-incubator' },
  incubator: { id: 3, es: 'Incubadora', en: 'Incubator' },
  accelerator: { id: 4, es: 'Aceleradora', en: 'Accelerator' },
} as const;

async function sidePost<T>(path: string, query: Record<string, string>): Promise<T> {
  const response = await fetch(`${side}${path}?${new URLSearchParams(query).toString()}`, { method: 'POST' });
  const body = (await response.json()) as T & { detail?: string };
  if (!response.ok) throw new Error(`side door ${path}: ${response.status} ${body.detail ?? ''}`);
  return body;
}

/**
 * A fresh open program that only this test uses (so closing or withdrawing it touches no other test); with
 * `secondPerson`, a second staff member confirms each approval (docs/decisions/036-review-rules.md).
 */
export async function createProgram(name: string, subProgram: SubProgram = 'incubator', nameEn = name, { secondPerson = false } = {}): Promise<number> {
  return (await sidePost<{ id: number }>('/program', { name, name_en: nameEn, sub_program: subProgram, approval_needs_confirmation: String(secondPerson) })).id;
}

/** TEST ONLY: as if the application had waited `days` in its status (staff's list counts from then). */
export async function ageApplication(id: number, days: number): Promise<void> {
  await sidePost('/age-application', { id: String(id), days: String(days) });
}

/** Staff's decision, taken through the side door until there is a staff API for it. */
export async function setProgramStatus(id: number, status: ProgramStatus): Promise<void> {
  await sidePost('/program-status', { id: String(id), status });
}

// ---- the real API, for the state a test starts from ---------------------------------------------------------

export class Api {
  /** `base`: the run's server, or a spec's own (tests/e2e/support/own-server.ts). */
  constructor(
    readonly token: string,
    readonly base = baseURL,
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }
}

export async function apiSignIn(account: { email: string; password: string }, base = baseURL): Promise<Api> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`);
  return new Api(((await response.json()) as { access: string }).access, base);
}

export interface ApiStep {
  step: number;
  status: 'incomplete' | 'submitted';
  version: number;
  data: Record<string, unknown>;
}

export interface ApiApplication {
  id: number;
  status: 'draft' | 'submitted' | 'closed';
  steps: ApiStep[];
}

/** Answers that recommend the incubator (a business operating 1-2 years). */
export const incubatorSurvey = {
  has_business: true,
  operating_time: 'years_1_to_2',
  third_year_student: false,
} as const;

/** A ready PDF signature plus the least a PDF reader needs: one empty page. `catalogExtra` adds entries to its catalog (an /OpenAction with JavaScript: active content). */
export function tinyPdf(catalogExtra = ''): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${catalogExtra ? ` ${catalogExtra}` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const photoFixture = (name: string) => readFileSync(new URL(`../../fixtures/photos/${name}`, import.meta.url));

/**
 * Phone photos of documents (tests/fixtures/photos): a JPEG whose EXIF orientation turns it and that carries GPS, a
 * PNG, and a HEIC as a phone's camera takes it. Each becomes a PDF named after it (docs/decisions/054).
 */
export const photos = {
  jpeg: { name: 'licencia.jpg', mimeType: 'image/jpeg', buffer: photoFixture('id-orientation-6-gps.jpg') },
  png: { name: 'dorso.png', mimeType: 'image/png', buffer: photoFixture('receipt.png') },
  heic: { name: 'camara.heic', mimeType: 'image/heic', buffer: photoFixture('id-gps.heic') },
} as const;

/** A captcha payload as the ALTCHA widget posts it (the proof of work solved in Node). */
export async function solveCaptcha(): Promise<string> {
  const challenge = (await (await fetch(`${baseURL}/api/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Data each step accepts on submit (step 6's captcha is added when it is saved). */
export const completeStepData: Record<StepNumber, Record<string, unknown>> = {
  1: {
    first_name: 'Marisol',
    last_name: 'Quiñones',
    gender: 'female',
    email: 'marisol@example.com',
    phone: '787-555-0101',
    physical_line1: 'Calle Luna 5',
    city: 'Ponce',
    state: 'PR',
    postal_code: '00716',
    country: 'Puerto Rico',
    postal_same_as_physical: true,
    ssn_last4: '1234',
  },
  2: {
    has_business: true,
    business_name: 'Café del Sur',
    business_phone: '787-555-0199',
    business_city: 'Ponce',
    business_type: 'physical',
    industry: '72',
    legal_structure: 7,
    operating_time: 'years_1_to_2',
    monthly_revenue: 12500,
    employees_full_time: 3,
    employees_part_time: 2,
    owners_count: 1,
    professional_services: 1,
  },
  // The owner's identification and the income documents are uploaded by completeSteps and named by id.
  3: { owners: [{ name: 'Marisol Quiñones', position: 'Presidenta', education_level: 'college_degree', employment_status: 'employed' }] },
  4: {
    household_size: 3,
    head_of_household: 'single_female',
    ethnicity: 'hispanic_or_latino',
    race: ['white'],
    income_sources: ['work'],
    public_housing: false,
    section_8: false,
    government_program: false,
    section_3: false,
  },
  5: {
    similar_program: false,
    main_challenge: 'Conseguir capital para una segunda tostadora.',
    strengths: 'Tostamos nuestro propio café.',
    one_year_vision: 'Un segundo local en Mayagüez.',
    goal_actions: 'Vender en línea.',
    financial_support: 25000,
    financial_support_purpose: 'Una tostadora.',
    program_interest: 'both',
    business_intent: 'has_business',
  },
  6: { conditions: true },
};

export async function getApplication(api: Api, id: number): Promise<ApiApplication> {
  return api.call<ApiApplication>('GET', `/applications/${id}`);
}

export async function stepOf(api: Api, id: number, step: StepNumber): Promise<ApiStep> {
  const found = (await getApplication(api, id)).steps.find((item) => item.step === step);
  if (!found) throw new Error(`no step ${step}`);
  return found;
}

/** Saves a step's draft on top of the server's current version. */
export async function saveStep(api: Api, id: number, step: StepNumber, data: Record<string, unknown>): Promise<ApiStep> {
  const { version } = await stepOf(api, id, step);
  return api.call<ApiStep>('PUT', `/applications/${id}/steps/${step}`, { data, version });
}

export async function uploadIntakeForm(api: Api, id: number, file = tinyPdf(), name = 'formulario-firmado.pdf'): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseURL}/api/applications/${id}/intake-form`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${response.status}: ${await response.text()}`);
}

/** Uploads one document of steps 3 and 4 through the real API and answers its id. */
export async function uploadDocument(
  api: Api,
  id: number,
  kind: 'owner_id' | 'income_document' | 'no_income_form',
  name = `${kind}.pdf`,
  file = tinyPdf(),
): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseURL}/api/applications/${id}/files?kind=${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/**
 * The answers that tell one applicant from another (docs/decisions/038's duplicate check): phone, e-mail, address, SSN
 * last 4 and business, made from the application's id, so the applicants of different specs are different people
 * unless a spec makes them alike on purpose.
 */
export function ownAnswers(id: number): Partial<Record<StepNumber, Record<string, unknown>>> {
  const digits = String(id).padStart(6, '0').slice(-6);
  return {
    1: { phone: `787-7${digits.slice(0, 2)}-${digits.slice(2)}`, email: `marisol.${id}@example.com`, physical_line1: `Calle Luna ${id}`, ssn_last4: digits.slice(-4) },
    2: { business_name: `Café del Sur ${id}`, business_phone: `939-7${digits.slice(0, 2)}-${digits.slice(2)}` },
  };
}

/** Saves and submits the given steps with complete data (steps 3 and 4 with their documents; step 6: the intake form and a solved captcha). */
export async function completeSteps(api: Api, id: number, steps: readonly StepNumber[]): Promise<void> {
  for (const step of steps) {
    let data = { ...completeStepData[step], ...ownAnswers(id)[step] };
    if (step === 3) {
      const [owner] = data.owners as Array<Record<string, unknown>>;
      data = { owners: [{ ...owner, id_files: [await uploadDocument(api, id, 'owner_id')] }] };
    }
    if (step === 4) data = { ...data, income_documents: [await uploadDocument(api, id, 'income_document')] };
    if (step === 6) {
      await uploadIntakeForm(api, id);
      data = { ...data, captcha: await solveCaptcha() };
    }
    await saveStep(api, id, step, data);
    await api.call('POST', `/applications/${id}/steps/${step}/submit`);
  }
}

export interface Applicant {
  account: Account;
  api: Api;
}

/** An account made through the real API, signed in on the API too, with the survey answered. */
export async function newApplicant(label: string, language: Locale = 'es', base = baseURL): Promise<Applicant> {
  const account = await createAccount(label, { language }, base);
  const api = await apiSignIn(account, base);
  await api.call('PUT', '/me/survey', incubatorSurvey);
  return { account, api };
}

/** Applies to a program through the API and answers the application's id. */
export async function applyTo(api: Api, programId: number): Promise<number> {
  return (await api.call<{ id: number }>('POST', '/applications', { program_id: programId })).id;
}

// ---- what the screens show -----------------------------------------------------------------------------------

export const applicationPath = (id: number, screen: '' | 1 | 2 | 3 | 6 | 'submit' | 'confirmation' = ''): string =>
  `/panel/application/${id}${screen === '' ? '' : `/${screen}`}`;

/** A step's form section (steps 3-5 share the /3 screen; each is its own section). */
export const stepSection = (page: Page, step: StepNumber): Locator => page.locator(`section#step-${step}`);

/** The step's saving status: the polite live region under its status line. */
export const savingStatus = (page: Page, step: StepNumber): Locator => page.locator(`#step-${step}-saving`);

/** Waits until the step's saving status says 'Saved' (or 'Guardado'). */
export async function expectSaved(page: Page, step: StepNumber, locale: Locale = 'es'): Promise<void> {
  await expect(savingStatus(page, step)).toHaveText(t(locale, 'application.autosave.saved'));
}

/** The step's status line: 'Status: Incomplete' / 'Estado: Enviado'. */
export async function expectStepStatus(page: Page, step: StepNumber, status: 'incomplete' | 'submitted', locale: Locale = 'es'): Promise<void> {
  const statusText = t(locale, `application.step.${status}`);
  await expect(stepSection(page, step).getByRole('status').first()).toHaveText(
    new RegExp(`${t(locale, 'application.step.statusLine', { status: '' }).trim()}\\s*✓?\\s*${statusText}$`),
  );
}

/** Where "Submit step N" takes the person once the step is submitted: the next step (its section of /3), or "check your answers". */
export function pathAfterStep(id: number, step: StepNumber): string {
  if (step === 6) return applicationPath(id, 'submit');
  if (step === 3 || step === 4) return `${applicationPath(id, 3)}#step-${step + 1}`;
  return applicationPath(id, step === 5 ? 6 : step === 2 ? 3 : 2);
}

/**
 * Submits a step with its button, waits for the step indicator to say it is submitted and for the page to move on to
 * the next step (docs/decisions/042-partial-drafts-and-phone-faults.md).
 */
export async function submitStepInBrowser(page: Page, step: StepNumber, locale: Locale = 'es'): Promise<void> {
  await stepSection(page, step).getByRole('button', { name: t(locale, 'application.step.submit', { step }) }).click();
  await expect(indicatorSegment(page, step, locale)).toContainText(t(locale, 'application.step.submitted'));
  const id = Number(/\/application\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page).toHaveURL(new URL(pathAfterStep(id, step), page.url()).href);
}

/** Confirms "Submit the application?", the question "Submit application" asks once every step is submitted. */
export async function confirmSubmitApplication(page: Page, locale: Locale = 'es'): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: t(locale, 'application.submit.confirmTitle') });
  await dialog.getByRole('button', { name: t(locale, 'application.submit.confirm') }).click();
}

/** Ticks step 6's captcha (under an SVG, hence force) and waits for the widget to give way to the "done" line. */
export async function solveStepCaptcha(page: Page, locale: Locale = 'es'): Promise<void> {
  await page.locator('altcha-widget').getByRole('checkbox').click({ force: true });
  await expect(page.getByText(t(locale, 'application.agreement.captchaDone'))).toBeVisible();
}

/** The step indicator's segment of a step: '1. Persona' and its status. */
export function indicatorSegment(page: Page, step: StepNumber, locale: Locale = 'es'): Locator {
  const name = t(locale, `application.indicator.short${step}`);
  return page
    .getByRole('navigation', { name: t(locale, 'application.indicator.label') })
    .getByRole('link', { name: new RegExp(`^${step}\\. ${name}`) });
}

/**
 * A read-only screen: no enabled input, textarea or select in <main>, no (Radix) checkbox, no submit button
 * of a step, and no "Submit application".
 */
export async function expectReadonlyScreen(page: Page, locale: Locale = 'es'): Promise<void> {
  const main = page.locator('main');
  await expect(main.locator('input:not([disabled]), textarea:not([disabled]), select:not([disabled])')).toHaveCount(0);
  await expect(main.locator('button[type="submit"], [role="checkbox"]')).toHaveCount(0);
  await expect(main.getByRole('button', { name: t(locale, 'application.submit.button') })).toHaveCount(0);
}

// ---- filling steps 2 to 5 in the browser ----------------------------------------------------------------------

/** A field by its label (text, number, date, select, textarea), within `scope`. */
export const labelledIn = (scope: Page | Locator, locale: Locale, id: string): Locator => scope.getByLabel(fieldLabel(t(locale, id)), { exact: true });
/** A radio or checkbox question (a fieldset named by its legend), within `scope`. */
export const questionIn = (scope: Page | Locator, locale: Locale, id: string): Locator =>
  scope.getByRole('group', { name: new RegExp(`^\\s*${escapeForRegExp(t(locale, id))}`) });
const labelled = labelledIn;
const question = questionIn;
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function answerYesNo(scope: Page | Locator, locale: Locale, id: string, yes: boolean): Promise<void> {
  await question(scope, locale, id).getByRole('radio', { name: t(locale, yes ? 'application.option.yes' : 'application.option.no'), exact: true }).check();
}

/** Step 2 in the browser: the project (name, type, industry) and, with a business, its facts. */
export async function fillBusinessStep(page: Page, locale: Locale, { name = 'Café del Sur', hasBusiness = true, askHasBusiness = false } = {}): Promise<void> {
  if (askHasBusiness) await answerYesNo(page, locale, 'application.field.has_business', hasBusiness);
  await labelled(page, locale, 'application.business.name').fill(name);
  await page.getByRole('radio', { name: t(locale, 'application.business.typePhysical'), exact: true }).check();
  await labelled(page, locale, 'application.field.industry').selectOption('72');
  if (!hasBusiness) return;
  await labelled(page, locale, 'application.field.business_phone').fill('787-555-0199');
  await labelled(page, locale, 'application.field.business_city').fill('Ponce');
  await labelled(page, locale, 'application.field.legal_structure').selectOption('7');
  await question(page, locale, 'application.field.operating_time').getByRole('radio', { name: t(locale, 'survey.operatingTime.years1To2'), exact: true }).check();
  await labelled(page, locale, 'application.field.monthly_revenue').fill('12500.50');
  await labelled(page, locale, 'application.field.employees_full_time').fill('3');
  await labelled(page, locale, 'application.field.employees_part_time').fill('2');
  await labelled(page, locale, 'application.field.owners_count').fill('1');
  await labelled(page, locale, 'application.field.professional_services').fill('1');
  await page.getByRole('checkbox', { name: t(locale, 'application.option.document.merchant_registration'), exact: true }).check();
}

/** Uploads a PDF into a documents field (an owner's identification, income documents, the no-income form). */
export async function uploadInto(scope: Page | Locator, locale: Locale, labelId: string, fileName: string): Promise<void> {
  const field = question(scope, locale, labelId);
  const count = await field.getByRole('listitem').count();
  await field.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(field.getByRole('listitem')).toHaveCount(count + 1);
  await expect(field.getByRole('listitem').filter({ hasText: fileName })).toHaveCount(1);
}

/** One owner of step 3 (the `index`th, from 0), added if needed, with an identification file. */
export async function fillOwner(page: Page, locale: Locale, index: number, name: string, position: string): Promise<void> {
  const section = stepSection(page, 3);
  const owners = section.getByRole('group', { name: new RegExp(`^${escapeForRegExp(t(locale, 'application.owners.owner', { number: index + 1 }))}$`) });
  if ((await owners.count()) === 0) {
    await section.getByRole('button', { name: t(locale, index === 0 ? 'application.owners.addFirst' : 'application.owners.add') }).click();
  }
  const owner = owners.first();
  await labelled(owner, locale, 'application.owners.name').fill(name);
  await labelled(owner, locale, 'application.owners.position').fill(position);
  await labelled(owner, locale, 'application.field.education_level').selectOption('college_degree');
  await question(owner, locale, 'application.field.employment_status').getByRole('radio', { name: t(locale, 'application.option.employment.employed'), exact: true }).check();
  await uploadInto(owner, locale, 'application.field.id_files', `identificacion-${index + 1}.pdf`);
}

/** Step 4 in the browser: with income (and its documents), or with no income (the signed form uploaded). */
export async function fillHouseholdStep(page: Page, locale: Locale, { noIncome = false } = {}): Promise<void> {
  const section = stepSection(page, 4);
  await labelled(section, locale, 'application.household.size').fill('3');
  await question(section, locale, 'application.field.head_of_household').getByRole('radio', { name: t(locale, 'application.option.head.single_female'), exact: true }).check();
  await question(section, locale, 'application.field.ethnicity').getByRole('radio', { name: t(locale, 'application.option.ethnicity.hispanic_or_latino'), exact: true }).check();
  const race = question(section, locale, 'application.field.race');
  await race.getByRole('checkbox', { name: t(locale, 'application.option.race.white'), exact: true }).check();
  await race.getByRole('checkbox', { name: t(locale, 'application.option.race.other'), exact: true }).check();
  if (noIncome) {
    await question(section, locale, 'application.household.incomeSources').getByRole('checkbox', { name: t(locale, 'application.household.incomeNoIncome'), exact: true }).check();
    await uploadInto(section, locale, 'application.field.no_income_form', 'no-ingresos-firmado.pdf');
  } else {
    await question(section, locale, 'application.household.incomeSources').getByRole('checkbox', { name: t(locale, 'application.household.incomeWork'), exact: true }).check();
    await uploadInto(section, locale, 'application.field.income_documents', 'talonario-enero.pdf');
    await uploadInto(section, locale, 'application.field.income_documents', 'talonario-febrero.pdf');
  }
  for (const id of ['application.field.public_housing', 'application.field.section_8', 'application.field.government_program', 'application.field.section_3']) {
    await answerYesNo(section, locale, id, false);
  }
}

/** Step 5 in the browser; the student block for the student sub-program. */
export async function fillTrainingStep(page: Page, locale: Locale, { student = false } = {}): Promise<void> {
  const section = stepSection(page, 5);
  await answerYesNo(section, locale, 'application.field.similar_program', false);
  await labelled(section, locale, 'application.narrative.mainChallenge').fill('Conseguir capital para una segunda tostadora.');
  await labelled(section, locale, 'application.field.strengths').fill('Tostamos nuestro propio café.');
  await labelled(section, locale, 'application.field.one_year_vision').fill('Un segundo local en Mayagüez.');
  await labelled(section, locale, 'application.field.goal_actions').fill('Vender en línea.');
  await labelled(section, locale, 'application.field.financial_support').fill('25000');
  await labelled(section, locale, 'application.field.financial_support_purpose').fill('Una tostadora.');
  await question(section, locale, 'application.field.program_interest').getByRole('radio', { name: t(locale, 'application.option.interest.both'), exact: true }).check();
  await question(section, locale, 'application.field.business_intent')
    .getByRole('radio', { name: t(locale, student ? 'application.option.intent.wants_business' : 'application.option.intent.has_business'), exact: true })
    .check();
  if (!student) return;
  await answerYesNo(section, locale, 'application.field.federal_aid_last_year', true);
  await answerYesNo(section, locale, 'application.field.pell_grant', false);
  await labelled(section, locale, 'application.field.aid_funding_source').fill('FAFSA');
  await labelled(section, locale, 'application.field.aid_amount').fill('3500');
  await labelled(section, locale, 'application.field.aid_award_date').fill('2025-08-15');
  await labelled(section, locale, 'application.field.aid_purpose').fill('Matrícula');
  await labelled(section, locale, 'application.field.institution').fill('Universidad de Puerto Rico');
  await labelled(section, locale, 'application.field.courses_applied').fill('ADMI 3005');
}
