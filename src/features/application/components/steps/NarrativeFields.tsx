// Step 5, training and narrative: the business's main challenge (what the API's draft holds today).
import { defineMessages, FormattedMessage } from 'react-intl';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { TextAreaField } from '#components/ui/TextAreaField';
import type { Step5Data } from '#api/applications';
import { textOf } from '#features/application/draft';
import type { StepForm } from '#features/application/hooks/use-step-form';
import type { FieldErrors } from '#features/application/components/StepSection';

const labels = defineMessages({
  mainChallenge: { id: 'application.narrative.mainChallenge' },
});

export const narrativeFields = {
  main_challenge: { id: 'step5-main-challenge', label: labels.mainChallenge },
} as const satisfies Record<keyof Step5Data, SummaryField>;

export function NarrativeFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  return (
    <TextAreaField
      id={narrativeFields.main_challenge.id}
      name="main_challenge"
      required
      maxLength={4000}
      rows={6}
      value={textOf(form.data, 'main_challenge')}
      onChange={(event) => form.edit({ main_challenge: event.currentTarget.value } satisfies Partial<Step5Data>)}
      label={<FormattedMessage {...labels.mainChallenge} />}
      hint={<FormattedMessage id="application.narrative.mainChallengeHint" />}
      errors={errors.main_challenge}
    />
  );
}
