// The contract's rules on the server (docs/decisions/014-one-set-of-rules.md): formats of phone, ZIP code, website
// and e-mail on the profile, the survey and step 1; numbers that are numbers; a step submitted through its Complete
// schema, conditional fields included; and the message ids sent beside the texts (Error-Messages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';
import { completeSteps, createProgram, signUp, type Person } from '../support/applicants.ts';

const survey = { has_business: true, operating_time: 'years_1_to_2', third_year_student: false };

describe.each(databaseKinds)('the rules of openapi.yaml on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  let en: Record<string, string>;
  let applicationId: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    ana = await signUp(test);
    en = { ...ana.headers, 'accept-language': 'en' };
    const program = await createProgram(test);
    const applied = await test.call('POST', '/applications', { program_id: program.id }, ana.headers);
    applicationId = applied.json().id;
  });
  afterAll(async () => {
    await test?.close();
  });

  const saveStep = async (step: number, data: unknown) => {
    const current = (await test.call('GET', `/applications/${applicationId}`, undefined, ana.headers)).json().steps[step - 1].version;
    return test.call('PUT', `/applications/${applicationId}/steps/${step}`, { data, version: current }, en);
  };

  describe('the profile (PATCH /me)', () => {
    it.each([
      [{ phone: '787-555-0123' }],
      [{ phone: '+1 (787) 555 0123' }],
      [{ phone: '' }],
      [{ country: 'Puerto Rico', postal_code: '00901' }],
      [{ country: 'US', postal_code: '10001-1234' }],
      [{ country: 'España', postal_code: '28001' }],
      [{ country: 'Canada', postal_code: 'K1A 0B1' }],
    ])('stores %j', async (change) => {
      const response = await test.call('PATCH', '/me', change, en);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject(change);
    });

    it.each([
      [{ phone: 'call me' }, 'phone', 'Enter a phone number with 7 to 15 digits, for example 787-555-0123.'],
      [{ phone: '555-01' }, 'phone', 'Enter a phone number with 7 to 15 digits, for example 787-555-0123.'],
      [{ country: 'Puerto Rico', postal_code: '9090' }, 'postal_code', 'Enter a ZIP code of 5 or 9 digits, for example 00901 or 00901-1234.'],
      [{ country: 'Estados Unidos', postal_code: 'ABCDE' }, 'postal_code', 'Enter a ZIP code of 5 or 9 digits, for example 00901 or 00901-1234.'],
      // The sign-in e-mail changes only by POST /me/email (tests/server/me-email.test.ts), never here.
      [{ email: 'ana@example.com' }, 'email', 'This field is not allowed.'],
    ])('refuses %j, naming %s', async (change, field, message) => {
      const before = (await test.call('GET', '/me', undefined, en)).json();
      const response = await test.call('PATCH', '/me', change, en);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: [message], code: 'invalid' });
      expect((await test.call('GET', '/me', undefined, en)).json()).toEqual(before);
    });
  });

  describe('the survey (PUT /me/survey)', () => {
    it('stores a website typed without its scheme with https:// in front, and one with a scheme as it is', async () => {
      const bare = await test.call('PUT', '/me/survey', { ...survey, website: 'miempresa.com' }, en);
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json().website).toBe('https://miempresa.com');
      expect((await test.call('GET', '/me/survey', undefined, en)).json().website).toBe('https://miempresa.com');
      const full = await test.call('PUT', '/me/survey', { ...survey, website: 'http://tienda.example.com/pan?x=1' }, en);
      expect(full.json().website).toBe('http://tienda.example.com/pan?x=1');
    });

    it.each(['not a url <script>', 'javascript:alert(1)', 'http://', 'mi empresa.com'])('refuses the website %j', async (website) => {
      const response = await test.call('PUT', '/me/survey', { ...survey, website }, en);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ website: ['Enter a web address, for example miempresa.com or https://miempresa.com.'], code: 'invalid' });
    });

    it.each([
      [{ employees: 2.5 }, 'employees', 'Enter a whole number using digits only, for example 3.'],
      [{ employees: '1e3' }, 'employees', 'Enter a whole number using digits only, for example 3.'],
      [{ employees: -2 }, 'employees', 'Enter a number of at least 0.'],
      [{ monthly_revenue: 'abc' }, 'monthly_revenue', 'Enter a number using digits, for example 1500 or 2.5.'],
      [{ operating_time: null }, 'operating_time', 'This field is required.'],
    ])('refuses %j, naming %s', async (change, field, message) => {
      const response = await test.call('PUT', '/me/survey', { ...survey, ...change }, en);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: [message], code: 'invalid' });
    });
  });

  describe('step drafts and steps', () => {
    it.each([
      [1, { phone: 'call me' }, 'phone', 'Enter a phone number with 7 to 15 digits, for example 787-555-0123.'],
      [1, { postal_code: '123' }, 'postal_code', 'Enter a ZIP code of 5 or 9 digits, for example 00901 or 00901-1234.'],
      [1, { email: 'ana@example' }, 'email', 'Enter a valid email address.'],
      [4, { household_size: -2 }, 'household_size', 'Enter a number of at least 1.'],
      [4, { household_size: 3.5 }, 'household_size', 'Enter a whole number using digits only, for example 3.'],
      [4, { household_size: '1e3' }, 'household_size', 'Enter a whole number using digits only, for example 3.'],
    ])('refuses a step %i draft %j, naming %s, and keeps what was saved', async (step, data, field, message) => {
      const before = (await test.call('GET', `/applications/${applicationId}`, undefined, ana.headers)).json().steps[step - 1].data;
      const response = await saveStep(step, data);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: [message], code: 'invalid' });
      expect((await test.call('GET', `/applications/${applicationId}`, undefined, ana.headers)).json().steps[step - 1].data).toEqual(before);
    });

    it('accepts a step 1 draft with a Canadian postal code, and empty formats in a draft', async () => {
      expect((await saveStep(1, { country: 'Canada', postal_code: 'K1A 0B1', phone: '', email: '' })).statusCode).toBe(200);
    });

    it('asks for the postal address only when it is not the physical one', async () => {
      const person = {
        first_name: 'Ana', last_name: 'Rivera', gender: 'female', phone: '787-555-0123', email: 'ana@example.com', country: 'Puerto Rico',
        state: 'PR', city: 'San Juan', postal_code: '00901', physical_line1: 'Calle Luna 1', ssn_last4: '1234',
      };
      expect((await saveStep(1, { ...person, postal_same_as_physical: false })).statusCode).toBe(200);
      const refused = await test.call('POST', `/applications/${applicationId}/steps/1/submit`, undefined, en);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        non_field_errors: ['Check that all data have been entered.'],
        postal_line1: ['This field is required.'],
        code: 'invalid',
      });
      expect((await saveStep(1, { ...person, postal_same_as_physical: true })).statusCode).toBe(200);
      expect((await test.call('POST', `/applications/${applicationId}/steps/1/submit`, undefined, en)).statusCode).toBe(200);
    });

    it('names every missing field of a step at once, and sends their message ids in Error-Messages', async () => {
      // Every other answer of step 4 given (docs/product.md section 3): the size, "no income" alone, and its signed form.
      const { household_size: _missing, ...household } = completeSteps[4];
      const draft = { ...household, income_sources: ['no_income', 'work'], income_documents: [] as number[] };
      expect((await saveStep(4, draft)).statusCode).toBe(200);
      const refused = await test.call('POST', `/applications/${applicationId}/steps/4/submit`, undefined, en);
      expect(refused.json()).toEqual({
        non_field_errors: ['Check that all data have been entered.'],
        household_size: ['This field is required.'],
        income_sources: ['"No income" cannot be combined with other income sources.'],
        no_income_form: ['Download the no-income form, sign it and upload it.'],
        code: 'invalid',
      });
      expect(JSON.parse(decodeURIComponent(String(refused.headers['error-messages'])))).toEqual({
        non_field_errors: [{ id: 'api.application.incomplete' }],
        household_size: [{ id: 'api.field.required' }],
        income_sources: [{ id: 'api.application.noIncomeAlone' }],
        no_income_form: [{ id: 'api.application.noIncomeFormRequired' }],
      });
    });

    it('sends the ids and values of a refused draft, named inside data', async () => {
      const refused = await saveStep(4, { household_size: 51 });
      expect(JSON.parse(decodeURIComponent(String(refused.headers['error-messages'])))).toEqual({
        household_size: [{ id: 'api.field.maximum', values: { limit: 50 } }],
      });
    });
  });

  it('sends the id of a single message too', async () => {
    const response = await test.call('GET', '/me/survey', undefined, { ...(await signUp(test)).headers, 'accept-language': 'en' });
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(decodeURIComponent(String(response.headers['error-messages'])))).toEqual({ detail: [{ id: 'api.survey.notAnswered' }] });
  });
});
