// docs/product.md section 8: the one message shown for a failed login, password-reset request or reset confirmation.

function firstString(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const first: unknown = value[0];
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * The first available of: the first item of an array response, the first `non_field_errors` entry,
 * the `detail` field, or `fallback` (the localized 'Try Again Later').
 */
export function authErrorMessage(body: unknown, fallback: string): string {
  const fromArray = firstString(body);
  if (fromArray !== undefined) return fromArray;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const nonField = 'non_field_errors' in body ? firstString(body.non_field_errors) : undefined;
    if (nonField !== undefined) return nonField;
    if ('detail' in body && typeof body.detail === 'string' && body.detail !== '') return body.detail;
  }
  return fallback;
}
