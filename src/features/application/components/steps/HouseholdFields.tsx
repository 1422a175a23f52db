// Step 4, the household: how many people live in it and where its income comes from ("no income" stands alone).
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { CheckboxGroupField } from '#components/ui/ChoiceField';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { NumberTextField } from '#components/ui/NumberTextField';
import type { Step4Data } from '#api/applications';
import { choicesOf } from '#features/application/draft';
import type { StepForm } from '#features/application/hooks/use-step-form';
import { incomeSourceNames, incomeSources } from '#features/application/messages';
import type { FieldErrors } from '#features/application/components/StepSection';

const labels = defineMessages({
  size: { id: 'application.household.size' },
  sources: { id: 'application.household.incomeSources' },
});

export const householdFields = {
  household_size: { id: 'step4-household-size', label: labels.size },
  income_sources: { id: 'step4-income-sources', label: labels.sources },
} as const satisfies Record<keyof Step4Data, SummaryField>;

export function HouseholdFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const intl = useIntl();
  const set = (patch: Partial<Step4Data>) => form.edit(patch);
  return (
    <>
      <NumberTextField
        id={householdFields.household_size.id}
        name="household_size"
        required
        className="max-w-40"
        value={form.data.household_size}
        onValueChange={(household_size) => form.edit({ household_size })}
        label={<FormattedMessage {...labels.size} />}
        hint={<FormattedMessage id="application.household.sizeHint" />}
        errors={errors.household_size}
      />
      <CheckboxGroupField
        id={householdFields.income_sources.id}
        name="income_sources"
        required
        legend={<FormattedMessage {...labels.sources} />}
        hint={<FormattedMessage id="application.household.incomeSourcesHint" />}
        values={choicesOf(form.data, 'income_sources', incomeSources)}
        onChange={(values) => set({ income_sources: choicesOf({ values }, 'values', incomeSources) })}
        errors={errors.income_sources}
        options={incomeSources.map((value) => ({ value, label: intl.formatMessage(incomeSourceNames[value]) }))}
      />
    </>
  );
}
