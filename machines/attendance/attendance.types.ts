// Types of the attendance machine: one event card of the panel, where a signed-in applicant attends or cancels.
import type { components } from '#api/schema.d.ts';

export type PanelEvent = components['schemas']['PanelEvent'];

export interface AttendanceInput {
  event: PanelEvent;
}

export interface AttendanceCallInput {
  eventId: number;
}

export interface AttendanceContext {
  /** The event as the server last showed it (spots left, attending). */
  event: PanelEvent;
  /** The refusal or failure body of the last call, as the server sent it (already localized), or null. */
  error: unknown;
  /** What a retry does after a failure. */
  operation: 'attend' | 'cancel';
}

export type AttendanceEvent =
  | { type: 'attendance.attend' }
  /** Opens the confirmation dialog. */
  | { type: 'attendance.cancel' }
  | { type: 'attendance.confirm' }
  | { type: 'attendance.keep' }
  | { type: 'attendance.retry' }
  | { type: 'attendance.dismiss' };
