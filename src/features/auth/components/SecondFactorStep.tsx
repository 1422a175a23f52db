// The login page's second step (docs/decisions/049-second-factor.md): the app's six digits, or a recovery code when
// the device is lost. Renders machines/second-factor/sign-in-step.machine.ts, which runs as the session machine's
// child (`secondFactor`, in its `secondStep` state): a right code signs in there, an ended challenge or "back" returns
// to the password; this view only reads the step and sends it the person's input.
import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { SignInStepMachine } from '#machines/second-factor/sign-in-step.machine';
import {
  selectStepAttempt,
  selectStepBusy,
  selectStepError,
  selectStepMethod,
} from '#machines/second-factor/second-factor.selectors';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { TextField } from '#components/ui/Field';
import { noErrors, toFormErrors } from '#lib/form-errors';

const labels = defineMessages({
  code: { id: 'auth.secondFactor.code' },
  recoveryCode: { id: 'auth.secondFactor.recoveryCode' },
});
const fields = {
  totp_code: { id: 'second-factor-code', label: labels.code },
  recovery_code: { id: 'second-factor-code', label: labels.recoveryCode },
} as const satisfies Record<string, SummaryField>;

export function SecondFactorStep({ step }: { step: ActorRefFrom<SignInStepMachine> }) {
  const intl = useIntl();
  const method = useSelector(step, selectStepMethod);
  const busy = useSelector(step, selectStepBusy);
  const error = useSelector(step, selectStepError);
  const attempt = useSelector(step, selectStepAttempt);

  // The field takes focus when the step opens and when the person switches to the other kind of code.
  useEffect(() => document.getElementById('second-factor-code')?.focus(), [method]);

  const errors = error === null ? noErrors : toFormErrors(error, Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    step.send({ type: 'code.submit', code });
  }

  const isTotp = method === 'totp';
  return (
    <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={busy} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="auth.secondFactor.title" />
      </h2>
      <p className="text-gray-800">
        {isTotp ? <FormattedMessage id="auth.secondFactor.introTotp" /> : <FormattedMessage id="auth.secondFactor.introRecovery" />}
      </p>
      <ErrorSummary key={attempt} id="second-factor-errors" errors={errors} fields={fields} />
      <TextField
        key={method}
        id="second-factor-code"
        name="code"
        required
        autoComplete="one-time-code"
        inputMode={isTotp ? 'numeric' : 'text'}
        spellCheck={false}
        maxLength={isTotp ? 6 : 32}
        label={<FormattedMessage {...(isTotp ? labels.code : labels.recoveryCode)} />}
        errors={isTotp ? errors.fields.totp_code : errors.fields.recovery_code}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <FormattedMessage id="auth.secondFactor.verifying" /> : <FormattedMessage id="auth.secondFactor.submit" />}
      </Button>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" disabled={busy} onClick={() => step.send({ type: 'method.switch' })}>
          {isTotp ? <FormattedMessage id="auth.secondFactor.useRecovery" /> : <FormattedMessage id="auth.secondFactor.useApp" />}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => step.send({ type: 'cancel' })}>
          <FormattedMessage id="auth.secondFactor.back" />
        </Button>
      </div>
    </form>
  );
}
