// Server data and calls of events and interest forms: one event, the open interest form, the panel's list, and
// the registration, attend and cancel calls the registration and attendance machines make (src/actors).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';
import type { components } from './schema';

type Schemas = components['schemas'];
export type EventInfo = Schemas['Event'];
export type PanelEvent = Schemas['PanelEvent'];
export type HowHeard = Schemas['HowHeard'];
export type EventRegistrationRequest = Schemas['EventRegistrationRequest'];

export const HOW_HEARD: readonly HowHeard[] = ['search_engine', 'recommendation', 'social', 'meet_and_greet', 'other'];

/** The panel's page size: a handful of events fit one screen. */
export const EVENTS_PAGE_SIZE = 10;

export const eventKeys = {
  all: ['events'] as const,
  one: (id: number) => ['events', 'one', id] as const,
  interest: () => ['events', 'interest'] as const,
  panel: (page: number) => ['events', 'panel', page] as const,
};

export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: eventKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/events/{id}', { params: { path: { id } }, signal })),
    retry: false,
  });

export const interestFormQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.interest(),
    queryFn: ({ signal }) => unwrap(api.GET('/interest-form', { signal })),
    retry: false,
  });

export const panelEventsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: eventKeys.panel(page),
    queryFn: ({ signal }) => unwrap(api.GET('/events', { params: { query: { page, page_size: EVENTS_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
  });

export const registerForEvent = (id: number, body: EventRegistrationRequest) =>
  unwrap(api.POST('/events/{id}/registrations', { params: { path: { id } }, body }));

export const attendEvent = (id: number) => unwrap(api.POST('/events/{id}/attendance', { params: { path: { id } } }));

export const cancelAttendance = (id: number) => unwrap(api.DELETE('/events/{id}/attendance', { params: { path: { id } } }));
