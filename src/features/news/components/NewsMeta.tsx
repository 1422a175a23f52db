// Under a news title: its publication date, and a note when it is shown in the other language (it has no text in
// the reader's), so the reader knows why and screen readers switch voice (the title and body carry `lang`).
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '#lib/locale';
import { dayFormat } from '#lib/dates';
import type { NewsSummary } from '#features/news/api/news';

export function NewsMeta({ item }: { item: Pick<NewsSummary, 'published_at' | 'language'> }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <>
      <p className="text-sm text-gray-800">
        <FormattedMessage
          id="panel.news.published"
          values={{
            date: (
              <time dateTime={item.published_at}>
                {intl.formatDate(item.published_at, { ...dayFormat, timeZone: 'America/Puerto_Rico' })}
              </time>
            ),
          }}
        />
      </p>
      {item.language !== locale ? (
        <p className="text-sm font-medium text-gray-900">
          {item.language === 'es' ? (
            <FormattedMessage id="panel.news.onlySpanish" />
          ) : (
            <FormattedMessage id="panel.news.onlyEnglish" />
          )}
        </p>
      ) : null}
    </>
  );
}
