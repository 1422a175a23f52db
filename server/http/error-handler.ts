// The one place every failure becomes an HTTP answer: localized, in the docs/product.md shapes, never a stack or a 5xx message.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError, type ErrorCode } from './errors.ts';
import { languageFromHeader, translate, type Language, type MessageParams } from '#server/i18n/messages.ts';
import { isDatabaseUnavailable } from '#server/db/client.ts';
import { toFieldMessages, type MessageRef, type SchemaIssue } from '#shared/validation/field-messages.ts';
import { frameFamilyOf } from '#shared/prerendered-frame.ts';
import { pickPrerenderedFile, type DrawnFrames } from './prerendered.ts';

/**
 * Turns ajv's validation issues into message ids per field, by the one reading both sides share
 * (shared/validation/field-messages.ts: a property's `x-message` names its message).
 */
function validationToMessages(issues: SchemaIssue[], context: string | undefined): Record<string, MessageRef[]> {
  const fields: Record<string, MessageRef[]> = {};
  for (const [field, messages] of Object.entries(toFieldMessages(issues))) {
    // A problem with the whole of a query or path (not one of its fields) is named after it.
    const name = field === 'non_field_errors' && context !== undefined && context !== 'body' ? context : field;
    fields[name] = messages;
  }
  return fields;
}


/** Field names as an operation's `x-fields-under` says: a step save names `owners.0.position`, not `data.owners.0.position`. */
const fieldNamer =
  (under: string | undefined) =>
  (field: string): string =>
    under !== undefined && field.startsWith(`${under}.`) ? field.slice(under.length + 1) : field;

/**
 * What of an unexpected error may be logged: a failed query's SQL, never its parameters nor the database's
 * `detail` (they hold e-mail addresses, password hashes, SSN digits, tokens). Same type name, message and frames.
 */
export function loggableError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error('non-error thrown');
  const { query, cause, code } = error as Error & { query?: unknown; cause?: unknown; code?: unknown };
  const causeError = cause instanceof Error ? (cause as Error & { code?: unknown }) : undefined;
  const sql = typeof query === 'string' ? `Failed query: ${query}` : error.message;
  const message = causeError ? `${sql}: ${causeError.message}` : sql;
  const causeCode = causeError?.code ?? code;
  const safe = Object.assign(new Error(message), typeof causeCode === 'string' ? { code: causeCode } : {});
  safe.name = error.name;
  // Only the frames: the stack's first line repeats the original message, parameters included.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  return safe;
}

/** Every error answer: `{detail, code}`, or field messages with their `code` (components/schemas/Error). */
type ErrorBody = { detail: string; code: ErrorCode; [extra: string]: unknown } | { code: ErrorCode; [field: string]: string[] | ErrorCode };

/** The header that carries an error's message ids (docs/decisions/014-one-set-of-rules.md). */
export const ERROR_MESSAGES_HEADER = 'error-messages';

/**
 * `messages`: the ids and values of the body's texts, per key (`detail`, `non_field_errors` or a field), sent in the
 * Error-Messages header as URI-encoded JSON, so the SPA can word them again in another language; the body keeps
 * its shape.
 */
function send(reply: FastifyReply, status: number, body: ErrorBody, messages?: Record<string, MessageRef[]>) {
  if (messages !== undefined && Object.keys(messages).length > 0) {
    reply.header(ERROR_MESSAGES_HEADER, encodeURIComponent(JSON.stringify(messages)));
  }
  // The body is already in its final shape; skip the route's response schema (it describes success).
  return reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

const ref = (id: string, values?: MessageParams): MessageRef => (values ? { id, values } : { id });

/**
 * Whether the SPA's page answers this unknown path: not under /api, and not a file name (a last segment with a dot,
 * such as /favicon.ico or /sitemap.xml), which gets a real 404 rather than HTML a crawler would take for the file.
 */
function isSpaPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (/^\/api(\/|$)/.test(path)) return false;
  return !(path.split('/').pop() ?? '').includes('.');
}

/**
 * An AppError as it is answered: its status, its localized body and the message ids behind it. Also used where an
 * answer is written outside Fastify's reply (a resumable upload's last PATCH: server/files/resumable.ts).
 */
export function appErrorAnswer(
  error: AppError,
  lang: Language,
  named: (field: string) => string = (field) => field,
): { status: number; body: ErrorBody; messages: Record<string, MessageRef[]> } {
  if ('detail' in error.body) {
    const { detail, code, extra } = error.body;
    const body: ErrorBody = { ...extra, detail: translate(lang, detail.id, detail.params), code };
    return { status: error.statusCode, body, messages: { detail: [ref(detail.id, detail.params)] } };
  }
  const fields: Record<string, string[]> = {};
  const messages: Record<string, MessageRef[]> = {};
  for (const [field, list] of Object.entries(error.body.fields)) {
    fields[named(field)] = list.map((m) => translate(lang, m.id, m.params));
    messages[named(field)] = list.map((m) => ref(m.id, m.params));
  }
  const body: ErrorBody = { ...fields, code: error.body.code };
  return { status: error.statusCode, body, messages };
}

export interface ErrorHandlingOptions {
  /** The SPA is served: its pages answer every non-API path. */
  spaFallback: boolean;
  /** The frame of the screens, drawn per language and family (none in a build without them, e.g. a test's). */
  frames?: DrawnFrames;
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions) {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // The SPA owns every non-API path: its router shows the page (or its own not-found redirect). The frame drawn in
    // the visitor's language shows at the first paint while the app arrives (docs/decisions/067-the-frame-before-the-app.md).
    if (options.spaFallback && (request.method === 'GET' || request.method === 'HEAD') && isSpaPath(request.url)) {
      const drawn = options.frames?.get(frameFamilyOf(request.url.split('?')[0] ?? '/'));
      const frame = drawn ? pickPrerenderedFile(drawn, request.headers.cookie) : undefined;
      reply.header('cache-control', 'no-cache');
      if (!frame) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      return reply.header('vary', 'cookie').header('content-language', frame.language).type('text/html; charset=utf-8').sendFile(frame.file);
    }
    return send(reply, 404, { detail: translate(request.language, 'api.error.notFound'), code: 'not_found' });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.language;
    const named = fieldNamer(request.routeOptions.config.fieldsUnder);
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const answer = appErrorAnswer(error, lang, named);
      return send(reply, answer.status, answer.body, answer.messages);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const ids = validationToMessages(fastifyError.validation as SchemaIssue[], fastifyError.validationContext);
      const fields = Object.fromEntries(
        Object.entries(ids).map(([field, list]) => [named(field), list.map((m) => translate(lang, m.id, m.values))]),
      );
      const namedIds = Object.fromEntries(Object.entries(ids).map(([field, list]) => [named(field), list]));
      return send(reply, 400, { ...fields, code: 'invalid' }, namedIds);
    }
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      const retryAfter = Number(reply.getHeader('retry-after') ?? 60);
      return send(reply, 429, { detail: translate(lang, 'api.error.rateLimited', { seconds: retryAfter }), code: 'throttled' }, {
        detail: [ref('api.error.rateLimited', { seconds: retryAfter })],
      });
    }
    if (status === 413) return send(reply, 413, { detail: translate(lang, 'api.error.tooLarge'), code: 'too_large' });
    if (status === 415) return send(reply, 415, { detail: translate(lang, 'api.error.unsupportedMediaType'), code: 'unsupported_media_type' });
    if (status >= 400 && status < 500) {
      // Unreadable JSON, an empty body, a bad header: the request cannot be read.
      return send(reply, status, { detail: translate(lang, 'api.error.malformed'), code: 'malformed' });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, connections cut): say so, and let the client try again shortly.
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, { detail: translate(lang, 'api.error.unavailable'), code: 'database_unavailable' });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return send(reply, status >= 500 && status !== 503 ? 500 : status, {
      detail: translate(lang, status === 503 ? 'api.error.unavailable' : 'api.error.server'),
      code: 'server_error',
    });
  });
}

/**
 * Answers Fastify sends before any route or hook runs: a broken percent-escape in the path (FST_ERR_BAD_URL), a
 * path parameter past its length limit. They bypass setErrorHandler, so they are shaped here: `{detail, code}`,
 * localized from the request's own Accept-Language (the onRequest hook that sets request.language has not run).
 */
export const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const lang = languageFromHeader(request.headers['accept-language']);
  const status = error.statusCode === 414 ? 414 : 400;
  void send(reply, status, { detail: translate(lang, 'api.error.malformed'), code: 'malformed' });
};

/**
 * Requests Node's HTTP parser cannot read (a bad Content-Length, a broken request line, headers too large, too
 * slow): no request object exists, so the answer is written on the socket in the default language, in the
 * `{detail, code}` shape, and the connection closed, as Node and Fastify do.
 */
export function answerClientError(this: { log: { trace(obj: object, msg: string): void } }, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, id, code]: [number, string, string, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'api.error.timeout', 'timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'api.error.tooLarge', 'too_large']
        : [400, 'Bad Request', 'api.error.malformed', 'malformed'];
  this.log.trace({ err: error }, 'client error');
  const body = JSON.stringify({ detail: translate('es', id), code } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
