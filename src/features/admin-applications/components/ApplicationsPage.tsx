// /admin/applications: staff search the applications (the applicant's name or e-mail, or the business, whatever the
// accents), filter by program, sub-program, status, start day and reviewer, sort, page with the server's cursor (back
// and forth, 25 to 100 a page), export the matches as CSV, and open one to review. Their queues (their own, nobody's)
// and the bulk actions on the rows selected (machines/bulk-review) are docs/decisions/040-staff-queues-and-history.md.
// The URL holds the search, so a list can be shared, reloaded and left with Back.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePageActor } from '#lib/use-page-actor';
import { ColumnHeaders, KeysetPager, ListStatus, SearchButtons, useUrlSearch } from '#components/admin/ListControls';
import type { BulkReviewActorRef } from '#machines/bulk-review/bulk-review.machine';
import { selectCanSelect, selectIsSelected, selectSelected } from '#machines/bulk-review/bulk-review.selectors';
import { applicationStatusNames, subProgramNames, subPrograms } from '#components/programs/messages';
import { SelectField, TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { APPLICATION_STATUSES, showsResubmission } from '#shared/review-lifecycle';
import {
  applicationListQueryOptions,
  downloadApplicationsCsv,
  filterProgramsQueryOptions,
  PAGE_SIZE,
  PAGE_SIZES,
  reviewersQueryOptions,
  type AdminApplicationRow,
  type ApplicationListQuery,
  type ApplicationStatus,
} from '#features/admin-applications/api/applications';
import { messages, QUEUES, queueNames, SORTS, sortNames } from '#features/admin-applications/messages';
import { BulkActions } from './BulkActions';
import { applicantName, programName } from './ApplicationFacts';
import { providePageActor } from '#actors/page-actors';
import { provideBulkReviewMachine } from '#actors/bulk-review';

// The session's `bulkReview` page actors run this machine; it loads with this screen (src/actors/page-actors.ts).
providePageActor('bulkReview', provideBulkReviewMachine);

const STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES;
const COLUMNS = [
  messages.columnApplicant,
  messages.columnBusiness,
  messages.columnProgram,
  messages.columnStatus,
  messages.columnDays,
  messages.columnReviewer,
  messages.columnSteps,
  messages.columnUpdated,
  messages.columnSubmitted,
  messages.columnScore,
];
const FIELDS = ['q', 'program_id', 'sub_program', 'status', 'from', 'to', 'sort', 'queue', 'reviewer_id', 'limit'] as const;
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

function queryFromUrl(params: URLSearchParams): ApplicationListQuery {
  const sort = SORTS.find((candidate) => candidate === params.get('sort'));
  const subProgram = subPrograms.find((candidate) => candidate === params.get('sub_program'));
  const status = STATUSES.find((candidate) => candidate === params.get('status'));
  const programId = Number(params.get('program_id'));
  const queue = QUEUES.find((candidate) => candidate !== 'all' && candidate === params.get('queue'));
  const reviewerId = Number(params.get('reviewer_id'));
  const limit = PAGE_SIZES.find((size) => String(size) === params.get('limit'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...(Number.isInteger(programId) && programId > 0 ? { program_id: programId } : {}),
    ...(subProgram ? { sub_program: subProgram } : {}),
    ...(status ? { status } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    ...(sort ? { sort } : {}),
    ...(queue === 'mine' || queue === 'unassigned' ? { queue } : {}),
    ...(Number.isInteger(reviewerId) && reviewerId > 0 ? { reviewer_id: reviewerId } : {}),
    ...(limit ? { limit } : {}),
    ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
  };
}

export function ApplicationsPage() {
  const intl = useIntl();
  const { params, submit: search } = useUrlSearch(FIELDS);
  const query = queryFromUrl(params);
  const applications = useQuery(applicationListQueryOptions(query));
  const programs = useQuery(filterProgramsQueryOptions());
  const reviewers = useQuery(reviewersQueryOptions());
  const bulk = usePageActor('bulkReview', 'applications', undefined);
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);

  const { cursor: _cursor, limit: _limit, ...filters } = query;
  const all = { value: '', label: t(messages.filterAll) };
  const rows = applications.data?.results ?? [];

  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="admin.applications.title" />
      </PageHeading>
      <QueueNav current={query.queue ?? 'all'} />
      <form role="search" aria-label={t(messages.searchLabel)} onSubmit={search} className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-2 lg:grid-cols-4">
        {/* The queue is chosen above the form; a search keeps it. */}
        {query.queue ? <input type="hidden" name="queue" value={query.queue} /> : null}
        <div className="md:col-span-2">
          <TextField
            id="applications-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            maxLength={200}
            label={<FormattedMessage id="admin.applications.search" />}
            hint={<FormattedMessage id="admin.applications.searchHint" />}
          />
        </div>
        <SelectField
          id="applications-program"
          name="program_id"
          defaultValue={query.program_id === undefined ? '' : String(query.program_id)}
          label={<FormattedMessage id="admin.applications.filterProgram" />}
          options={[
            all,
            ...(programs.data?.results ?? []).map((program) => ({ value: String(program.id), label: `${programName(intl.locale, program.name)} (${program.period})` })),
            // A program named in the URL shows even before (or without) the list of programs.
            ...(query.program_id !== undefined && !programs.data?.results.some((program) => program.id === query.program_id)
              ? [{ value: String(query.program_id), label: String(query.program_id) }]
              : []),
          ]}
        />
        <SelectField
          id="applications-sub-program"
          name="sub_program"
          defaultValue={query.sub_program ?? ''}
          label={<FormattedMessage id="admin.applications.filterSubProgram" />}
          options={[all, ...subPrograms.map((sub) => ({ value: sub, label: t(subProgramNames[sub]) }))]}
        />
        <SelectField
          id="applications-status"
          name="status"
          defaultValue={query.status ?? ''}
          label={<FormattedMessage id="admin.applications.filterStatus" />}
          options={[all, ...STATUSES.map((status) => ({ value: status, label: t(applicationStatusNames[status]) }))]}
        />
        <TextField
          id="applications-from"
          name="from"
          type="date"
          defaultValue={query.from ?? ''}
          label={<FormattedMessage id="admin.applications.from" />}
          hint={<FormattedMessage id="admin.applications.dateHint" />}
        />
        <TextField
          id="applications-to"
          name="to"
          type="date"
          defaultValue={query.to ?? ''}
          label={<FormattedMessage id="admin.applications.to" />}
          hint={<FormattedMessage id="admin.applications.dateHint" />}
        />
        <SelectField
          id="applications-reviewer"
          name="reviewer_id"
          defaultValue={query.reviewer_id === undefined ? '' : String(query.reviewer_id)}
          label={<FormattedMessage id="admin.applications.filterReviewer" />}
          options={[
            all,
            ...(reviewers.data ?? []).map((account) => ({ value: String(account.id), label: `${account.first_name} ${account.last_name}`.trim() || account.email })),
            ...(query.reviewer_id !== undefined && !reviewers.data?.some((account) => account.id === query.reviewer_id)
              ? [{ value: String(query.reviewer_id), label: String(query.reviewer_id) }]
              : []),
          ]}
        />
        <SelectField
          id="applications-sort"
          name="sort"
          defaultValue={query.sort ?? '-updated'}
          label={<FormattedMessage id="admin.applications.sort" />}
          options={SORTS.map((sort) => ({ value: sort, label: t(sortNames[sort]) }))}
        />
        <SelectField
          id="applications-limit"
          name="limit"
          defaultValue={String(query.limit ?? PAGE_SIZE)}
          label={<FormattedMessage id="admin.applications.pageSize" />}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: intl.formatNumber(size) }))}
        />
        <SearchButtons
          search={<FormattedMessage id="admin.applications.searchButton" />}
          exportCsv={<FormattedMessage id="admin.applications.export" />}
          exportFailed={<FormattedMessage id="admin.applications.exportFailed" />}
          onExport={() => downloadApplicationsCsv(filters, `${t(messages.csvName)}.csv`)}
        />
      </form>

      <ListStatus
        pending={applications.isPending}
        count={
          !applications.data ? null : applications.data.count_capped ? (
            <FormattedMessage id="admin.applications.countCapped" values={{ count: applications.data.count }} />
          ) : (
            <FormattedMessage id="admin.applications.count" values={{ count: applications.data.count }} />
          )
        }
        error={applications.error}
        fallback={t(messages.tryAgainLater)}
        firstPage={<FormattedMessage id="admin.applications.firstPage" />}
      />

      {rows.length > 0 ? <BulkActions bulk={bulk} rows={rows} /> : null}

      {applications.data && rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[52rem] border-collapse text-left">
            <caption className="sr-only">
              <FormattedMessage id="admin.applications.tableCaption" />
            </caption>
            <ColumnHeaders columns={COLUMNS} leading={<SelectPageHeader bulk={bulk} rows={rows} />} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-gray-300 align-top">
                  <td className="px-3 py-2">
                    <SelectRow bulk={bulk} row={row} />
                  </td>
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link
                      to={`/admin/applications/${row.id}/1`}
                      aria-label={intl.formatMessage({ id: 'admin.applications.review' }, { id: row.id, name: applicantName(row) })}
                      className="font-semibold text-blue-800 underline"
                    >
                      {applicantName(row)}
                    </Link>
                    <span className="block break-all text-gray-800">{row.applicant.email}</span>
                    {row.duplicates > 0 ? (
                      <span className="mt-1 inline-block rounded border border-amber-800 bg-amber-50 px-2 text-sm font-semibold text-amber-900">
                        <FormattedMessage id="admin.applications.duplicates" values={{ count: row.duplicates }} />
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2">{row.business_name || '—'}</td>
                  <td className="px-3 py-2">
                    {programName(intl.locale, row.program.name)}
                    <span className="block text-gray-800">
                      <FormattedMessage {...subProgramNames[row.program.sub_program]} />
                      {` · ${row.program.period}`}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <span className="whitespace-nowrap">
                      <FormattedMessage {...applicationStatusNames[row.status]} />
                    </span>
                    {/* Sent again after a change request, with its own date (docs/decisions/036-review-rules.md). */}
                    {row.resubmitted_at && showsResubmission(row.status) ? (
                      <span className="block text-sm text-gray-800">
                        <FormattedMessage id="admin.applications.resubmittedOn" values={{ date: <InstantText instant={row.resubmitted_at} /> }} />
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <DaysInStatus row={row} />
                  </td>
                  <td className="px-3 py-2">
                    {row.reviewer ? (
                      `${row.reviewer.first_name} ${row.reviewer.last_name}`.trim() || row.reviewer.email
                    ) : (
                      <span className="text-gray-800">
                        <FormattedMessage id="admin.applications.unassigned" />
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <FormattedMessage id="admin.applications.steps" values={{ count: row.steps_submitted }} />
                  </td>
                  <td className="px-3 py-2">
                    <InstantText instant={row.updated_at} />
                  </td>
                  <td className="px-3 py-2">{row.submitted_at ? <InstantText instant={row.submitted_at} /> : '—'}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {row.score_average === null ? '—' : <FormattedMessage id="admin.applications.scoreCell" values={{ average: intl.formatNumber(row.score_average, { maximumFractionDigits: 1 }), count: row.score_count }} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : applications.data ? (
        <p className="text-gray-900">
          <FormattedMessage id="admin.applications.none" />
        </p>
      ) : null}

      <KeysetPager
        label={t(messages.pages)}
        nextCursor={applications.data?.next_cursor}
        prevCursor={applications.data?.prev_cursor}
        first={<FormattedMessage id="admin.applications.firstPage" />}
        previous={<FormattedMessage id="admin.applications.previousPage" />}
        next={<FormattedMessage id="admin.applications.nextPage" />}
      />
    </div>
  );
}

/** Every application, mine, nobody's: links that keep nothing but the queue (a queue is a fresh list). */
function QueueNav({ current }: { current: (typeof QUEUES)[number] }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(messages.queues)}>
      <ul className="flex flex-wrap gap-2">
        {QUEUES.map((queue) => (
          <li key={queue}>
            <Link
              to={queue === 'all' ? '?' : `?queue=${queue}`}
              aria-current={queue === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-md border-2 px-4 font-semibold ${
                queue === current ? 'border-blue-800 bg-blue-800 text-white' : 'border-gray-700 text-blue-800 underline'
              }`}
            >
              <FormattedMessage {...queueNames[queue]} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Whole days in the current status; past the program's target, said in words as well as marked. */
function DaysInStatus({ row }: { row: AdminApplicationRow }) {
  return (
    <span className={row.over_target ? 'inline-block rounded-md border-2 border-red-800 bg-red-50 px-2 font-semibold text-red-800' : ''}>
      <FormattedMessage id="admin.applications.days" values={{ count: row.days_in_status }} />
      {row.over_target ? (
        <span className="block text-sm">
          <FormattedMessage id="admin.applications.overTarget" values={{ target: row.review_target_days ?? 0 }} />
        </span>
      ) : null}
    </span>
  );
}

/** One row's box of the bulk selection (machines/bulk-review). */
function SelectRow({ bulk, row }: { bulk: BulkReviewActorRef; row: AdminApplicationRow }) {
  const intl = useIntl();
  const checked = useSelector(bulk, selectIsSelected(row.id));
  const canSelect = useSelector(bulk, selectCanSelect);
  return (
    <input
      type="checkbox"
      className="size-6 accent-blue-800"
      checked={checked}
      disabled={!canSelect}
      aria-label={intl.formatMessage({ id: 'admin.applications.bulk.selectOne' }, { id: row.id, name: applicantName(row) })}
      onChange={() => bulk.send({ type: 'bulk.toggle', id: row.id })}
    />
  );
}

/** The header's box: select (or clear) every row of this page. */
function SelectPageHeader({ bulk, rows }: { bulk: BulkReviewActorRef; rows: readonly AdminApplicationRow[] }) {
  const intl = useIntl();
  const selected = useSelector(bulk, selectSelected);
  const canSelect = useSelector(bulk, selectCanSelect);
  const ids = rows.map((row) => row.id);
  const all = ids.every((id) => selected.includes(id));
  return (
    <th scope="col" className="px-3 py-2">
      <input
        type="checkbox"
        className="size-6 accent-blue-800"
        checked={all}
        disabled={!canSelect}
        aria-label={intl.formatMessage({ id: 'admin.applications.bulk.selectPage' })}
        onChange={() => bulk.send({ type: 'bulk.page', ids, selected: !all })}
      />
    </th>
  );
}
