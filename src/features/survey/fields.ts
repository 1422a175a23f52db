// The survey form's fields: each one's control id and label (in form order, as the error summary lists them), and
// the option lists its questions share.
import type { IntlShape } from 'react-intl';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { surveyLabels as labels } from '#components/survey/messages';

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
