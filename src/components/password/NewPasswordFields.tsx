// A new password and its confirmation, with the browser-side checks they share (sign-up, reset confirm, profile).
// The server still applies every password rule (common, numeric, length); these checks only catch typos early.
import type { MessageDescriptor } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import { TextField } from '#components/ui/Field';
import { validationMessages, type Rule } from '#lib/validation';
import type { FormErrors } from '#lib/form-errors';

/** The rules a new password and its confirmation must meet before the form is sent. */
export function newPasswordRules(password: string, confirm: string): Rule[] {
  return [
    ['password', password === '', validationMessages.required],
    ['password', password.length < 8, validationMessages.passwordLength],
    ['password_confirm', confirm === '', validationMessages.required],
    ['password_confirm', confirm !== password, validationMessages.passwordMismatch],
  ];
}

interface NewPasswordFieldsProps {
  ids: { password: string; confirm: string };
  labels: { password: MessageDescriptor; confirm: MessageDescriptor };
  errors: FormErrors;
}

export function NewPasswordFields({ ids, labels, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={ids.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        label={<FormattedMessage {...labels.password} />}
        hint={<FormattedMessage id="auth.register.passwordHint" />}
        errors={errors.fields.password}
      />
      <TextField
        id={ids.confirm}
        name="password_confirm"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        label={<FormattedMessage {...labels.confirm} />}
        errors={errors.fields.password_confirm}
      />
    </>
  );
}
