// Server data of scoring and internal notes (docs/decisions/033-scoring-and-notes.md): an application's score sheets
// and notes. Staff only; lazy-loaded with the rest of the admin code. Writing a sheet and adding or editing a note are
// staff commands (shared/staff-commands.ts), sent by the panels through src/actors/staff-commands.ts.
import { queryOptions } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import type { components } from '#api/schema';
import { adminApplicationKeys } from './applications';

type Schemas = components['schemas'];
export type ApplicationScores = Schemas['ApplicationScores'];
export type ApplicationNote = Schemas['ApplicationNote'];

export const scoringKeys = {
  scores: (id: number) => [...adminApplicationKeys.all, 'scores', id] as const,
  notes: (id: number) => [...adminApplicationKeys.all, 'notes', id] as const,
};

export const scoresQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scoringKeys.scores(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/applications/{id}/scores', { params: { path: { id } }, signal })),
  });

export const notesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scoringKeys.notes(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/applications/{id}/notes', { params: { path: { id } }, signal })),
  });
