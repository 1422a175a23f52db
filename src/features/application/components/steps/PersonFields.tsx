// Step 1, the person: prefilled from the profile when the application was created; the SSN's last 4 digits only,
// typed into a masked field.
import type { ChangeEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { CheckboxField } from '../../../../components/ui/Checkbox';
import type { SummaryField } from '../../../../components/ui/ErrorSummary';
import { SelectField, TextField } from '../../../../components/ui/Field';
import type { Step1Data } from '../../api/applications';
import { boolOf, choiceOf, digitsOnly, textOf } from '../../draft';
import type { StepForm } from '../../hooks/useStepForm';
import { genderNames } from '../../messages';
import { personLabels } from '../../../profile/messages';
import type { FieldErrors } from '../StepSection';

const labels = defineMessages({
  ...personLabels,
  postalSame: personLabels.postalSameAsPhysical,
  ssnLast4: { id: 'application.person.ssnLast4' },
});

/** Field name -> control id and label, in form order. */
export const personFields = {
  first_name: { id: 'step1-first-name', label: labels.firstName },
  last_name: { id: 'step1-last-name', label: labels.lastName },
  gender: { id: 'step1-gender', label: labels.gender },
  email: { id: 'step1-email', label: labels.email },
  phone: { id: 'step1-phone', label: labels.phone },
  street_address: { id: 'step1-street-address', label: labels.streetAddress },
  physical_line1: { id: 'step1-physical-line1', label: labels.physicalLine1 },
  physical_line2: { id: 'step1-physical-line2', label: labels.physicalLine2 },
  city: { id: 'step1-city', label: labels.city },
  state: { id: 'step1-state', label: labels.state },
  postal_code: { id: 'step1-postal-code', label: labels.postalCode },
  country: { id: 'step1-country', label: labels.country },
  postal_same_as_physical: { id: 'step1-postal-same', label: labels.postalSame },
  postal_line1: { id: 'step1-postal-line1', label: labels.postalLine1 },
  postal_line2: { id: 'step1-postal-line2', label: labels.postalLine2 },
  ssn_last4: { id: 'step1-ssn-last4', label: labels.ssnLast4 },
} as const satisfies Record<keyof Step1Data, SummaryField>;

type TextName = Exclude<keyof Step1Data, 'gender' | 'postal_same_as_physical'>;

const genders = ['female', 'male', 'non_binary', 'prefer_not_to_say'] as const;

const sectionClass = 'space-y-5 rounded-md border border-gray-300 p-4 sm:p-6';
const legendClass = 'px-1 text-xl font-bold text-gray-900';

export function PersonFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const intl = useIntl();
  const { data } = form;
  const set = (patch: Partial<Step1Data>) => form.edit(patch);
  const text = (name: TextName, maxLength: number) => ({
    id: personFields[name].id,
    name,
    maxLength,
    value: textOf(data, name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [name]: event.currentTarget.value }),
    errors: errors[name],
  });
  const postalSame = boolOf(data, 'postal_same_as_physical');

  return (
    <>
      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.person.aboutYou" />
        </legend>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField {...text('first_name', 150)} autoComplete="given-name" required label={<FormattedMessage {...labels.firstName} />} />
          <TextField {...text('last_name', 150)} autoComplete="family-name" required label={<FormattedMessage {...labels.lastName} />} />
          <SelectField
            id={personFields.gender.id}
            name="gender"
            autoComplete="sex"
            required
            value={choiceOf(data, 'gender', genders) ?? ''}
            onChange={(event) => set({ gender: choiceOf({ gender: event.currentTarget.value }, 'gender', genders) })}
            label={<FormattedMessage {...labels.gender} />}
            errors={errors.gender}
            options={[
              { value: '', label: intl.formatMessage({ id: 'profile.person.genderUnset' }) },
              ...genders.map((value) => ({ value, label: intl.formatMessage(genderNames[value]) })),
            ]}
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.person.contact" />
        </legend>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            {...text('email', 254)}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
            label={<FormattedMessage {...labels.email} />}
          />
          <TextField {...text('phone', 32)} type="tel" inputMode="tel" autoComplete="tel" required label={<FormattedMessage {...labels.phone} />} />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.person.physicalAddress" />
        </legend>
        <TextField {...text('street_address', 200)} autoComplete="street-address" label={<FormattedMessage {...labels.streetAddress} />} />
        <TextField
          {...text('physical_line1', 200)}
          autoComplete="section-physical address-line1"
          required
          label={<FormattedMessage {...labels.physicalLine1} />}
        />
        <TextField
          {...text('physical_line2', 200)}
          autoComplete="section-physical address-line2"
          label={<FormattedMessage {...labels.physicalLine2} />}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TextField {...text('city', 100)} autoComplete="address-level2" required label={<FormattedMessage {...labels.city} />} />
          <TextField {...text('state', 100)} autoComplete="address-level1" required label={<FormattedMessage {...labels.state} />} />
          <TextField {...text('postal_code', 20)} autoComplete="postal-code" required label={<FormattedMessage {...labels.postalCode} />} />
          <TextField {...text('country', 100)} autoComplete="country-name" required label={<FormattedMessage {...labels.country} />} />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.person.postalAddress" />
        </legend>
        <CheckboxField
          id={personFields.postal_same_as_physical.id}
          checked={postalSame}
          onCheckedChange={(checked) => set({ postal_same_as_physical: checked })}
          label={<FormattedMessage {...labels.postalSame} />}
          errors={errors.postal_same_as_physical}
        />
        {postalSame ? null : (
          <>
            <TextField
              {...text('postal_line1', 200)}
              autoComplete="section-postal address-line1"
              required
              label={<FormattedMessage {...labels.postalLine1} />}
            />
            <TextField
              {...text('postal_line2', 200)}
              autoComplete="section-postal address-line2"
              label={<FormattedMessage {...labels.postalLine2} />}
            />
          </>
        )}
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.ssn.title" />
        </legend>
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
          minLength={4}
          maxLength={4}
          className="max-w-40 font-mono tracking-widest"
          value={textOf(data, 'ssn_last4')}
          onChange={(event) => set({ ssn_last4: digitsOnly(event.currentTarget.value, 4) })}
          label={<FormattedMessage {...labels.ssnLast4} />}
          hint={<FormattedMessage id="profile.ssn.hint" />}
          errors={errors.ssn_last4}
        />
      </fieldset>
    </>
  );
}
