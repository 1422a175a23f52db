// Security headers (CSP, HSTS in production, nosniff, ...) worked out once at start, then copied onto every answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, as name -> value. None of ours depends on the request (no CSP nonce), so running
 * helmet once gives every answer's headers; @fastify/helmet built a new helmet (and its CSP text) per request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: Error | undefined;
  helmet(options)(Object.create(null) as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error(String(error));
  });
  if (failure) throw failure;
  return headers;
}
