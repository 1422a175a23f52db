// The survey form's fields: each one's control id and label (in form order, as the error summary lists them),
// the message each problem found before sending shows, and the option lists its questions share.
import { defineMessages, type IntlShape } from 'react-intl';
import type { SummaryField } from '#components/ui/ErrorSummary';
import type { FormErrors } from '#lib/form-errors';
import type { SurveyProblem } from './answers';

const labels = defineMessages({
  hasBusiness: { id: 'survey.form.hasBusiness' },
  idea: { id: 'survey.form.idea' },
  industry: { id: 'survey.form.industry' },
  operatingTime: { id: 'survey.form.operatingTime' },
  monthlyRevenue: { id: 'survey.form.monthlyRevenue' },
  employees: { id: 'survey.form.employees' },
  website: { id: 'survey.form.website' },
  thirdYear: { id: 'survey.form.thirdYear' },
  university: { id: 'survey.form.university' },
  gpa: { id: 'survey.form.gpa' },
  steamBranch: { id: 'survey.form.steamBranch' },
  cohort: { id: 'survey.form.cohort' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
export const surveyFields = {
  has_business: { id: 'survey-has-business', label: labels.hasBusiness },
  idea: { id: 'survey-idea', label: labels.idea },
  industry: { id: 'survey-industry', label: labels.industry },
  operating_time: { id: 'survey-operating-time', label: labels.operatingTime },
  monthly_revenue: { id: 'survey-monthly-revenue', label: labels.monthlyRevenue },
  employees: { id: 'survey-employees', label: labels.employees },
  website: { id: 'survey-website', label: labels.website },
  third_year_student: { id: 'survey-third-year', label: labels.thirdYear },
  university: { id: 'survey-university', label: labels.university },
  gpa: { id: 'survey-gpa', label: labels.gpa },
  steam_branch: { id: 'survey-steam-branch', label: labels.steamBranch },
  cohort: { id: 'survey-cohort', label: labels.cohort },
} as const satisfies Record<string, SummaryField>;

const problemMessages = defineMessages({
  required: { id: 'ui.validation.required' },
  number: { id: 'survey.validation.number' },
  wholeNumber: { id: 'survey.validation.wholeNumber' },
  gpa: { id: 'survey.validation.gpa' },
});

/** The field a problem belongs to, and the message it shows there. */
const problemFields: Record<SurveyProblem, [keyof typeof surveyFields, keyof typeof problemMessages]> = {
  'has_business.required': ['has_business', 'required'],
  'operating_time.required': ['operating_time', 'required'],
  'monthly_revenue.number': ['monthly_revenue', 'number'],
  'employees.number': ['employees', 'wholeNumber'],
  'third_year_student.required': ['third_year_student', 'required'],
  'gpa.range': ['gpa', 'gpa'],
};

/** The problems found before sending, as the form's errors: the first message of each field. */
export function problemErrors(intl: IntlShape, problems: readonly SurveyProblem[]): FormErrors {
  const found: FormErrors = { form: [], fields: {} };
  for (const problem of problems) {
    const [field, message] = problemFields[problem];
    found.fields[field] ??= [intl.formatMessage(problemMessages[message])];
  }
  return found;
}

/** The answers of a yes/no question, as its radio buttons carry them. */
export const yesNoOptions = (intl: IntlShape) => [
  { value: 'yes', label: intl.formatMessage({ id: 'survey.form.yes' }) },
  { value: 'no', label: intl.formatMessage({ id: 'survey.form.no' }) },
];

/** The first option of a select left unanswered. */
export const chooseOption = (intl: IntlShape) => ({ value: '', label: intl.formatMessage({ id: 'survey.form.choose' }) });

/** A yes/no answer as its radio buttons hold it: '' before it is answered. */
export const yesNo = (value: boolean | undefined): string => (value === undefined ? '' : value ? 'yes' : 'no');

/** A stored number as the text field shows it. */
export const numberText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
