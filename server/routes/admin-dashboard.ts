// HTTP side of staff's dashboard (tagged `admin` in openapi.yaml: staff only; docs/decisions/030-dashboard.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { sendCsv } from '#server/admin/csv.ts';
import * as dashboard from '#server/admin/dashboard.ts';

export function adminDashboardRoutes(ctx: AppContext): Handlers {
  return {
    getAdminDashboard: async (request) => dashboard.getDashboard(ctx.db, ctx.now(), request.query),
    exportAdminDashboard: async (request, reply) => {
      const { chart, ...filters } = request.query;
      const csv = await dashboard.exportDashboardCsv(ctx.db, ctx.now(), chart, filters, request.language);
      return sendCsv(reply, `${request.t('admin.dashboard.csvName')}-${chart}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv);
    },
  };
}
