// Types of the drive machine: one person browsing a program's drive and changing their own space (docs/decisions/019).
import type { components } from '#api/schema.d.ts';
import type { MessageRef } from '#shared/validation/field-messages.ts';
import type { PickedFile, StoredFile } from '#machines/upload/upload.types.ts';

export type DriveSpace = components['schemas']['DriveSpace'];
export type DriveNode = components['schemas']['DriveNode'];
export type { PickedFile };

/**
 * The folder on screen: a space and a folder of it (null: its root). `ownerId` names whose personal space staff read
 * (docs/decisions/024); an applicant's personal space is their own, without it.
 */
export interface DriveLocation {
  space: DriveSpace;
  parentId: number | null;
  ownerId?: number;
}

/** The node a rename, move or delete is about. */
export type DriveTarget = Pick<DriveNode, 'id' | 'kind' | 'name' | 'parent_id'>;

export interface DriveInput {
  programId: number;
  /** docs/product.md section 9: 20MB, as application uploads. */
  maxBytes: number;
  location: DriveLocation;
}

/**
 * `refused`: the server refused the change for what it is (a taken name, a move into the folder itself): the person
 * changes their answer. `failed`: no answer, or the server failed: the same change may be tried again. Bodies are as
 * the server answered (already in the person's language); `problems` are the browser's own checks, as message ids.
 */
export type DriveError = { code: 'invalid'; problems: MessageRef[] } | { code: 'refused'; body: unknown } | { code: 'failed'; body: unknown };

/** What a change actor rejects with: the answer's status (0: none) and body. */
export interface DriveCallError {
  status: number;
  body?: unknown;
}

export interface CreateFolderInput {
  programId: number;
  location: DriveLocation;
  name: string;
}
export interface RenameNodeInput {
  programId: number;
  nodeId: number;
  name: string;
}
export interface MoveNodeInput {
  programId: number;
  nodeId: number;
  parentId: number | null;
}
export interface DeleteNodeInput {
  programId: number;
  nodeId: number;
}

/** The successes the person is told of (toasts). */
export type DriveAnnouncement = 'folderCreated' | 'renamed' | 'moved' | 'fileDeleted' | 'folderDeleted' | 'uploaded';

export interface DriveContext {
  programId: number;
  maxBytes: number;
  location: DriveLocation;
  target: DriveTarget | null;
  /** The name being saved (create, rename), trimmed. */
  name: string;
  /** The folder a move dialog shows (null: the root), and then the move's destination. */
  destination: number | null;
  error: DriveError | null;
  /** The node the last change deleted, until the next change starts: its row is gone, so focus goes elsewhere. */
  deleted: number | null;
}

export type DriveEvent =
  | { type: 'drive.open'; location: DriveLocation }
  | { type: 'drive.newFolder' }
  | { type: 'drive.rename'; node: DriveTarget }
  | { type: 'drive.move'; node: DriveTarget }
  | { type: 'drive.delete'; node: DriveTarget }
  | { type: 'drive.submitName'; name: string }
  | { type: 'drive.browseDestination'; parentId: number | null }
  | { type: 'drive.moveHere' }
  | { type: 'drive.confirm' }
  | { type: 'drive.retry' }
  | { type: 'drive.cancel' }
  | { type: 'drive.upload'; file: PickedFile }
  /** From the upload actor this machine spawned: the file is stored in the folder it was sent to. */
  | { type: 'drive.uploaded'; stored: StoredFile };
