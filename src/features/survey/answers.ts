// Turns what was typed in the survey form into the API's SurveyAnswers: numbers read the way people in Puerto
// Rico write them ("1,500.50", "$1500", "3.5", also a decimal comma "3,5"), empty text becomes null.
import type { Industry, OperatingTime, SteamBranch, SurveyAnswers } from '#api/survey';

export const industries = [
  '11', '21', '22', '23', '31', '42', '44', '48', '51', '52', '53', '54', '55', '56', '61', '62', '71', '72', '81', '99',
] as const satisfies readonly Industry[];

export const operatingTimes = [
  'under_3_months',
  'months_3_to_6',
  'months_6_to_12',
  'years_1_to_2',
  'years_3_to_5',
  'years_6_plus',
] as const satisfies readonly OperatingTime[];

export const steamBranches = ['science', 'technology', 'engineering', 'arts', 'mathematics'] as const satisfies readonly SteamBranch[];

/** The survey's option lists hold every value of the contract's enums: `never` (a type error) when one is missing. */
type Complete<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : never;
export const everyOptionListed: [
  Complete<Industry, (typeof industries)[number]>,
  Complete<OperatingTime, (typeof operatingTimes)[number]>,
  Complete<SteamBranch, (typeof steamBranches)[number]>,
] = [true, true, true];

/** A number as typed, or null when empty; NaN when it is not a number at all. */
export function parseDecimal(text: string): number | null {
  let value = text.trim().replace(/[$\s]/g, '');
  if (value === '') return null;
  if (value.includes(',') && value.includes('.')) value = value.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(value)) value = value.replace(',', '.');
  else value = value.replace(/,(?=\d{3}(\D|$))/g, '');
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/** A whole number as typed ("1,200" included), null when empty, NaN otherwise. */
export function parseWholeNumber(text: string): number | null {
  const value = parseDecimal(text);
  if (value === null || Number.isNaN(value)) return value;
  return Number.isInteger(value) ? value : Number.NaN;
}

const pick = <T extends string>(options: readonly T[], value: string): T | null => options.find((option) => option === value) ?? null;

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** What the form holds, as strings ('' for nothing chosen); `has_business` and `third_year_student` as 'yes' / 'no' / ''. */
export interface SurveyFormValues {
  has_business: string;
  idea: string;
  industry: string;
  operating_time: string;
  monthly_revenue: string;
  employees: string;
  website: string;
  third_year_student: string;
  university: string;
  gpa: string;
  steam_branch: string;
  cohort: string;
}

export type SurveyProblem =
  | 'has_business.required'
  | 'operating_time.required'
  | 'monthly_revenue.number'
  | 'employees.number'
  | 'third_year_student.required'
  | 'gpa.range';

/**
 * The answers to send, or the problems to show first. Questions about a business are sent only with a business,
 * and the student's only from a third-year student: hidden answers must not count.
 */
export function toSurveyAnswers(values: SurveyFormValues): { answers: SurveyAnswers | null; problems: SurveyProblem[] } {
  const problems: SurveyProblem[] = [];
  const hasBusiness = values.has_business === 'yes' ? true : values.has_business === 'no' ? false : null;
  const student = values.third_year_student === 'yes' ? true : values.third_year_student === 'no' ? false : null;
  if (hasBusiness === null) problems.push('has_business.required');
  if (student === null) problems.push('third_year_student.required');

  const operatingTime = hasBusiness ? pick(operatingTimes, values.operating_time) : null;
  if (hasBusiness && operatingTime === null) problems.push('operating_time.required');
  const revenue = hasBusiness ? parseDecimal(values.monthly_revenue) : null;
  if (revenue !== null && Number.isNaN(revenue)) problems.push('monthly_revenue.number');
  const employees = hasBusiness ? parseWholeNumber(values.employees) : null;
  if (employees !== null && Number.isNaN(employees)) problems.push('employees.number');
  const gpa = student ? parseDecimal(values.gpa) : null;
  if (gpa !== null && (Number.isNaN(gpa) || gpa < 0 || gpa > 4)) problems.push('gpa.range');

  if (problems.length > 0 || hasBusiness === null || student === null) return { answers: null, problems };
  return {
    answers: {
      has_business: hasBusiness,
      idea: textOrNull(values.idea),
      industry: pick(industries, values.industry),
      operating_time: operatingTime,
      monthly_revenue: revenue,
      employees,
      website: hasBusiness ? textOrNull(values.website) : null,
      third_year_student: student,
      gpa,
      university: student ? textOrNull(values.university) : null,
      steam_branch: student ? pick(steamBranches, values.steam_branch) : null,
      cohort: student ? textOrNull(values.cohort) : null,
    },
    problems: [],
  };
}
