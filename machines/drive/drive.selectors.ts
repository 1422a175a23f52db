// Selectors over drive snapshots: which dialog is open, whether a change is under way, and what went wrong.
import type { SnapshotFrom } from 'xstate';
import type { UploadActorRef } from '#machines/upload/upload.machine.ts';
import type { DriveMachine } from './drive.machine.ts';
import type { DriveError, DriveLocation, DriveTarget } from './drive.types.ts';

type DriveSnapshot = SnapshotFrom<DriveMachine>;

export type DriveDialog = 'newFolder' | 'rename' | 'move' | 'delete' | null;

export const selectDialog = (snapshot: DriveSnapshot): DriveDialog => {
  if (snapshot.matches('creatingFolder')) return 'newFolder';
  if (snapshot.matches('renaming')) return 'rename';
  if (snapshot.matches('moving')) return 'move';
  if (snapshot.matches('confirmingDelete')) return 'delete';
  return null;
};

export const selectLocation = (snapshot: DriveSnapshot): DriveLocation => snapshot.context.location;
export const selectTarget = (snapshot: DriveSnapshot): DriveTarget | null => snapshot.context.target;
export const selectDestination = (snapshot: DriveSnapshot): number | null => snapshot.context.destination;
export const selectDriveError = (snapshot: DriveSnapshot): DriveError | null => snapshot.context.error;
export const selectBusy = (snapshot: DriveSnapshot): boolean => snapshot.hasTag('busy');
/** The change failed without an answer that explains it: the dialog offers to try again. */
export const selectCanRetry = (snapshot: DriveSnapshot): boolean =>
  snapshot.matches({ creatingFolder: 'failed' }) ||
  snapshot.matches({ renaming: 'failed' }) ||
  snapshot.matches({ moving: 'failed' }) ||
  snapshot.matches({ confirmingDelete: 'failed' });

/** The upload under way or last made, or undefined before the first. */
export const selectUpload = (snapshot: DriveSnapshot): UploadActorRef | undefined =>
  snapshot.children.upload as UploadActorRef | undefined;

/** The last change deleted a node (its row, and the control that opened the dialog, are gone). */
export const selectJustDeleted = (snapshot: DriveSnapshot): boolean => snapshot.context.deleted !== null;
