// The last 4 digits of the SSN on a form of their own (PUT /me/ssn). Only the masked value is ever shown,
// and the input is masked too, so the digits are not left on screen.
import type { FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '#api/errors';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { TextField } from '#components/ui/Field';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors, toFormErrors } from '#lib/form-errors';
import { showToast } from '#lib/toast';
import { checkForm, text } from '#lib/validation';
import { setMySsnLast4Body } from '#shared/validation/validators/setMySsnLast4Body.js';
import { SSN_LAST4_INPUT_PATTERN, ssnLast4Of } from '#shared/application-constants';
import { ProfileCard } from './ProfileCard';
import { useSetSsnLast4 } from '#features/profile/api/me';

const labels = defineMessages({
  ssnLast4: { id: 'profile.ssn.label' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  ssn_last4: { id: 'ssn-last4', label: labels.ssnLast4 },
} as const satisfies Record<string, SummaryField>;

export function SsnForm({ masked }: { masked: string | null }) {
  const intl = useIntl();
  const { errors, attempt, fail, clear } = useFormErrors();
  const save = useSetSsnLast4();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const digits = text(new FormData(form), 'ssn_last4');
    const found = checkForm(setMySsnLast4Body, { ssn_last4: digits });
    if (hasErrors(found)) return fail(found);
    clear();
    save.mutate(digits, {
      onSuccess: () => {
        form.reset();
        showToast({ kind: 'success', message: intl.formatMessage({ id: 'profile.ssn.saved' }) });
      },
      onError: (error) =>
        fail(toFormErrors(errorBody(error), ['ssn_last4'], intl.formatMessage({ id: 'auth.error.tryAgainLater' }))),
    });
  }

  return (
    <ProfileCard
      titleId="ssn-form-title"
      title={<FormattedMessage id="profile.ssn.title" />}
      intro={<FormattedMessage id="profile.ssn.intro" />}
      busy={save.isPending}
      onSubmit={submit}
    >
      <ErrorSummary key={attempt} id="ssn-errors" errors={errors} fields={fields} />
      <p className="font-medium text-gray-900" aria-live="polite">
        {masked ? (
          <FormattedMessage id="profile.ssn.current" values={{ masked: <span className="font-mono">{masked}</span> }} />
        ) : (
          <FormattedMessage id="profile.ssn.none" />
        )}
      </p>
      <TextField
        id={fields.ssn_last4.id}
        name="ssn_last4"
        type="password"
        inputMode="numeric"
        pattern={SSN_LAST4_INPUT_PATTERN}
        autoComplete="off"
        // Digits only, and of a whole number typed or pasted its last four (the field stays uncontrolled: it is read
        // from FormData on submit).
        onChange={(event) => {
          const kept = ssnLast4Of(event.currentTarget.value);
          if (kept !== event.currentTarget.value) event.currentTarget.value = kept;
        }}
        required
        className="max-w-40 font-mono tracking-widest"
        label={<FormattedMessage id="profile.ssn.label" />}
        hint={<FormattedMessage id="profile.ssn.hint" />}
        errors={errors.fields.ssn_last4}
      />
      <Button type="submit" disabled={save.isPending}>
        <FormattedMessage id="profile.ssn.save" />
      </Button>
    </ProfileCard>
  );
}
