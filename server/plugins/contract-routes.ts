// The API: one route per openapi.yaml operation, with its schemas, body limit and deadline, sign-in check and rate
// limit, answered by the handlers of server/routes/. Registered under /api, encapsulated: its hooks are its routes'.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { authenticate } from '#server/auth/authenticate.ts';
import { requireStaffSecondFactor } from '#server/auth/second-factor.ts';
import type { AppContext } from '#server/context.ts';
import { contractOperations } from '#server/http/contract.ts';
import { forbidden } from '#server/http/errors.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { rejectUnstorableText } from '#server/http/input.ts';
import { routeModules } from '#server/routes/index.ts';
import { bodyDeadline, bodyLimitOf, clearBodyDeadline, clearBodyDeadlineHook, refuseDeclaredLength } from './body-limits.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** openapi.yaml `x-fields-under`: the body field its field errors are named inside (error-handler.ts). */
    fieldsUnder?: string;
  }
}

export async function contractRoutes(api: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const handlers: Handlers = Object.assign({}, ...routeModules.map((module) => module(ctx)));
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
    const bodyLimit = bodyLimitOf(op);
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
