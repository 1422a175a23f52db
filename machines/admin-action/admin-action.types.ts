// Types of the admin-action machine: one staff action on a record (grant staff, deactivate, send a reset link...),
// confirmed first when it is destructive, then sent; the server's refusal and a failed call are told apart.

/** Which action, on which record, with which value: the real actor (src/actors) maps it to an API call. */
export interface AdminActionRequest {
  action: string;
  targetId: number;
  value?: boolean;
  /** The whole record to write, for actions that save a form (an event's fields). */
  payload?: unknown;
  /** The record's parent, when its address needs it (a registration's event). */
  parentId?: number;
}

/**
 * How a perform call fails: `status` 0 when the server never answered. A 4xx with a body is the server refusing
 * the action itself (trying again cannot help); no answer, a 5xx, 408 or 429 is a failure worth retrying.
 */
export interface AdminActionError {
  status: number;
  body?: unknown;
}

export interface AdminActionContext {
  request: AdminActionRequest | null;
  /** The server's answer on success (the record as it is now). */
  result: unknown;
  /** The server's body when it refused or failed (already localized), null when it never answered. */
  error: { kind: 'refused' | 'failed'; body: unknown } | null;
}

export type AdminActionEvent =
  /** `confirm: true` for a destructive action: a dialog asks first. */
  | { type: 'action.request'; request: AdminActionRequest; confirm: boolean }
  /**
   * The person confirmed. A dialog that is a form (a change request's steps and message, a decision's reason) sends
   * what was filled in as `payload`, which replaces the request's.
   */
  | { type: 'action.confirm'; payload?: unknown }
  | { type: 'action.cancel' }
  | { type: 'action.retry' }
  | { type: 'action.dismiss' };
