// /account/email/confirm?token=.. and /account/email/undo?token=..: the pages the e-mail change messages link to
// (docs/decisions/046-account-safety.md). Each asks for a click before it calls the API, so a mail scanner that opens
// the link changes nothing. Either answer ends every session of the account, so this device signs out too.
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { errorBody } from '#api/errors';
import { Button, linkClass } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { authErrorMessage } from '#features/auth/error-message';
import { followEmailLink } from '#features/auth/api/auth';
import { focusOnMount } from '#lib/focus-on-mount';
import { paths } from '#lib/paths';
import { useSessionActor } from '#lib/use-session';

export type EmailLinkKind = 'confirm' | 'undo';

/** Each page's own words (static ids, so tests/unit/locales.test.ts can check them). */
const words = {
  confirm: {
    title: <FormattedMessage id="account.emailConfirm.title" />,
    intro: <FormattedMessage id="account.emailConfirm.intro" />,
    submit: <FormattedMessage id="account.emailConfirm.submit" />,
    next: <FormattedMessage id="account.emailConfirm.signIn" />,
  },
  undo: {
    title: <FormattedMessage id="account.emailUndo.title" />,
    intro: <FormattedMessage id="account.emailUndo.intro" />,
    submit: <FormattedMessage id="account.emailUndo.submit" />,
    next: <FormattedMessage id="account.emailUndo.newPassword" />,
  },
};

export function EmailLinkPage({ kind }: { kind: EmailLinkKind }) {
  const intl = useIntl();
  const session = useSessionActor();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const follow = useMutation({
    mutationFn: () => followEmailLink(kind, token),
    // The server ended every session of the account: this device's tokens no longer work.
    onSuccess: () => session.send({ type: 'session.logout' }),
  });

  return (
    <div className="mx-auto max-w-md">
      <PageHeading>
        {words[kind].title}
      </PageHeading>
      {follow.isSuccess ? (
        <div className="mt-6 rounded-md border-l-8 border-green-800 bg-green-50 p-4">
          <p ref={focusOnMount} tabIndex={-1} className="focus:outline-none">
            {follow.data.detail}
          </p>
          <p className="mt-3">
            <Link to={kind === 'undo' ? paths.passwordReset : paths.login} className={linkClass}>
              {words[kind].next}
            </Link>
          </p>
        </div>
      ) : token === '' || follow.isError ? (
        <div className="mt-6 rounded-md border-l-8 border-amber-700 bg-amber-50 p-4">
          <p ref={follow.isError ? focusOnMount : undefined} tabIndex={follow.isError ? -1 : undefined} className="focus:outline-none">
            {follow.isError ? (
              authErrorMessage(errorBody(follow.error), intl.formatMessage({ id: 'auth.error.tryAgainLater' }))
            ) : (
              <FormattedMessage id="account.emailLink.incomplete" />
            )}
          </p>
          <p className="mt-3">
            <Link to={paths.profile} className={linkClass}>
              <FormattedMessage id="account.emailLink.toProfile" />
            </Link>
          </p>
        </div>
      ) : (
        <div className="mt-6 space-y-5">
          <p className="text-gray-800">
            {words[kind].intro}
          </p>
          <Button type="button" className="w-full" disabled={follow.isPending} onClick={() => follow.mutate()}>
            {words[kind].submit}
          </Button>
        </div>
      )}
    </div>
  );
}
