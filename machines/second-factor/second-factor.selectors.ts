// Selectors over the second-factor machines' snapshots: what the sign-in step and the profile's section show.
import type { SnapshotFrom } from 'xstate';
import type { EnrolmentMachine } from './enrolment.machine.ts';
import type { PasskeysMachine } from './passkeys.machine.ts';
import type { SignInStepMachine } from './sign-in-step.machine.ts';
import type { CodeMethod, TotpEnrolment } from './second-factor.types.ts';

type StepSnapshot = SnapshotFrom<SignInStepMachine>;
type EnrolmentSnapshot = SnapshotFrom<EnrolmentMachine>;

export const selectStepMethod = (snapshot: StepSnapshot): CodeMethod => snapshot.context.method;
export const selectStepBusy = (snapshot: StepSnapshot): boolean => snapshot.hasTag('busy');
export const selectStepError = (snapshot: StepSnapshot): unknown => snapshot.context.error;
export const selectStepAttempt = (snapshot: StepSnapshot): number => snapshot.context.attempt;
/** The challenge ended: the login page goes back to the password and says why. */
export const selectStepExpired = (snapshot: StepSnapshot): boolean => snapshot.matches('expired');

/** Which part of the profile's section shows: the password to start, the code to scan, the codes, or the removal. */
export type EnrolmentView = 'start' | 'scan' | 'codes' | 'enrolled';
export function selectEnrolmentView(snapshot: EnrolmentSnapshot): EnrolmentView {
  if (snapshot.matches('scanning') || snapshot.matches('confirming')) return 'scan';
  if (snapshot.matches('showingCodes')) return 'codes';
  if (snapshot.matches('enrolled') || snapshot.matches('removing')) return 'enrolled';
  return 'start';
}
export const selectEnrolmentBusy = (snapshot: EnrolmentSnapshot): boolean => snapshot.hasTag('busy');
export const selectEnrolment = (snapshot: EnrolmentSnapshot): TotpEnrolment | null => snapshot.context.enrolment;
export const selectRecoveryCodes = (snapshot: EnrolmentSnapshot): string[] => snapshot.context.recoveryCodes ?? [];
export const selectEnrolmentError = (snapshot: EnrolmentSnapshot): unknown => snapshot.context.error;
export const selectEnrolmentAttempt = (snapshot: EnrolmentSnapshot): number => snapshot.context.attempt;

type PasskeysSnapshot = SnapshotFrom<PasskeysMachine>;
/** The passkeys section: the list and its forms, or the recovery codes of a first factor. */
export const selectPasskeysView = (snapshot: PasskeysSnapshot): 'list' | 'codes' => (snapshot.matches('showingCodes') ? 'codes' : 'list');
export const selectPasskeysBusy = (snapshot: PasskeysSnapshot): boolean => snapshot.hasTag('busy');
export const selectPasskeyCodes = (snapshot: PasskeysSnapshot): string[] => snapshot.context.recoveryCodes ?? [];
export const selectPasskeysError = (snapshot: PasskeysSnapshot): unknown => snapshot.context.error;
export const selectPasskeysAttempt = (snapshot: PasskeysSnapshot): number => snapshot.context.attempt;
/** The sign-in step offers a passkey: the 202 answer named one. */
export const selectStepOffersPasskey = (snapshot: StepSnapshot): boolean => snapshot.context.methods.includes('passkey');
export const selectStepOffersTotp = (snapshot: StepSnapshot): boolean => snapshot.context.methods.includes('totp');
