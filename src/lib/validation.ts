// Client-side checks that run before a form is sent, so the common mistakes show in the error summary at once.
// The server checks everything again; its messages replace these when it answers.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { FormErrors } from './form-errors';

export const validationMessages = defineMessages({
  required: { id: 'ui.validation.required' },
  email: { id: 'ui.validation.email' },
  passwordLength: { id: 'ui.validation.passwordLength' },
  passwordMismatch: { id: 'ui.validation.passwordMismatch' },
  conditions: { id: 'ui.validation.conditions' },
  captcha: { id: 'ui.validation.captcha' },
  ssnLast4: { id: 'ui.validation.ssnLast4' },
});

/** A deliberately loose shape check: the server's validator is the authority. */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** One rule: when `failing`, `field` gets `message`. Only the first failing rule per field is kept. */
export type Rule = readonly [field: string, failing: boolean, message: MessageDescriptor];

export function validate(intl: IntlShape, rules: readonly Rule[]): FormErrors {
  const fields: Record<string, string[]> = {};
  for (const [field, failing, message] of rules) {
    if (failing && !fields[field]) fields[field] = [intl.formatMessage(message)];
  }
  return { form: [], fields };
}

/** A FormData entry as trimmed text ('' for a missing or file entry). */
export function text(data: FormData, name: string, trim = true): string {
  const value = data.get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}
