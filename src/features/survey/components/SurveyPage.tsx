// /panel/survey: the short eligibility survey asked before the first application (docs/product.md section 11, Survey).
// After saving it shows the sub-programs the server recommends and continues to Apply (`?program=<id>` says which
// program the person was applying to when the survey was asked for).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { parseId } from '#lib/application-paths';
import { surveyQueryOptions, useSaveSurvey } from '#api/survey';
import { SurveyForm } from './SurveyForm';
import { SurveyResult } from './SurveyResult';

export function SurveyPage() {
  const survey = useQuery(surveyQueryOptions());
  const save = useSaveSurvey();
  const [params] = useSearchParams();
  const programId = parseId(params.get('program') ?? undefined);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading>
        <FormattedMessage id="survey.page.title" />
      </PageHeading>
      {save.isSuccess ? (
        <SurveyResult survey={save.data} programId={programId} onChange={() => save.reset()} />
      ) : survey.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : survey.isError ? (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="survey.page.loadError" />
          </p>
          <Button variant="secondary" onClick={() => void survey.refetch()}>
            <FormattedMessage id="survey.page.retry" />
          </Button>
        </Alert>
      ) : (
        <>
          <p className="text-gray-800">
            {programId === null ? (
              <FormattedMessage id="survey.page.intro" />
            ) : (
              <FormattedMessage id="survey.page.introApply" />
            )}
          </p>
          <SurveyForm initial={survey.data} pending={save.isPending} onSubmit={(answers, fail) => save.mutate(answers, { onError: fail })} />
        </>
      )}
    </div>
  );
}
