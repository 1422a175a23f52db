// The "current password" field of the forms that change something only its owner may (the password, the sign-in
// e-mail): the browser's password manager fills it, and the server names it when the password is wrong.
import type { ReactNode } from 'react';
import { TextField } from '#components/ui/Field';
import type { ErrorText } from '#lib/form-errors';

export function CurrentPasswordField({ id, label, errors }: { id: string; label: ReactNode; errors: readonly ErrorText[] | undefined }) {
  return (
    <TextField id={id} name="current_password" type="password" autoComplete="current-password" required maxLength={128} label={label} errors={errors} />
  );
}
