// HTTP side of staff's events administration (tagged `admin` in openapi.yaml: staff only; docs/decisions/022-admin-events.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { sendCsv } from '#server/admin/csv.ts';
import * as adminEvents from '#server/admin/events.ts';

export function adminEventRoutes(ctx: AppContext): Handlers {
  return {
    listAdminEvents: async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return adminEvents.listEvents(ctx.db, ctx.now(), filters, { cursor, limit });
    },
    exportAdminEvents: async (request, reply) => {
      const csv = await adminEvents.exportEventsCsv(ctx.db, ctx.now(), request.query, request.language);
      return sendCsv(reply, `${request.t('admin.events.listCsvName')}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv);
    },
    createAdminEvent: async (request, reply) => {
      const created = await adminEvents.createEvent(ctx.db, ctx.now(), request.requireUser(), request.body);
      return reply.code(201).send(created);
    },
    getAdminEvent: async (request) => adminEvents.getEvent(ctx.db, ctx.now(), request.params.id),
    updateAdminEvent: async (request) => adminEvents.updateEvent(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body),
    listAdminEventRegistrations: async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return adminEvents.listRegistrations(ctx.db, ctx.now(), request.params.id, filters, { cursor, limit });
    },
    exportAdminEventRegistrations: async (request, reply) => {
      const { csv, event } = await adminEvents.exportRegistrationsCsv(ctx.db, ctx.now(), request.params.id, request.query, request.language);
      const day = ctx.now().toISOString().slice(0, 10);
      return sendCsv(reply, `${request.t('admin.events.csvName')}-${event.id}-${day}.csv`, csv);
    },
    setAdminRegistrationAttended: async (request) =>
      adminEvents.setAttended(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.registrationId, request.body.attended),
  };
}
