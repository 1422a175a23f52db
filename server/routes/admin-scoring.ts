// HTTP side of scoring and internal notes (tagged `admin` in openapi.yaml: staff only; docs/decisions/033-scoring-and-notes.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as scoring from '#server/admin/scoring.ts';

export function adminScoringRoutes(ctx: AppContext): Handlers {
  return {
    listAdminRubrics: async () => scoring.listRubrics(ctx.db),
    setAdminRubric: async (request) => scoring.setRubric(ctx.db, ctx.now(), request.requireUser(), request.params.sub_program, request.body),
    getAdminApplicationScores: async (request) => scoring.getScores(ctx.db, request.params.id),
    setAdminApplicationScore: async (request) => scoring.setScore(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body),
    listAdminApplicationNotes: async (request) => scoring.listNotes(ctx.db, request.params.id),
    addAdminApplicationNote: async (request, reply) =>
      reply.code(201).send(await scoring.addNote(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body.text)),
    updateAdminApplicationNote: async (request) =>
      scoring.editNote(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.noteId, request.body.text),
    deleteAdminApplicationNote: async (request, reply) => {
      await scoring.deleteNote(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.noteId);
      return reply.code(204).send();
    },
  };
}
