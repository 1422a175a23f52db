// Types of the second-factor machines (docs/decisions/049-second-factor.md): a sign-in's second step and the
// profile's enrolment and removal of an authenticator app. The API calls are injected with .provide().
import type { components } from '#api/schema.d.ts';

type Schemas = components['schemas'];

/** What POST /auth/login/second-factor answers: the session record, as a sign-in without a second factor. */
export type LoginResponse = Schemas['LoginResponse'];
export type TotpEnrolment = Schemas['TotpEnrolment'];

/** Which code the person types at the second step. */
export type CodeMethod = 'totp' | 'recovery_code';
/** What the 202 sign-in answer offers (`methods`): the codes, and passkeys. */
export type SecondFactorMethod = Schemas['SecondFactorChallenge']['methods'][number];
export type Passkey = Schemas['Passkey'];

/** The rejection value of a failed call: the server's parsed error body, or what a network failure threw. */
export type CallError = unknown;

// ---- the second step of a sign-in ----------------------------------------------------------------------------

export interface SignInStepInput {
  /** The challenge of the 202 sign-in answer. */
  challenge: string;
  /** What the answer offers: the passkey button shows only when it names `passkey`, the app's code only with `totp`. */
  methods: SecondFactorMethod[];
}

export interface SignInStepContext {
  challenge: string;
  methods: SecondFactorMethod[];
  method: CodeMethod;
  /** Why the last code was refused (wrong, spent, throttled), for the form; null otherwise. */
  error: CallError | null;
  /** Counts refused codes, so the form's error summary takes focus again on each. */
  attempt: number;
  /** The session record once a code was right. */
  record: LoginResponse | null;
  /** The server said the challenge has ended (expired, or the account's sessions ended): a new sign-in is needed. */
  expired: boolean;
}

export type SignInStepEvent =
  | { type: 'code.submit'; code: string }
  /** The browser's passkey prompt, then its answer to the server. */
  | { type: 'passkey.use' }
  /** Between the app's code and a recovery code (the device was lost). */
  | { type: 'method.switch' }
  /** Back to the e-mail and password. */
  | { type: 'cancel' };

export interface VerifyCodeInput {
  challenge: string;
  method: CodeMethod;
  code: string;
}

export interface PasskeyStepInput {
  challenge: string;
}

/** How the second step ended: signed in (the record), or back to the password (expired challenge, cancelled). */
export interface SignInStepOutput {
  record: LoginResponse | null;
  /** Ended because the challenge did (not because the person went back): the session machine says so. */
  expired: boolean;
}

// ---- enrolment and removal on the profile -------------------------------------------------------------------

export interface EnrolmentInput {
  /** Whether the account has an authenticator app now (GET /me/second-factor). */
  enrolled: boolean;
}

export interface EnrolmentContext {
  /** The input's `enrolled`: where the machine starts. */
  enrolledAtStart: boolean;
  /** The secret and URI to scan, only between starting and confirming. */
  enrolment: TotpEnrolment | null;
  /** The ten recovery codes, only until the person says they saved them. */
  recoveryCodes: string[] | null;
  error: CallError | null;
  attempt: number;
}

export type EnrolmentEvent =
  | { type: 'enrol.start'; password: string }
  | { type: 'enrol.confirm'; code: string }
  | { type: 'enrol.cancel' }
  | { type: 'codes.saved' }
  | { type: 'remove.submit'; password: string; method: CodeMethod; code: string };

export interface StartEnrolmentInput {
  password: string;
}
export interface ConfirmEnrolmentInput {
  code: string;
}
export interface RemoveFactorInput {
  password: string;
  method: CodeMethod;
  code: string;
}

// ---- passkeys on the profile (docs/decisions/056-passkeys.md) --------------------------------------------------

/** What adding a passkey answers: the passkey, and ten recovery codes when it is the account's first second factor. */
export type PasskeyRegistered = Schemas['PasskeyRegistered'];

/** A removal's fresh factor: the browser's passkey prompt, or a typed code. */
export type FreshFactor = 'passkey' | CodeMethod;

export interface PasskeysContext {
  /** The ten recovery codes of a first factor, only until the person says they saved them. */
  recoveryCodes: string[] | null;
  error: CallError | null;
  attempt: number;
}

export type PasskeysEvent =
  | { type: 'passkey.add'; password: string; name: string }
  | { type: 'codes.saved' }
  | { type: 'passkey.remove'; id: number; password: string; method: FreshFactor; code: string };

export interface AddPasskeyInput {
  password: string;
  name: string;
}
export interface RemovePasskeyInput {
  id: number;
  password: string;
  method: FreshFactor;
  code: string;
}
