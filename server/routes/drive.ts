// HTTP side of program drives: a folder's listing, folders, uploads, rename and move, delete and download, for
// applicants (tag `drive`) and, audited, for staff (tag `admin`, /admin/programs/{id}/drive: docs/decisions/024).
import type { FastifyReply } from 'fastify';
import type { AppContext } from '#server/context.ts';
import type { Handlers, OperationId } from '#server/http/handlers.ts';
import * as adminDrive from '#server/admin/drive.ts';
import * as drive from '#server/drive/service.ts';
import type { Viewer } from '#server/programs/service.ts';
import { contentDisposition, fileUpload } from './uploads.ts';

const applicant = (person: Viewer): drive.DriveAccess => ({ role: 'applicant', person });
/** Staff through an admin operation: its changes are audited under the operation's id. */
const staff = (person: Viewer, operation: OperationId): drive.DriveAccess => ({ role: 'staff', person, operation });

export function driveRoutes(ctx: AppContext): Handlers {
  const deps: drive.DriveDeps = { db: ctx.db, files: ctx.files, now: ctx.now, quotaBytes: ctx.config.driveQuotaBytes };
  return {
    getDrive: async (request) => drive.getDrive(deps, request.requireUser(), request.params.id),
    listDriveFolder: async (request) => drive.listFolder(deps, applicant(request.requireUser()), request.params.id, request.query),
    createDriveFolder: async (request) => drive.createFolder(deps, applicant(request.requireUser()), request.params.id, request.body),
    uploadDriveFile: async (request) => drive.uploadFile(deps, applicant(request.requireUser()), request.params.id, request.query, await fileUpload(request)),
    updateDriveNode: async (request) => drive.updateNode(deps, applicant(request.requireUser()), request.params.id, request.params.nodeId, request.body),
    deleteDriveNode: async (request, reply) => {
      await drive.deleteNode(deps, applicant(request.requireUser()), request.params.id, request.params.nodeId);
      return reply.code(204).send();
    },
    downloadDriveFile: async (request, reply) =>
      sendAttachment(reply, await drive.readFile(deps, applicant(request.requireUser()), request.params.id, request.params.nodeId)),

    getAdminDrive: async (request) => adminDrive.getAdminDrive(ctx.db, request.requireUser(), request.params.id, ctx.now()),
    listAdminDriveSpaces: async (request) => {
      const { cursor, limit, q } = request.query;
      return adminDrive.listDriveSpaces(ctx.db, request.requireUser(), request.params.id, { q }, { cursor, limit });
    },
    listAdminDriveFolder: async (request) =>
      drive.listFolder(deps, staff(request.requireUser(), 'listAdminDriveFolder'), request.params.id, request.query),
    createAdminDriveFolder: async (request) => drive.createFolder(deps, staff(request.requireUser(), 'createAdminDriveFolder'), request.params.id, request.body),
    uploadAdminDriveFile: async (request) => drive.uploadFile(deps, staff(request.requireUser(), 'uploadAdminDriveFile'), request.params.id, request.query, await fileUpload(request)),
    updateAdminDriveNode: async (request) =>
      drive.updateNode(deps, staff(request.requireUser(), 'updateAdminDriveNode'), request.params.id, request.params.nodeId, request.body),
    deleteAdminDriveNode: async (request, reply) => {
      await drive.deleteNode(deps, staff(request.requireUser(), 'deleteAdminDriveNode'), request.params.id, request.params.nodeId);
      return reply.code(204).send();
    },
    downloadAdminDriveFile: async (request, reply) =>
      sendAttachment(reply, await drive.readFile(deps, staff(request.requireUser(), 'downloadAdminDriveFile'), request.params.id, request.params.nodeId)),
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
