// Splits an error body (docs/product.md section 11 shapes) into messages for the form as a whole and per field. A
// message is kept as its id and values when they are known (a check of the browser, or the body's `messages`), so it
// is worded in the language on screen each time it is shown (docs/decisions/014-one-set-of-rules.md).
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { FieldMessages, MessageRef } from '#shared/validation/field-messages';

/** A message to show: an id of locales/*.json with its values, or a text as the server sent it. */
export type ErrorText = string | MessageRef;

export interface FormErrors {
  /** Messages about the whole form: `detail`, `non_field_errors`, a bare array, or fields the form lacks. */
  form: ErrorText[];
  /** Messages per field name, in the order they came. */
  fields: Record<string, ErrorText[]>;
}

export const noErrors: FormErrors = { form: [], fields: {} };

export function hasErrors(errors: FormErrors): boolean {
  return errors.form.length > 0 || Object.keys(errors.fields).length > 0;
}

/**
 * A message id that is data, not code: named by openapi.yaml (`x-message`, `x-message-required`) or by
 * shared/validation/field-messages.ts, whose ids tests/unit/locales.test.ts checks in both catalogs.
 */
const descriptorOf = (message: MessageRef): MessageDescriptor => ({ id: message.id });

/** The words of a message in the language in force. */
export function errorText(intl: IntlShape, message: ErrorText): string {
  return typeof message === 'string' ? message : intl.formatMessage(descriptorOf(message), message.values);
}

/** A stable key for a message (React lists). */
export const errorKey = (message: ErrorText): string => (typeof message === 'string' ? message : `${message.id}:${JSON.stringify(message.values ?? {})}`);

const isMessageRef = (value: unknown): value is MessageRef =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/** The `messages` of a body: message ids per key (`detail`, `non_field_errors` or a field), when it carries them. */
function messageIdsOf(body: Record<string, unknown>): Record<string, MessageRef[]> {
  const messages = body.messages;
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) return {};
  const found: Record<string, MessageRef[]> = {};
  for (const [key, list] of Object.entries(messages)) {
    const refs = Array.isArray(list) ? list.filter(isMessageRef) : [];
    if (refs.length > 0) found[key] = refs;
  }
  return found;
}

/**
 * `knownFields` are the names the form shows; messages for any other key go to `form` so none is lost.
 * `fallback` ('Try Again Later') stands in when the body says nothing usable (network failure, 5xx).
 */
export function toFormErrors(body: unknown, knownFields: readonly string[], fallback: ErrorText): FormErrors {
  const result: FormErrors = { form: [], fields: {} };
  if (Array.isArray(body)) {
    result.form.push(...strings(body));
  } else if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    const ids = messageIdsOf(record);
    const keys = [...new Set([...Object.keys(ids), ...Object.keys(record)])];
    for (const key of keys) {
      if (key === 'code' || key === 'messages') continue; // for machines, not for people
      const list: ErrorText[] = ids[key] ?? (key === 'detail' ? strings([record.detail]) : strings(record[key]));
      if (list.length === 0) continue;
      if (key === 'detail' || key === 'non_field_errors' || !knownFields.includes(key)) result.form.push(...list);
      else result.fields[key] = list;
    }
  }
  if (!hasErrors(result)) result.form.push(fallback);
  return result;
}

/** The body a check of the browser gives a form, shaped as the server's field errors (`code`, `messages`). */
export const localFieldErrors = (messages: FieldMessages): { code: 'invalid'; messages: FieldMessages } => ({ code: 'invalid', messages });

/** Whether a body carries messages about particular fields (anything beyond detail / non_field_errors). */
export function hasFieldErrors(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const ids = messageIdsOf(body as Record<string, unknown>);
  return [...Object.keys(body), ...Object.keys(ids)].some((key) => !['detail', 'code', 'non_field_errors', 'messages'].includes(key));
}
