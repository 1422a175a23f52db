// /account/create: the registration form with the ALTCHA captcha. Server field errors come back onto their
// fields and into the error summary (docs/product.md section 8: register errors are passed back to the caller).
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { errorBody } from '#api/errors';
import { Button, linkClass } from '#components/ui/Button';
import { CheckboxField } from '#components/ui/Checkbox';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote, SelectField, TextField } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors, toFormErrors } from '#lib/form-errors';
import { isLocale, useLocale, type Locale } from '#lib/locale';
import { paths, type LoginState } from '#lib/paths';
import { showToast } from '#lib/toast';
import { checkForm, text } from '#lib/validation';
import { register, type RegisterRequest } from '#features/auth/api/auth';
import { NewPasswordFields, confirmationProblems } from '#components/password/NewPasswordFields';
import { AltchaField } from '#components/ui/AltchaField';
import { TermsLink } from '#components/terms/TermsLink';

const labels = defineMessages({
  firstName: { id: 'auth.register.firstName' },
  lastName: { id: 'auth.register.lastName' },
  email: { id: 'auth.register.email' },
  password: { id: 'auth.register.password' },
  passwordConfirm: { id: 'auth.register.passwordConfirm' },
  language: { id: 'auth.register.language' },
  // The checkbox's full sentence reads badly before a colon in the summary: a short name instead.
  conditions: { id: 'auth.register.conditionsName' },
  captcha: { id: 'auth.register.captcha' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  first_name: { id: 'register-first-name', label: labels.firstName },
  last_name: { id: 'register-last-name', label: labels.lastName },
  email: { id: 'register-email', label: labels.email },
  password: { id: 'register-password', label: labels.password },
  password_confirm: { id: 'register-password-confirm', label: labels.passwordConfirm },
  language: { id: 'register-language', label: labels.language },
  conditions: { id: 'register-conditions', label: labels.conditions },
  captcha: { id: 'register-captcha', label: labels.captcha },
} as const satisfies Record<string, SummaryField>;

export function CreateAccountPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const locale = useLocale();
  const [conditions, setConditions] = useState(false);
  // The account's language follows the screen's (switched on this page too) until the person picks one here: the
  // e-mails then come in the language they are reading (a `defaultValue` would keep the first screen's).
  const [chosenLanguage, setChosenLanguage] = useState<Locale | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A solved challenge is spent once the server saw it: a new key mounts a fresh widget after a failure.
  const [captchaKey, setCaptchaKey] = useState(0);
  const { errors, attempt, fail, clear } = useFormErrors();
  const mutation = useMutation({ mutationFn: register });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const language = text(data, 'language');
    const body = {
      first_name: text(data, 'first_name'),
      last_name: text(data, 'last_name'),
      email: text(data, 'email'),
      password: text(data, 'password', false),
      language: isLocale(language) ? language : locale,
      conditions,
      captcha: captcha ?? '',
    };
    const confirm = text(data, 'password_confirm', false);
    const { registerBody } = await import('#shared/validation/validators/registerBody.js');
    const found = checkForm(registerBody, body, confirmationProblems(body.password, confirm));
    if (hasErrors(found)) return fail(found);
    clear();
    // Checked against the contract's RegisterRequest just above (the conditions accepted among its rules).
    mutation.mutate(body as RegisterRequest, {
      onSuccess: () => {
        showToast({ kind: 'success', message: intl.formatMessage({ id: 'auth.register.success' }) });
        // The address just registered fills the sign-in form (router state: it stays out of the URL and the logs).
        void navigate(paths.login, { state: { email: body.email } satisfies LoginState });
      },
      onError: (error) => {
        fail(
          toFormErrors(errorBody(error), Object.keys(fields), intl.formatMessage({ id: 'auth.error.tryAgainLater' })),
        );
        setCaptcha(null);
        setCaptchaKey((key) => key + 1);
      },
    });
  }

  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>
        <FormattedMessage id="auth.register.title" />
      </PageHeading>
      <p className="mt-3 text-gray-800">
        <FormattedMessage id="auth.register.intro" />
      </p>
      <form method="post" noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-5" aria-busy={mutation.isPending}>
        <ErrorSummary key={attempt} id="register-errors" errors={errors} fields={fields} />
        <RequiredNote />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={fields.first_name.id}
            name="first_name"
            autoComplete="given-name"
            required
            maxLength={150}
            label={<FormattedMessage id="auth.register.firstName" />}
            errors={errors.fields.first_name}
          />
          <TextField
            id={fields.last_name.id}
            name="last_name"
            autoComplete="family-name"
            required
            maxLength={150}
            label={<FormattedMessage id="auth.register.lastName" />}
            errors={errors.fields.last_name}
          />
        </div>
        <TextField
          id={fields.email.id}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
          label={<FormattedMessage id="auth.register.email" />}
          errors={errors.fields.email}
        />
        <NewPasswordFields
          ids={{ password: fields.password.id, confirm: fields.password_confirm.id }}
          labels={{ password: labels.password, confirm: labels.passwordConfirm }}
          errors={errors}
        />
        <SelectField
          id={fields.language.id}
          name="language"
          autoComplete="language"
          required
          value={chosenLanguage ?? locale}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            if (isLocale(picked)) setChosenLanguage(picked);
          }}
          label={<FormattedMessage id="auth.register.language" />}
          errors={errors.fields.language}
          options={[
            { value: 'es', lang: 'es', label: intl.formatMessage({ id: 'app.language.es' }) },
            { value: 'en', lang: 'en', label: intl.formatMessage({ id: 'app.language.en' }) },
          ]}
        />
        <CheckboxField
          id={fields.conditions.id}
          name="conditions"
          checked={conditions}
          onCheckedChange={setConditions}
          required
          label={<FormattedMessage id="auth.register.conditions" />}
          hint={<TermsLink />}
          errors={errors.fields.conditions}
        />
        <AltchaField
          key={captchaKey}
          id={fields.captcha.id}
          label={<FormattedMessage id="auth.register.captcha" />}
          errors={errors.fields.captcha}
          onPayload={setCaptcha}
        />
        <Button type="submit" disabled={mutation.isPending} className="w-full">
          {mutation.isPending ? (
            <FormattedMessage id="auth.register.submitting" />
          ) : (
            <FormattedMessage id="auth.register.submit" />
          )}
        </Button>
      </form>
      <p className="mt-6">
        <FormattedMessage id="auth.register.haveAccount" />{' '}
        <Link to={paths.login} className={linkClass}>
          <FormattedMessage id="auth.register.signIn" />
        </Link>
      </p>
    </div>
  );
}
