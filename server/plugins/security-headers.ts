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

/**
 * The headers a hashed build file (/assets/: scripts, styles) keeps: no sniffing of its type, no loading by other sites,
 * and HTTPS only. The others (CSP, framing, referrer, ...) mean something only for a document or a worker, and a
 * screen loads forty such files: without them each answer is about 570 bytes lighter on a phone's slow link
 * (docs/decisions/066-boot-closure.md, "Grouped"). The service worker (/sw.js) and every page keep them all.
 */
const ASSET_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

export function assetHeaderValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => ASSET_HEADERS.includes(name)));
}

export const securityHeaders = fp(
  async (app: FastifyInstance, options: { values: Record<string, string> }) => {
    const { values } = options;
    const assetValues = assetHeaderValues(values);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/assets/') ? assetValues : values);
      done();
    });
  },
  { name: 'security-headers' },
);
