// The applications list's bulk actions (machines/bulk-review, docs/decisions/040-staff-queues-and-history.md): how many
// are selected, assign them a reviewer (or none) or start their review, then what the server did with each: how many
// were done and, by name, which were refused and why (the server's words in the language on screen).
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import { SelectField } from '#components/ui/Field';
import { ActionProblem } from '#components/admin/ListControls';
import { toFormErrors } from '#lib/form-errors';
import type { BulkReviewActorRef } from '#machines/bulk-review/bulk-review.machine';
import {
  selectCanAct,
  selectDoneCount,
  selectErrorBody,
  selectHasFailed,
  selectIsReported,
  selectIsWorking,
  selectRefused,
  selectSelected,
} from '#machines/bulk-review/bulk-review.selectors';
import { reviewersQueryOptions, type AdminApplicationRow } from '#features/admin-applications/api/applications';
import { messages } from '#features/admin-applications/messages';
import { applicantName } from './ApplicationFacts';

const NOBODY = 'none';

export function BulkActions({ bulk, rows }: { bulk: BulkReviewActorRef; rows: readonly AdminApplicationRow[] }) {
  const intl = useIntl();
  const reviewers = useQuery(reviewersQueryOptions());
  const selected = useSelector(bulk, selectSelected);
  const canAct = useSelector(bulk, selectCanAct);
  const working = useSelector(bulk, selectIsWorking);
  const reported = useSelector(bulk, selectIsReported);
  const refused = useSelector(bulk, selectRefused);
  const done = useSelector(bulk, selectDoneCount);
  const failed = useSelector(bulk, selectHasFailed);
  const errorBody = useSelector(bulk, selectErrorBody);
  const nameOf = (id: number) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? applicantName(row) : `#${id}`;
  };

  return (
    <section aria-labelledby="bulk-title" className="space-y-3 rounded-md border-2 border-gray-300 p-4">
      <h2 id="bulk-title" className="text-lg font-bold">
        <FormattedMessage id="admin.applications.bulk.title" />
      </h2>
      <p role="status">
        <FormattedMessage id="admin.applications.bulk.selected" values={{ count: selected.length }} />
        {working ? (
          <>
            {' '}
            <FormattedMessage id="admin.applications.bulk.working" />
          </>
        ) : null}
      </p>
      {/* Assigning is a form: the reviewer chosen is read when it is sent (the select is required). */}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const reviewer = String(new FormData(event.currentTarget).get('bulk_reviewer') ?? '');
          bulk.send({ type: 'bulk.assign', reviewerId: reviewer === NOBODY ? null : Number(reviewer) });
        }}
      >
        <div className="min-w-[14rem]">
          <SelectField
            id="bulk-reviewer"
            name="bulk_reviewer"
            required
            defaultValue=""
            label={<FormattedMessage id="admin.applications.bulk.reviewer" />}
            options={[
              { value: '', label: intl.formatMessage({ id: 'admin.applications.bulk.chooseReviewer' }) },
              { value: NOBODY, label: intl.formatMessage({ id: 'admin.applications.bulk.nobody' }) },
              ...(reviewers.data ?? []).map((account) => ({ value: String(account.id), label: `${account.first_name} ${account.last_name}`.trim() || account.email })),
            ]}
          />
        </div>
        <Button type="submit" disabled={!canAct}>
          <FormattedMessage id="admin.applications.bulk.assign" />
        </Button>
        <Button variant="secondary" disabled={!canAct} onClick={() => bulk.send({ type: 'bulk.start_review' })}>
          <FormattedMessage id="admin.applications.bulk.startReview" />
        </Button>
        <Button variant="secondary" disabled={selected.length === 0 || working || failed} onClick={() => bulk.send({ type: 'bulk.clear' })}>
          <FormattedMessage id="admin.applications.bulk.clear" />
        </Button>
      </form>
      {reported ? (
        <div role="alert" className={`space-y-2 rounded-md border-l-8 p-4 ${refused.length > 0 ? 'border-red-800 bg-red-50' : 'border-green-800 bg-green-50'}`}>
          <p className="font-semibold">
            <FormattedMessage id="admin.applications.bulk.done" values={{ count: done }} />
          </p>
          {refused.length > 0 ? (
            <>
              <p className="font-semibold text-red-800">
                <FormattedMessage id="admin.applications.bulk.refused" values={{ count: refused.length }} />
              </p>
              <ul className="list-disc space-y-1 pl-6">
                {refused.map((outcome) => (
                  <li key={outcome.id}>
                    <FormattedMessage id="admin.applications.bulk.refusedOne" values={{ id: outcome.id, name: nameOf(outcome.id), reason: outcome.detail ?? '' }} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Button variant="secondary" onClick={() => bulk.send({ type: 'bulk.dismiss' })}>
            <FormattedMessage id="admin.applications.bulk.dismiss" />
          </Button>
        </div>
      ) : null}
      {failed ? (
        <ActionProblem
          problem={toFormErrors(errorBody, [], intl.formatMessage(errorBody === null ? messages.actionNetwork : messages.tryAgainLater))}
          onRetry={() => bulk.send({ type: 'bulk.retry' })}
          onDismiss={() => bulk.send({ type: 'bulk.dismiss' })}
          retryLabel={<FormattedMessage id="admin.users.retry" />}
          dismissLabel={<FormattedMessage id="admin.applications.bulk.dismiss" />}
        />
      ) : null}
    </section>
  );
}
