// One list of drafts and form bodies, run through the browser's validators (generated from openapi.yaml) and the
// server's (its own ajv over the same schemas): both name the same fields with the same message ids and values
// (docs/decisions/014-one-set-of-rules.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { checkStep } from '#server/applications/steps.ts';
import { contractOperations } from '#server/http/contract.ts';
import { validatorCompiler } from '#server/http/validators.ts';
import { STEP_NUMBERS, type StepNumber } from '#shared/application-constants.ts';
import { checkWith, toFieldMessages, type FieldMessages, type SchemaIssue } from '#shared/validation/field-messages.ts';
import { checkStepComplete, checkStepDraft } from '#shared/validation/step-checks.ts';
import { loadStepValidators } from '#shared/validation/step-validators.ts';
import * as generated from '#shared/validation/validators.js';

// The step screens' validators arrive with their screens (shared/validation/step-validators.ts): all of them here.
beforeAll(() => Promise.all(STEP_NUMBERS.map((step) => loadStepValidators(step))));

type Ids = Record<string, Array<string | [string, Record<string, number>]>>;

/** `{field: [id | [id, values]]}` as FieldMessages; a case names what both sides must say. */
const expected = (ids: Ids): FieldMessages =>
  Object.fromEntries(Object.entries(ids).map(([field, list]) => [field, list.map((item) => (typeof item === 'string' ? { id: item } : { id: item[0], values: item[1] }))]));

const fromServer = (fields: Record<string, Array<{ id: string; params?: Record<string, string | number> }>> | null): FieldMessages =>
  Object.fromEntries(Object.entries(fields ?? {}).map(([field, list]) => [field, list.map((m) => (m.params ? { id: m.id, values: m.params } : { id: m.id }))]));

const sorted = (fields: FieldMessages) => Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));

const INCOMPLETE = { non_field_errors: ['api.application.incomplete'] };

// The server checks request bodies one problem at a time (server/http/validators.ts), so each case has one.
const bodyOf = (operationId: string) => {
  const operation = contractOperations().find((candidate) => candidate.operationId === operationId);
  if (!operation?.schema.body) throw new Error(`no body for ${operationId}`);
  return operation.schema.body;
};
const serverBody = (operationId: string, data: unknown): FieldMessages => {
  const validate = validatorCompiler({ schema: bodyOf(operationId), httpPart: 'body', method: 'POST', url: '/' }) as ((data: unknown) => boolean) & {
    errors?: SchemaIssue[] | null;
  };
  return validate(structuredClone(data)) ? {} : toFieldMessages(validate.errors);
};


const draftCases: Array<[StepNumber, unknown, Ids]> = [
  [1, { first_name: 'Ana', email: '', phone: '', postal_code: '' }, {}],
  [1, { email: 'ana@example.com', phone: '787-555-0123', country: 'Puerto Rico', postal_code: '00901-1234' }, {}],
  [1, { country: 'Canada', postal_code: 'K1A 0B1' }, {}],
  [1, { email: 'not-an-email' }, { email: ['api.field.email'] }],
  [1, { phone: 'call me' }, { phone: ['api.field.phone'] }],
  [1, { phone: '12345' }, { phone: ['api.field.phone'] }],
  [1, { postal_code: '1234' }, { postal_code: ['api.field.zipCode'] }],
  [1, { country: 'PR', postal_code: '009011' }, { postal_code: ['api.field.zipCode'] }],
  [1, { ssn_last4: '12a' }, { ssn_last4: ['api.field.ssnLast4'] }],
  [1, { first_name: 'x'.repeat(151) }, { first_name: [['api.field.maxLength', { limit: 150 }]] }],
  [1, { gender: 'other' }, { gender: ['api.field.choice'] }],
  [2, { business_type: 'shop' }, { business_type: ['api.field.choice'] }],
  [2, { legal_structure: 11, industry: '12' }, { legal_structure: ['api.field.choice'], industry: ['api.field.choice'] }],
  [2, { employees_full_time: 2.5 }, { employees_full_time: ['api.field.wholeNumber'] }],
  [2, { incorporation_date: 'ayer' }, { incorporation_date: ['api.field.date'] }],
  [3, { owners: [{ education_level: 'kindergarten' }] }, { 'owners.0.education_level': ['api.field.choice'] }],
  [4, { race: ['green'] }, { 'race.0': ['api.field.choice'] }],
  [3, { owners: [{ position: 7 }] }, { 'owners.0.position': ['api.field.invalid'] }],
  [4, { household_size: 3 }, {}],
  [4, { household_size: -2 }, { household_size: [['api.field.minimum', { limit: 1 }]] }],
  [4, { household_size: 3.5 }, { household_size: ['api.field.wholeNumber'] }],
  [4, { household_size: '1e3' }, { household_size: ['api.field.wholeNumber'] }],
  [4, { household_size: 'abc' }, { household_size: ['api.field.wholeNumber'] }],
  [4, { household_size: 51 }, { household_size: [['api.field.maximum', { limit: 50 }]] }],
  // The household's annual income (docs/decisions/031): optional, dollars and cents, never negative.
  [4, { annual_income: 52000.5 }, {}],
  [4, { annual_income: -1 }, { annual_income: [['api.field.minimum', { limit: 0 }]] }],
  [4, { annual_income: 'abc' }, { annual_income: ['api.field.number'] }],
  [4, { income_sources: ['lottery'] }, { 'income_sources.0': ['api.field.choice'] }],
  [6, { conditions: 'yes' }, { conditions: ['api.field.invalid'] }],
];

const household = {
  household_size: 2, head_of_household: 'single_female', ethnicity: 'hispanic_or_latino', race: ['white'], public_housing: false,
  section_8: false, government_program: false, section_3: false,
};
const training = {
  similar_program: false, main_challenge: 'Capital', strengths: 'Roasting', one_year_vision: 'Two cafés', goal_actions: 'Sell online',
  financial_support: 25000, financial_support_purpose: 'A roaster', program_interest: 'both', business_intent: 'has_business',
};

const completeCases: Array<[StepNumber, unknown, Ids | null]> = [
  [
    1,
    {
      first_name: 'Ana', last_name: 'Rivera', gender: 'female', phone: '787-555-0123', email: 'ana@example.com', country: 'Puerto Rico',
      state: 'PR', city: 'San Juan', postal_code: '00901', physical_line1: 'Calle Luna 1', postal_same_as_physical: true, ssn_last4: '1234',
    },
    null,
  ],
  [
    1,
    { first_name: ' ', email: '', gender: null, ssn_last4: '12', postal_same_as_physical: false },
    {
      ...INCOMPLETE, first_name: ['api.field.required'], last_name: ['api.field.required'], gender: ['api.field.required'],
      phone: ['api.field.required'], email: ['api.field.required'], country: ['api.field.required'], state: ['api.field.required'],
      city: ['api.field.required'], postal_code: ['api.field.required'], physical_line1: ['api.field.required'],
      postal_line1: ['api.field.required'], ssn_last4: ['api.field.ssnLast4'],
    },
  ],
  // Steps 2 to 5 in full (docs/decisions/015): no business yet asks only for the project.
  [2, { has_business: false, business_name: 'Café', business_type: 'both', industry: '72' }, null],
  [2, { has_business: false, business_name: ' ' }, { ...INCOMPLETE, business_name: ['api.field.required'], business_type: ['api.field.required'], industry: ['api.field.required'] }],
  [
    2,
    { has_business: true, business_name: 'Café', business_type: 'both', industry: '72', business_phone: '787-555-0199', monthly_revenue: null },
    {
      ...INCOMPLETE, business_city: ['api.field.required'], legal_structure: ['api.field.required'], operating_time: ['api.field.required'],
      monthly_revenue: ['api.field.required'], employees_full_time: ['api.field.required'], employees_part_time: ['api.field.required'],
      owners_count: ['api.field.required'], professional_services: ['api.field.required'],
    },
  ],
  [3, { owners: [] }, { ...INCOMPLETE, owners: ['api.application.ownersRequired'] }],
  [3, {}, { ...INCOMPLETE, owners: ['api.application.ownersRequired'] }],
  [
    3,
    { owners: [{ name: 'Ana', position: '', education_level: 'master', employment_status: 'employed', id_files: [4] }] },
    { ...INCOMPLETE, 'owners.0.position': ['api.field.required'] },
  ],
  [
    3,
    { owners: [{ name: 'Ana', position: 'CEO', education_level: null, id_files: [] }] },
    { ...INCOMPLETE, 'owners.0.education_level': ['api.field.required'], 'owners.0.employment_status': ['api.field.required'], 'owners.0.id_files': ['api.field.required'] },
  ],
  [4, { ...household, income_sources: ['no_income'], no_income_form: [9] }, null],
  [4, { ...household, income_sources: ['no_income'] }, { ...INCOMPLETE, no_income_form: ['api.application.noIncomeFormRequired'] }],
  [4, { ...household, income_sources: ['no_income', 'work'], no_income_form: [9] }, { ...INCOMPLETE, income_sources: ['api.application.noIncomeAlone'] }],
  [4, { ...household, income_sources: ['work'] }, { ...INCOMPLETE, income_documents: ['api.field.required'] }],
  [4, { income_sources: [] }, {
    ...INCOMPLETE, household_size: ['api.field.required'], income_sources: ['api.field.required'], head_of_household: ['api.field.required'],
    ethnicity: ['api.field.required'], race: ['api.field.required'], public_housing: ['api.field.required'], section_8: ['api.field.required'],
    government_program: ['api.field.required'], section_3: ['api.field.required'], income_documents: ['api.field.required'],
  }],
  [5, { ...training, main_challenge: '' }, { ...INCOMPLETE, main_challenge: ['api.field.required'] }],
  [5, { ...training, similar_program: true }, { ...INCOMPLETE, similar_program_details: ['api.field.required'] }],
  [5, training, null],
  [6, { conditions: true, captcha: 'payload' }, null],
  [6, { conditions: false }, { ...INCOMPLETE, conditions: ['api.error.conditions'], captcha: ['api.error.captcha'] }],
];

describe('a step draft, as saved', () => {
  it.each(draftCases)('step %i %j', (step, data, ids) => {
    const browser = checkStepDraft(step, data);
    // The server checks a draft as the body of its step's save operation, and names its fields inside `data`.
    const server = Object.fromEntries(
      Object.entries(serverBody(`saveApplicationStep${step}`, { data, version: 0 })).map(([field, list]) => [field.replace(/^data\./, ''), list]),
    );
    expect(sorted(browser)).toEqual(sorted(expected(ids)));
    // The server stops at a draft's first problem (every request body is checked one error at a time, so a crafted
    // one cannot make validation slow); the browser names them all. Same rules, same messages: what the server names
    // is among what the browser names, word for word, and a draft one refuses the other refuses too.
    expect(Object.keys(server).length > 0).toBe(Object.keys(browser).length > 0);
    for (const [field, messages] of Object.entries(server)) expect(browser[field], field).toEqual(messages);
  });
});

describe('step 5 of the student sub-program, as submitted', () => {
  it('asks the student block, and the aid details only when aid was received, on both sides alike', () => {
    const noBlock = checkStepComplete(5, training, { student: true });
    const serverNoBlock = checkStep(5, training, { hasIntakeForm: false, student: true });
    const ids = { ...INCOMPLETE, federal_aid_last_year: ['api.field.required'], pell_grant: ['api.field.required'], institution: ['api.field.required'], courses_applied: ['api.field.required'] };
    expect(sorted(noBlock ?? {})).toEqual(sorted(expected(ids)));
    expect(sorted(fromServer(serverNoBlock))).toEqual(sorted(expected(ids)));
    const pell = { ...training, federal_aid_last_year: false, pell_grant: true, institution: 'UPR', courses_applied: 'ADMI 3005' };
    const aid = { ...INCOMPLETE, aid_funding_source: ['api.field.required'], aid_amount: ['api.field.required'], aid_award_date: ['api.field.required'], aid_purpose: ['api.field.required'] };
    expect(sorted(checkStepComplete(5, pell, { student: true }) ?? {})).toEqual(sorted(expected(aid)));
    expect(sorted(fromServer(checkStep(5, pell, { hasIntakeForm: false, student: true })))).toEqual(sorted(expected(aid)));
    expect(checkStepComplete(5, training)).toBeNull();
  });
});

describe('a step, as submitted', () => {
  it.each(completeCases)('step %i %j', (step, data, ids) => {
    const browser = checkStepComplete(step, data);
    const server = checkStep(step, data as Record<string, unknown>, { hasIntakeForm: true, student: false });
    if (ids === null) {
      expect(browser).toBeNull();
      expect(server).toBeNull();
      return;
    }
    expect(sorted(browser ?? {})).toEqual(sorted(expected(ids)));
    expect(sorted(fromServer(server))).toEqual(sorted(browser ?? {}));
  });
});

const survey = { has_business: true, operating_time: 'years_1_to_2', third_year_student: false };
const bodyCases: Array<[keyof typeof generated, string, unknown, Ids]> = [
  ['saveMySurveyBody', 'saveMySurvey', { ...survey, website: 'miempresa.com' }, {}],
  ['saveMySurveyBody', 'saveMySurvey', { ...survey, website: 'https://www.miempresa.com/tienda?x=1' }, {}],
  ['saveMySurveyBody', 'saveMySurvey', { ...survey, website: 'not a url <script>' }, { website: ['api.field.url'] }],
  ['saveMySurveyBody', 'saveMySurvey', { ...survey, employees: 2.5 }, { employees: ['api.field.wholeNumber'] }],
  ['saveMySurveyBody', 'saveMySurvey', { ...survey, employees: -1 }, { employees: [['api.field.minimum', { limit: 0 }]] }],
  ['saveMySurveyBody', 'saveMySurvey', { ...survey, gpa: 5 }, { gpa: [['api.field.maximum', { limit: 4 }]] }],
  ['updateMeBody', 'updateMe', { phone: '(787) 555-0123' }, {}],
  ['updateMeBody', 'updateMe', { phone: 'call me' }, { phone: ['api.field.phone'] }],
  ['updateMeBody', 'updateMe', { country: 'Puerto Rico', postal_code: '00901' }, {}],
  ['updateMeBody', 'updateMe', { country: 'Estados Unidos', postal_code: 'ABC' }, { postal_code: ['api.field.zipCode'] }],
  ['updateMeBody', 'updateMe', { country: 'España', postal_code: '28001 Madrid' }, {}],
  // The sign-in e-mail changes only through changeMyEmail (docs/decisions/046-account-safety.md): a field PATCH /me refuses.
  ['updateMeBody', 'updateMe', { email: 'ana@example.com' }, { email: ['api.field.notAllowed'] }],
  ['changeMyEmailBody', 'changeMyEmail', { email: 'ana@', current_password: 'x' }, { email: ['api.field.email'] }],
  ['changeMyEmailBody', 'changeMyEmail', { email: 'ana@example.com' }, { current_password: ['api.field.required'] }],
  ['registerBody', 'register', { email: 'ana@example.com', password: 'short', first_name: 'Ana', last_name: 'R', language: 'es', conditions: true, captcha: 'x' }, { password: [['api.field.minLength', { limit: 8 }]] }],
  ['loginBody', 'login', { email: 'ana@example.com' }, { password: ['api.field.required'] }],
];

describe('a form body', () => {
  it.each(bodyCases)('%s %j', (name, operationId, data, ids) => {
    const browser = checkWith(generated[name], data);
    expect(sorted(browser)).toEqual(sorted(expected(ids)));
    expect(sorted(serverBody(operationId, data))).toEqual(sorted(browser));
  });
});
