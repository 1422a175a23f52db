// Selectors over autosave snapshots: what the saving indicator, the conflict dialog and the form read.
import type { SnapshotFrom } from 'xstate';
import type { AutosaveMachine } from './autosave.machine.ts';
import type { AutosaveError, AutosaveStatus, DraftData, ServerDraft } from './autosave.types.ts';

type AutosaveSnapshot = SnapshotFrom<AutosaveMachine>;

const STATUSES: readonly AutosaveStatus[] = ['idle', 'saved', 'dirty', 'saving', 'offline', 'retrying', 'conflict', 'failed'];

/** The indicator's state ("Saved", "Saving...", "Offline: kept on this device", ...). */
export const selectAutosaveStatus = (snapshot: AutosaveSnapshot): AutosaveStatus =>
  STATUSES.find((status) => snapshot.matches(status)) ?? 'idle';

/** A request is in flight. */
export const selectIsSaving = (snapshot: AutosaveSnapshot): boolean => snapshot.hasTag('busy');

/** The server does not have everything yet: warn before leaving the page. */
export const selectHasUnsavedChanges = (snapshot: AutosaveSnapshot): boolean => snapshot.hasTag('dirty');

/** The data the form shows; after "theirs" it is the server's data. */
export const selectDraftData = (snapshot: AutosaveSnapshot): DraftData => snapshot.context.data;

export const selectDraftVersion = (snapshot: AutosaveSnapshot): number => snapshot.context.version;

/** The other tab's newer save, while the person has to choose; otherwise null. */
export const selectConflict = (snapshot: AutosaveSnapshot): ServerDraft | null => snapshot.context.theirs;

/** The last failed save (network, or the server's body as it answered); null after a successful save. */
export const selectAutosaveError = (snapshot: AutosaveSnapshot): AutosaveError | null => snapshot.context.error;

/** Failed saves in a row (for "retrying, attempt N"). */
export const selectRetryAttempt = (snapshot: AutosaveSnapshot): number => snapshot.context.attempt;
