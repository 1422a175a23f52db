// The outbox with several workers on one database (several processes or servers): each message is claimed by one
// worker before it is sent, so a real SMTP server on loopback receives every message exactly once; a worker that
// dies after claiming leaves its messages to the others once the claim lapses, and a copy sent again after a crash is
// the same message (one Message-ID) to the receiving side.
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import { CLAIM_SECONDS, enqueueMail, messageId, OutboxWorker } from '#server/mail/outbox.ts';
import { databaseKinds, startSmtp, startTestApp, testClock, type TestApp, type TestSmtp } from '../support/server.ts';

describe.each(databaseKinds)('outbox claims with several workers (%s)', (kind) => {
  const clock = testClock();
  let smtp: TestSmtp;
  let test: TestApp;
  let workers: OutboxWorker[];

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { now: clock.now, env: { SMTP_URL: smtp.url } });
    // Four workers as four processes would run them: each its own SMTP transport, all on one database.
    workers = Array.from(
      { length: 4 },
      () => new OutboxWorker({ db: test.app.ctx.db, smtpUrl: smtp.url, from: 'no-reply@incubadora.test', log: test.app.log, now: clock.now }),
    );
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await test?.close();
    await smtp?.close();
  });

  const enqueue = async (addresses: string[]) => {
    for (const to of addresses) {
      await enqueueMail(test.app.ctx.db, { template: 'passwordReset', to, language: 'es', params: { link: 'http://portal.test/x', name: to, days: 3 } }, clock.now());
    }
  };
  const pending = async () => (await test.app.ctx.db.select().from(mailOutbox).where(isNull(mailOutbox.sent_at))).length;

  it('sends each of 60 messages exactly once while four workers deliver at the same time', async () => {
    const addresses = Array.from({ length: 60 }, (_, n) => `persona${n}@claims.test`);
    await enqueue(addresses);
    for (let round = 0; (await pending()) > 0; round += 1) {
      expect(round).toBeLessThan(20);
      await Promise.all(workers.map((worker) => worker.deliverDue()));
    }
    const received = smtp.messages.flatMap((mail) => mail.to).filter((to) => to.endsWith('@claims.test'));
    expect(received.sort()).toEqual([...addresses].sort());
    const rows = await test.app.ctx.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.to_address.endsWith('@claims.test')).every((row) => row.attempts === 1 && row.sent_at)).toBe(true);
  });

  it('leaves the messages of a worker that claimed them and died to another, once the claim lapses', async () => {
    await enqueue(['lapsed@claims.test']);
    const [dying, survivor] = workers as [OutboxWorker, OutboxWorker];
    // The dying worker claims, then never sends: the process is gone.
    expect((await dying.claimDue()).map((row) => row.to_address)).toContain('lapsed@claims.test');
    expect(await survivor.deliverDue()).toBe(0);
    clock.advance((CLAIM_SECONDS + 1) * 1000);
    expect(await survivor.deliverDue()).toBe(1);
    expect(smtp.messages.filter((mail) => mail.to.includes('lapsed@claims.test'))).toHaveLength(1);
  });

  it('sends a message again after a worker died between the SMTP server taking it and its row being marked sent, with the same Message-ID', async () => {
    await enqueue(['crashed@claims.test']);
    const [first, second] = workers as [OutboxWorker, OutboxWorker];
    expect(await first.deliverDue()).toBe(1);
    // The process was killed after the SMTP exchange, before it wrote sent_at: the row is still claimed and unsent.
    const [row] = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'crashed@claims.test'));
    if (!row) throw new Error('no outbox row');
    await test.app.ctx.db
      .update(mailOutbox)
      .set({ sent_at: null, attempts: 0, next_attempt_at: new Date(clock.now().getTime() + CLAIM_SECONDS * 1000) })
      .where(eq(mailOutbox.id, row.id));
    expect(await second.deliverDue()).toBe(0);
    clock.advance((CLAIM_SECONDS + 1) * 1000);
    expect(await second.deliverDue()).toBe(1);
    const copies = smtp.messages.filter((mail) => mail.to.includes('crashed@claims.test'));
    const ids = copies.map((mail) => /^Message-ID:\s*(\S+)\r?$/im.exec(mail.raw)?.[1]);
    expect(ids).toEqual([messageId(row, 'no-reply@incubadora.test'), messageId(row, 'no-reply@incubadora.test')]);
    expect(ids[0]).toBe(`<outbox.${row.id}.${row.created_at.getTime()}@incubadora.test>`);
  });
});
