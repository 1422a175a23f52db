// Selectors over admin-action snapshots: what an action's button, dialog and message show.
import type { SnapshotFrom } from 'xstate';
import type { AdminActionMachine } from './admin-action.machine.ts';
import type { AdminActionRequest } from './admin-action.types.ts';

type Snapshot = SnapshotFrom<AdminActionMachine>;

export type AdminActionStatus = 'idle' | 'confirming' | 'working' | 'done' | 'refused' | 'failed';
const STATUSES: readonly AdminActionStatus[] = ['idle', 'confirming', 'working', 'done', 'refused', 'failed'];

export const selectActionStatus = (snapshot: Snapshot): AdminActionStatus => STATUSES.find((status) => snapshot.matches(status)) ?? 'idle';
export const selectActionRequest = (snapshot: Snapshot): AdminActionRequest | null => snapshot.context.request;
export const selectIsWorking = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** The server's body to show (refused or failed), or null; null with status `failed` means it never answered. */
export const selectActionErrorBody = (snapshot: Snapshot): unknown => snapshot.context.error?.body ?? null;
export const selectCanRetry = (snapshot: Snapshot): boolean => snapshot.matches('failed');
export const selectConfirmOpen = (snapshot: Snapshot): boolean => snapshot.matches('confirming');
