// /profile/second-factor: add or remove passkeys (docs/decisions/056-passkeys.md, PasskeysSection) and an authenticator
// app (docs/decisions/049-second-factor.md). The workflow is
// machines/second-factor/enrolment.machine.ts; this view renders its state and sends its events. Staff are sent here
// until they enrol, with `next` to return to the admin area.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { generate } from 'lean-qr';
import { toSvgDataURL } from 'lean-qr/extras/svg';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageActor } from '#lib/use-page-actor';
import { secondFactorStatusQuery } from '#features/profile/api/second-factor';
import {
  selectEnrolment,
  selectEnrolmentAttempt,
  selectEnrolmentBusy,
  selectEnrolmentError,
  selectEnrolmentView,
  selectRecoveryCodes,
} from '#machines/second-factor/second-factor.selectors';
import type { CodeMethod } from '#machines/second-factor/second-factor.types';
import { Alert } from '#components/ui/Alert';
import { Button, linkClass } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { SignedInOnly } from '#components/session/SignedInOnly';
import { noErrors, toFormErrors } from '#lib/form-errors';
import { paths, safeNext } from '#lib/paths';
import { FactorCodeField } from '#components/second-factor/FactorCodeField';
import { PasskeysSection } from './PasskeysSection';
import { CurrentPasswordField, RecoveryCodes, secondFactorLabels as labels } from './SecondFactorParts';
import { providePageActor } from '#actors/page-actors';
import { provideEnrolmentMachine } from '#actors/second-factor-pages';

// The session's `enrolment` page actors run this machine; it loads with this screen (docs/decisions/066-boot-closure.md).
providePageActor('enrolment', provideEnrolmentMachine);

const fields = {
  current_password: { id: 'sf-password', label: labels.password },
  totp_code: { id: 'sf-code', label: labels.code },
  recovery_code: { id: 'sf-code', label: labels.recoveryCode },
} as const satisfies Record<string, SummaryField>;

export function SecondFactorPage() {
  return (
    <SignedInOnly>
      <SecondFactorContent />
    </SignedInOnly>
  );
}

function SecondFactorContent() {
  const status = useQuery({ ...secondFactorStatusQuery(), refetchOnMount: 'always' });
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeading>
        <FormattedMessage id="profile.secondFactor.title" />
      </PageHeading>
      {status.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="profile.page.loading" />
        </p>
      ) : status.isError ? (
        <Alert kind="error">
          <FormattedMessage id="profile.page.loadError" />
        </Alert>
      ) : (
        <>
          {status.data.required && !status.data.totp && status.data.passkeys.length === 0 ? (
            <Alert kind="info">
              <FormattedMessage id="profile.secondFactor.staffRequired" />
            </Alert>
          ) : null}
          <PasskeysSection passkeys={status.data.passkeys} totp={status.data.totp} />
          <section aria-labelledby="sf-app-title" className="space-y-5">
            <h2 id="sf-app-title" className="text-2xl font-bold text-gray-900">
              <FormattedMessage id="profile.secondFactor.appTitle" />
            </h2>
            <EnrolmentSection enrolled={status.data.totp} codesLeft={status.data.recovery_codes_left} />
          </section>
        </>
      )}
    </div>
  );
}

function EnrolmentSection({ enrolled, codesLeft }: { enrolled: boolean; codesLeft: number }) {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get('next'));
  const actor = usePageActor('enrolment', 'me', { enrolled });
  const view = useSelector(actor, selectEnrolmentView);
  const busy = useSelector(actor, selectEnrolmentBusy);
  const enrolment = useSelector(actor, selectEnrolment);
  const codes = useSelector(actor, selectRecoveryCodes);
  const error = useSelector(actor, selectEnrolmentError);
  const attempt = useSelector(actor, selectEnrolmentAttempt);
  const [method, setMethod] = useState<CodeMethod>('totp');
  const errors = error === null ? noErrors : toFormErrors(error, Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' }));
  const value = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? '').trim();
  const passwordField = <CurrentPasswordField id={fields.current_password.id} errors={errors.fields.current_password} />;
  const codeField = (kind: CodeMethod) => <FactorCodeField id="sf-code" method={kind} labels={labels} errors={errors} />;
  const summary = <ErrorSummary key={attempt} id="sf-errors" errors={errors} fields={fields} />;

  if (view === 'start') {
    return (
      <form
        noValidate
        aria-busy={busy}
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'enrol.start', password: String(new FormData(event.currentTarget).get('current_password') ?? '') });
        }}
      >
        <p className="text-gray-800">
          <FormattedMessage id="profile.secondFactor.introStart" />
        </p>
        {summary}
        <RequiredNote />
        {passwordField}
        <Button type="submit" disabled={busy}>
          <FormattedMessage id="profile.secondFactor.start" />
        </Button>
      </form>
    );
  }

  if (view === 'scan' && enrolment) {
    return (
      <form
        noValidate
        aria-busy={busy}
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'enrol.confirm', code: value(event, 'code') });
        }}
      >
        <h3 className="text-2xl font-bold text-gray-900">
          <FormattedMessage id="profile.secondFactor.scanTitle" />
        </h3>
        <p className="text-gray-800">
          <FormattedMessage id="profile.secondFactor.scanIntro" />
        </p>
        <img
          src={toSvgDataURL(generate(enrolment.otpauth_uri), { on: 'black', off: 'white', pad: 4 })}
          alt={intl.formatMessage({ id: 'profile.secondFactor.qrAlt' })}
          className="h-56 w-56 [image-rendering:pixelated]"
        />
        <p className="text-gray-800">
          <FormattedMessage id="profile.secondFactor.secretIntro" />
        </p>
        <p>
          <code id="sf-secret" className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-lg text-gray-900">
            {enrolment.secret}
          </code>
        </p>
        {summary}
        {codeField('totp')}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            <FormattedMessage id="profile.secondFactor.confirm" />
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'enrol.cancel' })}>
            <FormattedMessage id="profile.secondFactor.cancel" />
          </Button>
        </div>
      </form>
    );
  }

  if (view === 'codes') {
    return <RecoveryCodes prefix="sf" heading="h3" codes={codes} onSaved={() => actor.send({ type: 'codes.saved' })} />;
  }

  return (
    <div className="space-y-5">
      <p role="status" className="font-medium text-green-800">
        <FormattedMessage id="profile.secondFactor.on" values={{ count: codesLeft }} />
      </p>
      {next ? (
        <p>
          <Link to={next} className={linkClass}>
            <FormattedMessage id="profile.secondFactor.continue" />
          </Link>
        </p>
      ) : null}
      <form
        noValidate
        aria-busy={busy}
        aria-labelledby="sf-remove-title"
        className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          actor.send({ type: 'remove.submit', password: String(data.get('current_password') ?? ''), method, code: String(data.get('code') ?? '').trim() });
        }}
      >
        <h3 id="sf-remove-title" className="text-xl font-bold text-gray-900">
          <FormattedMessage id="profile.secondFactor.removeTitle" />
        </h3>
        <p className="text-gray-800">
          <FormattedMessage id="profile.secondFactor.removeIntro" />
        </p>
        {summary}
        <RequiredNote />
        {passwordField}
        {codeField(method)}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={busy}>
            <FormattedMessage id="profile.secondFactor.remove" />
          </Button>
          <Button type="button" variant="secondary" onClick={() => setMethod(method === 'totp' ? 'recovery_code' : 'totp')}>
            {method === 'totp' ? <FormattedMessage id="profile.secondFactor.useRecovery" /> : <FormattedMessage id="profile.secondFactor.useApp" />}
          </Button>
        </div>
      </form>
      <p>
        <Link to={paths.profile} className={linkClass}>
          <FormattedMessage id="profile.secondFactor.backToProfile" />
        </Link>
      </p>
    </div>
  );
}
