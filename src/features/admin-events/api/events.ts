// Server data of staff's events administration: the list (keyset pages), one event, its registrations, the CSV.
import { queryOptions } from '@tanstack/react-query';
import { api, type ListQuery } from '#api/client';
import { unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import type { components } from '#api/schema';

type Schemas = components['schemas'];
export type AdminEvent = Schemas['AdminEvent'];
export type AdminEventInput = Schemas['AdminEventInput'];
export type AdminEventSort = Schemas['AdminEventSort'];
export type AdminRegistration = Schemas['AdminRegistration'];

/** The list's search, filters, sort and page, as the URL holds them. */
export type EventListQuery = ListQuery<'listAdminEvents'>;

/** One event's registrations: search, check-in filter and page, as the URL holds them. */
export type RegistrationListQuery = ListQuery<'listAdminEventRegistrations'>;

export const adminEventKeys = {
  all: ['admin', 'events'] as const,
  list: (query: EventListQuery) => [...adminEventKeys.all, 'list', query] as const,
  detail: (id: number) => [...adminEventKeys.all, 'detail', id] as const,
  registrations: (id: number, query: RegistrationListQuery) => [...adminEventKeys.all, 'registrations', id, query] as const,
};

export const PAGE_SIZE = 25;

export const eventListQueryOptions = (query: EventListQuery) =>
  queryOptions({
    queryKey: adminEventKeys.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/events', { params: { query: { ...query, limit: PAGE_SIZE } }, signal })),
  });

export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminEventKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/events/{id}', { params: { path: { id } }, signal })),
  });

export const registrationListQueryOptions = (id: number, query: RegistrationListQuery) =>
  queryOptions({
    queryKey: adminEventKeys.registrations(id, query),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/admin/events/{id}/registrations', { params: { path: { id }, query: { ...query, limit: PAGE_SIZE } }, signal })),
  });

/** Downloads the CSV of every registration the filters match (the server names the file). */
export async function downloadRegistrationsCsv(id: number, query: Omit<RegistrationListQuery, 'cursor'>, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/events/{id}/registrations/export.csv', { params: { path: { id }, query }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}

/** Downloads the CSV of every event the list's filters match (the server names the file). */
export async function downloadEventsCsv(query: Omit<EventListQuery, 'cursor'>, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/events/export.csv', { params: { query }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}
