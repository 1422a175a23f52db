// "Change e-mail" on the profile (POST /me/email): the new address and the current password. Nothing changes until
// the link sent to the new address is followed (docs/decisions/046-account-safety.md); the form says so and keeps
// saying it after the toast is gone.
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '#api/errors';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote, TextField } from '#components/ui/Field';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors, toFormErrors } from '#lib/form-errors';
import { showToast } from '#lib/toast';
import { checkForm, text } from '#lib/validation';
import { changeMyEmailBody } from '#shared/validation/validators/changeMyEmailBody.js';
import { CurrentPasswordField } from '#components/password/CurrentPasswordField';
import { useRequestEmailChange } from '#features/profile/api/me';
import { ProfileCard } from './ProfileCard';

const labels = defineMessages({
  email: { id: 'profile.email.new' },
  current: { id: 'profile.email.password' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  email: { id: 'email-new', label: labels.email },
  current_password: { id: 'email-password', label: labels.current },
} as const satisfies Record<string, SummaryField>;

export function EmailForm({ current }: { current: string }) {
  const intl = useIntl();
  const { errors, attempt, fail, clear } = useFormErrors();
  const change = useRequestEmailChange();
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { email: text(data, 'email'), current_password: text(data, 'current_password', false) };
    const found = checkForm(changeMyEmailBody, body);
    setSent(null);
    if (hasErrors(found)) return fail(found);
    clear();
    change.mutate(body, {
      onSuccess: ({ detail }) => {
        form.reset();
        setSent(detail);
        showToast({ kind: 'success', message: detail });
      },
      onError: (error) => fail(toFormErrors(errorBody(error), Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }))),
    });
  }

  return (
    <ProfileCard
      titleId="email-form-title"
      title={<FormattedMessage id="profile.email.title" />}
      intro={<FormattedMessage id="profile.email.current" values={{ email: <strong className="break-all">{current}</strong> }} />}
      busy={change.isPending}
      onSubmit={submit}
    >
      <p className="text-gray-800">
        <FormattedMessage id="profile.email.intro" />
      </p>
      <ErrorSummary key={attempt} id="email-errors" errors={errors} fields={fields} />
      <RequiredNote />
      <TextField
        id={fields.email.id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        required
        maxLength={254}
        label={<FormattedMessage {...labels.email} />}
        errors={errors.fields.email}
      />
      <CurrentPasswordField
        id={fields.current_password.id}
        label={<FormattedMessage {...labels.current} />}
        errors={errors.fields.current_password}
      />
      <p role="status" className="font-medium text-green-800">
        {sent}
      </p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? <FormattedMessage id="profile.email.saving" /> : <FormattedMessage id="profile.email.save" />}
      </Button>
    </ProfileCard>
  );
}
