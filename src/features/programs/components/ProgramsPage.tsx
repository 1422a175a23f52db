// /panel/programs: every program open or closed to applications, grouped by the four sub-programs, with its dates
// and status. Apply asks for the eligibility survey first when the person has not answered it yet.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { errorBody } from '#api/errors';
import { Alert } from '#components/ui/Alert';
import { Button, ButtonLink, linkClass } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { errorText, toFormErrors } from '#lib/form-errors';
import { useLocale } from '#lib/locale';
import { showToast } from '#lib/toast';
import { useApply } from '#api/applications';
import { applicationPaths } from '#lib/application-paths';
import { surveyQueryOptions } from '#api/survey';
import { programsQueryOptions, type Program } from '#api/programs';
import { actionNames, applicationStatusNames, subProgramDescriptions, subProgramNames, subPrograms } from '#components/programs/messages';
import { ProgramFacts, ProgramStatusTag } from './ProgramFacts';

export function ProgramsPage() {
  const intl = useIntl();
  const programs = useQuery(programsQueryOptions());
  const survey = useQuery(surveyQueryOptions());
  const recommended = survey.data?.recommended ?? [];

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <PageHeading>
          <FormattedMessage id="panel.programs.title" />
        </PageHeading>
        <p className="max-w-3xl text-gray-800">
          <FormattedMessage id="programs.list.intro" />
        </p>
        {survey.data ? (
          <p className="text-gray-800">
            {recommended.length > 0 ? (
              <FormattedMessage
                id="programs.list.recommended"
                values={{ names: intl.formatList(recommended.map((sub) => intl.formatMessage(subProgramNames[sub]))) }}
              />
            ) : (
              <FormattedMessage id="programs.list.noneRecommended" />
            )}{' '}
            <Link to={applicationPaths.survey()} className={linkClass}>
              <FormattedMessage id="programs.list.changeSurvey" />
            </Link>
          </p>
        ) : null}
      </div>
      {programs.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : programs.isError ? (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="programs.list.loadError" />
          </p>
          <Button variant="secondary" onClick={() => void programs.refetch()}>
            <FormattedMessage id="programs.list.retry" />
          </Button>
        </Alert>
      ) : (
        subPrograms.map((sub) => {
          const items = programs.data.filter((program) => program.sub_program === sub);
          const headingId = `sub-program-${sub}`;
          return (
            <section key={sub} aria-labelledby={headingId} className="space-y-4">
              <div>
                <h2 id={headingId} className="flex flex-wrap items-center gap-3 text-2xl font-bold text-gray-900">
                  <FormattedMessage {...subProgramNames[sub]} />
                  {recommended.includes(sub) ? (
                    <span className="rounded border border-blue-800 bg-blue-50 px-2 py-0.5 text-sm font-semibold text-blue-900">
                      <FormattedMessage id="programs.list.recommendedTag" />
                    </span>
                  ) : null}
                </h2>
                <p className="mt-1 text-gray-800">
                  <FormattedMessage {...subProgramDescriptions[sub]} />
                </p>
              </div>
              {items.length === 0 ? (
                <p className="text-gray-800">
                  <FormattedMessage id="programs.list.empty" />
                </p>
              ) : (
                <ul className="space-y-4">
                  {items.map((program) => (
                    <li key={program.id}>
                      <ProgramCard program={program} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </div>
  );
}

function ProgramCard({ program }: { program: Program }) {
  const locale = useLocale();
  const nameId = `program-${program.id}-name`;
  return (
    <article aria-labelledby={nameId} className="space-y-4 rounded-md border-2 border-gray-200 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={nameId} className="text-xl font-bold text-gray-900">
          {program.name[locale]}
        </h3>
        <ProgramStatusTag status={program.status} />
      </div>
      <p className="text-gray-800">{program.description[locale]}</p>
      <ProgramFacts program={program} />
      <ProgramAction program={program} />
    </article>
  );
}

function ProgramAction({ program }: { program: Program }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const apply = useApply();
  const name = program.name[locale];
  const context = <span className="sr-only">{intl.formatMessage({ id: 'programs.action.context' }, { program: name })}</span>;

  const failed = (error: unknown) => {
    const fallback = intl.formatMessage({ id: 'auth.error.tryAgainLater' });
    showToast({ kind: 'error', message: errorText(intl, toFormErrors(errorBody(error), [], fallback).form[0] ?? fallback) });
  };

  // Apply: the survey comes first for someone who never answered it, then back here through ?program=.
  async function applyTo() {
    let survey;
    try {
      survey = await queryClient.ensureQueryData(surveyQueryOptions());
    } catch (error) {
      return failed(error);
    }
    if (survey === null) return void navigate(applicationPaths.survey(program.id));
    apply.mutate(program.id, {
      onSuccess: (application) => void navigate(applicationPaths.start(application.id)),
      onError: failed,
    });
  }

  const { application } = program;
  if (application) {
    const target = application.action === 'submit' ? applicationPaths.submit(application.id) : applicationPaths.start(application.id);
    return (
      <div className="flex flex-wrap items-center gap-4">
        <p className="text-gray-900">
          <FormattedMessage
            id="programs.list.yourApplication"
            values={{ status: <strong>{intl.formatMessage(applicationStatusNames[application.status])}</strong> }}
          />
        </p>
        <ButtonLink to={target} variant={application.action ? 'primary' : 'secondary'}>
          {application.action ? <FormattedMessage {...actionNames[application.action]} /> : <FormattedMessage id="programs.action.view" />}
          {context}
        </ButtonLink>
      </div>
    );
  }
  if (program.action === 'apply') {
    return (
      <Button onClick={() => void applyTo()} disabled={apply.isPending}>
        {apply.isPending ? <FormattedMessage id="programs.action.applying" /> : <FormattedMessage {...actionNames.apply} />}
        {context}
      </Button>
    );
  }
  return (
    <p className="font-medium text-gray-900">
      <FormattedMessage id="programs.list.closedToApplications" />
    </p>
  );
}
