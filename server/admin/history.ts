// Each record's history beyond its audit entries (docs/decisions/040-staff-queues-and-history.md): the e-mails an
// application's applicant was sent (the outbox rows queued with it), and the audit log as CSV, for one record or for
// a range of Puerto Rico days, oldest first, read in keyset batches.
import { and, asc, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applications, auditLog, mailOutbox } from '#server/db/schema.ts';
import { fieldErrors, notFound } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { withinDays } from './applications.ts';
import { selectEntries } from './audit.ts';
import { toCsv } from './csv.ts';

type Schemas = components['schemas'];

/** An application's timeline shows at most this many e-mails, the newest. */
const MAIL_SHOWN = 200;
/** A date range's CSV covers at most a year (and a day). */
const MAX_RANGE_DAYS = 366;

export async function listApplicationMail(db: Db, id: number): Promise<Schemas['AdminApplicationMailList']> {
  const [exists] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, id)).limit(1);
  if (!exists) throw notFound();
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.application_id, id))
    .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
    .limit(MAIL_SHOWN);
  return {
    results: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      template: row.template,
      language: row.language === 'en' ? 'en' : 'es',
      created_at: row.created_at.toISOString(),
      sent_at: row.sent_at?.toISOString() ?? null,
      state: row.sent_at !== null ? 'sent' : row.failed_at !== null ? 'failed' : 'waiting',
    })),
  };
}

export interface AuditExportQuery {
  record_type?: Schemas['AuditRecordType'] | undefined;
  record_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One record (type and id together) or a range of days (from and to together, at most MAX_RANGE_DAYS): else 400. */
function exportScope(query: AuditExportQuery): SQL[] {
  const record = query.record_type !== undefined || query.record_id !== undefined;
  const range = query.from !== undefined || query.to !== undefined;
  if (record && !range) {
    if (query.record_type === undefined) throw fieldErrors({ record_type: 'api.field.required' });
    if (query.record_id === undefined) throw fieldErrors({ record_id: 'api.field.required' });
    return [eq(auditLog.record_type, query.record_type), eq(auditLog.record_id, query.record_id)];
  }
  if (range && !record) {
    if (query.from === undefined) throw fieldErrors({ from: 'api.field.required' });
    if (query.to === undefined) throw fieldErrors({ to: 'api.field.required' });
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0) throw fieldErrors({ to: 'api.audit.rangeBackwards' });
    if (days >= MAX_RANGE_DAYS) throw fieldErrors({ to: { id: 'api.audit.rangeTooLong', params: { days: MAX_RANGE_DAYS } } });
    return withinDays(auditLog.at, query.from, query.to);
  }
  throw fieldErrors({ non_field_errors: 'api.audit.recordOrRange' });
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

export async function exportAuditCsv(db: Db, query: AuditExportQuery, language: Language): Promise<string> {
  const scope = exportScope(query);
  const columns = ['id', 'at', 'actor', 'actor_email', 'operation', 'record_type', 'record_id', 'before', 'after'];
  const lines: Array<Array<string | number | null>> = [];
  // Keyset batches on the id, the order entries were written (the range is found by audit_log_at_idx, one record by
  // audit_log_record_key).
  let after = 0;
  for (;;) {
    const batch = await selectEntries(db)
      .where(and(...scope, gt(auditLog.id, after)))
      .orderBy(asc(auditLog.id))
      .limit(500);
    for (const row of batch) {
      lines.push([
        row.id,
        row.at.toISOString(),
        `${row.actor_first ?? ''} ${row.actor_last ?? ''}`.trim() || null,
        row.actor_email,
        row.operation,
        row.record_type,
        row.record_id,
        json(row.before),
        json(row.after),
      ]);
    }
    const last = batch.at(-1);
    if (!last || batch.length < 500) break;
    after = last.id;
  }
  return toCsv(columns.map((column) => translate(language, `admin.audit.csv.${column}`)), lines);
}

/** The file's name: the record's, or the range's. */
export const auditCsvName = (query: AuditExportQuery, language: Language): string =>
  query.record_type !== undefined
    ? `${translate(language, 'admin.audit.csvName')}-${query.record_type}-${query.record_id ?? ''}.csv`
    : `${translate(language, 'admin.audit.csvName')}-${query.from ?? ''}-${query.to ?? ''}.csv`;
