// How the review machine's last command ended, in the review's words: "working" while it is on its way, then, when
// the server refused it or it failed, the server's reasons (or that it never answered) and a button to hide them.
// Shared by the review panel and the document checklist, which drive one review machine; the notes' deletions (an
// admin-action machine) end the same way.
import { useSelector } from '@xstate/react';
import type { AdminActionActorRef } from '#machines/admin-action/admin-action.machine';
import { ActionOutcome, ActionProblem } from '#components/admin/ListControls';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectError, selectIsBusy } from '#machines/review/review.selectors';
import { toFormErrors } from '#lib/form-errors';
import { messages } from '#features/admin-applications/messages';
import type { ReviewActor } from './ReviewPanel';

export function ReviewOutcome({ review }: { review: ReviewActor }) {
  const intl = useIntl();
  const busy = useSelector(review, selectIsBusy);
  const error = useSelector(review, selectError);
  const problem = error ? toFormErrors(error.body, [], intl.formatMessage(error.body === null ? messages.actionNetwork : messages.tryAgainLater)) : null;
  return (
    <>
      <div role="status">{busy ? <FormattedMessage id="admin.users.working" /> : null}</div>
      {problem ? (
        <ActionProblem
          problem={problem}
          onRetry={undefined}
          onDismiss={() => review.send({ type: 'review.dismiss' })}
          retryLabel={<FormattedMessage id="admin.users.retry" />}
          dismissLabel={<FormattedMessage id="admin.users.dismiss" />}
        />
      ) : null}
    </>
  );
}

/** The same for one admin-action machine (deleting a note). */
export function AdminActionOutcome({ action }: { action: AdminActionActorRef }) {
  const intl = useIntl();
  return (
    <ActionOutcome
      action={action}
      working={<FormattedMessage id="admin.users.working" />}
      network={intl.formatMessage(messages.actionNetwork)}
      later={intl.formatMessage(messages.tryAgainLater)}
      retryLabel={<FormattedMessage id="admin.users.retry" />}
      dismissLabel={<FormattedMessage id="admin.users.dismiss" />}
    />
  );
}
