// Health check: the API answers and its database does too.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/handlers.ts';
import { detailError } from '../http/errors.ts';

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
