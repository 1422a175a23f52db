// /admin/events/submission/:id: one event for staff: its facts, its edit form (open or close it there), and its
// registrations (name, e-mail, phone, how they heard, date, attended) searched, paged, exported as CSV and checked in
// at the door, each check-in on the admin-action machine.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { ActionProblem, ColumnHeaders, KeysetPager, useUrlSearch } from '#components/admin/ListControls';
import { usePageActor } from '#lib/use-page-actor';
import { selectActionErrorBody, selectActionRequest, selectActionStatus, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { Button } from '#components/ui/Button';
import { SelectField, TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { RecordHistory } from '#components/admin/RecordHistory';
import { toFormErrors } from '#lib/form-errors';
import {
  downloadRegistrationsCsv,
  eventQueryOptions,
  registrationListQueryOptions,
  type AdminEvent,
  type AdminRegistration,
  type RegistrationListQuery,
} from '#features/admin-events/api/events';
import { howHeardLabel, kindLabel, messages, statusLabel } from '#features/admin-events/messages';
import { EventForm } from './EventForm';
import { RegistrationCount } from './RegistrationCount';
import { providePageActor } from '#actors/page-actors';
import { provideEventActionMachine } from '#actors/admin-action';

// The session's `eventAction` page actors run this machine; it loads with this screen (src/actors/page-actors.ts).
providePageActor('eventAction', provideEventActionMachine);

/** Typed as a plain descriptor: it takes the person's name. */
const CHECK_IN: MessageDescriptor = messages.checkIn;

// Check-in comes first: at the door, on a phone at 360 px, it is in view without scrolling the table sideways.
const COLUMNS = [messages.columnAttended, messages.columnName, messages.columnEmail, messages.columnPhone, messages.columnHowHeard, messages.columnCreated];

function Facts({ event }: { event: AdminEvent }) {
  const intl = useIntl();
  const row = (label: MessageDescriptor, value: ReactNode) => (
    <div className="grid gap-1 border-b border-gray-300 py-2 sm:grid-cols-3">
      <dt className="font-semibold">
        <FormattedMessage {...label} />
      </dt>
      <dd className="break-words sm:col-span-2">{value}</dd>
    </div>
  );
  const other = intl.locale.startsWith('en') ? messages.formTitleEs : messages.formTitleEn;
  return (
    <dl>
      {row(other, intl.locale.startsWith('en') ? event.title.es : event.title.en)}
      {row(messages.columnKind, <FormattedMessage {...kindLabel(event.kind)} />)}
      {row(messages.formStartsAt, event.starts_at ? <InstantText instant={event.starts_at} /> : <FormattedMessage id="admin.events.noDate" />)}
      {row(messages.formEndsAt, event.ends_at ? <InstantText instant={event.ends_at} /> : '—')}
      {row(messages.formPlace, event.place || '—')}
      {row(messages.columnStatus, <FormattedMessage {...statusLabel(event.status)} />)}
      {row(messages.columnRegistrations, <RegistrationCount event={event} />)}
      {row(messages.columnAttended, <FormattedMessage id="admin.events.registrations.checkedIn" values={{ count: event.attended }} />)}
    </dl>
  );
}

function queryFromUrl(params: URLSearchParams): RegistrationListQuery {
  const attended = params.get('attended');
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...(attended === 'true' ? { attended: true } : attended === 'false' ? { attended: false } : {}),
    ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
  };
}

function Registrations({ event }: { event: AdminEvent }) {
  const intl = useIntl();
  const { params, submit: search } = useUrlSearch(['q', 'attended']);
  const query = queryFromUrl(params);
  const registrations = useQuery(registrationListQueryOptions(event.id, query));
  const [exportFailed, setExportFailed] = useState(false);
  const action = usePageActor('eventAction', `registrations-${event.id}`, undefined);
  const status = useSelector(action, selectActionStatus);
  const request = useSelector(action, selectActionRequest);
  const working = useSelector(action, selectIsWorking);
  const body = useSelector(action, selectActionErrorBody);
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const { cursor: _cursor, ...filters } = query;

  const checkIn = (registration: AdminRegistration, attended: boolean) =>
    action.send({
      type: 'action.request',
      request: {
        command: { operationId: 'setAdminRegistrationAttended', path: { id: event.id, registrationId: registration.id }, body: { attended } },
        label: registration.name,
      },
      confirm: false,
    });
  const problem = status === 'refused' || status === 'failed' ? toFormErrors(body, [], t(body === null ? messages.actionFailed : messages.tryAgainLater)) : null;

  return (
    <section aria-labelledby="event-registrations" className="space-y-4">
      <h2 id="event-registrations" className="text-2xl font-bold">
        <FormattedMessage id="admin.events.registrations.title" />
      </h2>
      <form role="search" aria-label={t(messages.registrationsSearchLabel)} onSubmit={search} className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-2">
        <TextField id="registrations-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} label={<FormattedMessage id="admin.events.registrations.search" />} />
        <SelectField
          id="registrations-attended"
          name="attended"
          defaultValue={query.attended === undefined ? '' : String(query.attended)}
          label={<FormattedMessage id="admin.events.registrations.filterAttended" />}
          options={[
            { value: '', label: t(messages.filterAll) },
            { value: 'true', label: t(messages.attendedOnly) },
            { value: 'false', label: t(messages.notAttended) },
          ]}
        />
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <Button type="submit">
            <FormattedMessage id="admin.events.searchButton" />
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setExportFailed(false);
              downloadRegistrationsCsv(event.id, filters, `${t(messages.csvName)}-${event.id}.csv`).catch(() => setExportFailed(true));
            }}
          >
            <FormattedMessage id="admin.events.registrations.export" />
          </Button>
        </div>
        {exportFailed ? (
          <p role="alert" className="font-semibold text-red-800 md:col-span-2">
            <FormattedMessage id="admin.events.registrations.exportFailed" />
          </p>
        ) : null}
      </form>

      <div role="status" className="text-gray-900">
        {registrations.isPending ? <FormattedMessage id="app.loading" /> : null}
        {registrations.data ? <FormattedMessage id="admin.events.registrations.count" values={{ count: registrations.data.count }} /> : null}
      </div>
      {problem ? (
        <ActionProblem
          problem={problem}
          onRetry={status === 'failed' ? () => action.send({ type: 'action.retry' }) : undefined}
          onDismiss={() => action.send({ type: 'action.dismiss' })}
          retryLabel={<FormattedMessage id="admin.events.retry" />}
          dismissLabel={<FormattedMessage id="admin.events.dismiss" />}
        />
      ) : null}

      {registrations.data && registrations.data.results.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-left">
            <caption className="sr-only">
              <FormattedMessage id="admin.events.registrations.caption" />
            </caption>
            <ColumnHeaders columns={COLUMNS} />
            <tbody>
              {registrations.data.results.map((registration) => {
                const asked = request?.command.operationId === 'setAdminRegistrationAttended' ? request.command : null;
                const pending = working && asked?.path.registrationId === registration.id;
                const shown = pending ? asked?.body.attended === true : registration.attended;
                return (
                  <tr key={registration.id} className="border-b border-gray-300">
                    <td className="px-3 py-2">
                      <label className="inline-flex min-h-11 min-w-11 items-center gap-2">
                        <input
                          type="checkbox"
                          className="h-6 w-6 accent-blue-800"
                          checked={shown}
                          disabled={working}
                          onChange={(change) => checkIn(registration, change.currentTarget.checked)}
                          aria-label={intl.formatMessage(CHECK_IN, { name: registration.name })}
                        />
                        <span aria-hidden="true">
                          <FormattedMessage {...(shown ? messages.yes : messages.no)} />
                        </span>
                      </label>
                    </td>
                    <th scope="row" className="px-3 py-2 font-semibold">
                      {registration.name}
                    </th>
                    <td className="break-all px-3 py-2">{registration.email}</td>
                    <td className="px-3 py-2">{registration.phone || '—'}</td>
                    <td className="px-3 py-2">{registration.how_heard ? <FormattedMessage {...howHeardLabel(registration.how_heard)} /> : '—'}</td>
                    <td className="px-3 py-2">
                      <InstantText instant={registration.created_at} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : registrations.data ? (
        <p className="text-gray-900">
          <FormattedMessage id="admin.events.registrations.none" />
        </p>
      ) : null}

      <KeysetPager
        label={t(messages.pages)}
        nextCursor={registrations.data?.next_cursor}
        first={<FormattedMessage id="admin.events.firstPage" />}
        next={<FormattedMessage id="admin.events.nextPage" />}
      />
    </section>
  );
}

export function EventSubmissionPage() {
  const intl = useIntl();
  const id = Number(useParams().id);
  const event = useQuery(eventQueryOptions(id));
  const [editing, setEditing] = useState(false);

  // The heading is there from the first render (route changes focus it), worded once the event has loaded.
  const top = (title: ReactNode) => (
    <div className="space-y-2">
      <Link to="/admin/events" className="font-semibold text-blue-800 underline">
        <FormattedMessage id="admin.events.back" />
      </Link>
      <PageHeading className="break-words">{title}</PageHeading>
    </div>
  );
  if (event.isPending || event.isError) {
    return (
      <div className="space-y-8">
        {top(<FormattedMessage {...(event.isError ? messages.notFound : messages.submissionTitle)} />)}
        {event.isPending ? (
          <p role="status">
            <FormattedMessage id="app.loading" />
          </p>
        ) : null}
      </div>
    );
  }
  const data = event.data;
  return (
    <div className="space-y-8">
      {top(intl.locale.startsWith('en') ? data.title.en : data.title.es)}
      <section aria-labelledby="event-facts" className="space-y-3">
        <h2 id="event-facts" className="text-2xl font-bold">
          <FormattedMessage id="admin.events.facts" />
        </h2>
        <Facts event={data} />
        {editing ? null : (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <FormattedMessage id="admin.events.edit" />
          </Button>
        )}
      </section>
      {editing ? (
        <section aria-labelledby="event-edit" className="space-y-4 rounded-md border-2 border-gray-300 p-4">
          <h2 id="event-edit" className="text-2xl font-bold">
            <FormattedMessage id="admin.events.edit" />
          </h2>
          {/* Remounted per saved version, so the fields show what was saved. */}
          <EventForm key={data.updated_at} event={data} idPrefix="edit-event" onCancel={() => setEditing(false)} />
        </section>
      ) : null}
      <Registrations event={data} />
      <RecordHistory recordType="event" recordId={data.id} />
    </div>
  );
}
