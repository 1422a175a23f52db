// HTTP side of the news list and one news item (signed-in people; server/news/service.ts).
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { getNews, listNews } from '#server/news/service.ts';

export function newsRoutes(ctx: AppContext): Handlers {
  return {
    listNews: async (request) => {
      request.requireUser();
      return listNews(ctx.db, request.query, request.language);
    },
    getNews: async (request) => {
      request.requireUser();
      return getNews(ctx.db, request.params.id, request.language);
    },
  };
}
