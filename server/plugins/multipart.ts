// Multipart bodies for the upload operations: one file per request, or up to MAX_PHOTOS photos of one document, 20MB in
// all (docs/product.md section 9).
import multipartPlugin from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_PHOTOS } from '#server/files/photos.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';

export const multipart = fp(
  async (app: FastifyInstance) => {
    // A bigger file arrives truncated (file.truncated): the upload service refuses it with 413 and deletes what was
    // written (docs/stack.md). One file past MAX_PHOTOS is let through so the service can name the limit.
    await app.register(multipartPlugin, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PHOTOS + 1, fields: 10, fieldSize: 1024, parts: MAX_PHOTOS + 11 },
    });
  },
  { name: 'multipart' },
);
