// Server data of the program list (GET /programs): every program open or closed to applications, each with
// the signed-in person's application and the action the portal offers.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';
import type { components } from './schema';
import { programListKey } from './applications';

type Schemas = components['schemas'];
export type Program = Schemas['Program'];
export type ProgramInfo = Schemas['ProgramInfo'];
export type SubProgram = Schemas['SubProgram'];
export type ProgramStatus = Schemas['ProgramStatus'];

export const programKeys = {
  all: programListKey,
  list: () => [...programListKey, 'list'] as const,
};

/** The API's largest page: an incubator runs a handful of programs, so this is usually the one request. */
const PAGE_SIZE = 100;
/** A ceiling on pages, so a misbehaving count cannot loop for ever. */
const MAX_PAGES = 20;

export const programsQueryOptions = () =>
  queryOptions({
    queryKey: programKeys.list(),
    queryFn: async ({ signal }): Promise<Program[]> => {
      const programs: Program[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const result = await unwrap(api.GET('/programs', { params: { query: { page, page_size: PAGE_SIZE } }, signal }));
        programs.push(...result.results);
        if (result.results.length === 0 || programs.length >= result.count) break;
      }
      return programs;
    },
  });
