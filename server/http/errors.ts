// Errors that services throw on purpose. The central error handler (error-handler.ts) localizes and sends them
// in the shapes of docs/decisions/011-error-codes-in-the-contract.md: {detail, code} for one message,
// {field: [..], code} for field errors.
import type { components } from '#api/schema.d.ts';
import type { MessageParams } from '#server/i18n/messages.ts';

/** The contract's enum (components/schemas/ErrorCode in openapi.yaml): a code not in it fails the type check. */
export type ErrorCode = components['schemas']['ErrorCode'];

/** A message id from locales/*.json with its ICU parameters: services never hold translated prose. */
export interface Message {
  id: string;
  params?: MessageParams;
}

export type FieldErrors = Record<string, Message[]>;

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    /** `extra` adds documented fields beside detail and code (e.g. `current` of a version conflict). */
    public readonly body: { detail: Message; code: ErrorCode; extra?: Record<string, unknown> } | { fields: FieldErrors; code: ErrorCode },
    public readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body ? body.detail.id : Object.keys(body.fields).join(','));
    this.name = 'AppError';
  }
}

export const msg = (id: string, params?: MessageParams): Message => (params ? { id, params } : { id });

/** One message for the whole request: `{detail, code}`. */
export const detailError = (statusCode: number, id: string, code: ErrorCode, params?: MessageParams): AppError =>
  new AppError(statusCode, { detail: msg(id, params), code });

/** A refusal whose one problem is the captcha (unsolved, expired or spent) is `captcha_invalid`. */
const onlyCaptcha = (fields: Record<string, unknown>): boolean => Object.keys(fields).join() === 'captcha';

/**
 * Field errors: 400 `{field: [messages], code}` (use the key `non_field_errors` for form-wide messages); `code` is
 * `invalid` unless the whole answer means something more precise (`captcha_invalid` when the captcha is the one
 * problem, `steps_incomplete`).
 */
export const fieldErrors = (
  fields: Record<string, string | Message | Array<string | Message>>,
  code: ErrorCode = onlyCaptcha(fields) ? 'captcha_invalid' : 'invalid',
): AppError => {
  const normalized: FieldErrors = {};
  for (const [field, value] of Object.entries(fields)) {
    const list = Array.isArray(value) ? value : [value];
    normalized[field] = list.map((m) => (typeof m === 'string' ? msg(m) : m));
  }
  return new AppError(400, { fields: normalized, code });
};

/** `{detail, code, ...extra}`: one message with more fields the contract documents for this answer. */
export const detailErrorWith = (statusCode: number, id: string, code: ErrorCode, extra: Record<string, unknown>): AppError =>
  new AppError(statusCode, { detail: msg(id), code, extra });

export const notFound = (): AppError => detailError(404, 'api.error.notFound', 'not_found');
export const forbidden = (): AppError => detailError(403, 'api.error.forbidden', 'permission_denied');
export const notAuthenticated = (): AppError => detailError(401, 'api.error.notAuthenticated', 'not_authenticated');
