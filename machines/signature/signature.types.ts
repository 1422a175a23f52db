// Types of the signature machine: signing the certification (step 6) or the no-income form (step 4) on screen with
// consent, a typed name and an optional drawing (docs/decisions/055-signing-in-the-browser.md).
import type { components } from '#api/schema.d.ts';

export type SignatureForm = components['schemas']['SignatureForm'];
export type SignatureInput = components['schemas']['SignatureInput'];
/** What the server answers: the form as stored (the intake form, or one more no-income document) and its signature. */
export type SignedForm = components['schemas']['SignedForm'];

export interface SignatureMachineInput {
  applicationId: number;
  form: SignatureForm;
}

export interface SignFormInput {
  applicationId: number;
  body: SignatureInput;
}

/**
 * `consent_required` / `name_required`: what the panel itself refuses before sending. `rejected`: the server answered
 * with a refusal (its body, already localized: field errors name the consent, the name or the drawing; a 409 says
 * the application can no longer change). `network`: no answer; the same signing may be sent again.
 */
export type SignatureError =
  | { code: 'consent_required' }
  | { code: 'name_required' }
  | { code: 'rejected'; body: unknown }
  | { code: 'network' };

export interface SignatureContext {
  applicationId: number;
  form: SignatureForm;
  consent: boolean;
  name: string;
  /** The drawing as a PNG data URL, or null: the typed name signs alone (the keyboard's way). */
  drawing: string | null;
  error: SignatureError | null;
  signed: SignedForm | null;
}

export type SignatureEvent =
  | { type: 'signature.consent'; given: boolean }
  | { type: 'signature.name'; name: string }
  /** A stroke ended (the pad's image) or the pad was cleared (null). */
  | { type: 'signature.draw'; drawing: string | null }
  | { type: 'signature.send' }
  /** Sign again after a signing (a new stored form replaces the intake form, or adds a no-income document). */
  | { type: 'signature.again' };

/** What the machine tells its listeners: the signed form is stored. */
export interface SignatureEmitted {
  type: 'signature.signed';
  signed: SignedForm;
}
