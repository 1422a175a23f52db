// The built SPA at /: hashed assets cached for a year, the public pages prerendered in the visitor's language, and
// every other page the SPA's index.html (the not-found handler, server/http/error-handler.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { components } from '#api/schema.d.ts';
import { notFound } from '#server/http/errors.ts';
import { findPrerenderedPages, landingPage, pickPrerenderedFile, readLandingDrawings } from '#server/http/prerendered.ts';
import { pathOnly } from '#server/operations/logging.ts';

export interface SpaOptions {
  /** The build's folder (holding index.html). */
  root: string;
  /** The interest form open now, which the landing page shows (null: none, or it could not be read). */
  interestForm: () => Promise<components['schemas']['Event'] | null>;
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

export const spa = fp(
  async (app: FastifyInstance, { root, interestForm }: SpaOptions) => {
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
  },
  { name: 'spa' },
);
