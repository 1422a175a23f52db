// The survey form's answers as the API takes them: numbers as people in Puerto Rico type them, hidden follow-up
// questions not sent, and the contract's rules (SurveyAnswers) checked before sending.
import { describe, expect, it } from 'vitest';
import { parseDecimal, toSurveyBody, type SurveyFormValues } from '#features/survey/answers';
import { checkWith } from '#shared/validation/field-messages';
import { saveMySurveyBody } from '#shared/validation/validators.js';

const empty: SurveyFormValues = {
  has_business: '',
  idea: '',
  industry: '',
  operating_time: '',
  monthly_revenue: '',
  employees: '',
  website: '',
  third_year_student: '',
  university: '',
  gpa: '',
  steam_branch: '',
  cohort: '',
};

const check = (values: SurveyFormValues) => checkWith(saveMySurveyBody, toSurveyBody(values));

describe('parseDecimal', () => {
  it('reads plain, thousands-separated, currency, negative and decimal-comma numbers', () => {
    expect(parseDecimal('2500')).toBe(2500);
    expect(parseDecimal('2,500')).toBe(2500);
    expect(parseDecimal('$1,250,000.50')).toBe(1250000.5);
    expect(parseDecimal(' 3.25 ')).toBe(3.25);
    expect(parseDecimal('3,5')).toBe(3.5);
    expect(parseDecimal('-5')).toBe(-5);
    expect(parseDecimal('')).toBeNull();
  });

  it('keeps what is no number as it was typed, for the contract to refuse', () => {
    expect(parseDecimal('mucho')).toBe('mucho');
    expect(parseDecimal(' 1e3 ')).toBe('1e3');
  });
});

describe('the survey body, checked with the contract (SurveyAnswers)', () => {
  it('asks for the two yes/no questions first', () => {
    expect(check(empty)).toEqual({ has_business: [{ id: 'api.field.required' }], third_year_student: [{ id: 'api.field.required' }] });
  });

  it('needs the operating time of a business, and numbers that are numbers', () => {
    expect(check({ ...empty, has_business: 'yes', third_year_student: 'no', monthly_revenue: 'mucho', employees: '1.5' })).toEqual({
      operating_time: [{ id: 'api.field.required' }],
      monthly_revenue: [{ id: 'api.field.number' }],
      employees: [{ id: 'api.field.wholeNumber' }],
    });
    expect(check({ ...empty, has_business: 'yes', operating_time: 'years_1_to_2', third_year_student: 'no', employees: '-2' })).toEqual({
      employees: [{ id: 'api.field.minimum', values: { limit: 0 } }],
    });
  });

  it('checks the GPA range for a student', () => {
    expect(check({ ...empty, has_business: 'no', third_year_student: 'yes', gpa: '4.5' })).toEqual({
      gpa: [{ id: 'api.field.maximum', values: { limit: 4 } }],
    });
  });

  it('checks the website, with or without its scheme', () => {
    const business = { ...empty, has_business: 'yes', operating_time: 'years_1_to_2', third_year_student: 'no' };
    expect(check({ ...business, website: 'miempresa.com' })).toEqual({});
    expect(check({ ...business, website: 'not a url <script>' })).toEqual({ website: [{ id: 'api.field.url' }] });
  });

  it('sends every answer, with hidden questions as null', () => {
    const body = toSurveyBody({
      ...empty,
      has_business: 'no',
      idea: '  Pan de agua artesanal ',
      industry: '72',
      operating_time: 'years_6_plus',
      monthly_revenue: '900',
      website: 'https://example.com',
      third_year_student: 'yes',
      university: 'UPR Mayagüez',
      gpa: '3,75',
      steam_branch: 'engineering',
      cohort: '2027',
    });
    expect(body).toEqual({
      has_business: false,
      idea: 'Pan de agua artesanal',
      industry: '72',
      operating_time: null,
      monthly_revenue: null,
      employees: null,
      website: null,
      third_year_student: true,
      gpa: 3.75,
      university: 'UPR Mayagüez',
      steam_branch: 'engineering',
      cohort: '2027',
    });
    expect(checkWith(saveMySurveyBody, body)).toEqual({});
  });

  it("refuses choices that are not the contract's", () => {
    expect(check({ ...empty, has_business: 'yes', operating_time: 'years_1_to_2', industry: '98', third_year_student: 'yes', steam_branch: 'music' })).toEqual({
      industry: [{ id: 'api.field.choice' }],
      steam_branch: [{ id: 'api.field.choice' }],
    });
  });
});
