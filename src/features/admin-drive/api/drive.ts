// Server data of staff's program drive (docs/decisions/024): the drive's summary, the applicants with a space, one
// folder of the shared materials or of an applicant's space, downloads, and the drive machine's calls for the
// shared materials, which are staff commands (src/actors/staff-commands.ts). These admin paths stay in the admin
// chunk: the shared drive views reach them through the DriveSource and DriveCalls given here.
import { queryOptions } from '@tanstack/react-query';
import type { DriveCalls } from '#actors/drive';
import { performStaffCommand } from '#actors/staff-commands';
import { saveBlob } from '#api/applications';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import type { components } from '#api/schema';
import type { DriveSource } from '#components/drive/drive-source';

type Schemas = components['schemas'];
export type AdminDriveSpace = Schemas['AdminDriveSpace'];

/** The server's largest folder page, as the applicant's drive reads it. */
const PAGE_SIZE = 200;
export const SPACES_PAGE_SIZE = 25;

export const adminDriveKeys = {
  all: (programId: number) => ['admin', 'drive', programId] as const,
  summary: (programId: number) => [...adminDriveKeys.all(programId), 'summary'] as const,
  spaces: (programId: number, q: string, cursor: string | null) => [...adminDriveKeys.all(programId), 'spaces', q, cursor] as const,
  folder: (programId: number, space: string, ownerId: number | null, parentId: number | null) =>
    [...adminDriveKeys.all(programId), 'folder', space, ownerId, parentId] as const,
};

export const adminDriveQueryOptions = (programId: number) =>
  queryOptions({
    queryKey: adminDriveKeys.summary(programId),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/programs/{id}/drive', { params: { path: { id: programId } }, signal })),
  });

export const driveSpacesQueryOptions = (programId: number, q: string, cursor: string | null) =>
  queryOptions({
    queryKey: adminDriveKeys.spaces(programId, q, cursor),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/programs/{id}/drive/spaces', {
          params: { path: { id: programId }, query: { limit: SPACES_PAGE_SIZE, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } },
          signal,
        }),
      ),
  });

export const adminDriveSource: DriveSource = {
  folder: (programId, { space, parentId, ownerId }) => ({
    queryKey: adminDriveKeys.folder(programId, space, ownerId ?? null, parentId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/programs/{id}/drive/nodes', {
          params: {
            path: { id: programId },
            query: { space, page_size: PAGE_SIZE, ...(ownerId ? { owner_id: ownerId } : {}), ...(parentId ? { parent_id: parentId } : {}) },
          },
          signal,
        }),
      ),
  }),
  download: async (programId, nodeId, fallbackName) => {
    const { data, response } = await api.GET('/admin/programs/{id}/drive/nodes/{nodeId}/content', {
      params: { path: { id: programId, nodeId } },
      parseAs: 'blob',
    });
    saveBlob(data, response, fallbackName);
  },
};

/** Staff change the shared materials only (an applicant's space is read-only to them). */
export const adminDriveCalls: DriveCalls = {
  folderKey: adminDriveKeys.all,
  uploadPath: (programId, query) => `/admin/programs/${programId}/drive/files?${query}`,
  resumableTarget: (programId, space, parentId) =>
    space === 'shared' ? { target: 'admin_drive', program_id: String(programId), ...(parentId ? { parent_id: String(parentId) } : {}) } : undefined,
  createFolder: (input) =>
    performStaffCommand({
      operationId: 'createAdminDriveFolder',
      path: { id: input.programId },
      body: { space: input.location.space, parent_id: input.location.parentId, name: input.name },
    }),
  updateNode: (id, nodeId, body) => performStaffCommand({ operationId: 'updateAdminDriveNode', path: { id, nodeId }, body }),
  deleteNode: (id, nodeId) => performStaffCommand({ operationId: 'deleteAdminDriveNode', path: { id, nodeId } }),
};
