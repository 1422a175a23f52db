// The real effects of the drive machine (machines/drive): the API calls of each change, the upload with progress
// (XMLHttpRequest, for its progress events) into the folder on screen, the folder's query refreshed after a change,
// and the success toasts ('document uploaded', 'document deleted', docs/product.md section 8). The calls are the
// applicant's drive's by default; staff's screen (src/features/admin-drive) gives its own, which stay in the admin
// chunk and are staff commands (src/actors/staff-commands.ts). Either way a change rejects with a DriveCallError.
import type { QueryClient } from '@tanstack/react-query';
import { defineMessages } from 'react-intl';
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { ApiError, unwrap } from '#api/errors';
import { driveKeys, type DriveNode } from '#api/drive';
import { driveMachine } from '#machines/drive/drive.machine';
import type { CreateFolderInput, DeleteNodeInput, DriveAnnouncement, DriveCallError, MoveNodeInput, RenameNodeInput } from '#machines/drive/drive.types';
import type { components } from '#api/schema';
import { uploadMachine } from '#machines/upload/upload.machine';
import type { StoredFile } from '#machines/upload/upload.types';
import { getIntl } from '#lib/locale';
import { showToast } from '#lib/toast';
import { uploadFileActor } from './upload-file';
// The contract's own check of the answer (generated from openapi.yaml: scripts/gen-validators.ts).
import { isDriveNode } from '#shared/validation/validators/isDriveNode.js';

const toasts = defineMessages<DriveAnnouncement>({
  uploaded: { id: 'application.documents.uploaded' },
  fileDeleted: { id: 'application.documents.deleted' },
  folderDeleted: { id: 'drive.toast.folderDeleted' },
  folderCreated: { id: 'drive.toast.folderCreated' },
  renamed: { id: 'drive.toast.renamed' },
  moved: { id: 'drive.toast.moved' },
});

/** What the upload machine keeps of a stored drive file (its name, size and when). */
const storedOf = (node: DriveNode): StoredFile => ({ file_name: node.name, size: node.size ?? 0, uploaded_at: node.created_at, active_content: [] });

/** A change the server refused or never answered, as the drive machine reads it: the status (0: none) and the body. */
const asCallError = (error: unknown): DriveCallError => (error instanceof ApiError ? { status: error.status, body: error.body } : { status: 0 });

/** A call with an answer body; a failure as the machine reads it (with the message ids of the server's errors). */
const answered = <R extends { data?: unknown; error?: unknown; response: Response }>(request: Promise<R>) =>
  unwrap(request).catch((error: unknown) => {
    throw asCallError(error);
  });

/** A call answered 204: no body, which unwrap() reads as a failure, so the status says it all. */
async function call(request: Promise<{ response: Response; error?: unknown }>): Promise<void> {
  const answer = await request.catch(() => undefined);
  if (!answer?.response.ok) throw asCallError(new ApiError(answer?.response.status ?? 0, answer?.error));
}

/**
 * One drive's server calls: where its uploads go, its changes, and the query key of its folders' listings. Each change
 * resolves once the server took it and rejects with a DriveCallError (status 0: no answer).
 */
export interface DriveCalls {
  folderKey: (programId: number) => readonly unknown[];
  uploadPath: (programId: number, query: URLSearchParams) => string;
  /**
   * Where an upload into this folder goes as a resumable upload's metadata (server/files/resumable.ts targetOf), or
   * undefined where this door writes nothing (an applicant in the shared materials, staff in someone's space): the
   * direct upload then answers the refusal.
   */
  resumableTarget: (programId: number, space: components['schemas']['DriveSpace'], parentId: number | null) => Record<string, string> | undefined;
  createFolder: (input: CreateFolderInput) => Promise<unknown>;
  updateNode: (programId: number, nodeId: number, body: components['schemas']['DriveNodeUpdate']) => Promise<unknown>;
  deleteNode: (programId: number, nodeId: number) => Promise<unknown>;
}

/** The applicant's drive: /programs/{id}/drive (docs/decisions/019). */
export const applicantDriveCalls: DriveCalls = {
  folderKey: driveKeys.all,
  uploadPath: (programId, query) => `/programs/${programId}/drive/files?${query}`,
  resumableTarget: (programId, space, parentId) =>
    space === 'personal' ? { target: 'drive', program_id: String(programId), space, ...(parentId ? { parent_id: String(parentId) } : {}) } : undefined,
  createFolder: (input) =>
    answered(
      api.POST('/programs/{id}/drive/folders', {
        params: { path: { id: input.programId } },
        body: { space: input.location.space, parent_id: input.location.parentId, name: input.name },
      }),
    ),
  updateNode: (id, nodeId, body) => answered(api.PATCH('/programs/{id}/drive/nodes/{nodeId}', { params: { path: { id, nodeId } }, body })),
  deleteNode: (id, nodeId) => call(api.DELETE('/programs/{id}/drive/nodes/{nodeId}', { params: { path: { id, nodeId } } })),
};

function provideDriveUpload(calls: DriveCalls) {
  return uploadMachine.provide({
    actors: {
      uploadFile: uploadFileActor((target) => {
        if (target.kind !== 'drive') throw new Error('the drive uploads into a drive folder only');
        const { programId, space, parentId } = target;
        const query = new URLSearchParams({ space, ...(parentId ? { parent_id: String(parentId) } : {}) });
        // The space this door writes resumes a dropped upload: an applicant's own, staff's shared materials.
        const resumable = calls.resumableTarget(programId, space, parentId);
        return { path: calls.uploadPath(programId, query), read: (body) => (isDriveNode(body) ? storedOf(body) : null), ...(resumable ? { resumable } : {}) };
      }),
    },
  });
}

export function provideDriveMachine(queryClient: QueryClient, calls: DriveCalls = applicantDriveCalls) {
  return driveMachine.provide({
    actors: {
      createFolder: fromPromise<unknown, CreateFolderInput>(({ input }) => calls.createFolder(input)),
      renameNode: fromPromise<unknown, RenameNodeInput>(({ input }) => calls.updateNode(input.programId, input.nodeId, { name: input.name })),
      moveNode: fromPromise<unknown, MoveNodeInput>(({ input }) => calls.updateNode(input.programId, input.nodeId, { parent_id: input.parentId })),
      deleteNode: fromPromise<unknown, DeleteNodeInput>(({ input }) => calls.deleteNode(input.programId, input.nodeId)),
      upload: provideDriveUpload(calls),
    },
    actions: {
      refreshListing: ({ context }) => void queryClient.invalidateQueries({ queryKey: calls.folderKey(context.programId) }),
      announce: (_, what) => showToast({ kind: 'success', message: getIntl().formatMessage(toasts[what]) }),
    },
  });
}
