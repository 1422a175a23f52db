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
  createAdminEvent: { id: 'admin.history.op.createAdminEvent' },
  createAdminNews: { id: 'admin.history.op.createAdminNews' },
  createAdminProgram: { id: 'admin.history.op.createAdminProgram' },
  decideAdminApplication: { id: 'admin.history.op.decideAdminApplication' },
  deleteAdminApplicationNote: { id: 'admin.history.op.deleteAdminApplicationNote' },
  deleteAdminNews: { id: 'admin.history.op.deleteAdminNews' },
  endAdminUserSession: { id: 'admin.history.op.endAdminUserSession' },
  endAdminUserSessions: { id: 'admin.history.op.endAdminUserSessions' },
  rejectAdminApplicationDocument: { id: 'admin.history.op.rejectAdminApplicationDocument' },
  requestAdminApplicationChanges: { id: 'admin.history.op.requestAdminApplicationChanges' },
  sendAdminUserPasswordReset: { id: 'admin.history.op.sendAdminUserPasswordReset' },
  setAdminApplicationReviewer: { id: 'admin.history.op.setAdminApplicationReviewer' },
  setAdminApplicationScore: { id: 'admin.history.op.setAdminApplicationScore' },
  setAdminApplicationStatus: { id: 'admin.history.op.setAdminApplicationStatus' },
  setAdminNewsPublished: { id: 'admin.history.op.setAdminNewsPublished' },
  setAdminUserActive: { id: 'admin.history.op.setAdminUserActive' },
  setAdminUserStaff: { id: 'admin.history.op.setAdminUserStaff' },
  signApplicationForm: { id: 'admin.history.op.signApplicationForm' },
  startAdminApplicationReview: { id: 'admin.history.op.startAdminApplicationReview' },
  submitApplication: { id: 'admin.history.op.submitApplication' },
  updateAdminApplicationNote: { id: 'admin.history.op.updateAdminApplicationNote' },
  updateAdminEvent: { id: 'admin.history.op.updateAdminEvent' },
  updateAdminNews: { id: 'admin.history.op.updateAdminNews' },
  updateAdminProgram: { id: 'admin.history.op.updateAdminProgram' },
  verifyAdminApplicationDocument: { id: 'admin.history.op.verifyAdminApplicationDocument' },
  confirmAdminApplicationApproval: { id: 'admin.history.op.confirmAdminApplicationApproval' },
  markAdminApplicationNotSame: { id: 'admin.history.op.markAdminApplicationNotSame' },
  unmarkAdminApplicationNotSame: { id: 'admin.history.op.unmarkAdminApplicationNotSame' },
  setAdminRubric: { id: 'admin.history.op.setAdminRubric' },
  setAdminRegistrationAttended: { id: 'admin.history.op.setAdminRegistrationAttended' },
  retentionRemoveDraft: { id: 'admin.history.op.retentionRemoveDraft' },
});

/**
 * Entries whose operation alone says too little: a declaration says which way it went, and an approval that waits
 * for a second person (the status stays) is a proposal, not a decision.
 */
export const entryMessages: Record<'declaredConflict' | 'declaredNoConflict' | 'proposedApproval', MessageDescriptor> = defineMessages({
  declaredConflict: { id: 'admin.history.op.declaredConflict' },
  declaredNoConflict: { id: 'admin.history.op.declaredNoConflict' },
  proposedApproval: { id: 'admin.history.op.proposedApproval' },
});

export function entryMessage(entry: AuditEntry): MessageDescriptor | undefined {
  const after = entry.after ?? {};
  if (entry.operation === 'declareAdminApplicationConflict') return after.conflict === true ? entryMessages.declaredConflict : entryMessages.declaredNoConflict;
  if (entry.operation === 'decideAdminApplication' && after.approval_proposed_by != null) return entryMessages.proposedApproval;
  return operationNames[entry.operation];
}

/**
 * The fields staff edit on a record's form, by the form's own label: the history lists a changed field by that name.
 * A field not named here is the record's bookkeeping (times, who, ids), which the entry's words already say.
 */
export const fieldNames: Partial<Record<AuditRecordType, Record<string, MessageDescriptor>>> = {
  program: defineMessages({
    sub_program: { id: 'admin.programs.field.sub_program' },
    name_es: { id: 'admin.programs.field.name_es' },
    name_en: { id: 'admin.programs.field.name_en' },
    description_es: { id: 'admin.programs.field.description_es' },
    description_en: { id: 'admin.programs.field.description_en' },
    appeal_es: { id: 'admin.programs.field.appeal_es' },
    appeal_en: { id: 'admin.programs.field.appeal_en' },
    period: { id: 'admin.programs.field.period' },
    start_date: { id: 'admin.programs.field.start_date' },
    end_date: { id: 'admin.programs.field.end_date' },
    application_deadline: { id: 'admin.programs.field.application_deadline' },
    review_target_days: { id: 'admin.programs.field.review_target_days' },
    approval_needs_confirmation: { id: 'admin.history.field.approvalNeedsConfirmation' },
  }),
  event: defineMessages({
    kind: { id: 'admin.events.form.kind' },
    title_es: { id: 'admin.events.form.titleEs' },
    title_en: { id: 'admin.events.form.titleEn' },
    description_es: { id: 'admin.events.form.descriptionEs' },
    description_en: { id: 'admin.events.form.descriptionEn' },
    starts_at: { id: 'admin.events.form.startsAt' },
    ends_at: { id: 'admin.events.form.endsAt' },
    place: { id: 'admin.events.form.place' },
    link: { id: 'admin.events.form.link' },
    capacity: { id: 'admin.events.form.capacity' },
  }),
  news: defineMessages({
    title_es: { id: 'admin.news.form.titleEs' },
    title_en: { id: 'admin.news.form.titleEn' },
    body_es: { id: 'admin.news.form.bodyEs' },
    body_en: { id: 'admin.news.form.bodyEn' },
  }),
};

/** The status words of records other than applications, as their screens say them. */
export const recordStatusNames: Partial<Record<AuditRecordType, Record<string, MessageDescriptor>>> = {
  program: defineMessages({ open: { id: 'programs.status.open' }, closed: { id: 'programs.status.closed' } }),
  event: defineMessages({ open: { id: 'admin.events.status.open' }, closed: { id: 'admin.events.status.closed' } }),
};

export const historyMessages: Record<'otherChange' | 'mailState_sent' | 'mailState_waiting' | 'mailState_failed', MessageDescriptor> = defineMessages({
  otherChange: { id: 'admin.history.op.other' },
  mailState_sent: { id: 'admin.history.mail.sent' },
  mailState_waiting: { id: 'admin.history.mail.waiting' },
  mailState_failed: { id: 'admin.history.mail.failed' },
});

/** The fields that carry the reason given with an entry, shown in full. */
export const REASON_FIELDS = ['decision_reason', 'approval_reason', 'change_message', 'verdict_reason'] as const;
