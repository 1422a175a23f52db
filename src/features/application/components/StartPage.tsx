// /panel/application/:rid: the application start message, before step 1. What to prepare, that it saves by itself,
// that the person can come back at any time until the deadline; then Start (or Continue where they left off).
import { useSelector } from '@xstate/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { selectIsEditable, selectNextIncompleteStep } from '#machines/application/application.selectors';
import { ButtonLink } from '#components/ui/Button';
import { MAIN_HEADING_ID } from '#components/ui/PageHeading';
import { InstantText } from '#components/ui/InstantText';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import { applicationPaths } from '#lib/application-paths';
import { ProgramEyebrow, ReadonlyBanner } from './ApplicationFrame';

const prepare = defineMessages({
  person: { id: 'application.start.preparePerson' },
  business: { id: 'application.start.prepareBusiness' },
  owners: { id: 'application.start.prepareOwners' },
  household: { id: 'application.start.prepareHousehold' },
  narrative: { id: 'application.start.prepareNarrative' },
  certification: { id: 'application.start.prepareCertification' },
});

export function StartPage() {
  const { app, application } = useWorkspace();
  const editable = useSelector(app, selectIsEditable);
  const next = useSelector(app, selectNextIncompleteStep);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <ProgramEyebrow />
      <h1 id={MAIN_HEADING_ID} tabIndex={-1} className="text-3xl font-bold text-gray-900 focus:outline-none">
        {editable ? <FormattedMessage id="application.start.title" /> : <FormattedMessage id="application.start.titleDone" />}
      </h1>
      <ReadonlyBanner />
      {editable ? (
        <>
          <p className="text-lg text-gray-900">
            <FormattedMessage
              id="application.start.lead"
              values={{ deadline: <InstantText instant={application.program.application_deadline} /> }}
            />
          </p>
          <section aria-labelledby="start-prepare" className="space-y-3">
            <h2 id="start-prepare" className="text-2xl font-bold text-gray-900">
              <FormattedMessage id="application.start.prepareTitle" />
            </h2>
            <ul className="list-disc space-y-2 pl-6 text-gray-900">
              {Object.entries(prepare).map(([key, message]) => (
                <li key={key}>
                  <FormattedMessage {...message} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="start-saving" className="space-y-3">
            <h2 id="start-saving" className="text-2xl font-bold text-gray-900">
              <FormattedMessage id="application.start.savingTitle" />
            </h2>
            <ul className="list-disc space-y-2 pl-6 text-gray-900">
              <li>
                <FormattedMessage id="application.start.autosave" />
              </li>
              <li>
                <FormattedMessage id="application.start.returnAnytime" />
              </li>
              <li>
                <FormattedMessage id="application.start.submitSteps" />
              </li>
              <li>
                <FormattedMessage id="application.start.final" />
              </li>
            </ul>
          </section>
          {application.action === 'start' && next === 1 ? (
            <ButtonLink to={applicationPaths.step(application.id, 1)}>
              <FormattedMessage id="programs.action.start" />
            </ButtonLink>
          ) : (
            <ButtonLink to={next === null ? applicationPaths.submit(application.id) : applicationPaths.step(application.id, next)}>
              <FormattedMessage id="programs.action.continue" />
            </ButtonLink>
          )}
        </>
      ) : (
        <ButtonLink to={applicationPaths.submit(application.id)} variant="secondary">
          <FormattedMessage id="application.start.seeAnswers" />
        </ButtonLink>
      )}
    </div>
  );
}
