// Browser checks of a form before it is sent, with the contract's own validators (shared/validation/validators/,
// generated from openapi.yaml): the rules are the server's, written once (docs/decisions/014-one-set-of-rules.md).
// The server checks everything again; its answer replaces these messages when it refuses.
import { checkWith, type ContractValidator, type FieldMessages } from '#shared/validation/field-messages';
import type { FormErrors } from './form-errors';

// A form imports its own validator, one module per form (`#shared/validation/validators/{operationId}Body.js`); a page
// that must show before any check (the prerendered public pages, docs/decisions/020) imports it at submit.

/**
 * The problems of a request body, as message ids per field (shown in the language on screen). `extra` adds checks of
 * fields the contract does not have (a password's confirmation).
 */
export function checkForm(validate: ContractValidator, body: unknown, extra: FieldMessages = {}): FormErrors {
  const fields: FormErrors['fields'] = { ...checkWith(validate, body) };
  for (const [field, messages] of Object.entries(extra)) fields[field] = [...(fields[field] ?? []), ...messages];
  return { form: [], fields };
}

/** A FormData entry as trimmed text ('' for a missing or file entry). */
export function text(data: FormData, name: string, trim = true): string {
  const value = data.get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}
