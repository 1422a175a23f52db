// Retention (docs/operations.md): what the portal disposes of, once a day, and what it keeps. Drafts never submitted
// whose program's deadline passed more than RETAIN_DRAFTS_DAYS ago go with their uploaded files, each removal written
// to the audit log; sent e-mail older than RETAIN_SENT_MAIL_DAYS, audit entries older than RETAIN_AUDIT_DAYS (0: kept
// for good) and expired revoked tokens, sessions and spent captchas go too. Anything ever submitted is never removed here.
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { applicationFiles, applications, auditLog, mailOutbox, programs, revokedTokens, signedInSessions, spentCaptchas } from '#server/db/schema.ts';
import type { FileStorage } from '#server/files/storage.ts';
import { recordAudit } from '#server/audit/log.ts';
import { PeriodicJob } from './periodic-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Drafts removed per transaction: a long backlog goes in short transactions that never hold many locks. */
const BATCH = 200;
/** pg_try_advisory_lock's key for the retention run: one server of several runs it, the others skip that day. */
const RETENTION_LOCK_KEY = 4_711_026;

export interface RetentionSettings {
  /** Days after a program's deadline that its never-submitted drafts are kept; 0: kept for good. */
  draftDays: number;
  /** Days a sent (or given up) e-mail is kept in the outbox; 0: kept for good. */
  sentMailDays: number;
  /** Days an audit entry is kept; 0: kept for good (the default: the grant's record rules decide). */
  auditDays: number;
}

export interface RetentionReport {
  drafts: number;
  files: number;
  sentMail: number;
  auditEntries: number;
  expiredTokens: number;
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** One run: removes what the settings say has been kept long enough, and reports how much of each. */
export async function runRetention(
  deps: { db: Db; files: FileStorage; log?: FastifyBaseLogger },
  settings: RetentionSettings,
  now: Date,
): Promise<RetentionReport> {
  const { db, files } = deps;
  const report: RetentionReport = { drafts: 0, files: 0, sentMail: 0, auditEntries: 0, expiredTokens: 0 };

  if (settings.draftDays > 0) {
    const cutoff = before(now, settings.draftDays);
    for (;;) {
      const removedKeys = await db.transaction(async (tx) => {
        // Never submitted (no submitted_at: a sent application keeps it through every later status), of a program
        // whose deadline is past the cutoff; locked so an applicant's last save and this removal cannot cross.
        const drafts = await tx
          .select({ id: applications.id, user_id: applications.user_id, program_id: applications.program_id, status: applications.status, updated_at: applications.updated_at })
          .from(applications)
          .innerJoin(programs, sql`${programs.id} = ${applications.program_id}`)
          .where(and(isNull(applications.submitted_at), inArray(applications.status, ['draft', 'closed']), lt(programs.application_deadline, cutoff)))
          .orderBy(applications.id)
          .limit(BATCH)
          .for('update', { of: applications });
        if (drafts.length === 0) return null;
        const ids = drafts.map((draft) => draft.id);
        const stored = await tx.select({ key: applicationFiles.storage_key }).from(applicationFiles).where(inArray(applicationFiles.application_id, ids));
        // Steps, files' rows, scores and notes go with the application (ON DELETE CASCADE).
        await tx.delete(applications).where(inArray(applications.id, ids));
        for (const draft of drafts) {
          await recordAudit(tx, {
            actorId: null,
            operation: 'retentionRemoveDraft',
            recordType: 'application',
            recordId: draft.id,
            before: { status: draft.status, user_id: draft.user_id, program_id: draft.program_id, updated_at: draft.updated_at.toISOString() },
            after: null,
            at: now,
          });
        }
        report.drafts += drafts.length;
        return stored.map((row) => row.key);
      });
      if (removedKeys === null) break;
      // The rows are gone for good: remove the bytes after the commit (a failure leaves an orphan file, never a row
      // pointing at nothing).
      for (const key of removedKeys) {
        try {
          await files.remove(key);
          report.files += 1;
        } catch (error) {
          deps.log?.warn({ err: error, key }, 'retention: a removed draft file could not be deleted');
        }
      }
    }
  }

  if (settings.sentMailDays > 0) {
    const cutoff = before(now, settings.sentMailDays);
    const removed = await db
      .delete(mailOutbox)
      .where(sql`(${mailOutbox.sent_at} < ${cutoff.toISOString()}::timestamptz) or (${mailOutbox.failed_at} < ${cutoff.toISOString()}::timestamptz)`)
      .returning({ id: mailOutbox.id });
    report.sentMail = removed.length;
  }

  if (settings.auditDays > 0) {
    const removed = await db.delete(auditLog).where(lt(auditLog.at, before(now, settings.auditDays))).returning({ id: auditLog.id });
    report.auditEntries = removed.length;
  }

  const tokens = await db.delete(revokedTokens).where(lt(revokedTokens.expires_at, now)).returning({ jti: revokedTokens.jti });
  const captchas = await db.delete(spentCaptchas).where(lt(spentCaptchas.expires_at, now)).returning({ signature: spentCaptchas.signature });
  // An expired session's device and address (docs/decisions/057-see-your-sessions.md) describe nothing alive.
  const sessions = await db.delete(signedInSessions).where(lt(signedInSessions.expires_at, now)).returning({ id: signedInSessions.id });
  report.expiredTokens = tokens.length + captchas.length + sessions.length;
  return report;
}

/** The daily run, on one server of several: first a few minutes after start, then every `intervalHours`. */
export class RetentionJob extends PeriodicJob<RetentionReport> {
  constructor(deps: { db: Db; files: FileStorage; log: FastifyBaseLogger; now: () => Date }, settings: RetentionSettings) {
    super({
      name: 'retention',
      lockKey: RETENTION_LOCK_KEY,
      db: deps.db,
      log: deps.log,
      run: () => runRetention(deps, settings, deps.now()),
      done: 'retention: disposed of what was kept long enough',
    });
  }

  startHourly(intervalHours: number, firstAfterMs = 10 * 60 * 1000): void {
    this.start(intervalHours * 60 * 60 * 1000, firstAfterMs);
  }
}
