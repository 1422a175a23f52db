// HTTP side of staff's dashboard (tagged `admin` in openapi.yaml: staff only; docs/decisions/030-dashboard.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { sendCsv } from '#server/admin/csv.ts';
import * as dashboard from '#server/admin/dashboard.ts';
import { exportDay, exportFileName, exportTime, programWords, withAbout } from '#server/admin/export-about.ts';

export function adminDashboardRoutes(ctx: AppContext): Handlers {
  return {
    getAdminDashboard: async (request) => dashboard.getDashboard(ctx.db, ctx.now(), request.query),
    // Each chart's file names its filters (docs/decisions/041): above the table and in its name.
    exportAdminDashboard: async (request, reply) => {
      const now = ctx.now();
      const { chart, ...filters } = request.query;
      const table = await dashboard.exportDashboardCsv(ctx.db, now, chart, filters, request.language);
      const program = await programWords(ctx.db, filters.program_id, request.language);
      const anyDay = request.t('admin.export.anyDay');
      const about = [
        [request.t('admin.export.report'), request.t(`admin.dashboard.chart.${chart}`)],
        [request.t('admin.hud.program'), program],
        [request.t('admin.dashboard.from'), filters.from ?? anyDay],
        [request.t('admin.dashboard.to'), filters.to ?? anyDay],
        [request.t('admin.export.generated'), exportTime(now)],
      ] as const;
      const name = exportFileName(
        request.t('admin.dashboard.csvName'),
        chart,
        program,
        filters.from === undefined ? null : request.t('admin.export.fromFile', { day: filters.from }),
        filters.to === undefined ? null : request.t('admin.export.toFile', { day: filters.to }),
        exportDay(now),
      );
      return sendCsv(reply, name, withAbout(about, table));
    },
  };
}
