// Types of the registration machine: one person filling in the public form of an event or interest form.
import type { components } from '#api/schema.d.ts';

export type RegistrationBody = components['schemas']['EventRegistrationRequest'];

export interface RegistrationInput {
  eventId: number;
}

export interface SubmitRegistrationInput {
  eventId: number;
  body: RegistrationBody;
}

export interface RegistrationContext {
  eventId: number;
  /** The payload of the solved captcha, or null. */
  captcha: string | null;
  /** Bumped when a captcha was spent (or refused): the view mounts a fresh widget under this key. */
  widget: number;
  /** The last body sent (retried as it is after a failure that never reached a verdict). */
  body: RegistrationBody | null;
  /**
   * Why the last attempt was refused, as an error body (the server's, or the browser's checks shaped like one):
   * the view words it with toFormErrors. Never translated prose of the machine's own.
   */
  refusal: unknown;
  /** Counts refused submissions: the error summary remounts (and takes focus) on each. */
  attempt: number;
}

export type RegistrationEvent =
  | { type: 'registration.captchaVerified'; payload: string }
  | { type: 'registration.captchaCleared' }
  /** `refusal`: the browser's checks of `body` failed (an error body to show); null when it may be sent. */
  | { type: 'registration.submit'; body: Omit<RegistrationBody, 'captcha'>; refusal: unknown }
  | { type: 'registration.retry' }
  | { type: 'registration.edit' };
