// /admin/news: staff's news, drafts included, newest first: searched by title (whatever the accents), filtered by
// state and paged by the server, and exported as CSV; "New article" opens the editor.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, defineMessages } from 'react-intl';
import { Link } from 'react-router-dom';
import { ColumnHeaders, KeysetPager, SearchButtons, useUrlSearch } from '#components/admin/ListControls';
import { ButtonLink } from '#components/ui/Button';
import { SelectField, TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { downloadNewsCsv, newsListQueryOptions, type NewsListQuery } from '#features/admin-news/api/news';
import { newsTitle } from '#features/admin-news/news-title';

const messages = defineMessages({
  searchLabel: { id: 'admin.news.searchLabel' },
  filterAll: { id: 'admin.news.filterAll' },
  draft: { id: 'admin.news.state.draft' },
  published: { id: 'admin.news.state.published' },
  pages: { id: 'admin.news.pages' },
  columnTitle: { id: 'admin.news.column.title' },
  columnState: { id: 'admin.news.column.state' },
  columnUpdated: { id: 'admin.news.column.updated' },
  csvName: { id: 'admin.news.csvName' },
});

function queryFromUrl(params: URLSearchParams): NewsListQuery {
  const state = params.get('state');
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...(state === 'draft' || state === 'published' ? { state } : {}),
    ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
  };
}

export function NewsAdminPage() {
  const intl = useIntl();
  const { params, submit: search } = useUrlSearch(['q', 'state']);
  const query = queryFromUrl(params);
  const { cursor: _cursor, ...filters } = query;
  const list = useQuery(newsListQueryOptions(query));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>
          <FormattedMessage id="admin.news.title" />
        </PageHeading>
        <ButtonLink to="/admin/news/new">
          <FormattedMessage id="admin.news.new" />
        </ButtonLink>
      </div>
      <form role="search" aria-label={intl.formatMessage(messages.searchLabel)} onSubmit={search} className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-2">
        <TextField id="news-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} label={<FormattedMessage id="admin.news.search" />} />
        <SelectField
          id="news-state"
          name="state"
          defaultValue={query.state ?? ''}
          label={<FormattedMessage id="admin.news.filterState" />}
          options={[
            { value: '', label: intl.formatMessage(messages.filterAll) },
            { value: 'draft', label: intl.formatMessage(messages.draft) },
            { value: 'published', label: intl.formatMessage(messages.published) },
          ]}
        />
        <SearchButtons
          search={<FormattedMessage id="admin.news.searchButton" />}
          exportCsv={<FormattedMessage id="admin.news.export" />}
          exportFailed={<FormattedMessage id="admin.news.exportFailed" />}
          onExport={() => downloadNewsCsv(filters, `${intl.formatMessage(messages.csvName)}.csv`)}
        />
      </form>
      <div role="status" className="text-gray-900">
        {list.isPending ? <FormattedMessage id="app.loading" /> : null}
        {list.data ? <FormattedMessage id="admin.news.count" values={{ count: list.data.count }} /> : null}
      </div>
      {list.data && list.data.results.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-left">
            <caption className="sr-only">
              <FormattedMessage id="admin.news.tableCaption" />
            </caption>
            <ColumnHeaders columns={[messages.columnTitle, messages.columnState, messages.columnUpdated]} />
            <tbody>
              {list.data.results.map((item) => (
                <tr key={item.id} className="border-b border-gray-300">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link to={`/admin/news/${item.id}`} className="font-semibold text-blue-800 underline">
                      {newsTitle(item, intl.locale)}
                    </Link>
                  </th>
                  <td className="px-3 py-2">
                    {item.published_at ? (
                      <FormattedMessage id="admin.news.publishedOn" values={{ date: <InstantText instant={item.published_at} /> }} />
                    ) : (
                      <FormattedMessage {...messages.draft} />
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <InstantText instant={item.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : list.data ? (
        <p>
          <FormattedMessage id="admin.news.none" />
        </p>
      ) : null}
      <KeysetPager
        label={intl.formatMessage(messages.pages)}
        nextCursor={list.data?.next_cursor}
        first={<FormattedMessage id="admin.news.firstPage" />}
        next={<FormattedMessage id="admin.news.nextPage" />}
      />
    </div>
  );
}
