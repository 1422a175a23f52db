// The transactional e-mail outbox: enqueue() writes a rendered message in the caller's transaction;
// the worker delivers due messages over SMTP (or to the log when no SMTP_URL is set), retrying with backoff.
// Every server process may run the worker: a message is claimed before it is sent (below), so two workers never send
// it at once. Delivery is still at least once: a process killed after the SMTP server took a message but before its row
// was marked sent leaves it to be sent again once its claim lapses. That copy carries the same Message-ID (messageId
// below), so receiving servers and mail programs that de-duplicate by it see one message.
import nodemailer, { type Transporter } from 'nodemailer';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { translate, type Language, type MessageParams } from '#server/i18n/messages.ts';

export const MAX_ATTEMPTS = 8;

/**
 * How long a claimed message is left to the worker that claimed it: a worker that dies while sending leaves it to
 * be retried after this. Far above an SMTP exchange's timeouts (nodemailer's longest is 10 minutes of socket idle).
 */
export const CLAIM_SECONDS = 15 * 60;

/** Seconds to wait before attempt n+1: 30 s, 1 min, 2 min, ... capped at one hour. */
export const backoffSeconds = (attempts: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * The message's Message-ID, the same at every attempt: made of its outbox row (id and creation time, so that rows of
 * another database never share one) and the sender's domain (RFC 5322: an id unique to the sending host).
 */
export function messageId(row: { id: number; created_at: Date }, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox.${row.id}.${row.created_at.getTime()}@${domain}>`;
}

export interface MailTemplate {
  /** Message ids `email.<template>.subject` and `email.<template>.text` in locales/*.json. */
  template: string;
  to: string;
  language: Language;
  params: MessageParams;
  /** One file sent with the message (an event's .ics calendar entry, the applicant's copy), stored with the message. */
  attachment?: MailAttachment;
  /** The application the message is about: its timeline lists it (docs/decisions/040-staff-queues-and-history.md). */
  applicationId?: number;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text, or a binary file base64-encoded (`encoding: 'base64'`). */
  content: string;
  encoding?: 'base64';
}

/**
 * Renders the template in the recipient's language and queues it; call inside the transaction of the change.
 * `now` is the app's clock, the same one the worker compares with, so a message is due at once.
 */
export async function enqueueMail(db: Db, mail: MailTemplate, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    next_attempt_at: now,
    created_at: now,
    to_address: mail.to,
    template: mail.template,
    language: mail.language,
    subject: translate(mail.language, `email.${mail.template}.subject`, mail.params),
    text_body: translate(mail.language, `email.${mail.template}.text`, mail.params),
    attachment_name: mail.attachment?.filename ?? null,
    attachment_type: mail.attachment?.contentType ?? null,
    attachment_content: mail.attachment?.content ?? null,
    attachment_encoding: mail.attachment?.encoding ?? null,
    application_id: mail.applicationId ?? null,
  });
}

export interface OutboxOptions {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Whether, with no SMTP server, the body (and its links) goes to the log; off in production. */
  logBodies?: boolean;
}

export class OutboxWorker {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly now: () => Date;

  constructor(private readonly options: OutboxOptions) {
    this.now = options.now ?? (() => new Date());
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : undefined;
  }

  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      void this.deliverDue().catch((error: unknown) => this.options.log.error({ err: error }, 'outbox delivery failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    this.transport?.close();
  }

  /** Delivers every due message once; returns how many were delivered. Concurrent calls share one run. */
  deliverDue(): Promise<number> {
    this.running ??= this.runOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Takes the due messages for this worker in one statement: the rows are locked as they are chosen, rows another
   * worker is claiming are skipped (FOR UPDATE SKIP LOCKED), and each chosen row's next attempt moves CLAIM_SECONDS
   * ahead, so no other worker finds it due while this one sends it. (Public for the test of a worker that dies.)
   */
  async claimDue() {
    const { db } = this.options;
    const now = this.now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sent_at), isNull(mailOutbox.failed_at), lte(mailOutbox.next_attempt_at, now)))
      .orderBy(asc(mailOutbox.next_attempt_at))
      .limit(50)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({ next_attempt_at: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  }

  private async runOnce(): Promise<number> {
    const { db, log } = this.options;
    const due = await this.claimDue();
    let delivered = 0;
    for (const message of due) {
      try {
        if (this.transport) {
          await this.transport.sendMail({
            from: this.options.from,
            messageId: messageId(message, this.options.from),
            to: message.to_address,
            subject: message.subject,
            text: message.text_body,
            ...(message.attachment_name && message.attachment_content !== null
              ? {
                  attachments: [
                    {
                      filename: message.attachment_name,
                      content: message.attachment_content,
                      contentType: message.attachment_type ?? 'application/octet-stream',
                      ...(message.attachment_encoding === 'base64' ? { encoding: 'base64' } : {}),
                    },
                  ],
                }
              : {}),
          });
        } else {
          // Development without SMTP: the message (with its link) goes to the log, so flows can be followed.
          // In production a reset link in a log is an account takeover waiting to happen: log only that it was dropped.
          const text = this.options.logBodies === false ? '[not logged in production]' : message.text_body;
          log.info({ mail: { id: message.id, template: message.template, subject: message.subject, text } }, 'e-mail (no SMTP_URL set)');
        }
        await db.update(mailOutbox).set({ sent_at: this.now(), attempts: message.attempts + 1, last_error: null }).where(eq(mailOutbox.id, message.id));
        delivered += 1;
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        // Relays name the recipient in their refusals: keep addresses out of the log (the row keeps the reason).
        const loggedReason = reason.replace(/[^\s<>"'()@,;:]+@[^\s<>"'()@,;:]+/g, '[redacted]');
        log.warn({ mailId: message.id, attempts, reason: loggedReason }, 'e-mail delivery failed; will retry');
        await db
          .update(mailOutbox)
          .set({
            attempts,
            last_error: reason.slice(0, 500),
            next_attempt_at: sql`${this.now().toISOString()}::timestamptz + make_interval(secs => ${backoffSeconds(attempts)})`,
            ...(attempts >= MAX_ATTEMPTS ? { failed_at: this.now() } : {}),
          })
          .where(eq(mailOutbox.id, message.id));
      }
    }
    return delivered;
  }
}
