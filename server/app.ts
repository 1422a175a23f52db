// buildApp(): the Fastify application (API under /api, SPA at /) over a database, composed of the plugins in
// server/plugins/ (docs/decisions/053-the-server-in-plugins.md). server.ts only listens.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DatabaseTarget } from './db/client.ts';
import { getOpenInterestForm } from './events/service.ts';
import { ResumableUploads } from './files/resumable.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/input.ts';
import { serverWithLiveness, type LivenessOptions } from './http/liveness.ts';
import { registerRequestIdHeader, requestIdGenerator } from './http/request-id.ts';
import { findFrames } from './http/prerendered.ts';
import { validatorCompiler } from './http/validators.ts';
import { loggerOptions } from './operations/logging.ts';
import { bodyLimits, bodyLimitsPlugin } from './plugins/body-limits.ts';
import { contractRoutes } from './plugins/contract-routes.ts';
import { multipart } from './plugins/multipart.ts';
import { rateLimits } from './plugins/rate-limits.ts';
import { requestContext } from './plugins/request-context.ts';
import { resumableUploads } from './plugins/resumable-uploads.ts';
import { routeList } from './plugins/route-list.ts';
import { securityHeaders, securityHeaderValues } from './plugins/security-headers.ts';
import { spa } from './plugins/spa.ts';
import { openServices } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The tus server and its store (tests run its cleanup). */
    resumableUploads: ResumableUploads;
  }
}

export interface BuildOptions {
  config: Config;
  /** Where the data lives; defaults to config.databaseUrl, else PGlite in config.dataDir/db. */
  database?: DatabaseTarget;
  now?: () => Date;
  /** Where log lines go instead of stdout (tests read them to check what is logged and redacted). */
  logStream?: { write(line: string): void };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const { http } = config;
  const headers = securityHeaderValues(config.production);
  const requestId = requestIdGenerator(config.trustProxy);
  // The liveness check is answered before Fastify (server/http/liveness.ts); its answers are counted once metrics exist.
  const liveness: LivenessOptions = { headers, requestId, recorder: {} };
  const app = Fastify({
    serverFactory: serverWithLiveness(liveness),
    logger: loggerOptions(config, options.logStream),
    // A new id per request, or the one a trusted proxy passed on (server/http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: bodyLimits.json,
    // X-Forwarded-For is believed only from the proxies the operator lists (TRUST_PROXY); by default from none.
    // Trusting any private address let whoever reaches the server from inside the network pick their address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Answers Fastify and Node write themselves (a broken URL escape, an unreadable request) in the error shapes too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Slow clients (docs/decisions/008-request-limits-and-database-outages.md): the whole request, an upload's
    // included, within requestTimeoutMs; headers within headersTimeoutMs; JSON bodies within bodyTimeoutMs
    // (plugins/body-limits.ts).
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    // So no client holds one connection forever (and cluster workers share clients out again). Node answers 503 to a
    // client that ignores `Connection: close` and sends more: load generators do, browsers do not.
    maxRequestsPerSocket: http.maxRequestsPerSocket,
    http: {
      headersTimeout: http.headersTimeoutMs,
      // Node checks those two timeouts on this interval (30 s by default, coarse next to a 15 s headers timeout).
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(http.headersTimeoutMs / 4))),
    },
  });
  app.server.maxConnections = http.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  await app.register(routeList);

  const services = await openServices(config, { database: options.database, now, log: app.log });
  const { ctx, metrics } = services;
  app.decorate('ctx', ctx);
  app.decorate('metrics', metrics);
  if (metrics) liveness.recorder.record = (seconds) => metrics.countLiveness(seconds);
  app.addHook('onClose', () => services.close());
  // Keep-alive connections end as soon as they have no request in flight once the server closes, not at their 72 s
  // timeout: through the liveness server (serverWithLiveness) Fastify's close left them open, and a restart or a test
  // waited for them. A request still running finishes first; its connection goes at the next sweep.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    app.server.closeIdleConnections();
    // Unref'd: the sweep alone never keeps the process alive.
    sweep = setInterval(() => app.server.closeIdleConnections(), 100).unref();
  });
  app.server.on('close', () => clearInterval(sweep));

  // The order is the hooks' order on every request: language, security headers, then the request id.
  await app.register(requestContext);
  await app.register(securityHeaders, { values: headers });
  await app.register(rateLimits, { redis: services.redis, redisPrefix: config.redisPrefix });
  await app.register(multipart);
  await app.register(bodyLimitsPlugin);
  const spaDir = config.spaDir && existsSync(join(config.spaDir, 'index.html')) ? config.spaDir : undefined;
  registerRequestIdHeader(app);
  metrics?.register(app);
  registerErrorHandling(app, { spaFallback: spaDir !== undefined, frames: spaDir ? findFrames(spaDir) : undefined });
  registerJsonBodyParser(app);

  await app.register(contractRoutes, { prefix: '/api', ctx });
  // Uploads that survive a dropped connection (tus: docs/decisions/061-resumable-uploads.md).
  const uploads = await ResumableUploads.create(ctx, app.log);
  app.decorate('resumableUploads', uploads);
  await app.register(resumableUploads, { prefix: '/api', ctx, uploads });
  if (spaDir) {
    // The landing page shows the interest form's real state with no app (docs/decisions/048-the-applicants-copy.md).
    // A failed read (a database outage) draws the block with no form open, which the app then corrects.
    await app.register(spa, { root: spaDir, interestForm: () => getOpenInterestForm(ctx.db, now()).catch(() => null) });
  }

  services.startJobs();
  return app;
}
