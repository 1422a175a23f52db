// Server data of scoring and internal notes (docs/decisions/033-scoring-and-notes.md): an application's score sheets
// and notes, writing my own sheet, adding a note and editing my own. Staff only; lazy-loaded with the rest of the admin code.
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

export const saveMyScores = (id: number, scores: Record<string, number>) =>
  unwrap(api.PUT('/admin/applications/{id}/scores', { params: { path: { id } }, body: { scores } }));

export const addNote = (id: number, text: string) => unwrap(api.POST('/admin/applications/{id}/notes', { params: { path: { id } }, body: { text } }));

/** Only the note's author may (403 for anyone else); deleting goes through the admin-action machine (a dialog asks). */
export const editNote = (id: number, noteId: number, text: string) =>
  unwrap(api.PUT('/admin/applications/{id}/notes/{noteId}', { params: { path: { id, noteId } }, body: { text } }));
