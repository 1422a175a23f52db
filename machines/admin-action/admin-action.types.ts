// Types of the admin-action machine: one staff action on a record (grant staff, deactivate, send a reset link...),
// confirmed first when it is destructive, then sent; the server's refusal and a failed call are told apart. The
// action is a typed command of the contract (shared/staff-commands.ts), never a name and an untyped payload.
import type { StaffCallError, StaffCommand, StaffOutcome } from '#shared/staff-commands.ts';

export type { StaffCallError as AdminActionError };

/** Which operation, with its path and body, and the name a toast says ("Ana checked in"), when there is one. */
export interface AdminActionRequest {
  command: StaffCommand;
  label?: string;
}

export interface AdminActionContext {
  request: AdminActionRequest | null;
  /** The command with the server's answer on success (the record as it is now). */
  result: StaffOutcome | null;
  /** The server's body when it refused or failed (already localized), null when it never answered. */
  error: { kind: 'refused' | 'failed'; body: unknown } | null;
}

export type AdminActionEvent =
  /** `confirm: true` for a destructive action: a dialog asks first. */
  | { type: 'action.request'; request: AdminActionRequest; confirm: boolean }
  /**
   * The person confirmed. A dialog that is a form (a rejection's reason) sends the command it filled in, which
   * replaces the request's.
   */
  | { type: 'action.confirm'; command?: StaffCommand }
  | { type: 'action.cancel' }
  | { type: 'action.retry' }
  | { type: 'action.dismiss' };

/** What the machine tells its listeners: the server made the change (its command and answer). */
export interface AdminActionEmitted {
  type: 'action.done';
  outcome: StaffOutcome;
}
