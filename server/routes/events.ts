// HTTP side of events and interest forms: the public page and form, and the panel's list, attend and cancel.
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as events from '#server/events/service.ts';

export function eventRoutes(ctx: AppContext): Handlers {
  const deps = { db: ctx.db, captcha: ctx.captcha, now: ctx.now, publicUrl: ctx.config.publicUrl };
  return {
    getOpenInterestForm: async () => events.getOpenInterestForm(ctx.db, ctx.now()),
    getEvent: async (request) => events.getEvent(ctx.db, request.params.id, ctx.now()),
    registerForEvent: async (request) => {
      await events.registerForEvent(deps, request.params.id, request.body, request.language);
      return { detail: request.t('api.event.registered') };
    },
    listEvents: async (request) => events.listEvents(ctx.db, request.requireUser().id, request.query, ctx.now()),
    attendEvent: async (request) => events.attendEvent(deps, request.requireUser().account, request.params.id),
    cancelAttendance: async (request) => events.cancelAttendance(ctx.db, request.requireUser().id, request.params.id, ctx.now()),
  };
}
