// The one write path of staff's screens (docs/decisions/035-review-screen-on-its-machine.md): each typed command of
// shared/staff-commands.ts becomes its API call here, and a failure becomes a StaffCallError the machines sort into
// refused (the server said no) or failed (worth trying again). The admin-action, review and bulk-review machines, the
// admin drive's changes and the scoring, notes, programs and rubrics screens all call `performStaffCommand`; nothing
// else writes for staff (but a drive file's upload, which goes with its progress: src/actors/upload-file.ts).
import { api } from '#api/client';
import { ApiError, unwrap, withMessageIds } from '#api/errors';
import type { StaffCallError, StaffCommand, StaffCommandMap, StaffOperationId, StaffOutcome, StaffResultMap } from '#shared/staff-commands';

/** A 204 answer: no body, which unwrap would read as a failure. */
async function noContent(call: Promise<{ response: Response; error?: unknown }>): Promise<null> {
  const { response, error } = await call.catch(() => {
    throw new ApiError(0, undefined);
  });
  if (!response.ok) throw new ApiError(response.status, withMessageIds(error, response));
  return null;
}

const performers: { [K in StaffOperationId]: (command: StaffCommandMap[K]) => Promise<StaffResultMap[K]> } = {
  setAdminUserStaff: ({ path, body }) => unwrap(api.PUT('/admin/users/{id}/staff', { params: { path }, body })),
  setAdminUserActive: ({ path, body }) => unwrap(api.PUT('/admin/users/{id}/active', { params: { path }, body })),
  sendAdminUserPasswordReset: ({ path }) => unwrap(api.POST('/admin/users/{id}/password-reset', { params: { path } })),
  endAdminUserSession: ({ path }) => noContent(api.DELETE('/admin/users/{id}/sessions/{sessionId}', { params: { path } })),
  endAdminUserSessions: ({ path }) => unwrap(api.DELETE('/admin/users/{id}/sessions', { params: { path } })),
  createAdminEvent: ({ body }) => unwrap(api.POST('/admin/events', { body })),
  updateAdminEvent: ({ path, body }) => unwrap(api.PUT('/admin/events/{id}', { params: { path }, body })),
  setAdminRegistrationAttended: ({ path, body }) => unwrap(api.PUT('/admin/events/{id}/registrations/{registrationId}/attended', { params: { path }, body })),
  createAdminNews: ({ body }) => unwrap(api.POST('/admin/news', { body })),
  updateAdminNews: ({ path, body }) => unwrap(api.PUT('/admin/news/{id}', { params: { path }, body })),
  setAdminNewsPublished: ({ path, body }) => unwrap(api.PUT('/admin/news/{id}/published', { params: { path }, body })),
  deleteAdminNews: ({ path }) => noContent(api.DELETE('/admin/news/{id}', { params: { path } })),
  setAdminApplicationStatus: ({ path, body }) => unwrap(api.PUT('/admin/applications/{id}/status', { params: { path }, body })),
  setAdminApplicationReviewer: ({ path, body }) => unwrap(api.PUT('/admin/applications/{id}/reviewer', { params: { path }, body })),
  startAdminApplicationReview: ({ path }) => unwrap(api.POST('/admin/applications/{id}/review/start', { params: { path } })),
  requestAdminApplicationChanges: ({ path, body }) => unwrap(api.POST('/admin/applications/{id}/review/changes', { params: { path }, body })),
  decideAdminApplication: ({ path, body }) => unwrap(api.POST('/admin/applications/{id}/review/decision', { params: { path }, body })),
  confirmAdminApplicationApproval: ({ path }) => unwrap(api.POST('/admin/applications/{id}/review/decision/confirm', { params: { path } })),
  declareAdminApplicationConflict: ({ path, body }) => unwrap(api.PUT('/admin/applications/{id}/conflict', { params: { path }, body })),
  verifyAdminApplicationDocument: ({ path }) => unwrap(api.POST('/admin/applications/{id}/documents/{fileId}/verify', { params: { path } })),
  rejectAdminApplicationDocument: ({ path, body }) => unwrap(api.POST('/admin/applications/{id}/documents/{fileId}/reject', { params: { path }, body })),
  deleteAdminApplicationNote: ({ path }) => noContent(api.DELETE('/admin/applications/{id}/notes/{noteId}', { params: { path } })),
  markAdminApplicationNotSame: ({ path }) => unwrap(api.PUT('/admin/applications/{id}/duplicates/{otherId}/not-same', { params: { path } })),
  unmarkAdminApplicationNotSame: ({ path }) => unwrap(api.DELETE('/admin/applications/{id}/duplicates/{otherId}/not-same', { params: { path } })),
  bulkAdminApplications: ({ body }) => unwrap(api.POST('/admin/applications/bulk', { body })),
  setAdminApplicationScore: ({ path, body }) => unwrap(api.PUT('/admin/applications/{id}/scores', { params: { path }, body })),
  addAdminApplicationNote: ({ path, body }) => unwrap(api.POST('/admin/applications/{id}/notes', { params: { path }, body })),
  updateAdminApplicationNote: ({ path, body }) => unwrap(api.PUT('/admin/applications/{id}/notes/{noteId}', { params: { path }, body })),
  createAdminProgram: ({ body }) => unwrap(api.POST('/admin/programs', { body })),
  updateAdminProgram: ({ path, body }) => unwrap(api.PUT('/admin/programs/{id}', { params: { path }, body })),
  setAdminRubric: ({ path, body }) => unwrap(api.PUT('/admin/rubrics/{sub_program}', { params: { path }, body })),
  createAdminDriveFolder: ({ path, body }) => unwrap(api.POST('/admin/programs/{id}/drive/folders', { params: { path }, body })),
  updateAdminDriveNode: ({ path, body }) => unwrap(api.PATCH('/admin/programs/{id}/drive/nodes/{nodeId}', { params: { path }, body })),
  deleteAdminDriveNode: ({ path }) => noContent(api.DELETE('/admin/programs/{id}/drive/nodes/{nodeId}', { params: { path } })),
};

/** Sends one command; rejects with a StaffCallError (status 0 when the server never answered). */
export async function performStaffCommand<K extends StaffOperationId>(command: StaffCommand<K> & { operationId: K }): Promise<StaffResultMap[K]> {
  const perform: (command: StaffCommandMap[K]) => Promise<StaffResultMap[K]> = performers[command.operationId];
  try {
    return await perform(command);
  } catch (error) {
    throw (error instanceof ApiError ? { status: error.status, ...(error.body === undefined || error.body === null ? {} : { body: error.body }) } : { status: 0 }) satisfies StaffCallError;
  }
}

/** Sends one command and answers with the command beside the server's result (the admin-action machine's outcome). */
export async function sendStaffCommand<K extends StaffOperationId>(command: StaffCommand<K>): Promise<StaffOutcome<K>> {
  const result = await performStaffCommand(command);
  return { operationId: command.operationId, command, result };
}
