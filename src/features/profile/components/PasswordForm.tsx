// "Change password" on the profile (POST /me/password): the current password, then the new one twice with the
// sign-up checks. The answer is this device's new session (every other one ended), handed to the session machine.
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '#api/errors';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote } from '#components/ui/Field';
import { useFormErrors } from '#components/ui/use-form-errors';
import { NewPasswordFields, confirmationProblems } from '#components/password/NewPasswordFields';
import { hasErrors, toFormErrors } from '#lib/form-errors';
import { showToast } from '#lib/toast';
import { useSessionActor } from '#lib/use-session';
import { checkForm, text } from '#lib/validation';
import { changeMyPasswordBody } from '#shared/validation/validators/changeMyPasswordBody.js';
import { CurrentPasswordField } from '#components/password/CurrentPasswordField';
import { useChangePassword } from '#features/profile/api/me';
import { ProfileCard } from './ProfileCard';

const labels = defineMessages({
  current: { id: 'profile.password.current' },
  password: { id: 'profile.password.new' },
  passwordConfirm: { id: 'profile.password.confirm' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  current_password: { id: 'password-current', label: labels.current },
  password: { id: 'password-new', label: labels.password },
  password_confirm: { id: 'password-confirm', label: labels.passwordConfirm },
} as const satisfies Record<string, SummaryField>;

export function PasswordForm() {
  const intl = useIntl();
  const session = useSessionActor();
  const { errors, attempt, fail, clear } = useFormErrors();
  const change = useChangePassword();
  // Stays on screen after the 3-second toast: the person may want to read that other devices were signed out.
  const [done, setDone] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = text(data, 'current_password', false);
    const password = text(data, 'password', false);
    // The contract's rules for the request (docs/decisions/014-one-set-of-rules.md), and the confirmation, the form's own.
    const found = checkForm(changeMyPasswordBody, { current_password: current, password }, confirmationProblems(password, text(data, 'password_confirm', false)));
    setDone(null);
    if (hasErrors(found)) return fail(found);
    clear();
    change.mutate(
      { current_password: current, password },
      {
        onSuccess: ({ detail, ...record }) => {
          session.send({ type: 'session.renewed', record });
          form.reset();
          setDone(detail);
          showToast({ kind: 'success', message: detail });
        },
        onError: (error) =>
          fail(toFormErrors(errorBody(error), Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }))),
      },
    );
  }

  return (
    <ProfileCard
      titleId="password-form-title"
      title={<FormattedMessage id="profile.password.title" />}
      intro={<FormattedMessage id="profile.password.intro" />}
      busy={change.isPending}
      onSubmit={submit}
    >
      <ErrorSummary key={attempt} id="password-errors" errors={errors} fields={fields} />
      <RequiredNote />
      <CurrentPasswordField
        id={fields.current_password.id}
        label={<FormattedMessage {...labels.current} />}
        errors={errors.fields.current_password}
      />
      <NewPasswordFields
        ids={{ password: fields.password.id, confirm: fields.password_confirm.id }}
        labels={{ password: labels.password, confirm: labels.passwordConfirm }}
        errors={errors}
      />
      <p role="status" className="font-medium text-green-800">
        {done}
      </p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? <FormattedMessage id="profile.password.saving" /> : <FormattedMessage id="profile.password.save" />}
      </Button>
    </ProfileCard>
  );
}
