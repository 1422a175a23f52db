// Selectors over attendance snapshots: what an event card shows and offers.
import type { SnapshotFrom } from 'xstate';
import type { AttendanceMachine } from './attendance.machine.ts';
import type { PanelEvent } from './attendance.types.ts';

type AttendanceSnapshot = SnapshotFrom<AttendanceMachine>;

export type AttendanceStatus = 'idle' | 'attending' | 'attended' | 'confirming' | 'cancelling' | 'duplicate' | 'unavailable' | 'failed';

const STATUSES: readonly AttendanceStatus[] = ['idle', 'attending', 'attended', 'confirming', 'cancelling', 'duplicate', 'unavailable', 'failed'];

export const selectAttendanceStatus = (snapshot: AttendanceSnapshot): AttendanceStatus =>
  STATUSES.find((status) => snapshot.matches(status)) ?? 'idle';
export const selectIsBusy = (snapshot: AttendanceSnapshot): boolean => snapshot.hasTag('busy');
/** The person attends (or is about to stop): the card says so. */
export const selectAttends = (snapshot: AttendanceSnapshot): boolean =>
  snapshot.matches('attended') || snapshot.matches('confirming') || snapshot.matches('cancelling');
export const selectCanAttend = (snapshot: AttendanceSnapshot): boolean => snapshot.matches('idle') && snapshot.context.event.available;
export const selectConfirmOpen = (snapshot: AttendanceSnapshot): boolean => snapshot.matches('confirming') || snapshot.matches('cancelling');
export const selectEvent = (snapshot: AttendanceSnapshot): PanelEvent => snapshot.context.event;
export const selectError = (snapshot: AttendanceSnapshot): unknown => snapshot.context.error;
