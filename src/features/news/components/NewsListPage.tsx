// /panel/news: the published news, newest first, each with its date; "Show more" fetches the next page. An item
// with no text in the reader's language shows in the other one, marked with its lang and a note.
import { useInfiniteQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, linkClass } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { useLocale } from '#lib/locale';
import { newsListQueryOptions, type NewsSummary } from '#features/news/api/news';
import { newsPath } from '#features/news/news-paths';
import { NewsLoadError } from './NewsLoadError';
import { NewsMeta } from './NewsMeta';

export function NewsListPage() {
  const locale = useLocale();
  const list = useInfiniteQuery(newsListQueryOptions(locale));
  const items = list.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="panel.news.title" />
      </PageHeading>
      {list.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : list.isError && items.length === 0 ? (
        <NewsLoadError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-gray-800">
          <FormattedMessage id="panel.news.empty" />
        </p>
      ) : (
        <>
          <ul className="space-y-4">
            {items.map((item) => (
              <li key={item.id}>
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
          {list.isFetchNextPageError ? <NewsLoadError onRetry={() => void list.fetchNextPage()} /> : null}
          {list.hasNextPage ? (
            <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              <FormattedMessage id="panel.news.more" />
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function NewsCard({ item }: { item: NewsSummary }) {
  const titleId = `news-${item.id}-title`;
  return (
    <article aria-labelledby={titleId} className="space-y-2 rounded-md border-2 border-gray-200 p-4 sm:p-6">
      <h2 id={titleId} lang={item.language} className="break-words text-xl font-bold text-gray-900">
        <Link to={newsPath(item.id)} className={linkClass}>
          {item.title}
        </Link>
      </h2>
      <NewsMeta item={item} />
    </article>
  );
}
