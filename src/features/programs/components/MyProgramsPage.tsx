// /panel/programs/my: the person's applications with each program's period, dates and deadline, and the one
// action its state allows (Start, Continue, Submit) or its status (submitted, closed, program unavailable).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '#components/ui/Alert';
import { Button, ButtonLink } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { useLocale } from '#lib/locale';
import { myApplicationsQueryOptions, type ApplicationSummary } from '#api/applications';
import { applicationPaths, continuePath } from '#lib/application-paths';
import { actionNames, applicationStatusNames, subProgramNames } from '#components/programs/messages';
import { applicantPhase, applicantProgress, myProgramsOffer } from '#shared/review-lifecycle';
import { ApplicantCopyButton } from '#components/application/ApplicantCopyButton';
import { hasApplicantCopy } from '#shared/applicant-copy';
import { Fact, ProgramFacts } from './ProgramFacts';

export function MyProgramsPage() {
  const applications = useQuery(myApplicationsQueryOptions());
  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="panel.myPrograms.title" />
      </PageHeading>
      {applications.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : applications.isError ? (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="programs.my.loadError" />
          </p>
          <Button variant="secondary" onClick={() => void applications.refetch()}>
            <FormattedMessage id="programs.list.retry" />
          </Button>
        </Alert>
      ) : applications.data.length === 0 ? (
        <div className="space-y-4">
          <p className="text-gray-800">
            <FormattedMessage id="programs.my.empty" />
          </p>
          <ButtonLink to={applicationPaths.programs}>
            <FormattedMessage id="programs.my.seePrograms" />
          </ButtonLink>
        </div>
      ) : (
        <ul className="space-y-4">
          {applications.data.map((application) => (
            <li key={application.id}>
              <MyProgramCard application={application} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MyProgramCard({ application }: { application: ApplicationSummary }) {
  const intl = useIntl();
  const locale = useLocale();
  const { program } = application;
  const nameId = `application-${application.id}-name`;
  const progress = applicantProgress(application.steps);
  return (
    <article aria-labelledby={nameId} className="space-y-4 rounded-md border-2 border-gray-200 p-4 sm:p-6">
      <div>
        <h2 id={nameId} className="text-xl font-bold text-gray-900">
          {program.name[locale]}
        </h2>
        <p className="text-gray-800">
          <FormattedMessage {...subProgramNames[program.sub_program]} />
        </p>
      </div>
      <ProgramFacts
        program={program}
        extra={
          <>
            <Fact term={<FormattedMessage id="programs.my.status" />}>
              {applicantPhase(application.status, program.status) === 'unavailable' ? (
                <FormattedMessage id="programs.status.unavailable" />
              ) : (
                <FormattedMessage {...applicationStatusNames[application.status]} />
              )}
            </Fact>
            <Fact term={<FormattedMessage id="programs.my.progress" />}>
              <FormattedMessage id="programs.my.stepsSubmitted" values={progress} />
            </Fact>
            {application.submitted_at ? (
              <Fact term={<FormattedMessage id="programs.my.submittedAt" />}>
                <InstantText instant={application.submitted_at} />
              </Fact>
            ) : null}
            {/* Staff's review (docs/decisions/029-review-screens.md): the reviewer's words, or the decision's reason. */}
            {application.change_request ? (
              <Fact term={<FormattedMessage id="programs.my.changeRequest" />}>
                <span className="whitespace-pre-line break-words">{application.change_request.message}</span>
              </Fact>
            ) : null}
            {application.decision ? (
              <Fact term={<FormattedMessage id="programs.my.decisionReason" />}>
                <span className="whitespace-pre-line break-words">{application.decision.reason}</span>
              </Fact>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap gap-3">
        <MyProgramAction
          application={application}
          context={intl.formatMessage({ id: 'programs.action.context' }, { program: program.name[locale] })}
        />
        {/* What they sent, as a PDF to keep (docs/decisions/048-the-applicants-copy.md). */}
        {hasApplicantCopy(application.status, application.submitted_at) ? (
          <ApplicantCopyButton applicationId={application.id} programName={program.name[locale]} />
        ) : null}
        {/* Every program the person applied to has a drive: its shared materials and their own space. */}
        <ButtonLink to={applicationPaths.drive(program.id)} variant="secondary">
          <FormattedMessage id="programs.my.drive" />
          <span className="sr-only">{intl.formatMessage({ id: 'programs.action.context' }, { program: program.name[locale] })}</span>
        </ButtonLink>
      </div>
    </article>
  );
}

function MyProgramAction({ application, context: contextText }: { application: ApplicationSummary; context: string }) {
  const context = <span className="sr-only">{contextText}</span>;
  // The lifecycle table's offer (shared/review-lifecycle.ts): the server's action, or `view` when it sends none.
  switch (myProgramsOffer(application.action, application.program.status)) {
    case 'start':
      return (
        <ButtonLink to={applicationPaths.start(application.id)}>
          <FormattedMessage {...actionNames.start} />
          {context}
        </ButtonLink>
      );
    case 'continue':
      return (
        <ButtonLink to={continuePath(application.id, application.steps)}>
          <FormattedMessage {...actionNames.continue} />
          {context}
        </ButtonLink>
      );
    case 'submit':
      return (
        <ButtonLink to={applicationPaths.submit(application.id)}>
          <FormattedMessage {...actionNames.submit} />
          {context}
        </ButtonLink>
      );
    case 'view':
      // Sent to staff (waiting, in review, decided) or closed: the status above says which; the answers stay readable.
      return (
        <ButtonLink to={applicationPaths.submit(application.id)} variant="secondary">
          <FormattedMessage id="programs.action.view" />
          {context}
        </ButtonLink>
      );
    default:
      // The program is no longer available: the status above says so.
      return null;
  }
}
