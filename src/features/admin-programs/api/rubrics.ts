// Server data of the scoring rubrics (docs/decisions/033-scoring-and-notes.md): every sub-program's rubric. Staff only;
// lazy-loaded with the rest of the admin code. Replacing one is the staff command setAdminRubric (shared/staff-commands.ts).
import { queryOptions } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import type { components } from '#api/schema';

type Schemas = components['schemas'];
export type Rubric = Schemas['Rubric'];
export type RubricCriterion = Schemas['RubricCriterion'];

export const rubricKeys = { all: ['admin', 'rubrics'] as const };

export const rubricsQueryOptions = () =>
  queryOptions({ queryKey: rubricKeys.all, queryFn: ({ signal }) => unwrap(api.GET('/admin/rubrics', { signal })) });
