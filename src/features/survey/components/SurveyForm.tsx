// The survey form: its two sections, the contract's checks made before sending (problems shown in the error summary
// and beside their fields) and the server's field errors when the save fails.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '#api/errors';
import { Button } from '#components/ui/Button';
import { ErrorSummary } from '#components/ui/ErrorSummary';
import { RequiredNote } from '#components/ui/Field';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors, toFormErrors } from '#lib/form-errors';
import { checkForm, text } from '#lib/validation';
import { saveMySurveyBody } from '#shared/validation/validators/saveMySurveyBody.js';
import type { Survey, SurveyAnswers } from '#api/survey';
import { toSurveyBody, type SurveyFormValues } from '#features/survey/answers';
import { surveyFields as fields, yesNo } from '#features/survey/fields';
import { BusinessQuestions } from './BusinessQuestions';
import { StudentQuestions } from './StudentQuestions';

interface SurveyFormProps {
  /** The answers saved last, which the form starts from (null before the first save). */
  initial: Survey | null;
  pending: boolean;
  /** Sends the answers; `fail` takes the error of a failed save. */
  onSubmit: (answers: SurveyAnswers, fail: (error: unknown) => void) => void;
}

export function SurveyForm({ initial, pending, onSubmit }: SurveyFormProps) {
  const intl = useIntl();
  // Which follow-up questions show: form UI state, not a workflow.
  const [hasBusiness, setHasBusiness] = useState(yesNo(initial?.has_business));
  const [student, setStudent] = useState(yesNo(initial?.third_year_student));
  const { errors, attempt, fail, clear } = useFormErrors();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: SurveyFormValues = {
      has_business: hasBusiness,
      idea: text(data, 'idea'),
      industry: text(data, 'industry'),
      operating_time: text(data, 'operating_time'),
      monthly_revenue: text(data, 'monthly_revenue'),
      employees: text(data, 'employees'),
      website: text(data, 'website'),
      third_year_student: student,
      university: text(data, 'university'),
      gpa: text(data, 'gpa'),
      steam_branch: text(data, 'steam_branch'),
      cohort: text(data, 'cohort'),
    };
    const body = toSurveyBody(values);
    const found = checkForm(saveMySurveyBody, body);
    if (hasErrors(found)) return fail(found);
    clear();
    // Checked against the contract's SurveyAnswers just above.
    onSubmit(body as SurveyAnswers, (error) =>
      fail(toFormErrors(errorBody(error), Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }))),
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-busy={pending}>
      <ErrorSummary key={attempt} id="survey-errors" errors={errors} fields={fields} />
      <RequiredNote />
      <BusinessQuestions initial={initial} hasBusiness={hasBusiness} onHasBusinessChange={setHasBusiness} errors={errors.fields} />
      <StudentQuestions initial={initial} student={student} onStudentChange={setStudent} errors={errors.fields} />
      <Button type="submit" disabled={pending}>
        {pending ? <FormattedMessage id="survey.form.saving" /> : <FormattedMessage id="survey.form.save" />}
      </Button>
    </form>
  );
}
