// GET /api/health answered as the request arrives, before Fastify's routing, hooks and request logger: a load
// balancer asks it every few seconds from every node, and the answer is one constant (docs/decisions/064-liveness-before-the-framework.md).
// Everything else goes to Fastify's handler unchanged; the Fastify route of the same operation stays, and answers
// what this does, for app.inject() and any request this leaves alone (HEAD, a query string).
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** What the liveness answer carries besides its body and its type: the security headers every answer has. */
export interface LivenessOptions {
  headers: Record<string, string>;
  /** The request id (a new one, or a trusted proxy's): server/http/request-id.ts. */
  requestId: (request: IncomingMessage) => string;
  /** Counts the answer and its time (metrics are opened after the server is made, so this is read per answer). */
  recorder: { record?: (seconds: number) => void };
}

/** The options of Fastify's that it applies to a server it makes itself. */
interface FastifyServerOptions {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

export const LIVENESS_PATH = '/api/health';
const BODY = JSON.stringify({ status: 'ok' });

/** Only the exact check a load balancer makes; the router ignores a trailing slash, so this does too. */
export function isLivenessCheck(request: IncomingMessage): boolean {
  return request.method === 'GET' && (request.url === LIVENESS_PATH || request.url === `${LIVENESS_PATH}/`);
}

/**
 * Fastify's serverFactory: the node:http server Fastify would make (node_modules/fastify/lib/server.js sets the
 * same timeouts on it), with the liveness check answered first.
 */
export function serverWithLiveness(options: LivenessOptions): FastifyServerFactory {
  // The fixed headers as Node's flat [name, value, ...] list, made once; each answer adds its request id.
  const fixed = Object.entries({ ...options.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(BODY)) }).flat();
  return (handler, factoryOptions) => {
    // Fastify passes its own options, resolved (defaults filled in), untyped.
    const fastifyOptions = factoryOptions as FastifyServerOptions;
    const server: Server = createServer(fastifyOptions.http ?? {}, (request: IncomingMessage, response: ServerResponse) => {
      if (!isLivenessCheck(request)) {
        handler(request, response);
        return;
      }
      const started = performance.now();
      response.writeHead(200, [...fixed, 'x-request-id', options.requestId(request)]);
      response.end(BODY);
      options.recorder.record?.((performance.now() - started) / 1000);
    });
    if (fastifyOptions.keepAliveTimeout !== undefined) server.keepAliveTimeout = fastifyOptions.keepAliveTimeout;
    if (fastifyOptions.requestTimeout !== undefined) server.requestTimeout = fastifyOptions.requestTimeout;
    if (fastifyOptions.connectionTimeout !== undefined) server.setTimeout(fastifyOptions.connectionTimeout);
    if (fastifyOptions.maxRequestsPerSocket) server.maxRequestsPerSocket = fastifyOptions.maxRequestsPerSocket;
    return server;
  };
}
