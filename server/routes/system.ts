// Health check (the API answers and its database does too) and the program's contact details from configuration.
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { detailError } from '#server/http/errors.ts';

export function systemRoutes(ctx: AppContext): Handlers {
  // Health is public: every request that arrives while a probe is running shares that probe, so a flood of health
  // checks costs the database one `select 1` at a time, and each answer is still no older than one probe
  // (docs/decisions/012-speed.md). Nothing is cached once the probe settles, so an outage shows at the next check.
  let probeInFlight: Promise<boolean> | undefined;
  const databaseAnswers = (): Promise<boolean> =>
    (probeInFlight ??= ctx.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ).finally(() => (probeInFlight = undefined)));
  return {
    getHealth: async () => {
      if (!(await databaseAnswers())) throw detailError(503, 'api.error.unavailable', 'database_unavailable');
      return { status: 'ok', database: 'ok' };
    },
    // Configuration, not data: the SPA shows it where a person needs someone to write to (docs/decisions/017-account-dead-ends.md).
    getProgramContact: async () => ({ ...ctx.config.programContact }),
  };
}
