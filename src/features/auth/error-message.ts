// docs/product.md section 8: the one message shown for a failed login, password-reset request or reset confirmation.

function firstString(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const first: unknown = value[0];
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/** Keys of an error body that are not a field's messages (docs/product.md section 11's error shapes). */
const notFields = new Set(['non_field_errors', 'detail', 'code']);

/** The first message of the first field the server named, in the order it named them. */
function firstFieldMessage(body: object): string | undefined {
  for (const [key, value] of Object.entries(body)) {
    if (notFields.has(key)) continue;
    const message = firstString(value);
    if (message !== undefined) return message;
  }
  return undefined;
}

/**
 * The first available of: the first item of an array response, the first `non_field_errors` entry,
 * the `detail` field, the first message of a field the server named, or `fallback` (the localized
 * 'Try Again Later'). A field's message before the fallback: when the server said what is wrong, the toast
 * says the same as the form instead of a misleading 'try later'.
 */
export function authErrorMessage(body: unknown, fallback: string): string {
  const fromArray = firstString(body);
  if (fromArray !== undefined) return fromArray;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const nonField = 'non_field_errors' in body ? firstString(body.non_field_errors) : undefined;
    if (nonField !== undefined) return nonField;
    if ('detail' in body && typeof body.detail === 'string' && body.detail !== '') return body.detail;
    const field = firstFieldMessage(body);
    if (field !== undefined) return field;
  }
  return fallback;
}
