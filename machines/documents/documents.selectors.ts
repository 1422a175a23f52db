// Selectors over documents snapshots: what a documents field shows (its files, the upload's progress, the error).
import type { SnapshotFrom } from 'xstate';
import type { DocumentsMachine } from './documents.machine.ts';
import type { ApplicationFile, DocumentsError, PickedFile } from './documents.types.ts';

type DocumentsSnapshot = SnapshotFrom<DocumentsMachine>;

export type DocumentsStatus = 'idle' | 'invalid' | 'uploading' | 'refused' | 'failed' | 'removing' | 'locked';

const STATUSES: readonly DocumentsStatus[] = ['idle', 'invalid', 'uploading', 'refused', 'failed', 'removing', 'locked'];

/** At rest: nothing in flight, the field takes another file or a removal. */
const atRest = (snapshot: DocumentsSnapshot): boolean =>
  snapshot.matches('idle') || snapshot.matches('invalid') || snapshot.matches('refused') || snapshot.matches('failed');

export const selectDocumentsStatus = (snapshot: DocumentsSnapshot): DocumentsStatus =>
  STATUSES.find((status) => snapshot.matches(status)) ?? 'idle';

export const selectDocuments = (snapshot: DocumentsSnapshot): readonly ApplicationFile[] => snapshot.context.files;

/** 0 to 100, for the progress bar. */
export const selectDocumentsPercent = (snapshot: DocumentsSnapshot): number => {
  const { loaded, total } = snapshot.context;
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
};

/** The file being sent or just refused, or null. */
export const selectDocumentsPicked = (snapshot: DocumentsSnapshot): PickedFile | null => snapshot.context.file;

export const selectDocumentsError = (snapshot: DocumentsSnapshot): DocumentsError | null => snapshot.context.error;

/** The stored file being deleted, or null. */
export const selectRemoving = (snapshot: DocumentsSnapshot): number | null => snapshot.context.removing;

/** Another file can be added: not busy, not locked, not full. */
export const selectCanAdd = (snapshot: DocumentsSnapshot): boolean =>
  atRest(snapshot) && snapshot.context.files.length < snapshot.context.maxFiles;

/** A stored file can be removed now. */
export const selectCanRemove = atRest;

/**
 * What the field offers after a failure, as the intake form does (machines/upload): `chooseAnother` when the file
 * itself was refused (in the browser or by the server) and the field has room, `retry` when only the transfer
 * failed, null otherwise (a full field says to delete one first).
 */
export const selectDocumentsRemedy = (snapshot: DocumentsSnapshot): 'chooseAnother' | 'retry' | null => {
  if ((snapshot.matches('invalid') || snapshot.matches('refused')) && snapshot.context.error?.code !== 'too_many') return 'chooseAnother';
  if (snapshot.matches('failed') && snapshot.context.file !== null) return 'retry';
  return null;
};
