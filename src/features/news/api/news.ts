// Server data of the news screens: the published list (GET /news, keyset pages joined by "Show more") and one item
// (GET /news/{id}). The language is part of the key: the server answers in the reader's language (Accept-Language).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import type { components } from '#api/schema';
import type { Locale } from '#lib/locale';

export type NewsSummary = components['schemas']['NewsSummary'];
export type NewsArticle = components['schemas']['NewsArticle'];

const PAGE_SIZE = 10;

export const newsListQueryOptions = (locale: Locale) =>
  infiniteQueryOptions({
    queryKey: ['news', 'list', locale] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      unwrap(api.GET('/news', { params: { query: { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }, signal })),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const newsArticleQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: ['news', 'item', id, locale] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/news/{id}', { params: { path: { id } }, signal })),
  });
