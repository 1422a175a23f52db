// Splits a server error body (docs/product.md section 11 shapes) into messages for the form as a whole and per field.

export interface FormErrors {
  /** Messages about the whole form: `detail`, `non_field_errors`, a bare array, or fields the form lacks. */
  form: string[];
  /** Messages per field name, in the order the server sent them. */
  fields: Record<string, string[]>;
}

export const noErrors: FormErrors = { form: [], fields: {} };

export function hasErrors(errors: FormErrors): boolean {
  return errors.form.length > 0 || Object.keys(errors.fields).length > 0;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/**
 * `knownFields` are the names the form shows; messages for any other key go to `form` so none is lost.
 * `fallback` (the localized 'Try Again Later') stands in when the body says nothing usable (network failure, 5xx).
 */
export function toFormErrors(body: unknown, knownFields: readonly string[], fallback: string): FormErrors {
  const result: FormErrors = { form: [], fields: {} };
  if (Array.isArray(body)) {
    result.form.push(...strings(body));
  } else if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body)) {
      if (key === 'detail') {
        if (typeof value === 'string' && value !== '') result.form.push(value);
      } else if (key === 'code') {
        // A machine-readable code that goes with `detail`: not for people.
      } else if (key === 'non_field_errors') {
        result.form.push(...strings(value));
      } else if (knownFields.includes(key)) {
        const list = strings(value);
        if (list.length > 0) result.fields[key] = list;
      } else {
        result.form.push(...strings(value));
      }
    }
  }
  if (!hasErrors(result)) result.form.push(fallback);
  return result;
}

/** Whether a body carries messages about particular fields (anything beyond detail / non_field_errors). */
export function hasFieldErrors(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return Object.keys(body).some((key) => key !== 'detail' && key !== 'code' && key !== 'non_field_errors');
}
