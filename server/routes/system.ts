// Health check (the API answers and its database does too) and the program's contact details from configuration.
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
    // Configuration, not data: the SPA shows it where a person needs someone to write to (docs/decisions/017-account-dead-ends.md).
    getProgramContact: async () => ({ ...ctx.config.programContact }),
  };
}
