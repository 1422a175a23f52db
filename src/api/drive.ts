// Server data of program drives (docs/decisions/019-program-drive.md): the drive (quota, what the person may do) and
// one folder's listing, as queries; the download of a file with the bearer token. Together they are the applicant's
// DriveSource, what the shared drive views (src/components/drive) read from.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';
import { saveBlob } from './applications';
import type { components } from './schema';

type Schemas = components['schemas'];
export type Drive = Schemas['Drive'];
export type DriveNode = Schemas['DriveNode'];
export type DriveFolderPage = Schemas['DriveFolderPage'];
export type DriveSpace = Schemas['DriveSpace'];

/** The server's largest page: a folder holds fewer than this in practice; more shows a "next page" link. */
export const DRIVE_PAGE_SIZE = 200;

export const driveKeys = {
  all: (programId: number) => ['drive', programId] as const,
  drive: (programId: number) => [...driveKeys.all(programId), 'summary'] as const,
  folder: (programId: number, space: DriveSpace, parentId: number | null, page: number) =>
    [...driveKeys.all(programId), 'folder', space, parentId, page] as const,
};

export const driveQueryOptions = (programId: number) =>
  queryOptions({
    queryKey: driveKeys.drive(programId),
    queryFn: ({ signal }) => unwrap(api.GET('/programs/{id}/drive', { params: { path: { id: programId } }, signal })),
  });

/** One page of a folder of the person's own space or of the shared materials. */
const fetchDriveFolder = (programId: number, space: DriveSpace, parentId: number | null, page: number, signal: AbortSignal) =>
  unwrap(
    api.GET('/programs/{id}/drive/nodes', {
      params: { path: { id: programId }, query: { space, page, page_size: DRIVE_PAGE_SIZE, ...(parentId ? { parent_id: parentId } : {}) } },
      signal,
    }),
  );

/** The applicant's drive, for the shared drive views. */
export const applicantDriveSource = {
  folder: (programId: number, { space, parentId }: { space: DriveSpace; parentId: number | null }) => ({
    queryKey: driveKeys.folder(programId, space, parentId, 1),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchDriveFolder(programId, space, parentId, 1, signal),
  }),
  download: (programId: number, nodeId: number, fallbackName: string) => downloadDriveFile(programId, nodeId, fallbackName),
};

/** A drive file saved under its name (fetched with the bearer token: a plain link would not carry it). */
export async function downloadDriveFile(programId: number, nodeId: number, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/programs/{id}/drive/nodes/{nodeId}/content', {
    params: { path: { id: programId, nodeId } },
    parseAs: 'blob',
  });
  saveBlob(data, response, fallbackName);
}
