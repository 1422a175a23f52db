// Errors that services throw on purpose. The central error handler (error-handler.ts) localizes and sends them
// in the DESIGN.md shapes: {detail, code?} for one message, {field: [..]} for field errors.
import type { MessageParams } from '#server/i18n/messages.ts';

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
    public readonly body: { detail: Message; code?: string; extra?: Record<string, unknown> } | { fields: FieldErrors },
    public readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body ? body.detail.id : Object.keys(body.fields).join(','));
    this.name = 'AppError';
  }
}

export const msg = (id: string, params?: MessageParams): Message => (params ? { id, params } : { id });

/** One message for the whole request: `{detail}`, with an optional machine-readable code. */
export const detailError = (statusCode: number, id: string, code?: string, params?: MessageParams): AppError =>
  new AppError(statusCode, code ? { detail: msg(id, params), code } : { detail: msg(id, params) });

/** Field errors: `{field: [messages]}` (use the key `non_field_errors` for form-wide messages). */
export const fieldErrors = (fields: Record<string, string | Message | Array<string | Message>>, statusCode = 400): AppError => {
  const normalized: FieldErrors = {};
  for (const [field, value] of Object.entries(fields)) {
    const list = Array.isArray(value) ? value : [value];
    normalized[field] = list.map((m) => (typeof m === 'string' ? msg(m) : m));
  }
  return new AppError(statusCode, { fields: normalized });
};

/** `{detail, code, ...extra}`: one message with more fields the contract documents for this answer. */
export const detailErrorWith = (statusCode: number, id: string, code: string, extra: Record<string, unknown>): AppError =>
  new AppError(statusCode, { detail: msg(id), code, extra });

export const notFound = (): AppError => detailError(404, 'api.error.notFound', 'not_found');
export const forbidden = (): AppError => detailError(403, 'api.error.forbidden', 'permission_denied');
export const notAuthenticated = (): AppError => detailError(401, 'api.error.notAuthenticated', 'not_authenticated');
