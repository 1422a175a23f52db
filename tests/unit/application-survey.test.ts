// The survey form's answers as the API takes them: numbers as people in Puerto Rico type them, hidden follow-up
// questions not sent, and the required answers checked before sending.
import { describe, expect, it } from 'vitest';
import { parseDecimal, parseWholeNumber, toSurveyAnswers, type SurveyFormValues } from '#features/survey/answers';

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

describe('parseDecimal', () => {
  it('reads plain, thousands-separated, currency and decimal-comma numbers', () => {
    expect(parseDecimal('2500')).toBe(2500);
    expect(parseDecimal('2,500')).toBe(2500);
    expect(parseDecimal('$1,250,000.50')).toBe(1250000.5);
    expect(parseDecimal(' 3.25 ')).toBe(3.25);
    expect(parseDecimal('3,5')).toBe(3.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('mucho')).toBeNaN();
    expect(parseDecimal('-5')).toBeNaN();
  });

  it('reads whole numbers only where a count is asked', () => {
    expect(parseWholeNumber('1,200')).toBe(1200);
    expect(parseWholeNumber('2.5')).toBeNaN();
    expect(parseWholeNumber('')).toBeNull();
  });
});

describe('toSurveyAnswers', () => {
  it('asks for the two yes/no questions first', () => {
    expect(toSurveyAnswers(empty)).toEqual({ answers: null, problems: ['has_business.required', 'third_year_student.required'] });
  });

  it('needs the operating time of a business, and numbers that are numbers', () => {
    const result = toSurveyAnswers({ ...empty, has_business: 'yes', third_year_student: 'no', monthly_revenue: 'mucho', employees: '1.5' });
    expect(result.problems).toEqual(['operating_time.required', 'monthly_revenue.number', 'employees.number']);
  });

  it('checks the GPA range for a student', () => {
    expect(toSurveyAnswers({ ...empty, has_business: 'no', third_year_student: 'yes', gpa: '4.5' }).problems).toEqual(['gpa.range']);
  });

  it('sends every answer, with hidden questions as null', () => {
    const result = toSurveyAnswers({
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
    expect(result).toEqual({
      problems: [],
      answers: {
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
      },
    });
  });

  it('drops choices that are not the API\'s', () => {
    const result = toSurveyAnswers({ ...empty, has_business: 'yes', operating_time: 'years_1_to_2', industry: '98', third_year_student: 'no', steam_branch: 'music' });
    expect(result.answers).toMatchObject({ industry: null, operating_time: 'years_1_to_2', steam_branch: null });
  });
});
