// The survey's first section, the business or idea: whether there is a business, the idea and industry, and
// (only when there is a business) how long it has run, its revenue, employees and website.
import { FormattedMessage, useIntl } from 'react-intl';
import { RadioGroupField } from '#components/ui/ChoiceField';
import { SelectField, TextField } from '#components/ui/Field';
import { FormSection } from '#components/ui/FormSection';
import { TextAreaField } from '#components/ui/TextAreaField';
import type { Survey } from '#api/survey';
import { industries, operatingTimes } from '#features/survey/answers';
import { chooseOption, numberText, surveyFields as fields, yesNoOptions } from '#features/survey/fields';
import { industryNames, operatingTimeNames } from '#components/survey/messages';
import type { ErrorText } from '#lib/form-errors';

interface BusinessQuestionsProps {
  initial: Survey | null;
  /** 'yes', 'no', or '' before it is answered: the follow-up questions show on 'yes'. */
  hasBusiness: string;
  onHasBusinessChange: (value: string) => void;
  errors: Readonly<Record<string, readonly ErrorText[]>>;
}

export function BusinessQuestions({ initial, hasBusiness, onHasBusinessChange, errors }: BusinessQuestionsProps) {
  const intl = useIntl();
  const choose = chooseOption(intl);

  return (
    <FormSection legend={<FormattedMessage id="survey.form.businessSection" />}>
      <RadioGroupField
        id={fields.has_business.id}
        name="has_business"
        required
        inline
        legend={<FormattedMessage id="survey.form.hasBusiness" />}
        value={hasBusiness}
        onChange={onHasBusinessChange}
        options={yesNoOptions(intl)}
        errors={errors.has_business}
      />
      <TextAreaField
        id={fields.idea.id}
        name="idea"
        maxLength={2000}
        rows={4}
        defaultValue={initial?.idea ?? ''}
        label={<FormattedMessage id="survey.form.idea" />}
        hint={<FormattedMessage id="survey.form.ideaHint" />}
        errors={errors.idea}
      />
      <SelectField
        id={fields.industry.id}
        name="industry"
        defaultValue={initial?.industry ?? ''}
        label={<FormattedMessage id="survey.form.industry" />}
        errors={errors.industry}
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
            errors={errors.operating_time}
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
              errors={errors.monthly_revenue}
            />
            <TextField
              id={fields.employees.id}
              name="employees"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={numberText(initial?.employees)}
              label={<FormattedMessage id="survey.form.employees" />}
              hint={<FormattedMessage id="survey.form.employeesHint" />}
              errors={errors.employees}
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
            errors={errors.website}
          />
        </div>
      ) : null}
    </FormSection>
  );
}
