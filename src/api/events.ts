// Server data and calls of events and interest forms: one event, the open interest form, the panel's list, and
// the registration, attend and cancel calls the registration and attendance machines make (src/actors).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { ApiError, unwrap } from './errors';
import type { components } from './schema';
import { HOW_HEARD_VALUES } from '#shared/contract-enums';

type Schemas = components['schemas'];
export type EventInfo = Schemas['Event'];
export type PanelEvent = Schemas['PanelEvent'];
export type HowHeard = Schemas['HowHeard'];
export type EventRegistrationRequest = Schemas['EventRegistrationRequest'];

export const HOW_HEARD: readonly HowHeard[] = HOW_HEARD_VALUES;

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

/**
 * The open interest form, or null when none is open (the API's 404). The server writes the same answer into the
 * prerendered landing page, which src/app/prerendered-data.ts puts in the cache before the first render.
 */
export const interestFormQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.interest(),
    queryFn: async ({ signal }): Promise<EventInfo | null> => {
      try {
        return await unwrap(api.GET('/interest-form', { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
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
