// /admin/users/:id: one account for staff: its facts, its applications (each opening its review), its event registrations, the actions on it
// (grant or remove staff access, deactivate or reactivate, send a password-reset link: each driven by the
// admin-action machine, the destructive ones confirmed in a dialog), its signed-in devices (each one ended, or all) and
// its audit history.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { usePageActor } from '#lib/use-page-actor';
import type { StaffCommand } from '#shared/staff-commands';
import {
  selectActionRequest,
  selectConfirmOpen,
  selectIsWorking,
} from '#machines/admin-action/admin-action.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { ActionOutcome } from '#components/admin/ListControls';
import { Button } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { useSession } from '#lib/use-session';
import { activeOrNot, applicationStatusWords, messages, yesNo } from '#features/admin-users/messages';
import { userQueryOptions, userSessionsQueryOptions, type AdminUserDetail } from '#features/admin-users/api/users';
import { DeviceList, PlaceSource, deviceWords } from '#components/session/DeviceList';
import { RecordHistory } from '#components/admin/RecordHistory';
import type { AuditEntry } from '#components/admin/record-history';
import { providePageActor } from '#actors/page-actors';
import { provideUserActionMachine } from '#actors/admin-action';

// The session's `userAction` page actors run this machine; it loads with this screen (src/actors/page-actors.ts).
providePageActor('userAction', provideUserActionMachine);

/** The actions on an account, named as the buttons offer them. */
type UserAction = 'setStaff' | 'setActive' | 'sendReset';
const BUTTON_ID: Record<UserAction, string> = { setStaff: 'user-action-staff', setActive: 'user-action-active', sendReset: 'user-action-reset' };

function Facts({ user }: { user: AdminUserDetail }) {
  const row = (label: MessageDescriptor, value: React.ReactNode) => (
    <div className="grid gap-1 border-b border-gray-300 py-2 sm:grid-cols-3">
      <dt className="font-semibold">
        <FormattedMessage {...label} />
      </dt>
      <dd className="break-all sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <dl>
      {row(messages.columnEmail, user.email)}
      {row(messages.phone, user.phone || '—')}
      {row(messages.columnLanguage, <FormattedMessage {...(user.language === 'en' ? messages.languageEn : messages.languageEs)} />)}
      {row(messages.columnStaff, <FormattedMessage {...yesNo(user.is_staff)} />)}
      {row(messages.status, <FormattedMessage {...activeOrNot(user.is_active)} />)}
      {row(messages.columnCreated, <InstantText instant={user.created_at} />)}
    </dl>
  );
}

/** How an account's entries read (the operation's name alone does not say granted or removed). */
function describeUserEntry(entry: AuditEntry): MessageDescriptor | undefined {
  const after = entry.after ?? {};
  if ('is_staff' in after) return after.is_staff ? messages.auditStaffGranted : messages.auditStaffRemoved;
  if ('is_active' in after) return after.is_active ? messages.auditReactivated : messages.auditDeactivated;
  // Sessions ended read by their operation's own words (src/components/admin/record-history.ts).
  return entry.operation === 'sendAdminUserPasswordReset' ? messages.auditResetSent : undefined;
}

/**
 * The account's signed-in devices (docs/decisions/057-see-your-sessions.md), each with its button to end it, and one
 * to end them all; each ending is a command of the page's admin-action machine, audited by the server.
 */
function UserSessions({ userId, working, end }: { userId: number; working: boolean; end: (command: StaffCommand, button: string) => void }) {
  const intl = useIntl();
  const sessions = useQuery(userSessionsQueryOptions(userId));
  if (!sessions.isSuccess) return null;
  const rows = sessions.data.results;
  return (
    <section aria-labelledby="user-sessions" className="space-y-3">
      <h2 id="user-sessions" className="text-2xl font-bold">
        <FormattedMessage id="admin.users.sessions.title" />
      </h2>
      {rows.length === 0 ? (
        <p>
          <FormattedMessage id="admin.users.sessions.none" />
        </p>
      ) : (
        <>
          <DeviceList
            sessions={rows}
            action={(row) => (
              <Button
                id={`user-session-${row.id}`}
                variant="secondary"
                disabled={working}
                aria-label={intl.formatMessage({ id: 'admin.users.sessions.endOneLabel' }, deviceWords(intl, row))}
                onClick={() => end({ operationId: 'endAdminUserSession', path: { id: userId, sessionId: row.id } }, `user-session-${row.id}`)}
              >
                <FormattedMessage id="admin.users.sessions.endOne" />
              </Button>
            )}
          />
          <Button id="user-sessions-end-all" variant="danger" disabled={working} onClick={() => end({ operationId: 'endAdminUserSessions', path: { id: userId } }, 'user-sessions-end-all')}>
            <FormattedMessage id="admin.users.sessions.endAll" />
          </Button>
          <PlaceSource />
        </>
      )}
    </section>
  );
}

export function UserDetailPage() {
  const intl = useIntl();
  const id = Number(useParams().id);
  const user = useQuery(userQueryOptions(id));
  const me = useSession(selectUser);
  // The button that opened the dialog, where focus returns when it closes (confirmed or not).
  const [askedBy, setAskedBy] = useState<string>('main-heading');
  const action = usePageActor('userAction', id, undefined);
  const request = useSelector(action, selectActionRequest);
  const working = useSelector(action, selectIsWorking);
  const confirmOpen = useSelector(action, selectConfirmOpen);
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);

  // The heading is there from the first render (route changes focus it), worded once the account has loaded.
  const top = (title: React.ReactNode) => (
    <div className="space-y-2">
      <Link to="/admin/users" className="font-semibold text-blue-800 underline">
        <FormattedMessage id="admin.users.back" />
      </Link>
      <PageHeading className="break-words">{title}</PageHeading>
    </div>
  );
  if (user.isPending || user.isError) {
    return (
      <div className="space-y-8">
        {top(<FormattedMessage {...(user.isError ? messages.notFound : messages.detailTitle)} />)}
        {user.isPending ? (
          <p role="status">
            <FormattedMessage id="app.loading" />
          </p>
        ) : null}
      </div>
    );
  }
  const account = user.data;
  const name = `${account.first_name} ${account.last_name}`;
  const isMe = me?.id === account.id;
  const ask = (kind: UserAction, value: boolean | undefined, confirm: boolean) => {
    setAskedBy(BUTTON_ID[kind]);
    const path = { id: account.id };
    const command: StaffCommand =
      kind === 'setStaff'
        ? { operationId: 'setAdminUserStaff', path, body: { is_staff: value === true } }
        : kind === 'setActive'
          ? { operationId: 'setAdminUserActive', path, body: { is_active: value === true } }
          : { operationId: 'sendAdminUserPasswordReset', path };
    action.send({ type: 'action.request', request: { command }, confirm });
  };
  // Staff rights, given or removed, and deactivation ask first (docs/decisions/036-review-rules.md).
  const confirmCopy: Record<'title' | 'body' | 'button', MessageDescriptor> =
    request?.command.operationId === 'setAdminUserActive'
      ? { title: messages.confirmDeactivateTitle, body: messages.confirmDeactivateBody, button: messages.deactivate }
      : request?.command.operationId === 'setAdminUserStaff' && request.command.body.is_staff
        ? { title: messages.confirmGrantStaffTitle, body: messages.confirmGrantStaffBody, button: messages.grantStaff }
        : { title: messages.confirmRemoveStaffTitle, body: messages.confirmRemoveStaffBody, button: messages.removeStaff };

  return (
    <div className="space-y-8">
      {top(name)}
      <Facts user={account} />

      <section aria-labelledby="user-actions" className="space-y-3">
        <h2 id="user-actions" className="text-2xl font-bold">
          <FormattedMessage id="admin.users.actions" />
        </h2>
        {isMe ? (
          <p className="rounded-md border-l-8 border-blue-800 bg-blue-50 p-4">
            <FormattedMessage id="admin.users.yourself" />
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {isMe ? null : account.is_staff ? (
            <Button id={BUTTON_ID.setStaff} variant="danger" disabled={working} onClick={() => ask('setStaff', false, true)}>
              <FormattedMessage id="admin.users.removeStaff" />
            </Button>
          ) : (
            <Button id={BUTTON_ID.setStaff} variant="secondary" disabled={working} onClick={() => ask('setStaff', true, true)}>
              <FormattedMessage id="admin.users.grantStaff" />
            </Button>
          )}
          {isMe ? null : account.is_active ? (
            <Button id={BUTTON_ID.setActive} variant="danger" disabled={working} onClick={() => ask('setActive', false, true)}>
              <FormattedMessage id="admin.users.deactivate" />
            </Button>
          ) : (
            <Button id={BUTTON_ID.setActive} variant="secondary" disabled={working} onClick={() => ask('setActive', true, false)}>
              <FormattedMessage id="admin.users.reactivate" />
            </Button>
          )}
          {account.is_active ? (
            <Button id={BUTTON_ID.sendReset} variant="secondary" disabled={working} onClick={() => ask('sendReset', undefined, false)}>
              <FormattedMessage id="admin.users.sendReset" />
            </Button>
          ) : null}
        </div>
        <ActionOutcome
          action={action}
          working={<FormattedMessage id="admin.users.working" />}
          network={t(messages.actionNetwork)}
          later={t(messages.tryAgainLater)}
          retryLabel={<FormattedMessage id="admin.users.retry" />}
          dismissLabel={<FormattedMessage id="admin.users.dismiss" />}
        />
        <ConfirmDialog
          open={confirmOpen}
          title={intl.formatMessage(confirmCopy.title, { name })}
          body={intl.formatMessage(confirmCopy.body, { name })}
          confirmLabel={<FormattedMessage {...confirmCopy.button} />}
          onConfirm={() => action.send({ type: 'action.confirm' })}
          onCancel={() => action.send({ type: 'action.cancel' })}
          returnFocusTo={askedBy}
        />
      </section>

      <UserSessions
        userId={account.id}
        working={working}
        end={(command, button) => {
          setAskedBy(button);
          action.send({ type: 'action.request', request: { command }, confirm: false });
        }}
      />

      <section aria-labelledby="user-applications" className="space-y-3">
        <h2 id="user-applications" className="text-2xl font-bold">
          <FormattedMessage id="admin.users.applications" />
        </h2>
        {account.applications.length === 0 ? (
          <p>
            <FormattedMessage id="admin.users.noApplications" />
          </p>
        ) : (
          <ul className="space-y-2">
            {account.applications.map((application) => (
              <li key={application.id} className="rounded-md bg-gray-50 px-3 py-2">
                <Link to={`/admin/applications/${application.id}/1`} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
                  <FormattedMessage
                    id="admin.users.application"
                    values={{
                      program: intl.locale.startsWith('en') ? application.program_name.en : application.program_name.es,
                      period: application.period,
                      status: t(applicationStatusWords[application.status]),
                      id: application.id,
                    }}
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="user-registrations" className="space-y-3">
        <h2 id="user-registrations" className="text-2xl font-bold">
          <FormattedMessage id="admin.users.registrations" />
        </h2>
        {account.registrations.length === 0 ? (
          <p>
            <FormattedMessage id="admin.users.noRegistrations" />
          </p>
        ) : (
          <ul className="space-y-2">
            {account.registrations.map((registration) => (
              <li key={registration.id} className="rounded-md bg-gray-50 px-3 py-2">
                <Link to={`/admin/events/submission/${registration.event_id}`} className="font-semibold text-blue-800 underline">
                  {intl.locale.startsWith('en') ? registration.event_title.en : registration.event_title.es}
                </Link>
                {registration.starts_at ? (
                  <>
                    {' · '}
                    <InstantText instant={registration.starts_at} />
                  </>
                ) : null}
                {' · '}
                <FormattedMessage {...(registration.attended ? messages.registrationAttended : messages.registrationNotAttended)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <RecordHistory recordType="user" recordId={account.id} title={<FormattedMessage id="admin.users.audit.title" />} describe={describeUserEntry} />
    </div>
  );
}
