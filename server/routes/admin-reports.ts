// HTTP side of staff's reports (tagged `admin`: staff only): the HUD beneficiary report, its CSV, and the income
// limits it reads (docs/decisions/031-hud-beneficiary-report.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { sendCsv } from '#server/admin/csv.ts';
import * as hud from '#server/admin/hud-report.ts';
import { detailError } from '#server/http/errors.ts';
import { fileUpload, unreadableMultipart } from './uploads.ts';

export function adminReportRoutes(ctx: AppContext): Handlers {
  return {
    getHudReport: async (request) => hud.hudReport(ctx.db, request.query),
    exportHudReport: async (request, reply) => {
      const csv = hud.hudReportCsv(await hud.hudReport(ctx.db, request.query), request.language);
      return sendCsv(reply, `${request.t('admin.hud.csvName')}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv);
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
