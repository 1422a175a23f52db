// The survey's second section, studies: whether the person is a third-year (or later) university student and,
// only then, the university, GPA, cohort and STEAM branch.
import { FormattedMessage, useIntl } from 'react-intl';
import { RadioGroupField } from '#components/ui/ChoiceField';
import { SelectField, TextField } from '#components/ui/Field';
import { FormSection } from '#components/ui/FormSection';
import type { Survey } from '#api/survey';
import { steamBranches } from '#features/survey/answers';
import { chooseOption, numberText, surveyFields as fields, yesNoOptions } from '#features/survey/fields';
import { steamBranchNames } from '#components/survey/messages';
import type { ErrorText } from '#lib/form-errors';

interface StudentQuestionsProps {
  initial: Survey | null;
  /** 'yes', 'no', or '' before it is answered: the follow-up questions show on 'yes'. */
  student: string;
  onStudentChange: (value: string) => void;
  errors: Readonly<Record<string, readonly ErrorText[]>>;
}

export function StudentQuestions({ initial, student, onStudentChange, errors }: StudentQuestionsProps) {
  const intl = useIntl();

  return (
    <FormSection legend={<FormattedMessage id="survey.form.studentSection" />}>
      <RadioGroupField
        id={fields.third_year_student.id}
        name="third_year_student"
        required
        inline
        legend={<FormattedMessage id="survey.form.thirdYear" />}
        value={student}
        onChange={onStudentChange}
        options={yesNoOptions(intl)}
        errors={errors.third_year_student}
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
            errors={errors.university}
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
              errors={errors.gpa}
            />
            <TextField
              id={fields.cohort.id}
              name="cohort"
              autoComplete="off"
              maxLength={50}
              defaultValue={initial?.cohort ?? ''}
              label={<FormattedMessage id="survey.form.cohort" />}
              hint={<FormattedMessage id="survey.form.cohortHint" />}
              errors={errors.cohort}
            />
          </div>
          <SelectField
            id={fields.steam_branch.id}
            name="steam_branch"
            defaultValue={initial?.steam_branch ?? ''}
            label={<FormattedMessage id="survey.form.steamBranch" />}
            errors={errors.steam_branch}
            options={[chooseOption(intl), ...steamBranches.map((value) => ({ value, label: intl.formatMessage(steamBranchNames[value]) }))]}
          />
        </div>
      ) : null}
    </FormSection>
  );
}
