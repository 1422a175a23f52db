// The field of a second factor's code, wherever one is asked for (the sign-in's second step, removing a factor in
// /profile/second-factor): six digits of the authenticator app or a recovery code (docs/decisions/049-second-factor.md).
import type { MessageDescriptor } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import type { CodeMethod } from '#machines/second-factor/second-factor.types';
import { TextField } from '#components/ui/Field';
import type { FormErrors } from '#lib/form-errors';

interface FactorCodeFieldProps {
  id: string;
  method: CodeMethod;
  /** The labels of each kind of code, in the words of the screen it is on. */
  labels: { code: MessageDescriptor; recoveryCode: MessageDescriptor };
  /** The form's errors: the field shows the server's ones of its kind (totp_code or recovery_code). */
  errors: FormErrors;
}

export function FactorCodeField({ id, method, labels, errors }: FactorCodeFieldProps) {
  const totp = method === 'totp';
  return (
    <TextField
      id={id}
      name="code"
      required
      autoComplete="one-time-code"
      inputMode={totp ? 'numeric' : 'text'}
      spellCheck={false}
      maxLength={totp ? 6 : 32}
      label={<FormattedMessage {...(totp ? labels.code : labels.recoveryCode)} />}
      errors={totp ? errors.fields.totp_code : errors.fields.recovery_code}
    />
  );
}
