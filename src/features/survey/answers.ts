// Turns what was typed in the survey form into the body of PUT /me/survey: numbers read the way people in Puerto
// Rico write them ("1,500.50", "$1500", "3.5", also a decimal comma "3,5"), empty text becomes null.
import { INDUSTRY_VALUES, OPERATING_TIME_VALUES, STEAM_BRANCH_VALUES } from '#shared/contract-enums';

// The contract's enums in its order (generated from openapi.yaml: scripts/gen-contract-enums.ts).
export const industries = INDUSTRY_VALUES;
export const operatingTimes = OPERATING_TIME_VALUES;
export const steamBranches = STEAM_BRANCH_VALUES;

/**
 * A number as typed: the number, null when empty, or the text itself when it is no number at all ("1e3", "abc"),
 * so the contract's check names the problem and nothing is sent that the person did not type.
 */
export function parseDecimal(text: string): number | string | null {
  const typed = text.trim();
  let value = typed.replace(/[$\s]/g, '');
  if (value === '') return null;
  if (value.includes(',') && value.includes('.')) value = value.replace(/,/g, '');
  else if (/^-?\d+,\d{1,2}$/.test(value)) value = value.replace(',', '.');
  else value = value.replace(/,(?=\d{3}(\D|$))/g, '');
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : typed;
}

const pick = <T extends string>(options: readonly T[], value: string): T | string | null =>
  value === '' ? null : (options.find((option) => option === value) ?? value);

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

const yesNoAnswer = (value: string): boolean | null => (value === 'yes' ? true : value === 'no' ? false : null);

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

/**
 * The body to send, as typed: checked against the contract's SurveyAnswers before it is sent (what is required, the
 * numbers' types and bounds, the website), so it may hold what the contract refuses. Questions about a business are
 * sent only with a business, and the student's only from a third-year student: hidden answers must not count.
 */
export function toSurveyBody(values: SurveyFormValues): Record<string, unknown> {
  const hasBusiness = yesNoAnswer(values.has_business);
  const student = yesNoAnswer(values.third_year_student);
  return {
    has_business: hasBusiness,
    idea: textOrNull(values.idea),
    industry: pick(industries, values.industry),
    operating_time: hasBusiness ? pick(operatingTimes, values.operating_time) : null,
    monthly_revenue: hasBusiness ? parseDecimal(values.monthly_revenue) : null,
    employees: hasBusiness ? parseDecimal(values.employees) : null,
    website: hasBusiness ? textOrNull(values.website) : null,
    third_year_student: student,
    gpa: student ? parseDecimal(values.gpa) : null,
    university: student ? textOrNull(values.university) : null,
    steam_branch: student ? pick(steamBranches, values.steam_branch) : null,
    cohort: student ? textOrNull(values.cohort) : null,
  };
}
