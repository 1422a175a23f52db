// The contract's error codes (components/schemas/ErrorCode in openapi.yaml) as the machines read them from a body.
import type { components } from '#api/schema.d.ts';

export type ErrorCode = components['schemas']['ErrorCode'];

/**
 * Every code, for reading a body at run time (the generated types hold no values). The two checks below fail the
 * type check when this list and the contract's enum drift apart, in either direction.
 */
export const ERROR_CODES = [
  'invalid',
  'reset_link_invalid',
  'email_link_invalid',
  'captcha_invalid',
  'steps_incomplete',
  'malformed',
  'not_authenticated',
  'no_active_account',
  'token_not_valid',
  'permission_denied',
  'own_application',
  'conflict_of_interest',
  'proposer_cannot_confirm',
  'not_found',
  'survey_not_answered',
  'program_unavailable',
  'event_unavailable',
  'timeout',
  'program_closed',
  'application_submitted',
  'application_closed',
  'application_not_submitted',
  'version_conflict',
  'review_not_allowed',
  'appeal_text_missing',
  'step_locked',
  'sub_program_locked',
  'conflict_not_declared',
  'documents_unverified',
  'document_not_replaced',
  'registration_duplicate',
  'duplicate_not_flagged',
  'duplicate_own_account',
  'self_protected',
  'last_staff',
  'account_inactive',
  'too_large',
  'file_too_large',
  'quota_exceeded',
  'unsupported_media_type',
  'throttled',
  'database_unavailable',
  'not_ready',
  'server_error',
  'second_factor_required',
  'second_factor_challenge_invalid',
  'second_factor_code_invalid',
  'second_factor_exists',
  'second_factor_not_enrolled',
  'passkey_invalid',
  'passkey_limit',
] as const satisfies readonly ErrorCode[];

type Missing = Exclude<ErrorCode, (typeof ERROR_CODES)[number]>;
/** `never` unless the contract has a code the list lacks. */
export const everyCodeListed: [Missing] extends [never] ? true : Missing = true;

/** The `code` of a server's error body (`version_conflict`, `application_closed`...), or null when it has none. */
export function serverErrorCode(body: unknown): ErrorCode | null {
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  const { code } = body;
  return ERROR_CODES.find((known) => known === code) ?? null;
}
