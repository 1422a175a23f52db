// Step 1, the person: prefilled from the profile when the application was created; the SSN's last 4 digits only,
// typed into a masked field.
import { defineMessages, FormattedMessage } from 'react-intl';
import { genders } from '#components/person/messages';
import { PersonFields as CommonPersonFields, personFieldsFor, type PersonFieldName } from '#components/person/PersonFields';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { TextField } from '#components/ui/Field';
import { FormSection } from '#components/ui/FormSection';
import type { Step1Data } from '#api/applications';
import { boolOf, choiceOf, textOf } from '#components/application/draft';
import { ssnLast4Of } from '#shared/application-constants';
import { useStepData, type StepForm } from '#features/application/hooks/use-step-form';
import type { FieldErrors } from '#features/application/components/StepSection';

const labels = defineMessages({
  ssnLast4: { id: 'application.person.ssnLast4' },
});

// Step 1 does not ask the preferred language: that stays a setting of the profile.
const { language: _notAsked, ...person } = personFieldsFor('step1');

/** Field name -> control id and label, in form order. */
export const personFields = {
  ...person,
  ssn_last4: { id: 'step1-ssn-last4', label: labels.ssnLast4 },
} satisfies Record<keyof Step1Data, SummaryField>;

/** Marked required (the server's schema of a complete step 1 asks them). */
const requiredFields: ReadonlySet<PersonFieldName> = new Set([
  'first_name',
  'last_name',
  'gender',
  'email',
  'phone',
  'physical_line1',
  'city',
  'state',
  'postal_code',
  'country',
  'postal_line1',
]);

export function PersonFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const data = useStepData(form.step);
  const set = (patch: Partial<Step1Data>) => form.edit(patch);

  return (
    <>
      <CommonPersonFields
        fields={person}
        valueOf={(name) => (name === 'gender' ? (choiceOf(data, 'gender', genders) ?? '') : textOf(data, name))}
        onChange={(name, value) =>
          set(name === 'gender' ? { gender: choiceOf({ gender: value }, 'gender', genders) } : { [name]: value })
        }
        postalSame={boolOf(data, 'postal_same_as_physical')}
        onPostalSameChange={(checked) => set({ postal_same_as_physical: checked })}
        required={requiredFields}
        errors={errors}
      />

      <FormSection legend={<FormattedMessage id="profile.ssn.title" />}>
        <p className="text-gray-800">
          <FormattedMessage id="profile.ssn.intro" />
        </p>
        <TextField
          id={personFields.ssn_last4.id}
          name="ssn_last4"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          required
          className="max-w-40 font-mono tracking-widest"
          value={textOf(data, 'ssn_last4')}
          onChange={(event) => set({ ssn_last4: ssnLast4Of(event.currentTarget.value) })}
          label={<FormattedMessage {...labels.ssnLast4} />}
          hint={<FormattedMessage id="profile.ssn.hint" />}
          errors={errors.ssn_last4}
        />
      </FormSection>
    </>
  );
}
