// HTTP side of the duplicate check (tagged `admin` in openapi.yaml: staff only;
// docs/decisions/038-duplicate-check-and-unduplicated-counts.md).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as duplicates from '#server/admin/duplicates.ts';

export function adminDuplicateRoutes(ctx: AppContext): Handlers {
  return {
    listAdminApplicationDuplicates: async (request) => duplicates.duplicateFlags(ctx.db, request.params.id),
    markAdminApplicationNotSame: async (request) =>
      duplicates.setNotSame(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.otherId, true),
    unmarkAdminApplicationNotSame: async (request) =>
      duplicates.setNotSame(ctx.db, ctx.now(), request.requireUser(), request.params.id, request.params.otherId, false),
  };
}
