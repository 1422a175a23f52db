// A new password and its confirmation (sign-up, reset confirm, the profile's password change). The password's rules
// are the contract's (its operation's body schema, checked in the browser and again on the server, with the rules
// only the server knows: common, numeric); the confirmation is the form's own, for typos.
import type { MessageDescriptor } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import { TextField } from '#components/ui/Field';
import type { FormErrors } from '#lib/form-errors';
import type { FieldMessages } from '#shared/validation/field-messages';

/** The confirmation must be given and be the password again: a field of the form, not of the request. */
export function confirmationProblems(password: string, confirm: string): FieldMessages {
  if (confirm === '') return { password_confirm: [{ id: 'api.field.required' }] };
  return confirm === password ? {} : { password_confirm: [{ id: 'ui.validation.passwordMismatch' }] };
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
