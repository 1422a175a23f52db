// HTTP side of staff's reports (tagged `admin`: staff only): the HUD beneficiary report, its CSV, and the income
// limits it reads (docs/decisions/031-hud-beneficiary-report.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { sendCsv } from '#server/admin/csv.ts';
import { exportDay, exportFileName, exportTime, programWords, withAbout } from '#server/admin/export-about.ts';
import * as hud from '#server/admin/hud-report.ts';
import { detailError } from '#server/http/errors.ts';
import { fileUpload, unreadableMultipart } from './uploads.ts';

export function adminReportRoutes(ctx: AppContext): Handlers {
  return {
    getHudReport: async (request) => hud.hudReport(ctx.db, request.query),
    // The file says what it counts (docs/decisions/041): population, program and income-limits year, above the table
    // and in its name.
    exportHudReport: async (request, reply) => {
      const now = ctx.now();
      const report = await hud.hudReport(ctx.db, request.query);
      const program = await programWords(ctx.db, request.query.program_id, request.language);
      const year = report.income_limits_year;
      const about = [
        [request.t('admin.export.report'), request.t('admin.hud.title')],
        [request.t('admin.hud.population'), request.t(`admin.hud.population.${report.population}`)],
        [request.t('admin.hud.program'), program],
        [request.t('admin.hud.year'), year === null ? request.t('admin.export.noLimits') : String(year)],
        [request.t('admin.export.generated'), exportTime(now)],
      ] as const;
      const csv = withAbout(about, hud.hudReportCsv(report, request.language));
      const name = exportFileName(
        request.t('admin.hud.csvName'),
        request.t(`admin.export.population.${report.population}`),
        program,
        year === null ? null : request.t('admin.export.limitsFile', { year }),
        exportDay(now),
      );
      return sendCsv(reply, name, csv);
    },
    listHudIncomeLimitYears: async () => hud.incomeLimitYears(ctx.db),
    importHudIncomeLimits: async (request) => {
      const upload = await fileUpload(request);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of upload.stream) chunks.push(chunk as Buffer);
      } catch (error) {
        // A body cut in the middle is the sender's mistake (400), as for every upload (uploads.ts).
        throw unreadableMultipart(error);
      }
      if (upload.truncated()) throw detailError(413, 'api.error.fileTooLarge', 'file_too_large');
      return hud.importIncomeLimits(ctx.db, ctx.now(), request.query.year, Buffer.concat(chunks));
    },
  };
}
