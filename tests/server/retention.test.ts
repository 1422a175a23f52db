// Retention (docs/operations.md), on seeded old rows: a run removes the drafts never submitted of programs whose
// deadline passed long ago, with their files, each in the audit log; keeps every application ever submitted and every
// younger draft; removes old sent e-mail, expired revoked tokens and, only when asked, old audit entries. On PostgreSQL
// one server of several runs it: the others skip while one holds the lock.
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, mailOutbox, revokedTokens } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { RetentionJob, runRetention } from '#server/operations/retention.ts';
import { completeAllSteps, createProgram, filesUnder, setProgram, signUp, uploadDocument } from '../support/applicants.ts';
import { databaseKinds, startTestApp, testClock, type TestApp } from '../support/server.ts';
import { join } from 'node:path';

const DAY_MS = 24 * 60 * 60 * 1000;
const settings = { draftDays: 365, sentMailDays: 180, auditDays: 0 };

describe.each(databaseKinds)('retention (%s)', (kind) => {
  const clock = testClock();
  let test: TestApp;
  const ids = { oldDraft: 0, oldClosed: 0, oldSubmitted: 0, youngDraft: 0 };

  beforeAll(async () => {
    test = await startTestApp(kind, { now: clock.now });
    const longAgo = await createProgram(test);
    const lately = await createProgram(test);
    const apply = async (programId: number) => {
      const person = await signUp(test);
      const id = (await test.call('POST', '/applications', { program_id: programId }, person.headers)).json().id as number;
      return { person, id };
    };
    const oldDraft = await apply(longAgo.id);
    expect((await uploadDocument(test, oldDraft.person, oldDraft.id, 'income_document')).statusCode).toBe(201);
    const oldClosed = await apply(longAgo.id);
    const oldSubmitted = await apply(longAgo.id);
    await completeAllSteps(test, oldSubmitted.person, oldSubmitted.id);
    expect((await test.call('POST', `/applications/${oldSubmitted.id}/submit`, undefined, oldSubmitted.person.headers)).statusCode).toBe(200);
    const youngDraft = await apply(lately.id);
    expect((await uploadDocument(test, youngDraft.person, youngDraft.id, 'income_document')).statusCode).toBe(201);
    Object.assign(ids, { oldDraft: oldDraft.id, oldClosed: oldClosed.id, oldSubmitted: oldSubmitted.id, youngDraft: youngDraft.id });
    // Staff closed one draft; then the deadlines pass: one program 400 days ago, the other 10 days ago.
    await test.app.ctx.db.update(applications).set({ status: 'closed', closed_at: clock.now() }).where(eq(applications.id, oldClosed.id));
    await setProgram(test, longAgo.id, { application_deadline: new Date(clock.now().getTime() - 400 * DAY_MS) });
    await setProgram(test, lately.id, { application_deadline: new Date(clock.now().getTime() - 10 * DAY_MS) });
  }, 180_000);
  afterAll(async () => {
    await test?.close();
  });

  it('removes the old never-submitted drafts with their files, audited, and keeps the submitted and the young', async () => {
    const filesDir = join(test.app.ctx.config.dataDir, 'files');
    const filesBefore = filesUnder(filesDir).length;
    const report = await runRetention(test.app.ctx, settings, clock.now());
    expect(report.drafts).toBe(2);
    expect(report.files).toBe(1);
    expect(filesUnder(filesDir)).toHaveLength(filesBefore - 1);

    const left = await test.app.ctx.db.select({ id: applications.id }).from(applications).where(inArray(applications.id, Object.values(ids)));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([ids.oldSubmitted, ids.youngDraft].sort((a, b) => a - b));
    const audited = await test.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, 'retentionRemoveDraft'), eq(auditLog.record_type, 'application')));
    expect(audited.map((entry) => [entry.record_id, entry.actor_id, entry.after]).sort()).toEqual(
      [
        [ids.oldDraft, null, null],
        [ids.oldClosed, null, null],
      ].sort(),
    );
    expect(audited.find((entry) => entry.record_id === ids.oldClosed)?.before).toMatchObject({ status: 'closed' });

    // A second run finds nothing more.
    expect((await runRetention(test.app.ctx, settings, clock.now())).drafts).toBe(0);
  });

  it('removes sent e-mail older than its days and expired revoked tokens; audit entries only when asked', async () => {
    const { db } = test.app.ctx;
    const mail = (to: string) => enqueueMail(db, { template: 'passwordReset', to, language: 'es', params: { link: 'http://portal.test/x', name: 'x', days: 3 } }, clock.now());
    await mail('old-sent@retention.test');
    await mail('old-waiting@retention.test');
    await db.update(mailOutbox).set({ sent_at: new Date(clock.now().getTime() - 200 * DAY_MS) }).where(eq(mailOutbox.to_address, 'old-sent@retention.test'));
    await db.insert(revokedTokens).values([
      { jti: 'retention-expired', expires_at: new Date(clock.now().getTime() - DAY_MS) },
      { jti: 'retention-live', expires_at: new Date(clock.now().getTime() + DAY_MS) },
    ]);
    const auditCount = async () => (await db.select({ id: auditLog.id }).from(auditLog)).length;
    const entriesBefore = await auditCount();
    expect(entriesBefore).toBeGreaterThan(0);

    const report = await runRetention(test.app.ctx, settings, clock.now());
    expect(report.sentMail).toBe(1);
    expect(report.auditEntries).toBe(0);
    const addresses = (await db.select({ to: mailOutbox.to_address }).from(mailOutbox)).map((row) => row.to);
    expect(addresses).toContain('old-waiting@retention.test');
    expect(addresses).not.toContain('old-sent@retention.test');
    expect((await db.select().from(revokedTokens)).map((row) => row.jti)).toEqual(['retention-live']);
    expect(await auditCount()).toBe(entriesBefore);

    // A grant's record rules say how long; asked to keep a day, everything older goes (seen from a year on; drafts
    // kept for good in this run, so that it writes no entry of its own).
    const later = new Date(clock.now().getTime() + 365 * DAY_MS);
    expect((await runRetention(test.app.ctx, { ...settings, draftDays: 0, auditDays: 1 }, later)).auditEntries).toBe(entriesBefore);
    expect(await auditCount()).toBe(0);
  });

  it('runs on one server at a time: on PostgreSQL a run that finds the lock held skips; PGlite has one process', async () => {
    const job = new RetentionJob({ db: test.app.ctx.db, files: test.app.ctx.files, log: test.app.log, now: clock.now }, settings);
    if (test.kind === 'pglite') {
      expect(await job.runOnce()).toMatchObject({ drafts: 0 });
      return;
    }
    const url = (test.app.ctx.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(4711026)');
      expect(await job.runOnce()).toBeUndefined();
      await other.query('select pg_advisory_unlock(4711026)');
      expect(await job.runOnce()).toMatchObject({ drafts: 0 });
    } finally {
      await other.end();
    }
  });
});
