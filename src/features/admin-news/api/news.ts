// Server data of staff's news: the list (drafts included, keyset pages) and one item in both languages.
import { queryOptions } from '@tanstack/react-query';
import { api, type ListQuery } from '#api/client';
import { unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import type { components } from '#api/schema';

export type AdminNews = components['schemas']['AdminNews'];

/** The list's search, state filter and page, as the URL holds them. */
export type NewsListQuery = ListQuery<'listAdminNews'>;

export const adminNewsKeys = {
  all: ['admin', 'news'] as const,
  list: (query: NewsListQuery) => [...adminNewsKeys.all, 'list', query] as const,
  detail: (id: number) => [...adminNewsKeys.all, 'detail', id] as const,
};

export const newsListQueryOptions = (query: NewsListQuery) =>
  queryOptions({
    queryKey: adminNewsKeys.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/news', { params: { query: { ...query, limit: 25 } }, signal })),
  });

export const newsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminNewsKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/news/{id}', { params: { path: { id } }, signal })),
  });

/** Downloads the CSV of every item the list's filters match (the server names the file). */
export async function downloadNewsCsv(query: Omit<NewsListQuery, 'cursor'>, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/news/export.csv', { params: { query }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}
