// Every Person field of the profile (docs/product.md section 3) but the sign-in e-mail (EmailForm changes it, with the
// password), sent with PATCH /me as only what changed.
// "Postal same as physical" hides the postal lines and copies the physical ones into them on save.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '#api/errors';
import { genders, type Gender } from '#components/person/messages';
import { PersonFields, personFieldsFor, type PersonFieldName } from '#components/person/PersonFields';
import { Button } from '#components/ui/Button';
import { ErrorSummary } from '#components/ui/ErrorSummary';
import { RequiredNote } from '#components/ui/Field';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors, toFormErrors } from '#lib/form-errors';
import { isLocale, setLocale } from '#lib/locale';
import { showToast } from '#lib/toast';
import { checkForm, text } from '#lib/validation';
import { updateMeBody } from '#shared/validation/validators/updateMeBody.js';
import { useUpdateMe, type Person, type PersonUpdate } from '#features/profile/api/me';

/** Field name -> control id and label, in form order (the error summary follows it); the e-mail has its own form. */
const { email: _email, ...fields } = personFieldsFor('person');

/** The only fields the profile cannot leave empty (checked before sending); step 1 asks more of the same person. */
const requiredFields: ReadonlySet<PersonFieldName> = new Set(['first_name', 'last_name']);

/** The free-text fields, compared one by one so PATCH carries only changes. */
const textFields = [
  'first_name',
  'last_name',
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

function toGender(value: string): Gender | null {
  return genders.find((gender) => gender === value) ?? null;
}

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
    const gender = toGender(text(data, 'gender'));
    const language = text(data, 'language');
    // The whole form is checked with the contract's rules for PATCH /me, so every problem shows at once.
    const found = checkForm(updateMeBody, { ...values, gender, postal_same_as_physical: postalSame });
    if (hasErrors(found)) return fail(found);

    const changes: PersonUpdate = {};
    for (const name of textFields) {
      const value = values[name] ?? '';
      if (value !== person[name]) changes[name] = value;
    }
    // A postal code is checked against its country (a ZIP code in Puerto Rico and the US): they travel together.
    if (changes.postal_code !== undefined || changes.country !== undefined) {
      changes.postal_code = values.postal_code ?? '';
      changes.country = values.country ?? '';
    }
    if (gender !== person.gender) changes.gender = gender;
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

      <PersonFields
        fields={fields}
        valueOf={(name) => (name === 'gender' ? (person.gender ?? '') : person[name])}
        postalSame={postalSame}
        onPostalSameChange={setPostalSame}
        required={requiredFields}
        errors={errors.fields}
      />

      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? <FormattedMessage id="profile.person.saving" /> : <FormattedMessage id="profile.person.save" />}
      </Button>
    </form>
  );
}
