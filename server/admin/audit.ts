// Staff's reading of the audit log (docs/decisions/021): one record's entries, newest first, and the rows the CSV
// reads (server/admin/history.ts). The log is written by server/audit/log.ts, in the transaction of each change.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, users } from '#server/db/schema.ts';
import type { AuditRecordType } from '#server/audit/log.ts';
import { DEFAULT_PAGE_SIZE, decodeCursor, encodeCursor, splitPage, type PageRequest } from './keyset.ts';

type Schemas = components['schemas'];

/** Audit entries with their actor's name (the list and the CSV, server/admin/history.ts, read the same columns). */
export const selectEntries = (db: Pick<Db, 'select'>) =>
  db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      operation: auditLog.operation,
      record_type: auditLog.record_type,
      record_id: auditLog.record_id,
      before: auditLog.before,
      after: auditLog.after,
      actor_id: users.id,
      actor_first: users.first_name,
      actor_last: users.last_name,
      actor_email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_id));

/** One record's entries, newest first, a page at a time (keyset on the entry id). */
export async function listAudit(db: Db, recordType: AuditRecordType, recordId: number, page: PageRequest): Promise<Schemas['AuditPage']> {
  const scope = `audit:${recordType}:${recordId}`;
  const cursor = decodeCursor(scope, page.cursor);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await selectEntries(db)
    .where(and(eq(auditLog.record_type, recordType), eq(auditLog.record_id, recordId), cursor ? lt(auditLog.id, cursor.id) : sql`true`))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const { rows: shown, more } = splitPage(rows, limit);
  const last = shown.at(-1);
  return {
    results: shown.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor:
        row.actor_id === null
          ? null
          : { id: row.actor_id, name: `${row.actor_first ?? ''} ${row.actor_last ?? ''}`.trim(), email: row.actor_email ?? '' },
      operation: row.operation,
      record_type: recordType,
      record_id: row.record_id,
      before: asObject(row.before),
      after: asObject(row.after),
    })),
    next_cursor: more && last ? encodeCursor(scope, { key: last.id, id: last.id }) : null,
  };
}

const asObject = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
