// Server data of staff's program administration: the list (keyset pages) and its CSV. Creating and changing a program
// are staff commands (shared/staff-commands.ts), sent through src/actors/staff-commands.ts.
import { queryOptions } from '@tanstack/react-query';
import { api, type ListQuery } from '#api/client';
import { unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import type { components } from '#api/schema';

type Schemas = components['schemas'];
export type AdminProgram = Schemas['AdminProgram'];
export type AdminProgramInput = Schemas['AdminProgramInput'];
export type SubProgram = Schemas['SubProgram'];
export type ProgramStatus = Schemas['ProgramStatus'];

/** The list's search, filters and page, as the URL holds them. */
export type ProgramListQuery = ListQuery<'listAdminPrograms'>;

export const adminProgramKeys = {
  all: ['admin', 'programs'] as const,
  list: (query: ProgramListQuery) => [...adminProgramKeys.all, 'list', query] as const,
};

export const PAGE_SIZE = 25;

export const programListQueryOptions = (query: ProgramListQuery) =>
  queryOptions({
    queryKey: adminProgramKeys.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/programs', { params: { query: { ...query, limit: PAGE_SIZE } }, signal })),
  });


/** Downloads the CSV of every program the list's filters match (the server names the file). */
export async function downloadProgramsCsv(query: Omit<ProgramListQuery, 'cursor'>, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/programs/export.csv', { params: { query }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}
