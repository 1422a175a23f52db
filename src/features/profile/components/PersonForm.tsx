// Every Person field of the profile (SPEC.md section 3), sent with PATCH /me as only what changed.
// "Postal same as physical" hides the postal lines and copies the physical ones into them on save.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '../../../api/errors';
import { Button } from '../../../components/ui/Button';
import { CheckboxField } from '../../../components/ui/Checkbox';
import { ErrorSummary, type SummaryField } from '../../../components/ui/ErrorSummary';
import { RequiredNote, SelectField, TextField } from '../../../components/ui/Field';
import { useFormErrors } from '../../../components/ui/useFormErrors';
import { toFormErrors } from '../../../lib/form-errors';
import { isLocale, setLocale } from '../../../lib/locale';
import { showToast } from '../../../lib/toast';
import { looksLikeEmail, text, validate, validationMessages } from '../../../lib/validation';
import { useUpdateMe, type Gender, type Person, type PersonUpdate } from '../api/me';
import { personLabels } from '../messages';

const labels = personLabels;

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  first_name: { id: 'person-first-name', label: labels.firstName },
  last_name: { id: 'person-last-name', label: labels.lastName },
  gender: { id: 'person-gender', label: labels.gender },
  language: { id: 'person-language', label: labels.language },
  email: { id: 'person-email', label: labels.email },
  phone: { id: 'person-phone', label: labels.phone },
  street_address: { id: 'person-street-address', label: labels.streetAddress },
  physical_line1: { id: 'person-physical-line1', label: labels.physicalLine1 },
  physical_line2: { id: 'person-physical-line2', label: labels.physicalLine2 },
  city: { id: 'person-city', label: labels.city },
  state: { id: 'person-state', label: labels.state },
  postal_code: { id: 'person-postal-code', label: labels.postalCode },
  country: { id: 'person-country', label: labels.country },
  postal_same_as_physical: { id: 'person-postal-same', label: labels.postalSameAsPhysical },
  postal_line1: { id: 'person-postal-line1', label: labels.postalLine1 },
  postal_line2: { id: 'person-postal-line2', label: labels.postalLine2 },
} as const satisfies Record<string, SummaryField>;

/** The free-text fields, compared one by one so PATCH carries only changes. */
const textFields = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'street_address',
  'city',
  'state',
  'postal_code',
  'country',
  'physical_line1',
  'physical_line2',
  'postal_line1',
  'postal_line2',
] as const satisfies ReadonlyArray<keyof PersonUpdate & keyof Person>;

const genders = ['female', 'male', 'non_binary', 'prefer_not_to_say'] as const satisfies readonly Gender[];

function toGender(value: string): Gender | null {
  return genders.find((gender) => gender === value) ?? null;
}

const sectionClass = 'space-y-5 rounded-md border border-gray-300 p-4 sm:p-6';
const legendClass = 'px-1 text-xl font-bold text-gray-900';

/**
 * A save remounts this form (ProfilePage keys it by the data), which drops keyboard focus to <body>. The new form
 * puts it back on its save button, unless something else took it meanwhile. Module-level, so its identity is
 * stable and React calls it once, on mount.
 */
const restoreFocusToSave = (form: HTMLFormElement | null): void => {
  if (form && (document.activeElement === null || document.activeElement === document.body)) {
    form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }
};

interface PersonFormProps {
  person: Person;
  /** Set after a save made from inside the form: the remounted form takes focus back. */
  restoreFocus?: boolean;
  /** Called after a successful save, with whether focus was inside the form when it was sent. */
  onSaved?: (focusWasInForm: boolean) => void;
}

export function PersonForm({ person, restoreFocus = false, onSaved }: PersonFormProps) {
  const intl = useIntl();
  const [postalSame, setPostalSame] = useState(person.postal_same_as_physical);
  const { errors, attempt, fail, clear } = useFormErrors();
  const update = useUpdateMe();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const focusWasInForm = event.currentTarget.contains(document.activeElement);
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(textFields.map((name) => [name, text(data, name)]));
    if (postalSame) {
      values.postal_line1 = values.physical_line1 ?? '';
      values.postal_line2 = values.physical_line2 ?? '';
    }
    const email = values.email ?? '';
    const found = validate(intl, [
      ['first_name', values.first_name === '', validationMessages.required],
      ['last_name', values.last_name === '', validationMessages.required],
      ['email', email === '', validationMessages.required],
      ['email', !looksLikeEmail(email), validationMessages.email],
    ]);
    if (Object.keys(found.fields).length > 0) return fail(found);

    const changes: PersonUpdate = {};
    for (const name of textFields) {
      const value = values[name] ?? '';
      if (value !== person[name]) changes[name] = value;
    }
    const gender = toGender(text(data, 'gender'));
    if (gender !== person.gender) changes.gender = gender;
    const language = text(data, 'language');
    if (isLocale(language) && language !== person.language) changes.language = language;
    if (postalSame !== person.postal_same_as_physical) changes.postal_same_as_physical = postalSame;

    clear();
    if (Object.keys(changes).length === 0) {
      showToast({ kind: 'info', message: intl.formatMessage({ id: 'profile.person.noChanges' }) });
      return;
    }
    // mutateAsync, not mutate's callbacks: a save changes the cached person, which remounts this form
    // (ProfilePage keys it by the data), and react-query drops mutate callbacks of an unmounted component.
    update.mutateAsync(changes).then(
      (saved) => {
        onSaved?.(focusWasInForm);
        showToast({ kind: 'success', message: intl.formatMessage({ id: 'profile.person.saved' }) });
        // The preferred language is the interface language too.
        if (changes.language) setLocale(saved.language);
      },
      (error: unknown) =>
        fail(toFormErrors(errorBody(error), Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }))),
    );
  }

  const genderOptions = [
    { value: '', label: intl.formatMessage({ id: 'profile.person.genderUnset' }) },
    { value: 'female', label: intl.formatMessage({ id: 'profile.person.genderFemale' }) },
    { value: 'male', label: intl.formatMessage({ id: 'profile.person.genderMale' }) },
    { value: 'non_binary', label: intl.formatMessage({ id: 'profile.person.genderNonBinary' }) },
    { value: 'prefer_not_to_say', label: intl.formatMessage({ id: 'profile.person.genderPreferNotToSay' }) },
  ];

  return (
    <form
      ref={restoreFocus ? restoreFocusToSave : undefined}
      noValidate
      onSubmit={submit}
      className="space-y-6"
      aria-busy={update.isPending}
      aria-labelledby="person-form-title"
    >
      <h2 id="person-form-title" className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="profile.person.title" />
      </h2>
      <ErrorSummary key={attempt} id="person-errors" errors={errors} fields={fields} />
      <RequiredNote />

      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.person.aboutYou" />
        </legend>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            id={fields.first_name.id}
            name="first_name"
            autoComplete="given-name"
            required
            maxLength={150}
            defaultValue={person.first_name}
            label={<FormattedMessage id="profile.person.firstName" />}
            errors={errors.fields.first_name}
          />
          <TextField
            id={fields.last_name.id}
            name="last_name"
            autoComplete="family-name"
            required
            maxLength={150}
            defaultValue={person.last_name}
            label={<FormattedMessage id="profile.person.lastName" />}
            errors={errors.fields.last_name}
          />
          <SelectField
            id={fields.gender.id}
            name="gender"
            autoComplete="sex"
            defaultValue={person.gender ?? ''}
            label={<FormattedMessage id="profile.person.gender" />}
            errors={errors.fields.gender}
            options={genderOptions}
          />
          <SelectField
            id={fields.language.id}
            name="language"
            autoComplete="language"
            defaultValue={person.language}
            label={<FormattedMessage id="profile.person.language" />}
            errors={errors.fields.language}
            options={[
              { value: 'es', lang: 'es', label: intl.formatMessage({ id: 'app.language.es' }) },
              { value: 'en', lang: 'en', label: intl.formatMessage({ id: 'app.language.en' }) },
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
            id={fields.email.id}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
            maxLength={254}
            defaultValue={person.email}
            label={<FormattedMessage id="profile.person.email" />}
            errors={errors.fields.email}
          />
          <TextField
            id={fields.phone.id}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={32}
            defaultValue={person.phone}
            label={<FormattedMessage id="profile.person.phone" />}
            errors={errors.fields.phone}
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.person.physicalAddress" />
        </legend>
        <TextField
          id={fields.street_address.id}
          name="street_address"
          autoComplete="street-address"
          maxLength={200}
          defaultValue={person.street_address}
          label={<FormattedMessage id="profile.person.streetAddress" />}
          errors={errors.fields.street_address}
        />
        <TextField
          id={fields.physical_line1.id}
          name="physical_line1"
          autoComplete="section-physical address-line1"
          maxLength={200}
          defaultValue={person.physical_line1}
          label={<FormattedMessage id="profile.person.physicalLine1" />}
          errors={errors.fields.physical_line1}
        />
        <TextField
          id={fields.physical_line2.id}
          name="physical_line2"
          autoComplete="section-physical address-line2"
          maxLength={200}
          defaultValue={person.physical_line2}
          label={<FormattedMessage id="profile.person.physicalLine2" />}
          errors={errors.fields.physical_line2}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            id={fields.city.id}
            name="city"
            autoComplete="address-level2"
            maxLength={100}
            defaultValue={person.city}
            label={<FormattedMessage id="profile.person.city" />}
            errors={errors.fields.city}
          />
          <TextField
            id={fields.state.id}
            name="state"
            autoComplete="address-level1"
            maxLength={100}
            defaultValue={person.state}
            label={<FormattedMessage id="profile.person.state" />}
            errors={errors.fields.state}
          />
          <TextField
            id={fields.postal_code.id}
            name="postal_code"
            autoComplete="postal-code"
            maxLength={20}
            defaultValue={person.postal_code}
            label={<FormattedMessage id="profile.person.postalCode" />}
            errors={errors.fields.postal_code}
          />
          <TextField
            id={fields.country.id}
            name="country"
            autoComplete="country-name"
            maxLength={100}
            defaultValue={person.country}
            label={<FormattedMessage id="profile.person.country" />}
            errors={errors.fields.country}
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>
          <FormattedMessage id="profile.person.postalAddress" />
        </legend>
        <CheckboxField
          id={fields.postal_same_as_physical.id}
          checked={postalSame}
          onCheckedChange={setPostalSame}
          label={<FormattedMessage id="profile.person.postalSame" />}
          errors={errors.fields.postal_same_as_physical}
        />
        {/* Hidden, not removed: the typed postal lines come back if the box is unticked again. */}
        <div hidden={postalSame} className="space-y-5">
          <TextField
            id={fields.postal_line1.id}
            name="postal_line1"
            autoComplete="section-postal address-line1"
            maxLength={200}
            defaultValue={person.postal_line1}
            label={<FormattedMessage id="profile.person.postalLine1" />}
            errors={errors.fields.postal_line1}
          />
          <TextField
            id={fields.postal_line2.id}
            name="postal_line2"
            autoComplete="section-postal address-line2"
            maxLength={200}
            defaultValue={person.postal_line2}
            label={<FormattedMessage id="profile.person.postalLine2" />}
            errors={errors.fields.postal_line2}
          />
        </div>
      </fieldset>

      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? <FormattedMessage id="profile.person.saving" /> : <FormattedMessage id="profile.person.save" />}
      </Button>
    </form>
  );
}
