// /admin/events: staff's events and interest forms with their registration counts, searched (titles, whatever the
// accents), filtered by type and status, sorted and paged by the server; "New event" opens the form. The URL holds the
// search, so a page can be shared, reloaded, and left with Back.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import { ColumnHeaders, KeysetPager, SearchButtons, useUrlSearch } from '#components/admin/ListControls';
import { errorBody } from '#api/errors';
import { Button } from '#components/ui/Button';
import { SelectField, TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { errorText, toFormErrors } from '#lib/form-errors';
import { downloadEventsCsv, eventListQueryOptions, type EventListQuery } from '#features/admin-events/api/events';
import { kindLabel, messages, SORT_LABELS, SORTS, statusLabel } from '#features/admin-events/messages';
import { EventForm } from './EventForm';
import { RegistrationCount } from './RegistrationCount';

const COLUMNS = [messages.columnTitle, messages.columnKind, messages.columnStarts, messages.columnStatus, messages.columnRegistrations];

function queryFromUrl(params: URLSearchParams): EventListQuery {
  const sort = SORTS.find((candidate) => candidate === params.get('sort'));
  const kind = params.get('kind');
  const status = params.get('status');
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...(kind === 'event' || kind === 'interest' ? { kind } : {}),
    ...(status === 'open' || status === 'closed' ? { status } : {}),
    ...(sort ? { sort } : {}),
    ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
  };
}

export function EventsPage() {
  const intl = useIntl();
  const { params, submit: search } = useUrlSearch(['q', 'kind', 'status', 'sort']);
  const query = queryFromUrl(params);
  const { cursor: _cursor, ...filters } = query;
  const events = useQuery(eventListQueryOptions(query));
  const [creating, setCreating] = useState(false);
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);

  const listError = events.isError ? toFormErrors(errorBody(events.error), [], t(messages.tryAgainLater)) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>
          <FormattedMessage id="admin.events.title" />
        </PageHeading>
        {creating ? null : (
          <Button id="new-event" onClick={() => setCreating(true)}>
            <FormattedMessage id="admin.events.new" />
          </Button>
        )}
      </div>

      {creating ? (
        <section aria-labelledby="new-event-title" className="space-y-4 rounded-md border-2 border-gray-300 p-4">
          <h2 id="new-event-title" className="text-2xl font-bold">
            <FormattedMessage id="admin.events.newTitle" />
          </h2>
          <EventForm idPrefix="new-event" onCancel={() => setCreating(false)} />
        </section>
      ) : null}

      <form role="search" aria-label={t(messages.searchLabel)} onSubmit={search} className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-2 lg:grid-cols-4">
        <TextField id="events-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} label={<FormattedMessage id="admin.events.search" />} />
        <SelectField
          id="events-kind"
          name="kind"
          defaultValue={query.kind ?? ''}
          label={<FormattedMessage id="admin.events.filterKind" />}
          options={[
            { value: '', label: t(messages.filterAll) },
            { value: 'event', label: t(messages.kindEvent) },
            { value: 'interest', label: t(messages.kindInterest) },
          ]}
        />
        <SelectField
          id="events-status"
          name="status"
          defaultValue={query.status ?? ''}
          label={<FormattedMessage id="admin.events.filterStatus" />}
          options={[
            { value: '', label: t(messages.filterAll) },
            { value: 'open', label: t(messages.statusOpen) },
            { value: 'closed', label: t(messages.statusClosed) },
          ]}
        />
        <SelectField
          id="events-sort"
          name="sort"
          defaultValue={query.sort ?? '-starts'}
          label={<FormattedMessage id="admin.events.sort" />}
          options={SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }))}
        />
        <SearchButtons
          search={<FormattedMessage id="admin.events.searchButton" />}
          exportCsv={<FormattedMessage id="admin.events.exportList" />}
          exportFailed={<FormattedMessage id="admin.events.exportListFailed" />}
          onExport={() => downloadEventsCsv(filters, `${t(messages.listCsvName)}.csv`)}
        />
      </form>

      <div role="status" className="text-gray-900">
        {events.isPending ? <FormattedMessage id="app.loading" /> : null}
        {events.data ? <FormattedMessage id="admin.events.count" values={{ count: events.data.count }} /> : null}
      </div>
      {listError ? (
        <div role="alert" className="rounded-md border-l-8 border-red-800 bg-red-50 p-4 text-gray-900">
          {[...listError.form, ...Object.values(listError.fields).flat()].map((message) => (
            <p key={errorText(intl, message)}>{errorText(intl, message)}</p>
          ))}
          <Link to="?" className="font-semibold text-blue-800 underline">
            <FormattedMessage id="admin.events.firstPage" />
          </Link>
        </div>
      ) : null}

      {events.data && events.data.results.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-left">
            <caption className="sr-only">
              <FormattedMessage id="admin.events.tableCaption" />
            </caption>
            <ColumnHeaders columns={COLUMNS} />
            <tbody>
              {events.data.results.map((event) => (
                <tr key={event.id} className="border-b border-gray-300">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link to={`/admin/events/submission/${event.id}`} className="font-semibold text-blue-800 underline">
                      {intl.locale.startsWith('en') ? event.title.en : event.title.es}
                    </Link>
                  </th>
                  <td className="px-3 py-2">
                    <FormattedMessage {...kindLabel(event.kind)} />
                  </td>
                  <td className="px-3 py-2">{event.starts_at ? <InstantText instant={event.starts_at} /> : <FormattedMessage id="admin.events.noDate" />}</td>
                  <td className="px-3 py-2">
                    <FormattedMessage {...statusLabel(event.status)} />
                  </td>
                  <td className="px-3 py-2">
                    <RegistrationCount event={event} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : events.data ? (
        <p className="text-gray-900">
          <FormattedMessage id="admin.events.none" />
        </p>
      ) : null}

      <KeysetPager
        label={t(messages.pages)}
        nextCursor={events.data?.next_cursor}
        first={<FormattedMessage id="admin.events.firstPage" />}
        next={<FormattedMessage id="admin.events.nextPage" />}
      />
    </div>
  );
}
