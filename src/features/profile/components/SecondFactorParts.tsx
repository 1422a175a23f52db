// What the passkeys part (PasskeysSection) and the authenticator app part (SecondFactorPage) of
// /profile/second-factor share: the labels of a fresh factor's fields, the password and code fields a removal asks
// for (the code's field is src/components/second-factor/FactorCodeField.tsx), and the recovery codes shown once (docs/decisions/049-second-factor.md, 056-passkeys.md).
import { defineMessages, FormattedMessage } from 'react-intl';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { TextField } from '#components/ui/Field';
import type { ErrorText } from '#lib/form-errors';

export const secondFactorLabels = defineMessages({
  password: { id: 'profile.secondFactor.password' },
  code: { id: 'profile.secondFactor.code' },
  recoveryCode: { id: 'profile.secondFactor.recoveryCode' },
});

/** The current password a change of factors asks for; `errors` are its own (a form may add another field's). */
export function CurrentPasswordField({ id, errors }: { id: string; errors: readonly ErrorText[] | undefined }) {
  return (
    <TextField
      id={id}
      name="current_password"
      type="password"
      autoComplete="current-password"
      required
      maxLength={128}
      label={<FormattedMessage {...secondFactorLabels.password} />}
      errors={errors}
    />
  );
}

/** The recovery codes of a first factor, shown once until the person says they saved them. */
export function RecoveryCodes({ prefix, heading: Heading, codes, onSaved }: { prefix: string; heading: 'h2' | 'h3'; codes: readonly string[]; onSaved: () => void }) {
  return (
    <section aria-labelledby={`${prefix}-codes-title`} className="space-y-5">
      <Heading id={`${prefix}-codes-title`} className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="profile.secondFactor.codesTitle" />
      </Heading>
      <Alert kind="info">
        <FormattedMessage id="profile.secondFactor.codesIntro" />
      </Alert>
      <ol id={`${prefix}-recovery-codes`} className="grid grid-cols-1 gap-2 font-mono text-lg text-gray-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button type="button" onClick={onSaved}>
        <FormattedMessage id="profile.secondFactor.codesSaved" />
      </Button>
    </section>
  );
}
