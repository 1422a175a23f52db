// Selectors over documents snapshots: what a documents field shows (its files, whether it takes a file or a removal,
// its own error) and its upload child, whose own selectors (machines/upload) give the progress, error and remedy.
import type { SnapshotFrom } from 'xstate';
import type { UploadActorRef } from '#machines/upload/upload.machine.ts';
import type { DocumentsMachine } from './documents.machine.ts';
import type { ApplicationFile, DocumentsError } from './documents.types.ts';

type DocumentsSnapshot = SnapshotFrom<DocumentsMachine>;

export type DocumentsStatus = 'idle' | 'removing' | 'locked';

const STATUSES: readonly DocumentsStatus[] = ['idle', 'removing', 'locked'];

/** At rest: nothing in flight (no upload, no removal), the field takes another file or a removal. */
const atRest = (snapshot: DocumentsSnapshot): boolean => snapshot.matches('idle') && !snapshot.context.uploading;

export const selectDocumentsStatus = (snapshot: DocumentsSnapshot): DocumentsStatus =>
  STATUSES.find((status) => snapshot.matches(status)) ?? 'idle';

export const selectDocuments = (snapshot: DocumentsSnapshot): readonly ApplicationFile[] => snapshot.context.files;

/**
 * The upload child, while the field takes changes (undefined while a file is removed and once locked). A parent's
 * snapshot does not change with its child's: read it with its own selectors, subscribed to this ref.
 */
export const selectDocumentsUpload = (snapshot: DocumentsSnapshot): UploadActorRef | undefined => snapshot.children.upload;

/** The field's own error (full, a removal refused); an upload's error is its child's (selectUploadError). */
export const selectDocumentsError = (snapshot: DocumentsSnapshot): DocumentsError | null => snapshot.context.error;

/** The stored file being deleted, or null. */
export const selectRemoving = (snapshot: DocumentsSnapshot): number | null => snapshot.context.removing;

/** Another file can be added: not busy, not locked, not full. */
export const selectCanAdd = (snapshot: DocumentsSnapshot): boolean =>
  atRest(snapshot) && snapshot.context.files.length < snapshot.context.maxFiles;

/** A stored file can be removed now. */
export const selectCanRemove = atRest;
