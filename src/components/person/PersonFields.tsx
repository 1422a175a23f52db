// The Person fields (docs/product.md section 3, Data), one set for the two forms that ask them: the profile
// (uncontrolled, sends only what changed) and step 1 of the application (controlled, autosaved). Each form keeps
// its own ids (by prefix), its own required fields and its own submit; labels, autocomplete tokens, lengths and
// error wiring are the same in both.
import type { ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckboxField } from '#components/ui/Checkbox';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { SelectField, TextField } from '#components/ui/Field';
import { FormSection } from '#components/ui/FormSection';
import { genderNames, genders, personFieldLabels as labels } from './messages';
import type { ErrorText } from '#lib/form-errors';

/** The Person's free-text fields. */
export type PersonTextName =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'street_address'
  | 'physical_line1'
  | 'physical_line2'
  | 'city'
  | 'state'
  | 'postal_code'
  | 'country'
  | 'postal_line1'
  | 'postal_line2';

/** The fields a person picks from a list: the gender, and the preferred language (asked by the profile only). */
export type PersonChoiceName = 'gender' | 'language';

export type PersonFieldName = PersonTextName | PersonChoiceName | 'postal_same_as_physical';

/**
 * Field name -> control id and label, in form order (a form's error summary follows it and links to the ids).
 * `idPrefix` keeps the ids of the two forms apart: `person-first-name` on the profile, `step1-first-name` in step 1.
 */
export function personFieldsFor(idPrefix: string) {
  const field = (slug: string, label: SummaryField['label']): SummaryField => ({ id: `${idPrefix}-${slug}`, label });
  return {
    first_name: field('first-name', labels.firstName),
    last_name: field('last-name', labels.lastName),
    gender: field('gender', labels.gender),
    language: field('language', labels.language),
    email: field('email', labels.email),
    phone: field('phone', labels.phone),
    street_address: field('street-address', labels.streetAddress),
    physical_line1: field('physical-line1', labels.physicalLine1),
    physical_line2: field('physical-line2', labels.physicalLine2),
    city: field('city', labels.city),
    state: field('state', labels.state),
    postal_code: field('postal-code', labels.postalCode),
    country: field('country', labels.country),
    postal_same_as_physical: field('postal-same', labels.postalSameAsPhysical),
    postal_line1: field('postal-line1', labels.postalLine1),
    postal_line2: field('postal-line2', labels.postalLine2),
  } satisfies Record<PersonFieldName, SummaryField>;
}

type PersonFieldMap = Omit<ReturnType<typeof personFieldsFor>, 'language' | 'email'> & { language?: SummaryField; email?: SummaryField };

interface PersonFieldsProps {
  /**
   * From personFieldsFor; the language select shows only when the map has `language`, the e-mail only when it has
   * `email` (the profile changes the sign-in e-mail on its own form, with the password: EmailForm).
   */
  fields: PersonFieldMap;
  /** What a field holds: the text as typed, '' for an unset choice. */
  valueOf: (name: PersonTextName | PersonChoiceName) => string;
  /**
   * Given, the fields are controlled and every change goes to the form (step 1 autosaves it). Left out, `valueOf`
   * gives the inputs' defaults and the form reads them from its FormData on submit (the profile).
   */
  onChange?: (name: PersonTextName | PersonChoiceName, value: string) => void;
  postalSame: boolean;
  onPostalSameChange: (checked: boolean) => void;
  /** The fields this form requires: marked, and `required` on the control. */
  required: ReadonlySet<PersonFieldName>;
  errors: Readonly<Record<string, readonly ErrorText[]>>;
}

export function PersonFields({ fields, valueOf, onChange, postalSame, onPostalSameChange, required, errors }: PersonFieldsProps) {
  const intl = useIntl();
  const bind = (name: PersonTextName | PersonChoiceName, field: SummaryField) => ({
    id: field.id,
    name,
    required: required.has(name),
    errors: errors[name],
    label: <FormattedMessage {...field.label} />,
    ...(onChange
      ? {
          value: valueOf(name),
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(name, event.currentTarget.value),
        }
      : { defaultValue: valueOf(name) }),
  });
  const text = (name: Exclude<PersonTextName, 'email'>, maxLength: number) => ({ ...bind(name, fields[name]), maxLength });

  const postalLines = (
    <>
      <TextField {...text('postal_line1', 200)} autoComplete="section-postal address-line1" />
      <TextField {...text('postal_line2', 200)} autoComplete="section-postal address-line2" />
    </>
  );

  return (
    <>
      <FormSection legend={<FormattedMessage id="profile.person.aboutYou" />}>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField {...text('first_name', 150)} autoComplete="given-name" />
          <TextField {...text('last_name', 150)} autoComplete="family-name" />
          <SelectField
            {...bind('gender', fields.gender)}
            autoComplete="sex"
            options={[
              { value: '', label: intl.formatMessage({ id: 'profile.person.genderUnset' }) },
              ...genders.map((value) => ({ value, label: intl.formatMessage(genderNames[value]) })),
            ]}
          />
          {fields.language ? (
            <SelectField
              {...bind('language', fields.language)}
              autoComplete="language"
              options={[
                { value: 'es', lang: 'es', label: intl.formatMessage({ id: 'app.language.es' }) },
                { value: 'en', lang: 'en', label: intl.formatMessage({ id: 'app.language.en' }) },
              ]}
            />
          ) : null}
        </div>
      </FormSection>

      <FormSection legend={<FormattedMessage id="profile.person.contact" />}>
        <div className="grid gap-5 md:grid-cols-2">
          {fields.email ? (
            <TextField {...bind('email', fields.email)} maxLength={254} type="email" inputMode="email" autoComplete="email" spellCheck={false} />
          ) : null}
          <TextField {...text('phone', 32)} type="tel" inputMode="tel" autoComplete="tel" />
        </div>
      </FormSection>

      <FormSection legend={<FormattedMessage id="profile.person.physicalAddress" />}>
        <TextField {...text('street_address', 200)} autoComplete="street-address" />
        <TextField {...text('physical_line1', 200)} autoComplete="section-physical address-line1" />
        <TextField {...text('physical_line2', 200)} autoComplete="section-physical address-line2" />
        <div className="grid gap-5 md:grid-cols-2">
          <TextField {...text('city', 100)} autoComplete="address-level2" />
          <TextField {...text('state', 100)} autoComplete="address-level1" />
          <TextField {...text('postal_code', 20)} autoComplete="postal-code" />
          <TextField {...text('country', 100)} autoComplete="country-name" />
        </div>
      </FormSection>

      <FormSection legend={<FormattedMessage id="profile.person.postalAddress" />}>
        <CheckboxField
          id={fields.postal_same_as_physical.id}
          checked={postalSame}
          onCheckedChange={onPostalSameChange}
          label={<FormattedMessage {...fields.postal_same_as_physical.label} />}
          errors={errors.postal_same_as_physical}
        />
        {onChange ? (
          // Controlled: the form's data keeps the postal lines, so they can leave the page while the box is ticked.
          postalSame ? null : postalLines
        ) : (
          // Uncontrolled: the inputs hold the typed postal lines, so they are hidden, not removed, and come back
          // if the box is unticked again.
          <div hidden={postalSame} className="space-y-5">
            {postalLines}
          </div>
        )}
      </FormSection>
    </>
  );
}
