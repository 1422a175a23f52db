// /login: e-mail, password and "Remember me". The session machine does the sign-in; a failure shows the
// docs/product.md section 8 toast (the session machine's announceLoginFailure action, provided in src/actors/session.ts).
// A signed-in person is sent on to `next`, /admin or /panel. An account with a second factor then gets its second
// step (SecondFactorStep, docs/decisions/049-second-factor.md) in place of the form.
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { selectIsBusy, selectIsSignedIn, selectIsStaff, selectSecondStep } from '#machines/session/session.selectors';
import { readRememberedEmail } from '#actors/session';
import { Button, linkClass } from '#components/ui/Button';
import { CheckboxField } from '#components/ui/Checkbox';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote, TextField } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors } from '#lib/form-errors';
import { homeFor, loginStateEmail, paths, safeNext } from '#lib/paths';
import { checkForm, text } from '#lib/validation';
import { useSession, useSessionActor } from '#lib/use-session';
import { SecondFactorStep } from './SecondFactorStep';

const labels = defineMessages({
  email: { id: 'auth.login.email' },
  password: { id: 'auth.login.password' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  email: { id: 'login-email', label: labels.email },
  password: { id: 'login-password', label: labels.password },
} as const satisfies Record<string, SummaryField>;

export function LoginPage() {
  const session = useSessionActor();
  const signedIn = useSession(selectIsSignedIn);
  const isStaff = useSession(selectIsStaff);
  const busy = useSession(selectIsBusy);
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get('next'));
  const location = useLocation();
  const [rememberedEmail] = useState(readRememberedEmail);
  const [remember, setRemember] = useState(rememberedEmail !== '');
  // Just signed up: the new account's address, else the one "Remember me" kept.
  const [initialEmail] = useState(() => loginStateEmail(location.state) || rememberedEmail);
  const { errors, attempt, fail, clear } = useFormErrors();
  // The second step of a sign-in whose account has one: the session machine's child while it runs.
  const secondStep = useSession(selectSecondStep);

  if (signedIn) return <Navigate to={next ?? homeFor(isStaff)} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = text(data, 'email');
    const password = text(data, 'password', false);
    const { loginBody } = await import('#shared/validation/validators/loginBody.js');
    const found = checkForm(loginBody, { email, password });
    if (hasErrors(found)) return fail(found);
    clear();
    session.send({ type: 'session.login', email, password, remember });
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading>
        <FormattedMessage id="auth.login.title" />
      </PageHeading>
      {secondStep !== null ? (
        <SecondFactorStep key={secondStep.sessionId} step={secondStep} />
      ) : (
      <form method="post" noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-5" aria-busy={busy}>
        <ErrorSummary key={attempt} id="login-errors" errors={errors} fields={fields} />
        <RequiredNote />
        <TextField
          id={fields.email.id}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          defaultValue={initialEmail}
          label={<FormattedMessage id="auth.login.email" />}
          errors={errors.fields.email}
        />
        <TextField
          id={fields.password.id}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          label={<FormattedMessage id="auth.login.password" />}
          errors={errors.fields.password}
        />
        <CheckboxField
          id="login-remember"
          checked={remember}
          onCheckedChange={setRemember}
          label={<FormattedMessage id="auth.login.remember" />}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? <FormattedMessage id="auth.login.submitting" /> : <FormattedMessage id="auth.login.submit" />}
        </Button>
      </form>
      )}
      <ul className="mt-6 space-y-3">
        <li>
          <Link to={paths.passwordReset} className={linkClass}>
            <FormattedMessage id="auth.login.forgotPassword" />
          </Link>
        </li>
        <li>
          <FormattedMessage id="auth.login.noAccount" />{' '}
          <Link to={paths.createAccount} className={linkClass}>
            <FormattedMessage id="auth.login.createAccount" />
          </Link>
        </li>
      </ul>
    </div>
  );
}
