// The program's contact details (GET /contact): configuration on the server (PROGRAM_CONTACT_EMAIL and
// PROGRAM_CONTACT_PHONE, docs/decisions/017-account-dead-ends.md), read once per visit.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';
import type { components } from './schema';

export type ProgramContact = components['schemas']['ProgramContact'];

export const contactQueryOptions = () =>
  queryOptions({
    queryKey: ['contact'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/contact', { signal })),
    // Configuration changes with a restart, not while someone reads the page.
    staleTime: Infinity,
  });
