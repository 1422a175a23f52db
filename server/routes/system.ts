// Liveness (the process answers), readiness (the parts a request needs answer) and the program's contact details.
import { and, isNull, min } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { AppContext } from '#server/context.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { translate } from '#server/i18n/messages.ts';

type Readiness = components['schemas']['Readiness'];
type Part = keyof Readiness['checks'];

export function systemRoutes(ctx: AppContext): Handlers {
  // Liveness answers one constant: no database, no I/O, so a slow database never gets a process restarted and a
  // flood of checks costs nothing (docs/operations.md).
  const alive = { status: 'ok' } as const;

  // Every readiness check that arrives while one runs shares it, so a flood costs the database one round at a time,
  // and each answer is still no older than one check. Nothing is cached once it settles: an outage shows at the next.
  let checkInFlight: Promise<Omit<Readiness, 'detail' | 'code'>> | undefined;
  const check = async (): Promise<Omit<Readiness, 'detail' | 'code'>> => {
    const now = ctx.now();
    const [oldest, storage] = await Promise.all([
      ctx.db
        .select({ queued: min(mailOutbox.created_at) })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sent_at), isNull(mailOutbox.failed_at)))
        .then(([row]) => ({ ok: true as const, queued: row?.queued ?? null }))
        .catch(() => ({ ok: false as const, queued: null })),
      ctx.files.writable(),
    ]);
    const oldestSeconds = oldest.queued === null ? null : Math.max(0, Math.floor((now.getTime() - new Date(oldest.queued).getTime()) / 1000));
    const limit = ctx.config.readyOutboxMaxAgeSeconds;
    const checks: Readiness['checks'] = {
      database: oldest.ok ? 'ok' : 'failed',
      outbox: !oldest.ok ? 'unknown' : limit > 0 && oldestSeconds !== null && oldestSeconds > limit ? 'failed' : 'ok',
      storage: storage ? 'ok' : 'failed',
    };
    const failing = (Object.keys(checks) as Part[]).filter((part) => checks[part] === 'failed');
    return { status: failing.length === 0 ? 'ok' : 'unavailable', checks, failing, outbox_oldest_seconds: oldestSeconds };
  };

  return {
    getHealth: async () => alive,
    getReadiness: async (request, reply) => {
      const report = await (checkInFlight ??= check().finally(() => (checkInFlight = undefined)));
      if (report.status === 'ok') return report;
      const { language } = request;
      const parts = report.failing.map((part) => translate(language, `api.ready.part.${part}`)).join(', ');
      return reply.code(503).send({ ...report, detail: translate(language, 'api.ready.notReady', { parts }), code: 'not_ready' });
    },
    // Configuration, not data: the SPA shows it where a person needs someone to write to (docs/decisions/017-account-dead-ends.md).
    getProgramContact: async () => ({ ...ctx.config.programContact }),
  };
}
