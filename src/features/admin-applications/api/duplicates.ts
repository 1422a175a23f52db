// Server data of the duplicate check (docs/decisions/038-duplicate-check-and-unduplicated-counts.md): an application's
// possible duplicates with their reasons and "not the same" marks. Marking goes through the admin-action machine.
import { queryOptions } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import type { components } from '#api/schema';
import { adminApplicationKeys } from './applications';

export type DuplicateFlag = components['schemas']['DuplicateFlag'];
export type DuplicateReason = components['schemas']['DuplicateReason'];

export const duplicatesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminApplicationKeys.all, 'duplicates', id] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/admin/applications/{id}/duplicates', { params: { path: { id } }, signal })),
  });
