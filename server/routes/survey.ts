// HTTP side of the signed-in person's eligibility survey.
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/handlers.ts';
import { getSurvey, saveSurvey } from '../survey/service.ts';

export function surveyRoutes(ctx: AppContext): Handlers {
  return {
    getMySurvey: async (request) => getSurvey(ctx.db, request.requireUser().id),
    saveMySurvey: async (request) => saveSurvey(ctx.db, request.requireUser().id, request.body, ctx.now()),
  };
}
