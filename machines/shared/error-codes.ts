// The contract's error codes (components/schemas/ErrorCode in openapi.yaml) as the machines read them from a body.
import type { components } from '#api/schema.d.ts';
import { ERROR_CODE_VALUES } from '#shared/contract-enums.ts';

export type ErrorCode = components['schemas']['ErrorCode'];

/** Every code, for reading a body at run time (the generated types hold no values): the contract's own list. */
export const ERROR_CODES = ERROR_CODE_VALUES;

/** The `code` of a server's error body (`version_conflict`, `application_closed`...), or null when it has none. */
export function serverErrorCode(body: unknown): ErrorCode | null {
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  const { code } = body;
  return ERROR_CODES.find((known) => known === code) ?? null;
}
