// The scoring section of staff's review pages (docs/decisions/033-scoring-and-notes.md): the sub-program's rubric
// with my own score per criterion (0 to its maximum), every reviewer's weighted total, and their average. My sheet is
// offered only where the review machine says the rules let me score (docs/decisions/036-review-rules.md); else why not.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { performStaffCommand } from '#actors/staff-commands';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { TextField } from '#components/ui/Field';
import { toFormErrors, type ErrorText } from '#lib/form-errors';
import { adminApplicationKeys } from '#features/admin-applications/api/applications';
import { scoresQueryOptions, type ApplicationScores } from '#features/admin-applications/api/scoring';
import { selectDutyReason, selectScoring } from '#machines/review/review.selectors';
import { dutyMessages, scoringNotOffered } from '#features/admin-applications/messages';
import { staffErrorBody } from '#shared/staff-commands';
import type { ReviewActor } from './ReviewPanel';
import { SheetTotal } from './SheetTotal';

function ScoreForm({ id, data, me }: { id: number; data: ApplicationScores; me: number | undefined }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const sheet = data.sheets.find((candidate) => candidate.reviewer.id === me);
  const mine = sheet?.scores ?? {};
  const keys = data.rubric.criteria.map((c) => `scores.${c.key}`);
  const [problems, setProblems] = useState<{ fields: Record<string, ErrorText[]>; form: ErrorText[] }>({ fields: {}, form: [] });
  const saving = useMutation({
    mutationFn: (scores: Record<string, number>) => performStaffCommand({ operationId: 'setAdminApplicationScore', path: { id }, body: { scores } }),
    onSuccess: async (answer) => {
      setProblems({ fields: {}, form: [] });
      queryClient.setQueryData(scoresQueryOptions(id).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: [...adminApplicationKeys.all, 'list'] });
    },
    onError: (error) => setProblems(toFormErrors(staffErrorBody(error), keys, { id: 'admin.scoring.saveFailed' })),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scores: Record<string, number> = {};
    const fields: Record<string, ErrorText[]> = {};
    for (const c of data.rubric.criteria) {
      const text = String(form.get(c.key) ?? '').trim();
      const value = Number(text);
      if (!/^[0-9]+$/.test(text) || value > c.max_score) fields[`scores.${c.key}`] = [{ id: 'admin.scoring.scoreRange', values: { max: c.max_score } }];
      else scores[c.key] = value;
    }
    setProblems({ fields, form: [] });
    saving.reset();
    if (Object.keys(fields).length === 0) saving.mutate(scores);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="scoring-mine" className="space-y-4">
      <h3 id="scoring-mine" className="text-xl font-semibold">
        <FormattedMessage id="admin.scoring.mine" />
      </h3>
      {sheet && sheet.rubric_version !== data.rubric.version ? (
        <p data-testid="score-older-version" className="max-w-prose">
          <FormattedMessage id="admin.scoring.mineOlder" values={{ mine: sheet.rubric_version, current: data.rubric.version }} />
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {data.rubric.criteria.map((c) => (
          <TextField
            key={c.key}
            id={`score-${c.key}`}
            name={c.key}
            inputMode="numeric"
            autoComplete="off"
            required
            defaultValue={mine[c.key] === undefined ? '' : String(mine[c.key])}
            label={intl.locale.startsWith('en') ? c.name_en : c.name_es}
            hint={<FormattedMessage id="admin.scoring.criterionHint" values={{ max: c.max_score, weight: c.weight }} />}
            errors={problems.fields[`scores.${c.key}`]}
          />
        ))}
      </div>
      <Button type="submit" disabled={saving.isPending}>
        <FormattedMessage id="admin.scoring.save" />
      </Button>
      <div role="status">{saving.isSuccess ? <FormattedMessage id="admin.scoring.saved" /> : null}</div>
      <div role="alert">
        {problems.form.length > 0 ? (
          <Alert kind="error">
            <p>
              <FormattedMessage id="admin.scoring.saveFailed" />
            </p>
          </Alert>
        ) : null}
      </div>
    </form>
  );
}

export function ScoringPanel({ id, me, review }: { id: number; me: number | undefined; review: ReviewActor }) {
  const scores = useQuery(scoresQueryOptions(id));
  const offer = useSelector(review, selectScoring);
  const duty = useSelector(review, selectDutyReason);
  const data = scores.data;
  // The server's answer says whether the application is decided; the machine, whether this viewer may score it.
  const why = data && !data.scoring_open ? 'decided' : offer;
  return (
    <section aria-labelledby="scoring" className="space-y-4" data-print-hide>
      <h2 id="scoring" className="text-2xl font-bold">
        <FormattedMessage id="admin.scoring.title" />
      </h2>
      {!data ? (
        <p role="status">
          {scores.isError ? <FormattedMessage id="auth.error.tryAgainLater" /> : <FormattedMessage id="app.loading" />}
        </p>
      ) : (
        <>
          <p data-testid="score-average" className="text-lg">
            {data.average === null ? (
              <FormattedMessage id="admin.scoring.noScores" />
            ) : (
              <FormattedMessage id="admin.scoring.average" values={{ average: <FormattedNumber value={data.average} maximumFractionDigits={1} />, count: data.count }} />
            )}
          </p>
          {data.sheets.length > 0 ? (
            <ul className="list-disc space-y-1 pl-6">
              {data.sheets.map((sheet) => (
                <li key={sheet.reviewer.id}>
                  <SheetTotal sheet={sheet} currentVersion={data.rubric.version} />
                </li>
              ))}
            </ul>
          ) : null}
          {why === 'open' ? (
            <ScoreForm key={me ?? 'none'} id={id} data={data} me={me} />
          ) : (
            <p data-testid={why === 'decided' ? 'scoring-closed' : 'scoring-not-offered'} className="max-w-prose">
              <FormattedMessage {...(why === 'duty' ? dutyMessages[duty ?? 'own_application'] : scoringNotOffered[why])} />
            </p>
          )}
        </>
      )}
    </section>
  );
}
