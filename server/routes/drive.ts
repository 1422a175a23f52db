// HTTP side of program drives: a folder's listing, folders, uploads, rename and move, delete and download.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as drive from '#server/drive/service.ts';
import { contentDisposition, fileUpload } from './uploads.ts';

export function driveRoutes(ctx: AppContext): Handlers {
  const deps: drive.DriveDeps = { db: ctx.db, files: ctx.files, now: ctx.now, quotaBytes: ctx.config.driveQuotaBytes };
  return {
    getDrive: async (request) => drive.getDrive(deps, request.requireUser(), request.params.id),
    listDriveFolder: async (request) => drive.listFolder(deps, request.requireUser(), request.params.id, request.query),
    createDriveFolder: async (request) => drive.createFolder(deps, request.requireUser(), request.params.id, request.body),
    uploadDriveFile: async (request) =>
      drive.uploadFile(deps, request.requireUser(), request.params.id, request.query, await fileUpload(request)),
    updateDriveNode: async (request) => drive.updateNode(deps, request.requireUser(), request.params.id, request.params.nodeId, request.body),
    deleteDriveNode: async (request, reply) => {
      await drive.deleteNode(deps, request.requireUser(), request.params.id, request.params.nodeId);
      return reply.code(204).send();
    },
    downloadDriveFile: async (request, reply) => sendAttachment(reply, await drive.readFile(deps, request.requireUser(), request.params.id, request.params.nodeId)),
  };
}

/** A stored file as a download: never rendered by the browser (attachment, nosniff), never kept by a shared cache. */
function sendAttachment(reply: FastifyReply, file: { stream: NodeJS.ReadableStream; size: number; fileName: string; contentType: string }) {
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .send(file.stream);
}
