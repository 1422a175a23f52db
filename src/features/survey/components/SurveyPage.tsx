// /panel/survey: the short eligibility survey asked before the first application (DESIGN.md section 3, Survey).
// After saving it shows the sub-programs the server recommends and continues to Apply (`?program=<id>` says which
// program the person was applying to when the survey was asked for).
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorBody } from '../../../api/errors';
import { Alert } from '../../../components/ui/Alert';
import { Button, ButtonLink, linkClass } from '../../../components/ui/Button';
import { RadioGroupField } from '../../../components/ui/ChoiceField';
import { ErrorSummary, type SummaryField } from '../../../components/ui/ErrorSummary';
import { RequiredNote, SelectField, TextField } from '../../../components/ui/Field';
import { PageHeading } from '../../../components/ui/PageHeading';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { useFormErrors } from '../../../components/ui/useFormErrors';
import { toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/locale';
import { showToast } from '../../../lib/toast';
import { text } from '../../../lib/validation';
import { useApply } from '../../application/api/applications';
import { applicationPaths, parseId } from '../../application/paths';
import { programsQueryOptions } from '../../programs/api/programs';
import { subProgramDescriptions, subProgramNames } from '../../programs/messages';
import { surveyQueryOptions, useSaveSurvey, type Survey } from '../api/survey';
import { industries, operatingTimes, steamBranches, toSurveyAnswers, type SurveyFormValues, type SurveyProblem } from '../answers';
import { industryNames, operatingTimeNames, steamBranchNames } from '../messages';

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
const fields = {
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

const problemFields: Record<SurveyProblem, [keyof typeof fields, keyof typeof problemMessages]> = {
  'has_business.required': ['has_business', 'required'],
  'operating_time.required': ['operating_time', 'required'],
  'monthly_revenue.number': ['monthly_revenue', 'number'],
  'employees.number': ['employees', 'wholeNumber'],
  'third_year_student.required': ['third_year_student', 'required'],
  'gpa.range': ['gpa', 'gpa'],
};

const yesNo = (value: boolean | undefined): string => (value === undefined ? '' : value ? 'yes' : 'no');
const numberText = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

export function SurveyPage() {
  const survey = useQuery(surveyQueryOptions());
  const save = useSaveSurvey();
  const [params] = useSearchParams();
  const programId = parseId(params.get('program') ?? undefined);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading>
        <FormattedMessage id="survey.page.title" />
      </PageHeading>
      {save.isSuccess ? (
        <SurveyResult survey={save.data} programId={programId} onChange={() => save.reset()} />
      ) : survey.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : survey.isError ? (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="survey.page.loadError" />
          </p>
          <Button variant="secondary" onClick={() => void survey.refetch()}>
            <FormattedMessage id="survey.page.retry" />
          </Button>
        </Alert>
      ) : (
        <>
          <p className="text-gray-800">
            {programId === null ? (
              <FormattedMessage id="survey.page.intro" />
            ) : (
              <FormattedMessage id="survey.page.introApply" />
            )}
          </p>
          <SurveyForm initial={survey.data} pending={save.isPending} onSubmit={(answers, fail) => save.mutate(answers, { onError: fail })} />
        </>
      )}
    </div>
  );
}

interface SurveyFormProps {
  initial: Survey | null;
  pending: boolean;
  onSubmit: (answers: NonNullable<ReturnType<typeof toSurveyAnswers>['answers']>, fail: (error: unknown) => void) => void;
}

function SurveyForm({ initial, pending, onSubmit }: SurveyFormProps) {
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
    const { answers, problems } = toSurveyAnswers(values);
    if (!answers) {
      const found: FormErrors = { form: [], fields: {} };
      for (const problem of problems) {
        const [field, message] = problemFields[problem];
        found.fields[field] ??= [intl.formatMessage(problemMessages[message])];
      }
      return fail(found);
    }
    clear();
    onSubmit(answers, (error) =>
      fail(toFormErrors(errorBody(error), Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }))),
    );
  }

  const yesNoOptions = [
    { value: 'yes', label: intl.formatMessage({ id: 'survey.form.yes' }) },
    { value: 'no', label: intl.formatMessage({ id: 'survey.form.no' }) },
  ];
  const choose = { value: '', label: intl.formatMessage({ id: 'survey.form.choose' }) };

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-busy={pending}>
      <ErrorSummary key={attempt} id="survey-errors" errors={errors} fields={fields} />
      <RequiredNote />
      <fieldset className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6">
        <legend className="px-1 text-xl font-bold text-gray-900">
          <FormattedMessage id="survey.form.businessSection" />
        </legend>
        <RadioGroupField
          id={fields.has_business.id}
          name="has_business"
          required
          inline
          legend={<FormattedMessage id="survey.form.hasBusiness" />}
          value={hasBusiness}
          onChange={setHasBusiness}
          options={yesNoOptions}
          errors={errors.fields.has_business}
        />
        <TextAreaField
          id={fields.idea.id}
          name="idea"
          maxLength={2000}
          rows={4}
          defaultValue={initial?.idea ?? ''}
          label={<FormattedMessage id="survey.form.idea" />}
          hint={<FormattedMessage id="survey.form.ideaHint" />}
          errors={errors.fields.idea}
        />
        <SelectField
          id={fields.industry.id}
          name="industry"
          defaultValue={initial?.industry ?? ''}
          label={<FormattedMessage id="survey.form.industry" />}
          errors={errors.fields.industry}
          options={[
            choose,
            ...industries.map((code) => ({
              value: code,
              label: intl.formatMessage({ id: 'survey.form.industryOption' }, { code, name: intl.formatMessage(industryNames[code]) }),
            })),
          ]}
        />
        {hasBusiness === 'yes' ? (
          <div className="space-y-5">
            <SelectField
              id={fields.operating_time.id}
              name="operating_time"
              required
              defaultValue={initial?.operating_time ?? ''}
              label={<FormattedMessage id="survey.form.operatingTime" />}
              errors={errors.fields.operating_time}
              options={[choose, ...operatingTimes.map((value) => ({ value, label: intl.formatMessage(operatingTimeNames[value]) }))]}
            />
            <div className="grid gap-5 md:grid-cols-2">
              <TextField
                id={fields.monthly_revenue.id}
                name="monthly_revenue"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={numberText(initial?.monthly_revenue)}
                label={<FormattedMessage id="survey.form.monthlyRevenue" />}
                hint={<FormattedMessage id="survey.form.monthlyRevenueHint" />}
                errors={errors.fields.monthly_revenue}
              />
              <TextField
                id={fields.employees.id}
                name="employees"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={numberText(initial?.employees)}
                label={<FormattedMessage id="survey.form.employees" />}
                hint={<FormattedMessage id="survey.form.employeesHint" />}
                errors={errors.fields.employees}
              />
            </div>
            <TextField
              id={fields.website.id}
              name="website"
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              maxLength={200}
              defaultValue={initial?.website ?? ''}
              label={<FormattedMessage id="survey.form.website" />}
              hint={<FormattedMessage id="survey.form.websiteHint" />}
              errors={errors.fields.website}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6">
        <legend className="px-1 text-xl font-bold text-gray-900">
          <FormattedMessage id="survey.form.studentSection" />
        </legend>
        <RadioGroupField
          id={fields.third_year_student.id}
          name="third_year_student"
          required
          inline
          legend={<FormattedMessage id="survey.form.thirdYear" />}
          value={student}
          onChange={setStudent}
          options={yesNoOptions}
          errors={errors.fields.third_year_student}
        />
        {student === 'yes' ? (
          <div className="space-y-5">
            <TextField
              id={fields.university.id}
              name="university"
              autoComplete="organization"
              maxLength={200}
              defaultValue={initial?.university ?? ''}
              label={<FormattedMessage id="survey.form.university" />}
              errors={errors.fields.university}
            />
            <div className="grid gap-5 md:grid-cols-2">
              <TextField
                id={fields.gpa.id}
                name="gpa"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={numberText(initial?.gpa)}
                label={<FormattedMessage id="survey.form.gpa" />}
                hint={<FormattedMessage id="survey.form.gpaHint" />}
                errors={errors.fields.gpa}
              />
              <TextField
                id={fields.cohort.id}
                name="cohort"
                autoComplete="off"
                maxLength={50}
                defaultValue={initial?.cohort ?? ''}
                label={<FormattedMessage id="survey.form.cohort" />}
                hint={<FormattedMessage id="survey.form.cohortHint" />}
                errors={errors.fields.cohort}
              />
            </div>
            <SelectField
              id={fields.steam_branch.id}
              name="steam_branch"
              defaultValue={initial?.steam_branch ?? ''}
              label={<FormattedMessage id="survey.form.steamBranch" />}
              errors={errors.fields.steam_branch}
              options={[choose, ...steamBranches.map((value) => ({ value, label: intl.formatMessage(steamBranchNames[value]) }))]}
            />
          </div>
        ) : null}
      </fieldset>

      <Button type="submit" disabled={pending}>
        {pending ? <FormattedMessage id="survey.form.saving" /> : <FormattedMessage id="survey.form.save" />}
      </Button>
    </form>
  );
}

// Stable identity: called once on mount, so the result's heading takes focus after the form is replaced.
const focusOnMount = (element: HTMLElement | null): void => {
  element?.focus();
};

function SurveyResult({ survey, programId, onChange }: { survey: Survey; programId: number | null; onChange: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const apply = useApply();
  const programs = useQuery({ ...programsQueryOptions(), enabled: programId !== null });
  const program = programs.data?.find((item) => item.id === programId);

  function continueToApply() {
    if (programId === null) return;
    apply.mutate(programId, {
      onSuccess: (application) => void navigate(applicationPaths.start(application.id)),
      onError: (error) =>
        showToast({
          kind: 'error',
          message:
            toFormErrors(errorBody(error), [], intl.formatMessage({ id: 'auth.error.tryAgainLater' })).form[0] ??
            intl.formatMessage({ id: 'auth.error.tryAgainLater' }),
        }),
    });
  }

  return (
    <section aria-labelledby="survey-result-title" className="space-y-5">
      <Alert kind="success">
        <h2 id="survey-result-title" ref={focusOnMount} tabIndex={-1} className="text-xl font-bold">
          <FormattedMessage id="survey.result.title" />
        </h2>
        {survey.recommended.length > 0 ? (
          <>
            <p>
              <FormattedMessage id="survey.result.recommended" values={{ count: survey.recommended.length }} />
            </p>
            <ul className="list-disc space-y-2 pl-6">
              {survey.recommended.map((sub) => (
                <li key={sub}>
                  <FormattedMessage
                    id="survey.result.item"
                    values={{
                      name: <strong>{intl.formatMessage(subProgramNames[sub])}</strong>,
                      description: intl.formatMessage(subProgramDescriptions[sub]),
                    }}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>
            <FormattedMessage id="survey.result.none" />
          </p>
        )}
      </Alert>
      <div className="flex flex-wrap items-center gap-4">
        {programId !== null ? (
          <Button onClick={continueToApply} disabled={apply.isPending}>
            {apply.isPending ? (
              <FormattedMessage id="survey.result.applying" />
            ) : program ? (
              <FormattedMessage id="survey.result.applyTo" values={{ program: program.name[locale] }} />
            ) : (
              <FormattedMessage id="survey.result.apply" />
            )}
          </Button>
        ) : (
          <ButtonLink to={applicationPaths.programs}>
            <FormattedMessage id="survey.result.seePrograms" />
          </ButtonLink>
        )}
        <Button variant="secondary" onClick={onChange}>
          <FormattedMessage id="survey.result.change" />
        </Button>
        {programId !== null ? (
          <Link to={applicationPaths.programs} className={linkClass}>
            <FormattedMessage id="survey.result.backToPrograms" />
          </Link>
        ) : null}
      </div>
    </section>
  );
}
