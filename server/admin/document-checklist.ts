// Staff's verdict on each document of an application in review (docs/decisions/032-document-checklist.md): verifying
// is recorded and audited; rejecting is recorded, audited, and at once a change request (review.ts requestChanges)
// reopening the step that holds the document, with the reason as its message.
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { applicationFiles } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import { load } from '#server/applications/service.ts';
import { nextStatus, type ApplicationStatus } from '#shared/review-lifecycle.ts';
import { reviewView } from './applications.ts';
import { recordAudit } from './audit.ts';
import { isDocumentKind, STEP_OF_DOCUMENT } from './document-list.ts';
import { notAllowed, requestChanges } from './review.ts';
import type { Actor } from './users.ts';

type Verdict = 'verified' | 'rejected';

/** Writes one verdict and its audit entry in `tx`; answers the document's step. 404 for a file of another application. */
async function setVerdict(tx: Db, now: Date, actor: Actor, id: number, fileId: number, verdict: Verdict, reason: string | null): Promise<number> {
  const [file] = await tx
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.id, fileId), eq(applicationFiles.application_id, id)))
    .limit(1);
  if (!file || !isDocumentKind(file.kind)) throw notFound();
  await tx
    .update(applicationFiles)
    .set({ verdict, verdict_reason: reason, verdict_by: actor.id, verdict_at: now })
    .where(eq(applicationFiles.id, fileId));
  await recordAudit(tx, {
    actorId: actor.id,
    operation: verdict === 'verified' ? 'verifyAdminApplicationDocument' : 'rejectAdminApplicationDocument',
    recordType: 'application',
    recordId: id,
    before: { file_id: fileId, verdict: file.verdict, verdict_reason: file.verdict_reason },
    after: { file_id: fileId, verdict, verdict_reason: reason },
    at: now,
  });
  return STEP_OF_DOCUMENT[file.kind];
}

/** Verified: allowed where staff may request changes (in_review), the lifecycle's one rule for reviewing. */
export async function verifyDocument(db: Db, now: Date, actor: Actor, id: number, fileId: number) {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    const status = current.application.status as ApplicationStatus;
    if (nextStatus(status, 'request_changes', 'staff') === null) throw notAllowed(status);
    await setVerdict(tx, now, actor, id, fileId, 'verified', null);
    return current;
  });
  return reviewView(db, loaded, now);
}

/** Rejected: a change request on the document's step, in the same transaction as the verdict. */
export async function rejectDocument(db: Db, now: Date, actor: Actor, id: number, fileId: number, reason: string, publicUrl: string) {
  const message = reason.trim();
  // The step is known only once the file is read; read it first (a 404 before the status's 409 is fine either way).
  const [file] = await db
    .select({ kind: applicationFiles.kind })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.id, fileId), eq(applicationFiles.application_id, id)))
    .limit(1);
  if (!file || !isDocumentKind(file.kind)) throw notFound();
  return requestChanges(db, now, actor, id, { message, steps: [STEP_OF_DOCUMENT[file.kind]] }, publicUrl, {
    operation: 'rejectAdminApplicationDocument',
    alongside: (tx) => setVerdict(tx, now, actor, id, fileId, 'rejected', message),
  });
}
