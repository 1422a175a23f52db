// HTTP side of staff's news (tagged `admin` in openapi.yaml: staff only; docs/decisions/022-admin-events.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as adminNews from '#server/admin/news.ts';
import { sendCsv } from '#server/admin/csv.ts';

export function adminNewsRoutes(ctx: AppContext): Handlers {
  return {
    listAdminNews: async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return adminNews.listNews(ctx.db, filters, { cursor, limit });
    },
    exportAdminNews: async (request, reply) => {
      const csv = await adminNews.exportNewsCsv(ctx.db, request.query, request.language);
      return sendCsv(reply, `${request.t('admin.news.csvName')}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv);
    },
    createAdminNews: async (request, reply) => reply.code(201).send(await adminNews.createNews(ctx.db, ctx.now(), request.requireUser(), request.body)),
    getAdminNews: async (request) => adminNews.getNews(ctx.db, request.params.id),
    updateAdminNews: async (request) => adminNews.updateNews(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body),
    deleteAdminNews: async (request, reply) => {
      await adminNews.deleteNews(ctx.db, ctx.now(), request.requireUser(), request.params.id);
      return reply.code(204).send();
    },
    setAdminNewsPublished: async (request) => adminNews.setPublished(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body.published),
  };
}
