// buildApp(): the Fastify application (API under /api, SPA at /) over a database. server.ts only listens.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import { openDatabase, type Database, type DatabaseTarget } from './db/client.ts';
import { TokenService } from './auth/tokens.ts';
import { CaptchaService } from './captcha/captcha.ts';
import { OutboxWorker } from './mail/outbox.ts';
import { ReminderJob } from './operations/reminders.ts';
import { RetentionJob } from './operations/retention.ts';
import { FileStorage } from './files/storage.ts';
import { MAX_PHOTOS } from './files/photos.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { authenticate, type AuthenticatedUser } from './auth/authenticate.ts';
import { Redis } from 'ioredis';
import { AttemptLimiter, RedisAttemptLimiter } from './auth/attempt-limits.ts';
import { WorkQueue } from './auth/work-queue.ts';
import { requireStaffSecondFactor } from './auth/second-factor.ts';
import { contractOperations } from './http/contract.ts';
import { validatorCompiler } from './http/validators.ts';
import { answerClientError, answerFrameworkError, loggableError, registerErrorHandling } from './http/error-handler.ts';
import { detailError, forbidden, notAuthenticated, notFound } from './http/errors.ts';
import { registerJsonBodyParser, rejectUnstorableText } from './http/input.ts';
import { securityHeaders } from './http/security-headers.ts';
import { findPrerenderedPages, landingPage, pickPrerenderedFile, readLandingDrawings } from './http/prerendered.ts';
import { getOpenInterestForm } from './events/service.ts';
import type { components } from '#api/schema.d.ts';
import { languageFromHeader, translate, type Language, type MessageParams } from './i18n/messages.ts';
import type { AppContext } from './context.ts';
import type { Handlers } from './http/handlers.ts';
import { routeModules } from './routes/index.ts';
import { registerRequestIdHeader, requestIdGenerator } from './http/request-id.ts';
import { logTransport } from './operations/logging.ts';
import { PortalMetrics } from './operations/metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** es or en, from Accept-Language (Spanish by default). */
    language: Language;
    /** Set by the bearer-token check on operations that require sign-in. */
    user: AuthenticatedUser | undefined;
    t(id: string, params?: MessageParams): string;
    /** The signed-in user; throws 401 on an operation that did not require sign-in. */
    requireUser(): AuthenticatedUser;
  }
  interface FastifyContextConfig {
    /** openapi.yaml `x-fields-under`: the body field its field errors are named inside (error-handler.ts). */
    fieldsUnder?: string;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** `METHOD /url` of every route registered, for the contract test. */
    registeredRoutes: string[];
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

/**
 * Body limits per route, checked against Content-Length before anything is read (413 in the error shape).
 * Sign-in and the other calls without a session carry a few fields; a step draft is the largest JSON;
 * an upload is one 20 MB file plus its multipart framing.
 */
export const bodyLimits = {
  anonymous: 16 * 1024,
  json: 64 * 1024,
  step: 1024 * 1024,
  multipart: MAX_UPLOAD_BYTES + 64 * 1024,
} as const;
const isStepOperation = (operationId: string): boolean => /^(saveApplicationStep\d|submitApplicationStep)$/.test(operationId);

/** The path of a request URL without its query string: reset links carry their uid and token there. */
export const pathOnly = (url: string): string => url.split('?', 1)[0] ?? '';

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.current_password',
  '*.email',
  '*.to_address',
  '*.access',
  '*.refresh',
  '*.token',
  '*.challenge',
  '*.recovery_code',
  '*.recovery_codes',
  '*.secret',
  '*.otpauth_uri',
  '*.ssn_last4',
  '*.captcha',
];

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const { http } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: {
        // Paths only: a query string may hold a reset link's uid and token (the SPA route /password/reset/confirm).
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: pathOnly(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : logTransport(config)),
    },
    // A new id per request, or the one a trusted proxy passed on (server/http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: bodyLimits.json,
    // X-Forwarded-For is believed only from the proxies the operator lists (TRUST_PROXY); by default from none.
    // Trusting any private address let whoever reaches the server from inside the network pick their address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Answers Fastify and Node write themselves (a broken URL escape, an unreadable request) in the error shapes too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Slow clients (docs/decisions/008-request-limits-and-database-outages.md): the whole request, an upload's
    // included, within requestTimeoutMs; headers within headersTimeoutMs; JSON bodies within bodyTimeoutMs (below).
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

  const registeredRoutes: string[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registeredRoutes.push(`${method} ${route.url}`);
  });

  const database: Database = await openDatabase(
    options.database ?? (config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') }),
    {
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      poolMax: config.databasePoolMax,
      // The pool replaces the connection; requests meanwhile answer 503 (error-handler.ts).
      onConnectionError: (error) => app.log.warn({ err: loggableError(error) }, 'database connection lost'),
    },
  );
  const tokens = new TokenService(
    { secret: config.secret, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlSeconds: config.refreshTokenTtlSeconds },
    now,
  );
  const captcha = new CaptchaService(database.db, config.secret, config.captchaCost, now);
  const outbox = new OutboxWorker({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    now,
    logBodies: !config.production,
  });
  const work = new WorkQueue(app.log);
  // REDIS_URL: every process and server counts rate limits together (docs/decisions/026-several-servers.md). A
  // request never waits long for Redis, and a Redis away lets requests through (logged) rather than refusing everyone.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: loggableError(error) }, 'redis unavailable: rate limits are not shared meanwhile'));
  const accountLimit = (name: string, max: number) =>
    redis
      ? new RedisAttemptLimiter(redis, `${config.redisPrefix}account:${name}:`, { max, windowMs: config.accountLimits.windowMs }, now, (error) =>
          app.log.warn({ err: loggableError(error) }, 'redis unavailable: account limit not applied'),
        )
      : new AttemptLimiter({ max, windowMs: config.accountLimits.windowMs }, now);
  // The AWS SDK loads only when files go to a bucket.
  const objects = config.storage ? new (await import('./files/object-store.ts')).S3ObjectStore(config.storage) : undefined;
  const files = new FileStorage(join(config.dataDir, 'files'), undefined, objects);
  // An upload cut short by a crash left its temp file: no request can finish it now.
  await files.removeTempFiles();
  const { staffSecondFactorExempt: exempt } = config;
  if (exempt.all || exempt.emails.length > 0) {
    app.log.warn(
      { staff: exempt.all ? 'every staff account' : exempt.emails },
      'development only: these staff accounts may use the admin area without a second factor (STAFF_SECOND_FACTOR_EXEMPT); production refuses this',
    );
  }
  if (!config.smtpUrl) app.log.warn('SMTP_URL is not set: e-mail is written to the log instead of being sent');
  const ctx: AppContext = {
    config,
    db: database.db,
    tokens,
    captcha,
    outbox,
    files,
    now,
    auth: {
      db: database.db,
      tokens,
      captcha,
      secret: config.secret,
      publicUrl: config.publicUrl,
      now,
      work,
      loginFailures: accountLimit('login', config.accountLimits.loginFailures),
      resetMails: accountLimit('reset', config.accountLimits.resetMails),
      emailChanges: accountLimit('email-change', config.accountLimits.emailChangeMails),
      secondFactorAttempts: accountLimit('second-factor', config.accountLimits.secondFactorAttempts),
      passkeys: config.passkeys,
    },
  };
  app.decorate('ctx', ctx);
  const metrics = config.metrics ? new PortalMetrics({ db: database.db, pendingWork: () => work.pending, now }) : undefined;
  app.decorate('metrics', metrics);
  if (metrics) files.onStored = (bytes) => metrics.uploadStored(bytes);
  const retention = new RetentionJob({ db: database.db, files, log: app.log, now }, config.retention);
  const reminders = new ReminderJob({ db: database.db, publicUrl: config.publicUrl, log: app.log, now });
  app.addHook('onClose', async () => {
    await work.drain();
    await outbox.stop();
    await retention.stop();
    await reminders.stop();
    await database.close();
    await redis?.quit().catch(() => redis.disconnect());
    objects?.close();
  });

  app.decorateRequest('language', 'es');
  app.decorateRequest('user', undefined);
  app.decorateRequest('t', function (this: FastifyRequest, id: string, params?: MessageParams) {
    return translate(this.language, id, params);
  });
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.user) throw notAuthenticated();
    return this.user;
  });
  // Hooks that do not wait for anything take Fastify's callback form: an async hook costs a promise and a microtask
  // on every request (docs/decisions/012-speed.md).
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    done();
  });

  const securityHeaderValues = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The ALTCHA widget and Radix set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The ALTCHA widget solves its puzzle in a Web Worker created from a blob.
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    // Only in production, behind TLS: on localhost a browser would remember it and refuse plain http://localhost.
    strictTransportSecurity: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaderValues);
    done();
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${config.redisPrefix}ip:`, skipOnError: true } : {}) });
  // One file per request, or up to MAX_PHOTOS photos of one document, 20MB in all (docs/product.md section 9). A bigger
  // file arrives truncated (file.truncated): the upload service refuses it with 413 and deletes what was written
  // (docs/stack.md). One file past MAX_PHOTOS is let through so the service can name the limit.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PHOTOS + 1, fields: 10, fieldSize: 1024, parts: MAX_PHOTOS + 11 },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Answered before the body was read (a refused sign-in, a 413): close after the answer rather than read the
    // rest of a body nobody wants, which may be 20 MB arriving slowly.
    if (!request.raw.complete && hasBody(request)) reply.header('connection', 'close');
    done(null, payload);
  });
  const spa = Boolean(config.spaDir && existsSync(join(config.spaDir, 'index.html')));
  registerRequestIdHeader(app);
  metrics?.register(app);
  registerErrorHandling(app, { spaFallback: spa });
  registerJsonBodyParser(app);

  await app.register(
    async (api) => {
      const handlers: Handlers = Object.assign({}, ...routeModules.map((module) => module(ctx)));
      registerContractRoutes(api, handlers, ctx);
    },
    { prefix: '/api' },
  );

  if (spa && config.spaDir) {
    // The landing page shows the interest form's real state with no app (docs/decisions/048-the-applicants-copy.md).
    // A failed read (a database outage) draws the block with no form open, which the app then corrects.
    const interestForm = () => getOpenInterestForm(ctx.db, now()).catch(() => null);
    registerSpa(app, config.spaDir, interestForm);
  }

  outbox.start(config.mailPollMs);
  retention.startHourly(config.retention.intervalHours);
  reminders.startEvery(config.remindersIntervalMinutes);
  return app;
}

/** Registers one route per openapi.yaml operation, with its schemas, sign-in check and rate limit. */
function registerContractRoutes(api: FastifyInstance, handlers: Handlers, ctx: AppContext) {
  const operations = contractOperations();
  const known = new Set(operations.map((op) => op.operationId));
  const strays = Object.keys(handlers).filter((id) => !known.has(id));
  if (strays.length > 0) throw new Error(`Handlers with no operation in openapi.yaml: ${strays.join(', ')}`);

  for (const op of operations) {
    const handler = handlers[op.operationId as keyof Handlers] as
      | ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)
      | undefined;
    if (!handler) throw new Error(`openapi.yaml operation ${op.operationId} has no handler`);
    const created = '201' in op.schema.response && !('200' in op.schema.response);
    const limit = op.rateLimit ? ctx.config.rateLimits[op.rateLimit as keyof typeof ctx.config.rateLimits] : undefined;
    const bodyLimit = op.multipart
      ? bodyLimits.multipart
      : isStepOperation(op.operationId)
        ? bodyLimits.step
        : op.requiresAuth
          ? bodyLimits.json
          : bodyLimits.anonymous;
    const onRequest: onRequestHookHandler[] = [];
    // Uploads have the whole request timeout; a JSON body must arrive sooner (a sign-in trickled over minutes is an attack).
    // Fastify never reads a GET's body: those routes go without the deadline's three hooks (docs/decisions/047).
    const deadline = !op.multipart && op.method !== 'get';
    if (deadline) onRequest.push(bodyDeadline(ctx.config.http.bodyTimeoutMs));
    // The sign-in check runs before the body is read, so a request without a session is refused (401) before its
    // body is parsed or validated (400), and an anonymous upload before a byte of it is taken.
    if (op.requiresAuth) {
      onRequest.push(async (request: FastifyRequest) => {
        request.user = await authenticate(ctx, request.headers.authorization);
        if (op.staffOnly && !request.user.isStaff) throw forbidden();
        // Staff open every applicant's papers: not on a password alone (docs/decisions/049-second-factor.md).
        if (op.staffOnly) await requireStaffSecondFactor(ctx.db, ctx.config, request.user.account);
      });
    }
    // Fastify leaves multipart bodies to the plugin, which never looks at Content-Length: refuse a too-large one here.
    if (op.multipart) onRequest.push(async (request: FastifyRequest) => refuseDeclaredLength(request, bodyLimit));
    api.route({
      method: op.method.toUpperCase() as 'GET',
      url: op.path === '/' ? '' : op.routePath,
      schema: op.schema,
      bodyLimit,
      config: {
        ...(limit !== undefined ? { rateLimit: { max: limit, timeWindow: ctx.config.rateLimits.windowMs } } : {}),
        ...(op.fieldsUnder !== undefined ? { fieldsUnder: op.fieldsUnder } : {}),
      },
      onRequest,
      preValidation: deadline ? clearBodyDeadlineHook : undefined,
      onResponse: op.method === 'get' ? undefined : clearBodyDeadlineHook,
      onRequestAbort: op.method === 'get' ? undefined : (request, done) => {
        clearBodyDeadline(request);
        done();
      },
      handler: async (request, reply) => {
        // Text PostgreSQL cannot store (U+0000, a lone surrogate) is the sender's mistake: a field error, never a database failure.
        rejectUnstorableText(request.body);
        rejectUnstorableText(request.query);
        rejectUnstorableText(request.params);
        if (created) reply.code(201);
        return handler(request, reply);
      },
    });
  }
}

const bodyTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/** Closes the connection when the request's body has not fully arrived within `ms` of its start. */
function bodyDeadline(ms: number): onRequestHookHandler {
  return (request, _reply, done) => {
    if (hasBody(request)) {
      const timer = setTimeout(() => {
        request.log.info({ timeoutMs: ms }, 'request body too slow: connection closed');
        request.raw.destroy();
      }, ms);
      bodyTimers.set(request, timer);
    }
    done();
  };
}

function clearBodyDeadline(request: FastifyRequest) {
  clearTimeout(bodyTimers.get(request));
  bodyTimers.delete(request);
}

function clearBodyDeadlineHook(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  clearBodyDeadline(request);
  done();
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

function refuseDeclaredLength(request: FastifyRequest, limit: number) {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw detailError(413, 'api.error.fileTooLarge', 'file_too_large');
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** HTML made per request, compressed as the client accepts (the build's files have .br and .gz copies instead). */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'cookie, accept-encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}

/** Serves the built SPA: hashed assets cached for a year; other paths fall back to index.html (error-handler.ts). */
function registerSpa(app: FastifyInstance, root: string, interestForm: () => Promise<components['schemas']['Event'] | null>) {
  // A build may hold source maps for error reports (vite.config.ts: hidden); they are never served, not even as the
  // SPA page the not-found handler gives other paths.
  app.addHook('onRequest', async (request) => {
    if (pathOnly(request.url).endsWith('.map')) throw notFound();
  });
  void app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build wrote .br and .gz copies (scripts/precompress.ts): sent to clients that accept them.
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The public pages as HTML already rendered, in the visitor's language (docs/decisions/020-news-and-a-light-landing-page.md);
  // every other page is the SPA's index.html (error-handler.ts).
  const pages = findPrerenderedPages(root);
  const landing = readLandingDrawings(root, pages.get('/'));
  for (const [path, page] of pages) {
    app.get(path, async (request, reply) => {
      const chosen = pickPrerenderedFile(page, request.headers.cookie);
      if (!chosen) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      if (path === '/' && landing) {
        reply.header('cache-control', 'no-cache').header('content-language', chosen.language);
        return sendHtml(request, reply, landingPage(landing, chosen.language, await interestForm()));
      }
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .header('content-language', chosen.language)
        .type('text/html; charset=utf-8')
        .sendFile(chosen.file);
    });
  }
}
