// /panel/application/:rid/confirmation: the submit confirmation. Shown for a submitted application only; any other
// goes to "check your answers".
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import { selectIsSubmitted } from '#machines/application/application.selectors';
import { ButtonLink, linkClass } from '#components/ui/Button';
import { ProgramContactDetails } from '#components/contact/ProgramContactDetails';
import { MAIN_HEADING_ID } from '#components/ui/PageHeading';
import { useLocale } from '#lib/locale';
import { focusOnMount } from '#lib/focus-on-mount';
import { InstantText } from '#components/ui/InstantText';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import { applicationPaths } from '#lib/application-paths';

// The page can remount when the refetched application (now submitted) replaces the actors, so focus is put back on
// its heading by focusOnMount rather than only by the layout's navigation focus.
export function ConfirmationPage() {
  const locale = useLocale();
  const { app, application } = useWorkspace();
  const submitted = useSelector(app, selectIsSubmitted);
  if (!submitted) return <Navigate to={applicationPaths.submit(application.id)} replace />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="rounded-md border-l-8 border-green-800 bg-green-50 p-6">
        <h1 id={MAIN_HEADING_ID} ref={focusOnMount} tabIndex={-1} className="text-3xl font-bold text-gray-900 focus:outline-none">
          <FormattedMessage id="application.confirmation.title" />
        </h1>
        <p className="mt-3 text-lg text-gray-900">
          <FormattedMessage
            id="application.confirmation.received"
            values={{ program: application.program.name[locale], period: application.program.period }}
          />
        </p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-gray-700">
              <FormattedMessage id="application.confirmation.number" />
            </dt>
            <dd className="text-xl font-bold text-gray-900">{application.id}</dd>
          </div>
          {application.submitted_at ? (
            <div>
              <dt className="text-sm font-semibold text-gray-700">
                <FormattedMessage id="application.confirmation.date" />
              </dt>
              <dd className="text-gray-900">
                <InstantText instant={application.submitted_at} />
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      <h2 className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="application.confirmation.nextTitle" />
      </h2>
      <ul className="list-disc space-y-2 pl-6 text-gray-900">
        <li>
          <FormattedMessage id="application.confirmation.email" />
        </li>
        <li>
          <FormattedMessage id="application.confirmation.readonly" />
        </li>
      </ul>
      <section aria-labelledby="confirmation-contact-title" className="rounded-md border border-gray-300 p-4">
        <h2 id="confirmation-contact-title" className="text-xl font-bold text-gray-900">
          <FormattedMessage id="application.confirmation.contactTitle" />
        </h2>
        <p className="mt-2 text-gray-900">
          <FormattedMessage id="application.confirmation.contact" />
        </p>
        <ProgramContactDetails className="mt-3" />
      </section>
      <div className="flex flex-wrap items-center gap-4">
        <ButtonLink to={applicationPaths.myPrograms}>
          <FormattedMessage id="application.confirmation.myPrograms" />
        </ButtonLink>
        <Link to={applicationPaths.submit(application.id)} className={linkClass}>
          <FormattedMessage id="application.confirmation.answers" />
        </Link>
      </div>
    </div>
  );
}
