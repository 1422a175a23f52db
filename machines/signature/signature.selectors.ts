// Selectors over signature snapshots: what the signing panel shows and offers.
import type { SnapshotFrom } from 'xstate';
import type { SignatureMachine } from './signature.machine.ts';
import type { SignatureError, SignedForm } from './signature.types.ts';

type SignatureSnapshot = SnapshotFrom<SignatureMachine>;

export type SignatureStatus = 'consent' | 'drawing' | 'sending' | 'signed' | 'failed';
const STATUSES: readonly SignatureStatus[] = ['consent', 'drawing', 'sending', 'signed', 'failed'];

export const selectSignatureStatus = (snapshot: SignatureSnapshot): SignatureStatus =>
  STATUSES.find((status) => snapshot.matches(status)) ?? 'consent';
export const selectSigning = (snapshot: SignatureSnapshot): boolean => snapshot.hasTag('busy');
export const selectConsent = (snapshot: SignatureSnapshot): boolean => snapshot.context.consent;
export const selectSignerName = (snapshot: SignatureSnapshot): string => snapshot.context.name;
export const selectHasDrawing = (snapshot: SignatureSnapshot): boolean => snapshot.context.drawing !== null;
export const selectSignatureError = (snapshot: SignatureSnapshot): SignatureError | null => snapshot.context.error;
/** The last signing stored, shown until the person signs again. */
export const selectSigned = (snapshot: SignatureSnapshot): SignedForm | null => (snapshot.matches('signed') ? snapshot.context.signed : null);
/** The form can be sent: consent given and not already on its way (the name is checked on sending, with a message). */
export const selectCanSend = (snapshot: SignatureSnapshot): boolean => snapshot.can({ type: 'signature.send' }) && !snapshot.hasTag('busy');
