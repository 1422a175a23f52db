// Selectors over upload snapshots: what the file field shows (progress, the stored file's name, the error).
import type { SnapshotFrom } from 'xstate';
import type { UploadMachine } from './upload.machine.ts';
import type { PickedFile, StoredFile, UploadError } from './upload.types.ts';

type UploadSnapshot = SnapshotFrom<UploadMachine>;

export type UploadStatus = 'idle' | 'invalid' | 'uploading' | 'uploaded' | 'refused' | 'failed';

const STATUSES: readonly UploadStatus[] = ['idle', 'invalid', 'uploading', 'uploaded', 'refused', 'failed'];

export const selectUploadStatus = (snapshot: UploadSnapshot): UploadStatus =>
  STATUSES.find((status) => snapshot.matches(status)) ?? 'idle';

export const selectIsUploading = (snapshot: UploadSnapshot): boolean => snapshot.hasTag('busy');

/** 0 to 100, for the progress bar. */
export const selectUploadPercent = (snapshot: UploadSnapshot): number => {
  const { loaded, total } = snapshot.context;
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
};

/** The file on the server (the last one uploaded), or null. */
export const selectStoredFile = (snapshot: UploadSnapshot): StoredFile | null => snapshot.context.stored;

/** The file being sent or just refused, or null. */
export const selectPickedFile = (snapshot: UploadSnapshot): PickedFile | null => snapshot.context.file;

export const selectUploadError = (snapshot: UploadSnapshot): UploadError | null => snapshot.context.error;

/**
 * What the field offers after a failure: `chooseAnother` when the file itself was refused (in the browser or by the
 * server), `retry` when only the transfer failed, null otherwise.
 */
export const selectUploadRemedy = (snapshot: UploadSnapshot): 'chooseAnother' | 'retry' | null => {
  if (snapshot.matches('invalid') || snapshot.matches('refused')) return 'chooseAnother';
  if (snapshot.matches('failed') && snapshot.context.file !== null) return 'retry';
  return null;
};

/**
 * While an upload is under way: `offline` when the connection dropped and it waits (what reached the server is kept),
 * `resuming` once back online until bytes flow again; null otherwise (docs/decisions/061-resumable-uploads.md).
 */
export const selectUploadConnection = (snapshot: UploadSnapshot): 'offline' | 'resuming' | null => {
  if (snapshot.matches({ uploading: 'paused' })) return 'offline';
  if (snapshot.matches({ uploading: 'resuming' })) return 'resuming';
  return null;
};
