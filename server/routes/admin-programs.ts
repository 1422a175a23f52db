// HTTP side of staff's program administration (tagged `admin` in openapi.yaml: staff only; docs/decisions/024).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { sendCsv } from '#server/admin/csv.ts';
import * as programs from '#server/admin/programs.ts';

export function adminProgramRoutes(ctx: AppContext): Handlers {
  return {
    listAdminPrograms: async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return programs.listPrograms(ctx.db, filters, { cursor, limit });
    },
    exportAdminPrograms: async (request, reply) => {
      const csv = await programs.exportProgramsCsv(ctx.db, request.query, request.language);
      return sendCsv(reply, `${request.t('admin.programs.csvName')}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv);
    },
    createAdminProgram: async (request, reply) => {
      const created = await programs.createProgram(ctx.db, ctx.now(), request.requireUser(), request.body);
      reply.code(201);
      return created;
    },
    getAdminProgram: async (request) => programs.getProgram(ctx.db, request.params.id),
    updateAdminProgram: async (request) => programs.updateProgram(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body),
  };
}
