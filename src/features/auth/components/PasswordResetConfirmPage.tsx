// /password/reset/confirm?uid=..&token=..: the page the reset e-mail links to. Sets the new password, shows
// the answer's `detail` as a success toast and goes to /login; a failure follows the docs/product.md section 8 toast.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorBody } from '#api/errors';
import { serverErrorCode } from '#machines/shared/error-codes';
import { Button, linkClass } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { useFormErrors } from '#components/ui/use-form-errors';
import { hasErrors, hasFieldErrors, toFormErrors } from '#lib/form-errors';
import { paths } from '#lib/paths';
import { focusOnMount } from '#lib/focus-on-mount';
import { checkForm, text } from '#lib/validation';
import { confirmPasswordReset } from '#features/auth/api/auth';
import { NewPasswordFields, confirmationProblems } from '#components/password/NewPasswordFields';
import { showAuthError, showAuthSuccess } from '#features/auth/auth-toasts';

const labels = defineMessages({
  password: { id: 'auth.resetConfirm.password' },
  passwordConfirm: { id: 'auth.resetConfirm.passwordConfirm' },
});

/** Field name -> control id and label, in form order (the error summary follows it). */
const fields = {
  password: { id: 'reset-confirm-password', label: labels.password },
  password_confirm: { id: 'reset-confirm-password-confirm', label: labels.passwordConfirm },
} as const satisfies Record<string, SummaryField>;

export function PasswordResetConfirmPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid') ?? '';
  const token = searchParams.get('token') ?? '';
  const { errors, attempt, fail, clear } = useFormErrors();
  const mutation = useMutation({ mutationFn: confirmPasswordReset });
  // The server found the link invalid, used or expired: no password typed here can help, a new link can.
  const [linkRefused, setLinkRefused] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = text(data, 'password', false);
    const confirm = text(data, 'password_confirm', false);
    const { confirmPasswordResetBody } = await import('#shared/validation/validators/confirmPasswordResetBody.js');
    const found = checkForm(confirmPasswordResetBody, { uid, token, password }, confirmationProblems(password, confirm));
    if (hasErrors(found)) return fail(found);
    clear();
    mutation.mutate(
      { uid, token, password },
      {
        onSuccess: (answer) => {
          showAuthSuccess(answer.detail);
          void navigate(paths.login);
        },
        onError: (error) => {
          showAuthError(intl, error);
          // The toast follows docs/product.md section 8, which reads no field messages; show those (a password rule,
          // an expired link) in the form as well, where they can be acted on.
          const body = errorBody(error);
          if (serverErrorCode(body) === 'reset_link_invalid') setLinkRefused(true);
          else if (hasFieldErrors(body)) fail(toFormErrors(body, Object.keys(fields), ''));
        },
      },
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading>
        <FormattedMessage id="auth.resetConfirm.title" />
      </PageHeading>
      {uid === '' || token === '' || linkRefused ? (
        <div className="mt-6 rounded-md border-l-8 border-amber-700 bg-amber-50 p-4">
          <p ref={linkRefused ? focusOnMount : undefined} tabIndex={linkRefused ? -1 : undefined} className="focus:outline-none">
            {linkRefused ? (
              <FormattedMessage id="auth.resetConfirm.invalidLink" />
            ) : (
              <FormattedMessage id="auth.resetConfirm.incompleteLink" />
            )}
          </p>
          <p className="mt-3">
            <Link to={paths.passwordReset} className={linkClass}>
              <FormattedMessage id="auth.resetConfirm.requestNew" />
            </Link>
          </p>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-5" aria-busy={mutation.isPending}>
          <ErrorSummary key={attempt} id="reset-confirm-errors" errors={errors} fields={fields} />
          <RequiredNote />
          <NewPasswordFields
            ids={{ password: fields.password.id, confirm: fields.password_confirm.id }}
            labels={{ password: labels.password, confirm: labels.passwordConfirm }}
            errors={errors}
          />
          <Button type="submit" disabled={mutation.isPending} className="w-full">
            <FormattedMessage id="auth.resetConfirm.submit" />
          </Button>
        </form>
      )}
    </div>
  );
}
