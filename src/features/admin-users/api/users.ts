// Server data of staff's user administration: the list (keyset pages), one account, its audit history, the CSV.
import { queryOptions } from '@tanstack/react-query';
import { api, type ListQuery } from '#api/client';
import { unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import type { components } from '#api/schema';

type Schemas = components['schemas'];
export type AdminUser = Schemas['AdminUser'];
export type AdminUserDetail = Schemas['AdminUserDetail'];
export type AdminUserSort = Schemas['AdminUserSort'];
export type AuditEntry = Schemas['AuditEntry'];

/** The list's search, filters, sort and page, as the URL holds them. */
export type UserListQuery = ListQuery<'listAdminUsers'>;

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: UserListQuery) => [...adminUserKeys.all, 'list', query] as const,
  detail: (id: number) => [...adminUserKeys.all, 'detail', id] as const,
  sessions: (id: number) => [...adminUserKeys.all, 'sessions', id] as const,
};

export const PAGE_SIZE = 25;

export const userListQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/users', { params: { query: { ...query, limit: PAGE_SIZE } }, signal })),
  });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/users/{id}', { params: { path: { id } }, signal })),
  });

/** An account's signed-in devices (docs/decisions/057-see-your-sessions.md); ending them refreshes this key. */
export const userSessionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.sessions(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/users/{id}/sessions', { params: { path: { id } }, signal })),
  });

/** Downloads the CSV of every account the list's filters match (the server names the file). */
export async function downloadUsersCsv(query: Omit<UserListQuery, 'cursor'>, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/users/export.csv', { params: { query }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}
