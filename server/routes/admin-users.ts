// HTTP side of staff's user administration and the audit log (tagged `admin` in openapi.yaml: staff only).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { listAudit } from '#server/admin/audit.ts';
import { sendCsv } from '#server/admin/csv.ts';
import { auditCsvName, exportAuditCsv } from '#server/admin/history.ts';
import * as users from '#server/admin/users.ts';

export function adminUserRoutes(ctx: AppContext): Handlers {
  return {
    listAdminUsers: async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return users.listUsers(ctx.db, filters, { cursor, limit });
    },
    exportAdminUsers: async (request, reply) => {
      const csv = await users.exportUsersCsv(ctx.db, request.query, request.language);
      return sendCsv(reply, `${request.t('admin.users.csvName')}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv);
    },
    getAdminUser: async (request) => users.getUser(ctx.db, request.params.id),
    setAdminUserStaff: async (request) => users.setStaff(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body.is_staff),
    setAdminUserActive: async (request) => users.setActive(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body.is_active),
    sendAdminUserPasswordReset: async (request) => {
      await users.sendPasswordReset(ctx.auth, request.requireUser(), request.params.id);
      return { detail: request.t('api.admin.resetSent') };
    },
    // An account's signed-in devices (docs/decisions/057-see-your-sessions.md); ending them is audited.
    listAdminUserSessions: async (request) => users.listUserSessions(ctx.db, ctx.now(), request.requireUser().sessionId, request.params.id),
    endAdminUserSession: async (request, reply) => {
      await users.endUserSessions(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.sessionId);
      return reply.code(204).send();
    },
    endAdminUserSessions: async (request) => ({
      ended: await users.endUserSessions(ctx.db, ctx.now(), request.requireUser(), request.params.id),
    }),
    listAdminAudit: async (request) =>
      listAudit(ctx.db, request.query.record_type, request.query.record_id, { cursor: request.query.cursor, limit: request.query.limit }),
    // One record's or a range of days' entries as CSV (docs/decisions/040-staff-queues-and-history.md).
    exportAdminAudit: async (request, reply) => sendCsv(reply, auditCsvName(request.query, request.language), await exportAuditCsv(ctx.db, request.query, request.language)),
  };
}
