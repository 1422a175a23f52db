// The tus routes under /api/uploads/resumable (docs/decisions/061-resumable-uploads.md): the same bearer token as
// every operation, a new upload checked (length, where it goes) before tus creates it, an existing one answered only
// to the person who created it (to anyone else 404, as if it did not exist), then the request handed to @tus/server
// with the headers every answer carries.
// Abandoned partial uploads are removed every hour.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '#server/auth/authenticate.ts';
import type { AppContext } from '#server/context.ts';
import { RESUMABLE_CLEANUP_MS, ResumableUploads } from '#server/files/resumable.ts';
import { detailError, notFound } from '#server/http/errors.ts';
import { loggableError } from '#server/http/error-handler.ts';

export async function resumableUploads(api: FastifyInstance, options: { ctx: AppContext; uploads: ResumableUploads }) {
  const { ctx, uploads } = options;
  // A PATCH's body is the upload's next bytes: tus reads them from the request as they arrive, never Fastify.
  api.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const signedIn = async (request: FastifyRequest) => {
    request.user = await authenticate(ctx, request.headers.authorization);
  };
  /** Hands the request to tus, which writes the answer itself (no reply of Fastify's). */
  const toTus = async (request: FastifyRequest, reply: FastifyReply, creation?: { metadata: Record<string, string>; uploadId: string }) => {
    uploads.remember(request.raw, { viewer: request.requireUser(), language: request.language, ...creation });
    // A hijacked answer leaves Fastify's headers behind: the security headers (server/plugins/security-headers.ts) and
    // whatever else the hooks set go onto the raw answer first, which tus adds its own to.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, typeof value === 'number' ? String(value) : value);
    }
    reply.raw.setHeader('cache-control', 'no-store');
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.hijack();
    await uploads.tus.handle(request.raw, reply.raw);
  };
  const own = async (request: FastifyRequest<{ Params: { uploadId: string } }>) => {
    const { uploadId } = request.params;
    if (!/^[0-9a-f]{32}$/.test(uploadId) || !(await uploads.ownUpload(request.requireUser(), uploadId))) throw notFound();
  };

  api.post('/uploads/resumable', { onRequest: signedIn }, async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    // Concatenating uploads could name someone else's partial upload; a deferred length escapes the size check.
    if (header('upload-concat') !== undefined || header('upload-defer-length') !== undefined) {
      throw detailError(400, 'api.error.malformed', 'malformed');
    }
    const viewer = request.requireUser();
    const { metadata, length } = await uploads.checkCreation(viewer, header('upload-length'), header('upload-metadata'));
    const uploadId = await uploads.reserve(viewer, length);
    try {
      await toTus(request, reply, { metadata, uploadId });
    } finally {
      // Not created after all (tus refused it, or the store failed): it holds no room among the person's uploads.
      if (reply.raw.statusCode !== 201) await uploads.release(uploadId).catch(() => undefined);
    }
  });
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    api.route<{ Params: { uploadId: string } }>({
      method,
      url: '/uploads/resumable/:uploadId',
      onRequest: signedIn,
      // HEAD is the route itself here, not GET's shadow.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        await own(request);
        await toTus(request, reply);
        // Cancelled: it no longer counts among its owner's unfinished uploads.
        if (method === 'DELETE' && reply.raw.statusCode === 204) await uploads.release(request.params.uploadId);
      },
    });
  }

  const cleanUp = () =>
    uploads.cleanUp().then(
      (removed) => removed > 0 && api.log.info({ removed }, 'abandoned resumable uploads removed'),
      (error: unknown) => api.log.warn({ err: loggableError(error) }, 'abandoned resumable uploads: cleanup failed'),
    );
  const timer = setInterval(cleanUp, RESUMABLE_CLEANUP_MS);
  timer.unref();
  void cleanUp();
  api.addHook('onClose', async () => clearInterval(timer));
}
