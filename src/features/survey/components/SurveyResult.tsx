// The survey's result: the sub-programs the server recommends for the saved answers, and the way on: apply to the
// program the person came from, or see the programs, or change the answers.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { errorBody } from '#api/errors';
import { Alert } from '#components/ui/Alert';
import { Button, ButtonLink, linkClass } from '#components/ui/Button';
import { errorText, toFormErrors } from '#lib/form-errors';
import { useLocale } from '#lib/locale';
import { showToast } from '#lib/toast';
import { useApply } from '#api/applications';
import { applicationPaths } from '#lib/application-paths';
import { programsQueryOptions } from '#api/programs';
import { subProgramDescriptions, subProgramNames } from '#components/programs/messages';
import type { Survey } from '#api/survey';

// Stable identity: called once on mount, so the result's heading takes focus after the form is replaced.
const focusOnMount = (element: HTMLElement | null): void => {
  element?.focus();
};

/** The saved survey's outcome: the heading that takes focus, and the sub-programs the server recommends (or none). */
function Recommendation({ recommended }: { recommended: Survey['recommended'] }) {
  const intl = useIntl();
  return (
    <Alert kind="success">
      <h2 id="survey-result-title" ref={focusOnMount} tabIndex={-1} className="text-xl font-bold">
        <FormattedMessage id="survey.result.title" />
      </h2>
      {recommended.length > 0 ? (
        <>
          <p>
            <FormattedMessage id="survey.result.recommended" values={{ count: recommended.length }} />
          </p>
          <ul className="list-disc space-y-2 pl-6">
            {recommended.map((sub) => (
              <li key={sub}>
                <FormattedMessage
                  id="survey.result.item"
                  values={{
                    name: <strong>{intl.formatMessage(subProgramNames[sub])}</strong>,
                    description: intl.formatMessage(subProgramDescriptions[sub]),
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          <FormattedMessage id="survey.result.none" />
        </p>
      )}
    </Alert>
  );
}

interface SurveyResultProps {
  survey: Survey;
  /** The program the person was applying to when the survey was asked for (`?program=<id>`), if any. */
  programId: number | null;
  /** Back to the form, to change the answers. */
  onChange: () => void;
}

/** After a save: the recommendation, then the way on (apply to the program, or see the programs) or back to the form. */
export function SurveyResult({ survey, programId, onChange }: SurveyResultProps) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const apply = useApply();
  const programs = useQuery({ ...programsQueryOptions(), enabled: programId !== null });
  const program = programs.data?.find((item) => item.id === programId);

  function continueToApply() {
    if (programId === null) return;
    apply.mutate(programId, {
      onSuccess: (application) => void navigate(applicationPaths.start(application.id)),
      onError: (error) =>
        showToast({
          kind: 'error',
          message: errorText(
            intl,
            toFormErrors(errorBody(error), [], intl.formatMessage({ id: 'auth.error.tryAgainLater' })).form[0] ??
              intl.formatMessage({ id: 'auth.error.tryAgainLater' }),
          ),
        }),
    });
  }

  return (
    <section aria-labelledby="survey-result-title" className="space-y-5">
      <Recommendation recommended={survey.recommended} />
      <div className="flex flex-wrap items-center gap-4">
        {programId !== null ? (
          <Button onClick={continueToApply} disabled={apply.isPending}>
            {apply.isPending ? (
              <FormattedMessage id="survey.result.applying" />
            ) : program ? (
              <FormattedMessage id="survey.result.applyTo" values={{ program: program.name[locale] }} />
            ) : (
              <FormattedMessage id="survey.result.apply" />
            )}
          </Button>
        ) : (
          <ButtonLink to={applicationPaths.programs}>
            <FormattedMessage id="survey.result.seePrograms" />
          </ButtonLink>
        )}
        <Button variant="secondary" onClick={onChange}>
          <FormattedMessage id="survey.result.change" />
        </Button>
        {programId !== null ? (
          <Link to={applicationPaths.programs} className={linkClass}>
            <FormattedMessage id="survey.result.backToPrograms" />
          </Link>
        ) : null}
      </div>
    </section>
  );
}
