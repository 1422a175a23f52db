// /panel/news/:id: one news item, its Markdown body rendered safely (../markdown.ts), in the reader's language or, when
// it has none there, in the other one. A draft, a missing item or a bad id reads as "not found".
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { linkClass } from '#components/ui/Button';
import { MAIN_HEADING_ID, PageHeading } from '#components/ui/PageHeading';
import { ApiError } from '#api/errors';
import { useLocale } from '#lib/locale';
import { newsArticleQueryOptions } from '#features/news/api/news';
import { renderNewsMarkdown } from '#lib/news-markdown';
import { newsListPath } from '#features/news/news-paths';
import { NewsLoadError } from './NewsLoadError';
import { NewsMeta } from './NewsMeta';

/** Prose styles for the rendered Markdown (no typography plugin: the few elements a news body uses). */
const proseClass =
  'space-y-3 break-words text-gray-900 [&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold ' +
  '[&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 ' +
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1';

export function NewsArticlePage() {
  const { id = '' } = useParams();
  const locale = useLocale();
  const numeric = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
  const article = useQuery({ ...newsArticleQueryOptions(numeric ?? 0, locale), enabled: numeric !== null });
  const html = useMemo(() => (article.data ? renderNewsMarkdown(article.data.body) : ''), [article.data]);
  const missing = numeric === null || (article.error instanceof ApiError && article.error.status === 404);
  const loaded = article.data !== undefined || missing;
  // After an in-app navigation the layout focused <main> (the title was still loading): move on to the title once it
  // is there. Left alone on a first load, or when the person has already moved on.
  useEffect(() => {
    if (loaded && document.activeElement?.id === 'main-content') document.getElementById(MAIN_HEADING_ID)?.focus();
  }, [loaded]);

  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={newsListPath} className={linkClass}>
          <FormattedMessage id="panel.news.back" />
        </Link>
      </p>
      {missing ? (
        <>
          <PageHeading>
            <FormattedMessage id="panel.news.notFoundTitle" />
          </PageHeading>
          <p className="text-gray-800">
            <FormattedMessage id="panel.news.notFound" />
          </p>
        </>
      ) : article.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : article.isError ? (
        <NewsLoadError onRetry={() => void article.refetch()} />
      ) : (
        <article className="space-y-4">
          <PageHeading className="break-words">
            <span lang={article.data.language}>{article.data.title}</span>
          </PageHeading>
          <NewsMeta item={article.data} />
          {/* Safe by construction: markdown-it with raw HTML off and links checked (src/lib/news-markdown.ts, tests/unit/news-markdown.test.ts). */}
          <div lang={article.data.language} className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </div>
  );
}
