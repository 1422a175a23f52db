// Reminders (docs/decisions/050-reminders.md): e-mails, in the person's language with a link to the exact screen,
// when the program of an unsent draft closes in 7 days and in 1 day, when a draft has not changed for 14 days, and
// when a change request has waited 7 days. Each is sent once: its row in reminders_sent is written in the transaction
// that queues the e-mail, and the row's key refuses a second (whichever server runs the job, however often). A person
// turns them off in the profile (users.reminders). Times are instants; the e-mail shows them in Puerto Rico's time.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { remindersSent } from '#server/db/schema.ts';
import { isLanguage, type Language } from '#server/i18n/messages.ts';
import { applicationStepLink } from '#server/mail/links.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { STEP_NUMBERS, type StepNumber } from '#shared/application-constants.ts';
import { PeriodicJob } from './periodic-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** pg_try_advisory_lock's key for the reminders run (retention's is 4_711_026). */
const REMINDERS_LOCK_KEY = 4_711_027;
/** Reminders queued per transaction: a deadline week's many drafts go in short transactions. */
const BATCH = 200;

export const REMINDER_KINDS = ['deadline_7', 'deadline_1', 'stale_draft', 'changes_waiting'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export type RemindersReport = Record<ReminderKind, number>;

const TEMPLATES: Record<ReminderKind, string> = {
  deadline_7: 'reminderDeadline',
  deadline_1: 'reminderDeadline',
  stale_draft: 'reminderStaleDraft',
  changes_waiting: 'reminderChangesWaiting',
};

interface Due {
  id: number;
  kind: ReminderKind;
  due_key: string;
  email: string;
  first_name: string;
  language: string;
  name_es: string;
  name_en: string;
  application_deadline: Date | string;
  first_step: number | null;
}

const deadlineText = (date: Date, language: Language): string =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-PR' : 'en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/Puerto_Rico' }).format(date);

const stepOf = (value: number | null): StepNumber => STEP_NUMBERS.find((step) => step === value) ?? 1;

/**
 * The reminders due now and not yet sent, oldest application first, after `afterId`. The kind and its occasion are
 * worked out in SQL, so what was already sent is left out by the index of reminders_sent, not read back.
 */
async function dueReminders(db: Db, now: Date, afterId: number): Promise<Due[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with candidates as (
      select a.id, u.email, u.first_name, u.language, p.name_es, p.name_en, p.application_deadline,
        case
          when a.status = 'changes_requested' then 'changes_waiting'
          when p.application_deadline <= ${at}::timestamptz + interval '1 day' then 'deadline_1'
          when p.application_deadline <= ${at}::timestamptz + interval '7 days' then 'deadline_7'
          else 'stale_draft'
        end as kind,
        case
          when a.status = 'changes_requested' then (extract(epoch from a.changes_requested_at) * 1000)::bigint::text
          when p.application_deadline <= ${at}::timestamptz + interval '7 days' then ''
          else (extract(epoch from a.updated_at) * 1000)::bigint::text
        end as due_key,
        case
          when a.status = 'changes_requested' then (select min(step) from unnest(a.change_steps) as step)
          else (select min(s.step) from application_steps s where s.application_id = a.id and s.status <> 'submitted')
        end as first_step
      from applications a
      join programs p on p.id = a.program_id
      join users u on u.id = a.user_id
      where a.id > ${afterId} and u.reminders and u.is_active and p.status <> 'unavailable' and (
        (a.status = 'draft' and p.status = 'open' and p.application_deadline > ${at}::timestamptz and (
          p.application_deadline <= ${at}::timestamptz + interval '7 days'
          or a.updated_at <= ${at}::timestamptz - interval '14 days'))
        or (a.status = 'changes_requested' and a.changes_requested_at <= ${at}::timestamptz - interval '7 days'))
    )
    select c.* from candidates c
    where not exists (select 1 from reminders_sent r where r.application_id = c.id and r.kind = c.kind and r.due_key = c.due_key)
    order by c.id
    limit ${BATCH}`);
  return (result as unknown as { rows: Due[] }).rows;
}

/** One run: queues every reminder due and not yet sent; reports how many of each kind. */
export async function runReminders(deps: { db: Db; publicUrl: string }, now: Date): Promise<RemindersReport> {
  const report: RemindersReport = { deadline_7: 0, deadline_1: 0, stale_draft: 0, changes_waiting: 0 };
  let afterId = 0;
  for (;;) {
    const due = await dueReminders(deps.db, now, afterId);
    if (due.length === 0) return report;
    await deps.db.transaction(async (tx) => {
      for (const row of due) {
        // The key refuses a reminder another server queued meanwhile: nothing is sent twice.
        const kept = await tx
          .insert(remindersSent)
          .values({ application_id: row.id, kind: row.kind, due_key: row.due_key, sent_at: now })
          .onConflictDoNothing()
          .returning({ id: remindersSent.application_id });
        if (kept.length === 0) continue;
        const language: Language = isLanguage(row.language) ? row.language : 'es';
        const deadline = new Date(row.application_deadline);
        await enqueueMail(
          tx,
          {
            template: TEMPLATES[row.kind],
            to: row.email,
            language,
            applicationId: row.id,
            params: {
              name: row.first_name,
              id: row.id,
              program: language === 'es' ? row.name_es : row.name_en,
              deadline: deadlineText(deadline, language),
              // Whole days left, counted up: 6.5 days read as 7, half a day as 1.
              days: Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS)),
              link: applicationStepLink(deps.publicUrl, row.id, stepOf(row.first_step)),
              profile: `${deps.publicUrl}/profile`,
            },
          },
          now,
        );
        report[row.kind] += 1;
      }
    });
    afterId = due[due.length - 1]?.id ?? afterId;
  }
}

/** The hourly run, on one server of several; `intervalMinutes` 0 turns reminders off. */
export class ReminderJob extends PeriodicJob<RemindersReport> {
  constructor(deps: { db: Db; publicUrl: string; log: FastifyBaseLogger; now: () => Date }) {
    super({
      name: 'reminders',
      lockKey: REMINDERS_LOCK_KEY,
      db: deps.db,
      log: deps.log,
      run: () => runReminders(deps, deps.now()),
      done: 'reminders: queued the reminders due',
    });
  }

  startEvery(intervalMinutes: number, firstAfterMs = 5 * 60 * 1000): void {
    this.start(intervalMinutes * 60 * 1000, firstAfterMs);
  }
}
