// Staff's verdict on each document of an application in review (docs/decisions/032-document-checklist.md,
// 036-review-rules.md): verifying and rejecting are recorded and audited; a rejection waits in the checklist, collected
// for the round's one change request (review.ts requestChanges), which reopens its step and tells the applicant why.
import { and, eq, isNull } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applicationFiles } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import { load } from '#server/applications/access.ts';
import { mayGiveVerdict, type ApplicationStatus } from '#shared/review-lifecycle.ts';
import { reviewView } from './applications.ts';
import { recordAudit } from '#server/audit/log.ts';
import { isDocumentKind } from './document-list.ts';
import { notAllowed } from './review.ts';
import { assertMayAct } from './separation-of-duties.ts';
import type { Actor } from './users.ts';

type Verdict = components['schemas']['DocumentVerdict'];

/**
 * One verdict and its audit entry, allowed while a decision is open (shared/review-lifecycle.ts mayGiveVerdict: in
 * review or waitlisted), and by a staff member separation of duties lets act. 404 for a file of another application or one the
 * applicant replaced (no longer in the checklist).
 */
async function setVerdict(db: Db, now: Date, actor: Actor, id: number, fileId: number, verdict: Verdict, reason: string | null) {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    await assertMayAct(tx, actor, current);
    const status = current.application.status as ApplicationStatus;
    if (!mayGiveVerdict(status)) throw notAllowed(status);
    const [file] = await tx
      .select()
      .from(applicationFiles)
      .where(and(eq(applicationFiles.id, fileId), eq(applicationFiles.application_id, id), isNull(applicationFiles.replaced_at)))
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
    return current;
  });
  return reviewView(db, loaded, now, actor);
}

/** Verified (also withdraws an earlier rejection before the change request is sent). */
export const verifyDocument = (db: Db, now: Date, actor: Actor, id: number, fileId: number) => setVerdict(db, now, actor, id, fileId, 'verified', null);

/** Rejected with a reason: collected for the round's change request; the application stays in review. */
export const rejectDocument = (db: Db, now: Date, actor: Actor, id: number, fileId: number, reason: string) =>
  setVerdict(db, now, actor, id, fileId, 'rejected', reason.trim());
