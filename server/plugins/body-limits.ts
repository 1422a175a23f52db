// Body limits and deadlines (docs/decisions/008-request-limits-and-database-outages.md): each operation's largest
// body, checked against Content-Length before anything is read (413 in the error shape), and the time a JSON body has
// to arrive. The contract's routes (contract-routes.ts) take their limit and hooks from here; the plugin closes the
// connection after an answer given before the body was read.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { detailError } from '#server/http/errors.ts';
import type { ContractOperation } from '#server/http/contract.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';

/**
 * Body limits per route. Sign-in and the other calls without a session carry a few fields; a step draft is the
 * largest JSON; an upload is one 20 MB file plus its multipart framing.
 */
export const bodyLimits = {
  anonymous: 16 * 1024,
  json: 64 * 1024,
  step: 1024 * 1024,
  /** A form signed on screen carries its drawing as a PNG data URL (openapi.yaml SignatureInput: 300,000 characters). */
  signature: 384 * 1024,
  multipart: MAX_UPLOAD_BYTES + 64 * 1024,
} as const;
const isStepOperation = (operationId: string): boolean => /^(saveApplicationStep\d|submitApplicationStep)$/.test(operationId);

/** The body limit of one contract operation. */
export const bodyLimitOf = (op: Pick<ContractOperation, 'operationId' | 'multipart' | 'requiresAuth'>): number =>
  op.multipart
    ? bodyLimits.multipart
    : isStepOperation(op.operationId)
      ? bodyLimits.step
      : op.operationId === 'signApplicationForm'
        ? bodyLimits.signature
        : op.requiresAuth
          ? bodyLimits.json
          : bodyLimits.anonymous;

const bodyTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/** Closes the connection when the request's body has not fully arrived within `ms` of its start. */
export function bodyDeadline(ms: number): onRequestHookHandler {
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

export function clearBodyDeadline(request: FastifyRequest) {
  clearTimeout(bodyTimers.get(request));
  bodyTimers.delete(request);
}

export function clearBodyDeadlineHook(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  clearBodyDeadline(request);
  done();
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** Fastify leaves multipart bodies to the plugin, which never looks at Content-Length: a too-large one is refused here. */
export function refuseDeclaredLength(request: FastifyRequest, limit: number) {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw detailError(413, 'api.error.fileTooLarge', 'file_too_large');
}

export const bodyLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      // Answered before the body was read (a refused sign-in, a 413): close after the answer rather than read the
      // rest of a body nobody wants, which may be 20 MB arriving slowly.
      if (!request.raw.complete && hasBody(request)) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'body-limits' },
);
