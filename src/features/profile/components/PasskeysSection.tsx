// The passkeys part of /profile/second-factor (docs/decisions/056-passkeys.md): the person's passkeys, adding one
// (password, name, the browser's prompt; the recovery codes of a first factor shown once) and removing one (password
// and a fresh factor). Runs machines/second-factor/passkeys.machine.ts.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { PasskeyPromptError } from '#actors/second-factor';
import { usePageActor } from '#lib/use-page-actor';
import {
  selectPasskeyCodes,
  selectPasskeysAttempt,
  selectPasskeysBusy,
  selectPasskeysError,
  selectPasskeysView,
} from '#machines/second-factor/second-factor.selectors';
import type { FreshFactor, Passkey } from '#machines/second-factor/second-factor.types';
import { Alert } from '#components/ui/Alert';
import { Button, linkClass } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote, TextField } from '#components/ui/Field';
import { noErrors, toFormErrors } from '#lib/form-errors';
import { safeNext } from '#lib/paths';
import { FactorCodeField } from '#components/second-factor/FactorCodeField';
import { CurrentPasswordField, RecoveryCodes, secondFactorLabels } from './SecondFactorParts';
import { providePageActor } from '#actors/page-actors';
import { providePasskeysMachine } from '#actors/second-factor-pages';

// The session's `passkeys` page actors run this machine; it loads with this screen (docs/decisions/066-boot-closure.md).
providePageActor('passkeys', providePasskeysMachine);

const labels = defineMessages({
  ...secondFactorLabels,
  name: { id: 'profile.passkeys.name' },
  credential: { id: 'profile.passkeys.add' },
  passkey: { id: 'profile.passkeys.confirmWithPasskey' },
});
const fields = {
  name: { id: 'pk-name', label: labels.name },
  current_password: { id: 'pk-password', label: labels.password },
  credential: { id: 'pk-add', label: labels.credential },
  totp_code: { id: 'pk-code', label: labels.code },
  recovery_code: { id: 'pk-code', label: labels.recoveryCode },
  passkey: { id: 'pk-password', label: labels.passkey },
} as const satisfies Record<string, SummaryField>;

export function PasskeysSection({ passkeys, totp }: { passkeys: Passkey[]; totp: boolean }) {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get('next'));
  const actor = usePageActor('passkeys', 'me', undefined);
  const view = useSelector(actor, selectPasskeysView);
  const busy = useSelector(actor, selectPasskeysBusy);
  const codes = useSelector(actor, selectPasskeyCodes);
  const error = useSelector(actor, selectPasskeysError);
  const attempt = useSelector(actor, selectPasskeysAttempt);
  // Which passkey's removal form is open, and which fresh factor it asks for.
  const [removing, setRemoving] = useState<number | null>(null);
  const [method, setMethod] = useState<FreshFactor>('passkey');
  const promptFailed = error instanceof PasskeyPromptError;
  const errors = error === null || promptFailed ? noErrors : toFormErrors(error, Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }));
  const summary = <ErrorSummary key={attempt} id="pk-errors" errors={errors} fields={fields} />;
  const promptAlert = promptFailed ? (
    <Alert key={`prompt-${attempt}`} kind="error">
      <FormattedMessage id="profile.passkeys.promptFailed" />
    </Alert>
  ) : null;

  if (view === 'codes') {
    return <RecoveryCodes prefix="pk" heading="h2" codes={codes} onSaved={() => actor.send({ type: 'codes.saved' })} />;
  }

  const codeMethod = method === 'passkey' ? null : method;
  return (
    <section aria-labelledby="pk-title" className="space-y-5">
      <h2 id="pk-title" className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="profile.passkeys.title" />
      </h2>
      <p className="text-gray-800">
        <FormattedMessage id="profile.passkeys.intro" />
      </p>
      {passkeys.length === 0 ? (
        <p className="text-gray-800">
          <FormattedMessage id="profile.passkeys.none" />
        </p>
      ) : (
        <ul id="pk-list" className="space-y-3">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="rounded-md border border-gray-300 p-4">
              <p className="font-medium text-gray-900">{passkey.name}</p>
              <p className="text-gray-800">
                <FormattedMessage id="profile.passkeys.added" values={{ date: <FormattedDate value={passkey.created_at} dateStyle="medium" /> }} />{' '}
                {passkey.last_used_at ? (
                  <FormattedMessage id="profile.passkeys.lastUsed" values={{ date: <FormattedDate value={passkey.last_used_at} dateStyle="medium" /> }} />
                ) : (
                  <FormattedMessage id="profile.passkeys.neverUsed" />
                )}
              </p>
              {removing === passkey.id ? (
                <form
                  noValidate
                  aria-busy={busy}
                  aria-label={intl.formatMessage({ id: 'profile.passkeys.removeTitle' }, { name: passkey.name })}
                  className="mt-4 space-y-4"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const data = new FormData(event.currentTarget);
                    actor.send({
                      type: 'passkey.remove',
                      id: passkey.id,
                      password: String(data.get('current_password') ?? ''),
                      method,
                      code: String(data.get('code') ?? '').trim(),
                    });
                  }}
                >
                  <p className="text-gray-800">
                    <FormattedMessage id="profile.passkeys.removeIntro" />
                  </p>
                  {summary}
                  {promptAlert}
                  <RequiredNote />
                  <CurrentPasswordField id="pk-password" errors={errors.fields.current_password ?? errors.fields.passkey} />
                  {codeMethod ? <FactorCodeField id="pk-code" method={codeMethod} labels={labels} errors={errors} /> : null}
                  <div className="flex flex-wrap gap-3">
                    <Button type="submit" variant="danger" disabled={busy}>
                      {method === 'passkey' ? <FormattedMessage id="profile.passkeys.removeWithPasskey" /> : <FormattedMessage id="profile.passkeys.remove" />}
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => setMethod(method === 'passkey' ? (totp ? 'totp' : 'recovery_code') : method === 'totp' ? 'recovery_code' : 'passkey')}
                    >
                      {method === 'passkey' ? (
                        totp ? (
                          <FormattedMessage id="profile.secondFactor.useApp" />
                        ) : (
                          <FormattedMessage id="profile.secondFactor.useRecovery" />
                        )
                      ) : method === 'totp' ? (
                        <FormattedMessage id="profile.secondFactor.useRecovery" />
                      ) : (
                        <FormattedMessage id="profile.passkeys.usePasskey" />
                      )}
                    </Button>
                    <Button type="button" variant="secondary" disabled={busy} onClick={() => setRemoving(null)}>
                      <FormattedMessage id="profile.secondFactor.cancel" />
                    </Button>
                  </div>
                </form>
              ) : (
                <Button
                  type="button"
                  variant="secondary"
                  className="mt-3"
                  disabled={busy}
                  aria-label={intl.formatMessage({ id: 'profile.passkeys.removeTitle' }, { name: passkey.name })}
                  onClick={() => {
                    setRemoving(passkey.id);
                    setMethod('passkey');
                  }}
                >
                  <FormattedMessage id="profile.passkeys.remove" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {passkeys.length > 0 && !totp && next ? (
        <p>
          <Link to={next} className={linkClass}>
            <FormattedMessage id="profile.secondFactor.continue" />
          </Link>
        </p>
      ) : null}
      <form
        noValidate
        aria-busy={busy}
        aria-labelledby="pk-add-title"
        className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          setRemoving(null);
          const data = new FormData(event.currentTarget);
          actor.send({ type: 'passkey.add', password: String(data.get('current_password') ?? ''), name: String(data.get('name') ?? '').trim() });
        }}
      >
        <h3 id="pk-add-title" className="text-xl font-bold text-gray-900">
          <FormattedMessage id="profile.passkeys.addTitle" />
        </h3>
        {removing === null ? summary : null}
        {removing === null ? promptAlert : null}
        <RequiredNote />
        <TextField
          id="pk-name"
          name="name"
          required
          maxLength={60}
          autoComplete="off"
          label={<FormattedMessage {...labels.name} />}
          hint={<FormattedMessage id="profile.passkeys.nameHint" />}
          errors={removing === null ? errors.fields.name : undefined}
        />
        <CurrentPasswordField id={removing === null ? 'pk-password' : 'pk-add-password'} errors={removing === null ? errors.fields.current_password : undefined} />
        <Button id="pk-add" type="submit" disabled={busy}>
          <FormattedMessage {...labels.credential} />
        </Button>
      </form>
    </section>
  );
}
