// HTTP side of the program list and one program.
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { getProgram, listPrograms } from '#server/programs/service.ts';

export function programRoutes(ctx: AppContext): Handlers {
  return {
    listPrograms: async (request) => listPrograms(ctx.db, request.requireUser(), request.query, ctx.now()),
    getProgram: async (request) => getProgram(ctx.db, request.requireUser(), request.params.id, ctx.now()),
  };
}
