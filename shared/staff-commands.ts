// Staff's writes as typed commands (docs/decisions/035-review-screen-on-its-machine.md): a union keyed by the
// contract's operationId, each with that operation's path parameters and request body from the generated
// src/api/schema.d.ts, so a screen cannot send a body the contract does not describe. The machines carry these
// commands; src/actors/staff-commands.ts is the one place that turns each into its API call.
import type { operations } from '#api/schema.d.ts';

/**
 * Every staff write the screens make, by operationId: the review's, the users', events' and news' actions, scores and
 * notes, programs and rubrics, the bulk review and the admin drive's changes. A file's upload into the drive is the
 * one write left out: it goes with its progress through the upload machine (src/actors/upload-file.ts).
 */
export const STAFF_OPERATIONS = [
  'setAdminUserStaff',
  'setAdminUserActive',
  'sendAdminUserPasswordReset',
  'endAdminUserSession',
  'endAdminUserSessions',
  'createAdminEvent',
  'updateAdminEvent',
  'setAdminRegistrationAttended',
  'createAdminNews',
  'updateAdminNews',
  'setAdminNewsPublished',
  'deleteAdminNews',
  'setAdminApplicationStatus',
  'setAdminApplicationReviewer',
  'startAdminApplicationReview',
  'requestAdminApplicationChanges',
  'decideAdminApplication',
  'confirmAdminApplicationApproval',
  'declareAdminApplicationConflict',
  'verifyAdminApplicationDocument',
  'rejectAdminApplicationDocument',
  'deleteAdminApplicationNote',
  'markAdminApplicationNotSame',
  'unmarkAdminApplicationNotSame',
  'bulkAdminApplications',
  'setAdminApplicationScore',
  'addAdminApplicationNote',
  'updateAdminApplicationNote',
  'createAdminProgram',
  'updateAdminProgram',
  'setAdminRubric',
  'createAdminDriveFolder',
  'updateAdminDriveNode',
  'deleteAdminDriveNode',
] as const satisfies ReadonlyArray<keyof operations>;

export type StaffOperationId = (typeof STAFF_OPERATIONS)[number];

/** An operation's path parameters (`never` when it has none). */
type PathOf<Op> = Op extends { parameters: { path: infer Path } } ? Path : never;
/** An operation's JSON body (`never` when it takes none). */
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;
/** What a successful call answers (`null` for 204). */
type ResultOf<Op> = Op extends { responses: { 200: { content: { 'application/json': infer Result } } } }
  ? Result
  : Op extends { responses: { 201: { content: { 'application/json': infer Result } } } }
    ? Result
    : null;

type Part<Name extends string, Value> = [Value] extends [never] ? Record<never, never> : Record<Name, Value>;

/** One command per operation: `{ operationId, path?, body? }`, the parts the operation has. */
export type StaffCommandMap = {
  [K in StaffOperationId]: { operationId: K } & Part<'path', PathOf<operations[K]>> & Part<'body', BodyOf<operations[K]>>;
};
export type StaffCommand<K extends StaffOperationId = StaffOperationId> = { [P in K]: StaffCommandMap[P] }[K];

/** What each operation answers on success. */
export type StaffResultMap = { [K in StaffOperationId]: ResultOf<operations[K]> };

/** A command with its answer, keyed by operationId too, so narrowing the one narrows the other. */
export type StaffOutcome<K extends StaffOperationId = StaffOperationId> = {
  [P in K]: { operationId: P; command: StaffCommandMap[P]; result: StaffResultMap[P] };
}[K];

/**
 * How a staff call fails: `status` 0 when the server never answered. A 4xx with a body is the server refusing the
 * action itself (trying again cannot help); no answer, a 5xx, 408 or 429 is a failure worth retrying.
 */
export interface StaffCallError {
  status: number;
  body?: unknown;
}

/** A failure worth retrying: no answer, the server failed or was busy. */
export function isTransientFailure(error: StaffCallError): boolean {
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429 || error.body === undefined;
}

/** Whatever a call threw, as a StaffCallError (an unknown throw is "no answer"). */
export const asStaffCallError = (error: unknown): StaffCallError =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? { status: error.status, ...('body' in error ? { body: error.body } : {}) }
    : { status: 0 };

/**
 * The server's error body of a failed staff command (undefined when it never answered): what a staff screen hands
 * src/lib/form-errors.ts, which words the body's message ids in the language on screen.
 */
export const staffErrorBody = (error: unknown): unknown => asStaffCallError(error).body;
