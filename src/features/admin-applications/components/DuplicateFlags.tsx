// The review page's possible duplicates (docs/decisions/038-duplicate-check-and-unduplicated-counts.md): applications of
// other accounts that look like the same person or business, each with why, and staff's "not the same" mark (a dialog
// asks first, through the admin-action machine) or who marked it and when, with a way to take it back. The server
// decides who may mark; this only shows its answer.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { defineMessages, FormattedList, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePageActor, usePageEvent } from '#lib/use-page-actor';
import { applicationStatusNames } from '#components/programs/messages';
import { Button } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { InstantText } from '#components/ui/InstantText';
import { selectActionRequest, selectConfirmOpen, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { duplicatesQueryOptions, type DuplicateFlag, type DuplicateReason } from '#features/admin-applications/api/duplicates';
import { AdminActionOutcome } from './ReviewOutcome';
import { providePageActor } from '#actors/page-actors';
import { provideDuplicateActionMachine } from '#actors/admin-action';

// The session's `duplicateAction` page actors run this machine; it loads with this panel (src/actors/page-actors.ts).
providePageActor('duplicateAction', provideDuplicateActionMachine);

const reasonNames: Record<DuplicateReason, { id: string }> = defineMessages({
  ssn_name: { id: 'admin.duplicates.reason.ssn_name' },
  address: { id: 'admin.duplicates.reason.address' },
  phone: { id: 'admin.duplicates.reason.phone' },
  email: { id: 'admin.duplicates.reason.email' },
  business: { id: 'admin.duplicates.reason.business' },
});

/** Marking and taking back ask with the same dialog in other words. */
const wording: Record<'mark' | 'unmark', Record<'button' | 'title' | 'body' | 'confirm', MessageDescriptor>> = {
  mark: defineMessages({
    button: { id: 'admin.duplicates.mark' },
    title: { id: 'admin.duplicates.markTitle' },
    body: { id: 'admin.duplicates.markBody' },
    confirm: { id: 'admin.duplicates.markConfirm' },
  }),
  unmark: defineMessages({
    button: { id: 'admin.duplicates.unmark' },
    title: { id: 'admin.duplicates.unmarkTitle' },
    body: { id: 'admin.duplicates.unmarkBody' },
    confirm: { id: 'admin.duplicates.unmarkConfirm' },
  }),
};

const markButtonId = (flag: DuplicateFlag) => `duplicate-mark-${flag.application.id}`;
const name = (flag: DuplicateFlag) => `${flag.application.applicant.first_name} ${flag.application.applicant.last_name}`.trim();

export function DuplicateFlags({ id }: { id: number }) {
  const intl = useIntl();
  const flags = useQuery(duplicatesQueryOptions(id));
  // The mark's button changes into "take back" once done: focus goes to the pair's own new button.
  const action = usePageActor('duplicateAction', id, undefined);
  usePageEvent(action, 'action.done', ({ outcome }) => {
    if (outcome.operationId === 'markAdminApplicationNotSame' || outcome.operationId === 'unmarkAdminApplicationNotSame') {
      document.getElementById(`duplicate-mark-${outcome.command.path.otherId}`)?.focus();
    }
  });
  const working = useSelector(action, selectIsWorking);
  const confirmOpen = useSelector(action, selectConfirmOpen);
  const request = useSelector(action, selectActionRequest);
  const [returnTo, setReturnTo] = useState('duplicates');
  const command = request?.command;
  const asking = command?.operationId === 'markAdminApplicationNotSame' || command?.operationId === 'unmarkAdminApplicationNotSame' ? command : null;
  const askedFlag = flags.data?.results.find((flag) => flag.application.id === asking?.path.otherId);
  const dialog = wording[asking?.operationId === 'unmarkAdminApplicationNotSame' ? 'unmark' : 'mark'];
  const ask = (flag: DuplicateFlag) => {
    setReturnTo(markButtonId(flag));
    action.send({
      type: 'action.request',
      request: {
        command: { operationId: flag.not_same ? 'unmarkAdminApplicationNotSame' : 'markAdminApplicationNotSame', path: { id, otherId: flag.application.id } },
        label: name(flag),
      },
      confirm: true,
    });
  };
  return (
    <section aria-labelledby="duplicates" className="space-y-4" data-print-hide>
      <h2 id="duplicates" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        <FormattedMessage id="admin.duplicates.title" />
      </h2>
      <p className="max-w-prose text-gray-900">
        <FormattedMessage id="admin.duplicates.intro" />
      </p>
      {flags.isError ? (
        <p role="alert">
          <FormattedMessage id="admin.duplicates.failed" />
        </p>
      ) : !flags.data ? (
        <p role="status">
          <FormattedMessage id="app.loading" />
        </p>
      ) : flags.data.results.length === 0 ? (
        <p>
          <FormattedMessage id="admin.duplicates.none" />
        </p>
      ) : (
        <ul className="space-y-3" aria-labelledby="duplicates">
          {flags.data.results.map((flag) => (
            <li key={flag.application.id} className={`space-y-2 rounded border p-4 ${flag.not_same ? 'border-gray-300' : 'border-amber-700 bg-amber-50'}`}>
              <p>
                <Link to={`/admin/applications/${flag.application.id}/1`} className="font-semibold text-blue-800 underline">
                  <FormattedMessage id="admin.duplicates.application" values={{ id: flag.application.id, name: name(flag) }} />
                </Link>
                <span className="block break-all text-gray-800">{flag.application.applicant.email}</span>
                <span className="block text-gray-800">
                  {intl.locale.startsWith('en') ? flag.application.program.name.en : flag.application.program.name.es}
                  {` (${flag.application.program.period}) · `}
                  <FormattedMessage {...applicationStatusNames[flag.application.status]} />
                  {flag.application.business_name ? ` · ${flag.application.business_name}` : null}
                </span>
              </p>
              <p>
                <FormattedMessage
                  id="admin.duplicates.reasons"
                  values={{ reasons: <FormattedList type="conjunction" value={flag.reasons.map((reason) => intl.formatMessage(reasonNames[reason]))} /> }}
                />
              </p>
              {flag.not_same ? (
                <p className="text-gray-900">
                  <FormattedMessage
                    id="admin.duplicates.markedBy"
                    values={{ name: flag.not_same.by?.name || flag.not_same.by?.email || '—', at: <InstantText instant={flag.not_same.at} /> }}
                  />
                </p>
              ) : null}
              <Button id={markButtonId(flag)} variant="secondary" disabled={working} onClick={() => ask(flag)}>
                <FormattedMessage {...wording[flag.not_same ? 'unmark' : 'mark'].button} values={{ id: flag.application.id }} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmOpen && asking !== null}
        title={intl.formatMessage(dialog.title)}
        body={intl.formatMessage(dialog.body, { id: askedFlag?.application.id ?? '', name: askedFlag ? name(askedFlag) : '' })}
        confirmLabel={<FormattedMessage {...dialog.confirm} />}
        onConfirm={() => action.send({ type: 'action.confirm' })}
        onCancel={() => action.send({ type: 'action.cancel' })}
        returnFocusTo={returnTo}
      />
      <AdminActionOutcome action={action} />
    </section>
  );
}
