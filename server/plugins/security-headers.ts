// The security headers (CSP, HSTS in production, nosniff, ...) on every answer: API, SPA, errors and not-found pages.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { securityHeaders as headersOf } from '#server/http/security-headers.ts';

/** The headers every answer carries, computed once (the liveness answer of server/http/liveness.ts carries them too). */
export function securityHeaderValues(production: boolean): Record<string, string> {
  return headersOf({
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
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    // Only in production, behind TLS: on localhost a browser would remember it and refuse plain http://localhost.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

export const securityHeaders = fp(
  async (app: FastifyInstance, options: { values: Record<string, string> }) => {
    const { values } = options;
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(values);
      done();
    });
  },
  { name: 'security-headers' },
);
