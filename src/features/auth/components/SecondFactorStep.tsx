// The login page's second step (docs/decisions/049-second-factor.md, docs/decisions/056-passkeys.md): a passkey, the
// app's six digits, or a recovery code when the device is lost. Renders machines/second-factor/sign-in-step.machine.ts,
// which runs as the session machine's child (`secondFactor`, in its `secondStep` state): a right code or passkey signs
// in there, an ended challenge or "back" returns to the password; this view only reads the step and sends it the
// person's input.
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { PasskeyPromptError } from '#actors/second-factor';
import type { SignInStepMachine } from '#machines/second-factor/sign-in-step.machine';
import {
  selectStepAttempt,
  selectStepBusy,
  selectStepError,
  selectStepMethod,
  selectStepOffersPasskey,
  selectStepOffersTotp,
} from '#machines/second-factor/second-factor.selectors';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { FactorCodeField } from '#components/second-factor/FactorCodeField';
import { noErrors, toFormErrors } from '#lib/form-errors';

const labels = defineMessages({
  code: { id: 'auth.secondFactor.code' },
  recoveryCode: { id: 'auth.secondFactor.recoveryCode' },
  passkey: { id: 'auth.secondFactor.usePasskey' },
});
const fields = {
  totp_code: { id: 'second-factor-code', label: labels.code },
  recovery_code: { id: 'second-factor-code', label: labels.recoveryCode },
  passkey: { id: 'second-factor-passkey', label: labels.passkey },
} as const satisfies Record<string, SummaryField>;

export function SecondFactorStep({ step }: { step: ActorRefFrom<SignInStepMachine> }) {
  const intl = useIntl();
  const offersPasskey = useSelector(step, selectStepOffersPasskey);
  const offersTotp = useSelector(step, selectStepOffersTotp);
  const method = useSelector(step, selectStepMethod);
  const busy = useSelector(step, selectStepBusy);
  const error = useSelector(step, selectStepError);
  const attempt = useSelector(step, selectStepAttempt);

  // When the step opens, the passkey button takes focus where a passkey is offered, else the code field; the field
  // takes it again when the person switches to the other kind of code.
  const opening = useRef(true);
  useEffect(() => {
    const id = opening.current && offersPasskey ? 'second-factor-passkey' : 'second-factor-code';
    opening.current = false;
    document.getElementById(id)?.focus();
  }, [method, offersPasskey]);

  // The browser's prompt was closed or found no passkey: said in its own words, not as the server's refusal.
  const promptFailed = error instanceof PasskeyPromptError;
  const errors =
    error === null || promptFailed ? noErrors : toFormErrors(error, Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }));

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
      {promptFailed ? (
        <Alert key={attempt} kind="error">
          <FormattedMessage id="auth.secondFactor.passkeyFailed" />
        </Alert>
      ) : null}
      {offersPasskey ? (
        <div className="space-y-3">
          <Button id="second-factor-passkey" type="button" disabled={busy} className="w-full" onClick={() => step.send({ type: 'passkey.use' })}>
            <FormattedMessage {...labels.passkey} />
          </Button>
          <p className="text-gray-800">
            <FormattedMessage id="auth.secondFactor.orCode" />
          </p>
        </div>
      ) : null}
      <FactorCodeField key={method} id="second-factor-code" method={method} labels={labels} errors={errors} />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <FormattedMessage id="auth.secondFactor.verifying" /> : <FormattedMessage id="auth.secondFactor.submit" />}
      </Button>
      <div className="flex flex-wrap gap-3">
        {offersTotp ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => step.send({ type: 'method.switch' })}>
            {isTotp ? <FormattedMessage id="auth.secondFactor.useRecovery" /> : <FormattedMessage id="auth.secondFactor.useApp" />}
          </Button>
        ) : null}
        <Button type="button" variant="secondary" disabled={busy} onClick={() => step.send({ type: 'cancel' })}>
          <FormattedMessage id="auth.secondFactor.back" />
        </Button>
      </div>
    </form>
  );
}
