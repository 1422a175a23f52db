// Server data and words of a record's history (docs/decisions/040-staff-queues-and-history.md): its audit entries
// (newest first, keyset pages), an application's e-mails, the audit CSV, and the name of each audited operation.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { api } from '#api/client';
import { ApiError, unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import type { components } from '#api/schema';

type Schemas = components['schemas'];
export type AuditRecordType = Schemas['AuditRecordType'];
export type AuditEntry = Schemas['AuditEntry'];
export type ApplicationMail = Schemas['AdminApplicationMail'];

/** The area's queries a change refreshes (['admin', area]) hold its records' histories too. */
const AREA: Record<AuditRecordType, string> = {
  application: 'applications',
  program: 'programs',
  event: 'events',
  event_registration: 'events',
  news: 'news',
  user: 'users',
  drive_node: 'programs',
  rubric: 'programs',
};

export const historyKeys = {
  audit: (type: AuditRecordType, id: number) => ['admin', AREA[type], 'history', type, id] as const,
  mail: (id: number) => ['admin', 'applications', 'mail', id] as const,

};

export const recordAuditQueryOptions = (type: AuditRecordType, id: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.audit(type, id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      unwrap(api.GET('/admin/audit', { params: { query: { record_type: type, record_id: id, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) } }, signal })),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** Every entry of a record, newest first (the printed application carries the whole history: pages of 100). */
export const wholeAuditQueryOptions = (type: AuditRecordType, id: number) =>
  queryOptions({
    queryKey: [...historyKeys.audit(type, id), 'whole'] as const,
    queryFn: async ({ signal }) => {
      const entries: AuditEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(api.GET('/admin/audit', { params: { query: { record_type: type, record_id: id, limit: 100, ...(cursor ? { cursor } : {}) } }, signal }));
        entries.push(...page.results);
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
      return entries;
    },
  });

export const applicationMailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: historyKeys.mail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/applications/{id}/mail', { params: { path: { id } }, signal })),
  });

/** Downloads one record's audit entries as CSV (the server names the file). */
export async function downloadRecordAudit(type: AuditRecordType, id: number, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/audit/export.csv', { params: { query: { record_type: type, record_id: id } }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}

/** Downloads every audit entry of a range of Puerto Rico days as CSV. */
export async function downloadAuditRange(from: string, to: string, fallbackName: string): Promise<void> {
  const { data, error, response } = await api.GET('/admin/audit/export.csv', { params: { query: { from, to } }, parseAs: 'blob' });
  // A refused range (backwards, too long) answers field errors the form shows.
  if (!response.ok) throw new ApiError(response.status, error ?? null);
  saveBlob(data, response, fallbackName);
}

/** What each audited operation did, as the timeline says it (an operation not named here reads as a change). */
export const operationNames: Record<string, MessageDescriptor> = defineMessages({
  addAdminApplicationNote: { id: 'admin.history.op.addAdminApplicationNote' },
  confirmAdminApplicationApproval: { id: 'admin.history.op.confirmAdminApplicationApproval' },
  declareAdminApplicationConflict: { id: 'admin.history.op.declareAdminApplicationConflict' },
  markNotSame: { id: 'admin.history.op.markNotSame' },
  unmarkNotSame: { id: 'admin.history.op.unmarkNotSame' },
  createAdminEvent: { id: 'admin.history.op.createAdminEvent' },
  createAdminNews: { id: 'admin.history.op.createAdminNews' },
  createAdminProgram: { id: 'admin.history.op.createAdminProgram' },
  decideAdminApplication: { id: 'admin.history.op.decideAdminApplication' },
  deleteAdminApplicationNote: { id: 'admin.history.op.deleteAdminApplicationNote' },
  deleteAdminNews: { id: 'admin.history.op.deleteAdminNews' },
  rejectAdminApplicationDocument: { id: 'admin.history.op.rejectAdminApplicationDocument' },
  requestAdminApplicationChanges: { id: 'admin.history.op.requestAdminApplicationChanges' },
  sendAdminUserPasswordReset: { id: 'admin.history.op.sendAdminUserPasswordReset' },
  setAdminApplicationReviewer: { id: 'admin.history.op.setAdminApplicationReviewer' },
  setAdminApplicationScore: { id: 'admin.history.op.setAdminApplicationScore' },
  setAdminApplicationStatus: { id: 'admin.history.op.setAdminApplicationStatus' },
  setAdminNewsPublished: { id: 'admin.history.op.setAdminNewsPublished' },
  setAdminUserActive: { id: 'admin.history.op.setAdminUserActive' },
  setAdminUserStaff: { id: 'admin.history.op.setAdminUserStaff' },
  startAdminApplicationReview: { id: 'admin.history.op.startAdminApplicationReview' },
  submitApplication: { id: 'admin.history.op.submitApplication' },
  updateAdminApplicationNote: { id: 'admin.history.op.updateAdminApplicationNote' },
  updateAdminEvent: { id: 'admin.history.op.updateAdminEvent' },
  updateAdminNews: { id: 'admin.history.op.updateAdminNews' },
  updateAdminProgram: { id: 'admin.history.op.updateAdminProgram' },
  verifyAdminApplicationDocument: { id: 'admin.history.op.verifyAdminApplicationDocument' },
});

export const historyMessages: Record<'otherChange' | 'mailState_sent' | 'mailState_waiting' | 'mailState_failed', MessageDescriptor> = defineMessages({
  otherChange: { id: 'admin.history.op.other' },
  mailState_sent: { id: 'admin.history.mail.sent' },
  mailState_waiting: { id: 'admin.history.mail.waiting' },
  mailState_failed: { id: 'admin.history.mail.failed' },
});

/** The fields an entry's words already cover: the rest are listed by name. */
export const REASON_FIELDS = ['decision_reason', 'change_message', 'verdict_reason'] as const;
