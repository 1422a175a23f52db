// How an admin action on an application ended, in the review's words (working, failed and retry, or dismissed): shared
// by the review panel and the document checklist, each with its own admin-action machine.
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminActionActorRef } from '#machines/admin-action/admin-action.machine';
import { ActionOutcome } from '#components/admin/ListControls';
import { messages } from '#features/admin-applications/messages';

export function ReviewOutcome({ action }: { action: AdminActionActorRef }) {
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
