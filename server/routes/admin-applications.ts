// HTTP side of staff's applications and their review (tagged `admin` in openapi.yaml: staff only; docs/decisions/025, 028).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as adminApplications from '#server/admin/applications.ts';
import * as review from '#server/admin/review.ts';
import * as checklist from '#server/admin/document-checklist.ts';
import { sendCsv } from '#server/admin/csv.ts';
import { bulkApplications } from '#server/admin/bulk.ts';
import { listApplicationMail } from '#server/admin/history.ts';

export function adminApplicationRoutes(ctx: AppContext): Handlers {
  return {
    listAdminApplications: async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return adminApplications.listApplications(ctx.db, ctx.now(), request.requireUser(), filters, { cursor, limit });
    },
    exportAdminApplications: async (request, reply) => {
      const csv = await adminApplications.exportApplicationsCsv(ctx.db, ctx.now(), request.requireUser(), request.query, request.language);
      return sendCsv(reply, `${request.t('admin.applications.csvName')}-${ctx.now().toISOString().slice(0, 10)}.csv`, csv);
    },
    // Queues and history (docs/decisions/040-staff-queues-and-history.md).
    bulkAdminApplications: async (request) => bulkApplications(ctx.db, ctx.now, request.requireUser(), request.body, request.language),
    listAdminApplicationMail: async (request) => listApplicationMail(ctx.db, request.params.id),
    getAdminApplication: async (request) => adminApplications.getApplication(ctx.db, ctx.now(), request.params.id),
    setAdminApplicationStatus: async (request) =>
      adminApplications.setStatus(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body.status),
    // The review (docs/decisions/028-review-lifecycle.md).
    setAdminApplicationReviewer: async (request) =>
      review.assignReviewer(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body.reviewer_id),
    startAdminApplicationReview: async (request) => review.startReview(ctx.db, ctx.now(), request.requireUser(), request.params.id),
    requestAdminApplicationChanges: async (request) => review.requestChanges(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body),
    decideAdminApplication: async (request) =>
      review.decide(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.body.decision, request.body.reason),
    // The document checklist (docs/decisions/032-document-checklist.md).
    verifyAdminApplicationDocument: async (request) =>
      checklist.verifyDocument(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.fileId),
    rejectAdminApplicationDocument: async (request) =>
      checklist.rejectDocument(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.fileId, request.body.reason),
  };
}
