// Multipart bodies for the upload operations: one file per request, 20MB (docs/product.md section 9).
import multipartPlugin from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';

export const multipart = fp(
  async (app: FastifyInstance) => {
    // A bigger file arrives truncated (file.truncated): the upload service refuses it with 413 and deletes what was
    // written (docs/stack.md).
    await app.register(multipartPlugin, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
  },
  { name: 'multipart' },
);
