// Selectors over registration snapshots: what the form and its outcome show.
import type { SnapshotFrom } from 'xstate';
import type { RegistrationMachine } from './registration.machine.ts';

type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;

export type RegistrationOutcome = 'registered' | 'duplicate' | 'unavailable' | 'failed' | null;

const OUTCOMES = ['registered', 'duplicate', 'unavailable', 'failed'] as const;

/** The outcome to announce, or null while the form is being filled in or sent. */
export const selectOutcome = (snapshot: RegistrationSnapshot): RegistrationOutcome =>
  OUTCOMES.find((outcome) => snapshot.matches(outcome)) ?? null;

/** The form is shown (editing, sending, or after a duplicate or failure so the person sees what they typed). */
export const selectShowsForm = (snapshot: RegistrationSnapshot): boolean =>
  !snapshot.matches('registered') && !snapshot.matches('unavailable');

export const selectIsSubmitting = (snapshot: RegistrationSnapshot): boolean => snapshot.hasTag('busy');
export const selectCanEdit = (snapshot: RegistrationSnapshot): boolean => snapshot.hasTag('editable');
export const selectCaptchaVerified = (snapshot: RegistrationSnapshot): boolean => snapshot.matches({ editing: 'verified' });
export const selectWidgetKey = (snapshot: RegistrationSnapshot): number => snapshot.context.widget;
export const selectRefusal = (snapshot: RegistrationSnapshot): unknown => snapshot.context.refusal;
export const selectAttempt = (snapshot: RegistrationSnapshot): number => snapshot.context.attempt;
