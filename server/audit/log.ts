// The audit log (docs/decisions/021): every staff change, and the applicant's own change of an application's status,
// writes who, which operation, which record, when, and the changed fields before and after, in the SAME transaction as
// the change. Every service that changes a record writes through here; staff read the log with server/admin/audit.ts.
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';

type Schemas = components['schemas'];
export type AuditRecordType = Schemas['AuditRecordType'];
/** A database handle or an open transaction: an entry is written with the change it records. */
type Writer = Pick<Db, 'insert'>;

export interface AuditChange {
  /** The staff member, or null for the portal's own scheduled work (retention: server/operations/retention.ts). */
  actorId: number | null;
  operation: string;
  recordType: AuditRecordType;
  recordId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

export async function recordAudit(tx: Writer, change: AuditChange): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: change.actorId,
    operation: change.operation,
    record_type: change.recordType,
    record_id: change.recordId,
    before: change.before,
    after: change.after,
    at: change.at,
  });
}

/** An application's change of status (docs/decisions/025, 028): the status before and after, by whom. */
export const recordStatusChange = (tx: Writer, actorId: number, operation: string, id: number, from: string, to: string, at: Date) =>
  recordAudit(tx, { actorId, operation, recordType: 'application', recordId: id, before: { status: from }, after: { status: to }, at });
