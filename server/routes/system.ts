// Health check: the API answers and its database does too.
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { detailError } from '#server/http/errors.ts';

export function systemRoutes(ctx: AppContext): Handlers {
  return {
    getHealth: async () => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        throw detailError(503, 'api.error.unavailable', 'database_unavailable');
      }
      return { status: 'ok', database: 'ok' };
    },
  };
}
