// Prometheus metrics (prom-client): what the API answers and how fast, per contract operation; the database pool; the
// e-mail outbox; uploads; sign-in failures and lockouts; the process's own figures. Served on a listener of its own
// (METRICS_PORT, serveMetrics below), never on the public port; docs/operations.md lists the names.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, isNull, min } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsSettings } from '#server/config.ts';
import { postgresPoolOf, type Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { contractOperations } from '#server/http/contract.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when METRICS_PORT is set (server/operations/metrics.ts). */
    metrics: PortalMetrics | undefined;
  }
}

/** What the gauges read when a scrape comes: the database (pool and outbox) and the queue of after-answer work. */
export interface MetricSources {
  db: Db;
  /** Tasks queued after an answer (the password-reset e-mail) and not yet done. */
  pendingWork: () => number;
  now: () => Date;
}

/** The operation label of answers no contract route matched (404s), and of the SPA's pages and files. */
const UNMATCHED = 'unmatched';
const SPA = 'spa';
/** The labels of a liveness answer: the contract's operation, always 200. */
const LIVENESS = { operation: 'getHealth', status: '200' } as const;

export class PortalMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'operation' | 'status'>;
  private readonly duration: Histogram<'operation' | 'status'>;
  private readonly uploadBytes: Counter;
  private readonly uploadRefusals: Counter<'operation' | 'code'>;
  private readonly signInFailures: Counter;
  private readonly signInLockouts: Counter;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'API answers by contract operation (openapi.yaml operationId) and HTTP status.',
      labelNames: ['operation', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by contract operation and HTTP status.',
      labelNames: ['operation', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.uploadBytes = new Counter({ name: 'portal_upload_bytes_total', help: 'Bytes of uploaded files kept (committed to storage).', registers });
    this.uploadRefusals = new Counter({
      name: 'portal_upload_refusals_total',
      help: 'Uploads refused (answered 4xx), by operation and error code (openapi.yaml ErrorCode).',
      labelNames: ['operation', 'code'],
      registers,
    });
    this.signInFailures = new Counter({
      name: 'portal_signin_failures_total',
      help: 'Sign-ins refused for a wrong address or password, or an inactive account (401).',
      registers,
    });
    this.signInLockouts = new Counter({
      name: 'portal_signin_lockouts_total',
      help: 'Sign-ins refused because the account or the address is over its attempt limit (429).',
      registers,
    });

    // PostgreSQL's pool, read at each scrape; PGlite has none (one in-process connection).
    const pool = postgresPoolOf(sources.db);
    if (pool) {
      const poolGauge = (name: string, help: string, read: () => number) =>
        new Gauge({ name, help, registers, collect: function (this: Gauge) { this.set(read()); } });
      poolGauge('portal_db_pool_total', 'PostgreSQL connections this process holds open (idle or lent out).', () => pool.totalCount);
      poolGauge('portal_db_pool_idle', 'PostgreSQL connections open and idle.', () => pool.idleCount);
      poolGauge('portal_db_pool_waiting', 'Queries waiting for a PostgreSQL connection.', () => pool.waitingCount);
      poolGauge('portal_db_pool_max', 'PostgreSQL connections this process may open (DATABASE_POOL_MAX).', () => pool.options.max);
    }

    // One query per scrape, shared by both gauges. Every worker of a cluster reads the same table: 'max', not a sum.
    let outboxRead: Promise<{ depth: number; oldestSeconds: number } | undefined> | undefined;
    const readOutbox = () =>
      (outboxRead ??= sources.db
        .select({ depth: count(), oldest: min(mailOutbox.created_at) })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sent_at), isNull(mailOutbox.failed_at)))
        .then(([row]) => {
          const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
          return { depth: row?.depth ?? 0, oldestSeconds: oldest === undefined ? 0 : Math.max(0, (sources.now().getTime() - oldest) / 1000) };
        })
        // A database away leaves the gauges as they were: the scrape still answers, and readiness says what failed.
        .catch(() => undefined)
        .finally(() => setImmediate(() => (outboxRead = undefined))));
    new Gauge({
      name: 'portal_mail_outbox_depth',
      help: 'E-mails waiting to be sent (neither sent nor given up).',
      aggregator: 'max',
      registers,
      collect: async function (this: Gauge) {
        const outbox = await readOutbox();
        if (outbox) this.set(outbox.depth);
      },
    });
    new Gauge({
      name: 'portal_mail_outbox_oldest_age_seconds',
      help: 'Age of the oldest e-mail waiting to be sent; 0 when none waits.',
      aggregator: 'max',
      registers,
      collect: async function (this: Gauge) {
        const outbox = await readOutbox();
        if (outbox) this.set(outbox.oldestSeconds);
      },
    });
    new Gauge({
      name: 'portal_work_queue_pending',
      help: 'Work queued after an answer (password-reset lookups and e-mails) not yet done.',
      registers,
      collect: function (this: Gauge) {
        this.set(sources.pendingWork());
      },
    });
  }

  /** Called with each uploaded file's size when it is kept (server/files/storage.ts). */
  uploadStored(bytes: number): void {
    this.uploadBytes.inc(bytes);
  }

  /** Text exposition of this process's metrics. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /**
   * Counts every answer of `app` by contract operation. Hooks on the root instance, added before the routes, so every
   * route and the not-found answers have them.
   */
  register(app: FastifyInstance): void {
    const operations = new Map<string, { id: string; upload: boolean }>();
    for (const op of contractOperations()) {
      operations.set(`${op.method.toUpperCase()} /api${op.path === '/' ? '' : op.routePath}`, { id: op.operationId, upload: op.multipart });
    }
    const operationOf = (request: FastifyRequest) => {
      const url = request.routeOptions.url;
      if (url === undefined) return undefined;
      return operations.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${url}`);
    };
    app.addHook('onSend', (request, reply, payload, done) => {
      // Refusals are rare: only then is the answer's code read from its body (the error handler wrote it).
      if (reply.statusCode >= 400 && reply.statusCode < 500) this.countRefusal(request, reply, payload, operationOf(request));
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const op = operationOf(request);
      const labels = { operation: op?.id ?? (request.routeOptions.url === undefined ? UNMATCHED : SPA), status: String(reply.statusCode) };
      this.requests.inc(labels);
      this.duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }

  /** A liveness answer made before Fastify (server/http/liveness.ts): counted as the route's own answers are. */
  countLiveness(seconds: number): void {
    this.livenessAnswers ??= { requests: this.requests.labels(LIVENESS), duration: this.duration.labels(LIVENESS) };
    this.livenessAnswers.requests.inc();
    this.livenessAnswers.duration.observe(seconds);
  }

  private livenessAnswers: { requests: { inc(): void }; duration: { observe(value: number): void } } | undefined;

  private countRefusal(_request: FastifyRequest, reply: FastifyReply, payload: unknown, op: { id: string; upload: boolean } | undefined) {
    if (op?.id === 'login') {
      if (reply.statusCode === 401) this.signInFailures.inc();
      else if (reply.statusCode === 429) this.signInLockouts.inc();
    } else if (op?.upload) {
      const code = typeof payload === 'string' ? /"code":"([a-z_]+)"/.exec(payload)?.[1] : undefined;
      this.uploadRefusals.inc({ operation: op.id, code: code ?? String(reply.statusCode) });
    }
  }
}

/** In a cluster worker: answer the primary's requests for this process's metrics (prom-client's cluster messages). */
export function shareWithPrimary(metrics: PortalMetrics): void {
  AggregatorRegistry.setRegistries([metrics.registry]);
  // Constructing one adds the worker's message listener (prom-client/lib/cluster.js).
  new AggregatorRegistry();
}

/** In the primary of a cluster: every worker's metrics, summed (or max, min, first, as each metric says). */
export function clusterSource(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The metrics listener: `GET /metrics` in Prometheus's text format, with `Authorization: Bearer <METRICS_TOKEN>`
 * when a token is set (401 without it). Plain node:http: no route of the API, no hook, nothing else answers here.
 */
export async function serveMetrics(settings: MetricsSettings, source: () => Promise<string>): Promise<Server & { port: number }> {
  const expected = settings.token === undefined ? undefined : digest(`Bearer ${settings.token}`);
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: GET /metrics\n');
      return;
    }
    // Hashes compared in constant time: the token's length and prefix leak nothing through timing.
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' }).end('unauthorized\n');
      return;
    }
    source().then(
      (text) => response.writeHead(200, { 'content-type': AggregatorRegistry.PROMETHEUS_CONTENT_TYPE }).end(request.method === 'HEAD' ? undefined : text),
      // A worker that did not answer in time (starting, or stopped): the next scrape tries again.
      () => response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  // Longer than a scrape interval (Prometheus: 15 to 60 s), so a scraper keeps its connection between scrapes.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}
