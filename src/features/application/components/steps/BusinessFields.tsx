// Step 2, the business frame: its name and whether it is physical, virtual or both (what the API's draft holds).
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { RadioGroupField } from '#components/ui/ChoiceField';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { TextField } from '#components/ui/Field';
import type { Step2Data } from '#api/applications';
import { choiceOf, textOf } from '#features/application/draft';
import type { StepForm } from '#features/application/hooks/use-step-form';
import { businessTypeNames } from '#features/application/messages';
import type { FieldErrors } from '#features/application/components/StepSection';

const labels = defineMessages({
  name: { id: 'application.business.name' },
  type: { id: 'application.business.type' },
});

export const businessFields = {
  business_name: { id: 'step2-business-name', label: labels.name },
  business_type: { id: 'step2-business-type', label: labels.type },
} as const satisfies Record<keyof Step2Data, SummaryField>;

const businessTypes = ['physical', 'virtual', 'both'] as const;

export function BusinessFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const intl = useIntl();
  const set = (patch: Partial<Step2Data>) => form.edit(patch);
  return (
    <>
      <TextField
        id={businessFields.business_name.id}
        name="business_name"
        autoComplete="organization"
        required
        maxLength={200}
        value={textOf(form.data, 'business_name')}
        onChange={(event) => set({ business_name: event.currentTarget.value })}
        label={<FormattedMessage {...labels.name} />}
        hint={<FormattedMessage id="application.business.nameHint" />}
        errors={errors.business_name}
      />
      <RadioGroupField
        id={businessFields.business_type.id}
        name="business_type"
        required
        legend={<FormattedMessage {...labels.type} />}
        value={choiceOf(form.data, 'business_type', businessTypes)}
        onChange={(value) => set({ business_type: choiceOf({ value }, 'value', businessTypes) })}
        errors={errors.business_type}
        options={businessTypes.map((value) => ({ value, label: intl.formatMessage(businessTypeNames[value]) }))}
      />
    </>
  );
}
