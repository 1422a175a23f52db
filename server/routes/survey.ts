// HTTP side of the signed-in person's eligibility survey.
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { getSurvey, saveSurvey } from '#server/survey/service.ts';

export function surveyRoutes(ctx: AppContext): Handlers {
  return {
    getMySurvey: async (request) => getSurvey(ctx.db, request.requireUser().id),
    saveMySurvey: async (request) => saveSurvey(ctx.db, request.requireUser().id, request.body, ctx.now()),
  };
}
