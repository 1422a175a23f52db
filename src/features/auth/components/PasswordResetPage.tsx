// /password/reset: asks for a reset link. The answer's `detail` is a success toast; a failure follows the
// docs/product.md section 8 toast rule. The server answers the same whether the e-mail has an account or not.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { errorBody } from '#api/errors';
import { Button, linkClass } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote, TextField } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors, hasFieldErrors, toFormErrors } from '#lib/form-errors';
import { paths } from '#lib/paths';
import { focusOnMount } from '#lib/focus-on-mount';
import { checkForm, text } from '#lib/validation';
import { RESET_LINK_TTL_DAYS } from '#shared/account-constants';
import { requestPasswordReset } from '#features/auth/api/auth';
import { showAuthError, showAuthSuccess } from '#features/auth/auth-toasts';

const labels = defineMessages({
  email: { id: 'auth.reset.email' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  email: { id: 'reset-email', label: labels.email },
} as const satisfies Record<string, SummaryField>;

export function PasswordResetPage() {
  const intl = useIntl();
  const { errors, attempt, fail, clear } = useFormErrors();
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  // After a request the page itself says what happens next; the 3-second toast alone was gone before it was read.
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = text(new FormData(form), 'email');
    const { requestPasswordResetBody } = await import('#shared/validation/validators/requestPasswordResetBody.js');
    const found = checkForm(requestPasswordResetBody, { email });
    if (hasErrors(found)) return fail(found);
    clear();
    mutation.mutate(email, {
      onSuccess: (answer) => {
        showAuthSuccess(answer.detail);
        form.reset();
        setSentTo(email);
      },
      onError: (error) => {
        showAuthError(intl, error);
        // The toast follows docs/product.md section 8, which reads no field messages; show those (a malformed
        // e-mail) in the form as well, where they can be acted on.
        const body = errorBody(error);
        if (hasFieldErrors(body)) fail(toFormErrors(body, Object.keys(fields), ''));
      },
    });
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading>
        <FormattedMessage id="auth.reset.title" />
      </PageHeading>
      {sentTo === null ? (
        <p className="mt-3 text-gray-800">
          <FormattedMessage id="auth.reset.intro" />
        </p>
      ) : null}
      {sentTo !== null ? (
        <ResetRequested email={sentTo} onAgain={() => setSentTo(null)} />
      ) : (
        <form method="post" noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-5" aria-busy={mutation.isPending}>
          <ErrorSummary key={attempt} id="reset-errors" errors={errors} fields={fields} />
          <RequiredNote />
          <TextField
            id={fields.email.id}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
            label={<FormattedMessage id="auth.reset.email" />}
            errors={errors.fields.email}
          />
          <Button type="submit" disabled={mutation.isPending} className="w-full">
            <FormattedMessage id="auth.reset.submit" />
          </Button>
        </form>
      )}
      <p className="mt-6">
        <Link to={paths.login} className={linkClass}>
          <FormattedMessage id="auth.reset.backToLogin" />
        </Link>
      </p>
    </div>
  );
}

/** What happens next, in place of the form: the e-mail, how long its link works, the spam folder, another try. */
function ResetRequested({ email, onAgain }: { email: string; onAgain: () => void }) {
  return (
    <section aria-labelledby="reset-sent-title" className="mt-6 space-y-3 rounded-md border-l-8 border-green-800 bg-green-50 p-4 text-gray-900">
      <h2 id="reset-sent-title" ref={focusOnMount} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        <FormattedMessage id="auth.reset.sentTitle" />
      </h2>
      <p className="break-words">
        <FormattedMessage id="auth.reset.sentCheck" values={{ email: <strong>{email}</strong> }} />
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <FormattedMessage id="auth.reset.sentExpires" values={{ days: RESET_LINK_TTL_DAYS }} />
        </li>
        <li>
          <FormattedMessage id="auth.reset.sentSpam" />
        </li>
      </ul>
      <Button variant="secondary" onClick={onAgain}>
        <FormattedMessage id="auth.reset.sendAgain" />
      </Button>
    </section>
  );
}
