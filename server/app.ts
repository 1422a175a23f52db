// buildApp(): the Fastify application (API under /api, SPA at /) over a database. server.ts only listens.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import { openDatabase, type Database, type DatabaseTarget } from './db/client.ts';
import { TokenService } from './auth/tokens.ts';
import { CaptchaService } from './captcha/captcha.ts';
import { OutboxWorker } from './mail/outbox.ts';
import { FileStorage } from './files/storage.ts';
import { MAX_UPLOAD_BYTES } from './applications/service.ts';
import { authenticate, type AuthenticatedUser } from './auth/authenticate.ts';
import { AttemptLimiter } from './auth/attempt-limits.ts';
import { WorkQueue } from './auth/work-queue.ts';
import { contractOperations } from './http/contract.ts';
import { validatorCompiler } from './http/validators.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './http/error-handler.ts';
import { forbidden, notAuthenticated } from './http/errors.ts';
import { registerJsonBodyParser, rejectNulCharacters } from './http/input.ts';
import { languageFromHeader, translate, type Language, type MessageParams } from './i18n/messages.ts';
import type { AppContext } from './context.ts';
import type { Handlers } from './http/handlers.ts';
import { routeModules } from './routes/index.ts';

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

/** Answers every request body limit: 1 MiB of JSON is far more than any form here needs. */
const JSON_BODY_LIMIT = 1024 * 1024;

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.email',
  '*.to_address',
  '*.access',
  '*.refresh',
  '*.token',
  '*.ssn_last4',
  '*.captcha',
];

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Production runs behind a load balancer on a private network: trust X-Forwarded-For entries added by private
    // addresses only, so the client is the last public address in it, not whatever a client wrote first
    // (trusting every hop let anyone pick a new address per request and skip the rate limits).
    trustProxy: config.production ? 'loopback,linklocal,uniquelocal' : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Answers Fastify and Node write themselves (a broken URL escape, an unreadable request) in the error shapes too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  app.setValidatorCompiler(validatorCompiler);

  const registeredRoutes: string[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registeredRoutes.push(`${method} ${route.url}`);
  });

  const database: Database = await openDatabase(
    options.database ?? (config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') }),
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
  const accountLimit = (max: number) => new AttemptLimiter({ max, windowMs: config.accountLimits.windowMs }, now);
  const files = new FileStorage(join(config.dataDir, 'files'));
  // An upload cut short by a crash left its temp file: no request can finish it now.
  await files.removeTempFiles();
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
      loginFailures: accountLimit(config.accountLimits.loginFailures),
      resetMails: accountLimit(config.accountLimits.resetMails),
    },
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await work.drain();
    await outbox.stop();
    await database.close();
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
  app.addHook('onRequest', async (request) => {
    request.language = languageFromHeader(request.headers['accept-language']);
  });

  await app.register(helmet, {
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
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  // One file per request, 20MB (SPEC section 9). A bigger file arrives truncated (file.truncated): the upload
  // service refuses it with 413 and deletes what was written (STACK.md).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  const spa = Boolean(config.spaDir && existsSync(join(config.spaDir, 'index.html')));
  registerErrorHandling(app, { spaFallback: spa });
  registerJsonBodyParser(app);

  await app.register(
    async (api) => {
      const handlers: Handlers = Object.assign({}, ...routeModules.map((module) => module(ctx)));
      registerContractRoutes(api, handlers, ctx);
    },
    { prefix: '/api' },
  );

  if (spa && config.spaDir) registerSpa(app, config.spaDir);

  outbox.start(config.mailPollMs);
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
    api.route({
      method: op.method.toUpperCase() as 'GET',
      url: op.path === '/' ? '' : op.routePath,
      schema: op.schema,
      config: limit !== undefined ? { rateLimit: { max: limit, timeWindow: ctx.config.rateLimits.windowMs } } : {},
      preHandler: op.requiresAuth
        ? async (request) => {
            request.user = await authenticate(ctx, request.headers.authorization);
            if (op.staffOnly && !request.user.isStaff) throw forbidden();
          }
        : undefined,
      handler: async (request, reply) => {
        // Text PostgreSQL cannot store (U+0000) is the sender's mistake: a field error, never a database failure.
        rejectNulCharacters(request.body);
        rejectNulCharacters(request.query);
        rejectNulCharacters(request.params);
        if (created) reply.code(201);
        return handler(request, reply);
      },
    });
  }
}

/** Serves the built SPA: hashed assets cached for a year; other paths fall back to index.html (error-handler.ts). */
function registerSpa(app: FastifyInstance, root: string) {
  void app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
