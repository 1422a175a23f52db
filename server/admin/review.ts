// Staff's review of a submitted application (docs/decisions/028-review-lifecycle.md): assigning the reviewer, starting
// the review, requesting changes on chosen steps and deciding with a reason. Each transition is allowed only by the
// shared table (shared/review-lifecycle.ts), audited in the change's transaction, and e-mailed to the applicant in
// their language through the outbox.
import { and, eq, inArray } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { load, type Loaded } from '#server/applications/service.ts';
import { formatDate } from '#server/applications/certification.ts';
import type { Db } from '#server/db/client.ts';
import { applications, applicationSteps, users } from '#server/db/schema.ts';
import { detailError, fieldErrors, notFound } from '#server/http/errors.ts';
import { isLanguage, translate, type Language } from '#server/i18n/messages.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { DECISION_EVENT, nextStatus, type ApplicationStatus, type LifecycleEvent, type ReviewDecision } from '#shared/review-lifecycle.ts';
import { reviewView } from './applications.ts';
import { recordAudit } from './audit.ts';
import type { Actor } from './users.ts';

type Schemas = components['schemas'];
type ApplicationRow = typeof applications.$inferSelect;
type Changes = Partial<Omit<ApplicationRow, 'id' | 'user_id' | 'program_id' | 'search_text' | 'created_at'>>;

/** 409 `review_not_allowed`, naming the status the application is in (an ICU select in locales/*.json). */
export const notAllowed = (status: string) => detailError(409, 'api.review.notAllowed', 'review_not_allowed', { status });

/**
 * One audited transition: locks the application, asks the table whether `event` is allowed from its status, applies
 * `changes` with the new status (and `alongside`) and writes the audit entry with the fields it changed, then the applicant's e-mail.
 */
async function transition(
  db: Db,
  now: Date,
  actor: Actor,
  id: number,
  event: LifecycleEvent,
  operation: string,
  changes: (current: Loaded) => Changes,
  mail: (current: Loaded, language: Language) => { template: string; params: Record<string, string | number> },
  /** More of the same change, in its transaction, once the table allowed it (request changes reopens steps). */
  alongside?: (tx: Db) => Promise<unknown>,
): Promise<Schemas['AdminApplication']> {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    const from = current.application.status as ApplicationStatus;
    const to = nextStatus(from, event, 'staff');
    if (to === null) throw notAllowed(from);
    const set: Changes = { ...changes(current), status: to, updated_at: now };
    const [updated] = await tx.update(applications).set(set).where(eq(applications.id, id)).returning();
    if (!updated) throw notFound();
    await alongside?.(tx);
    const { updated_at: _at, ...recorded } = set;
    const before = Object.fromEntries(Object.keys(recorded).map((key) => [key, current.application[key as keyof ApplicationRow] ?? null]));
    await recordAudit(tx, { actorId: actor.id, operation, recordType: 'application', recordId: id, before, after: recorded, at: now });
    const [person] = await tx.select().from(users).where(eq(users.id, current.application.user_id)).limit(1);
    if (!person) throw notFound();
    const language: Language = isLanguage(person.language) ? person.language : 'es';
    const { template, params } = mail(current, language);
    await enqueueMail(
      tx,
      {
        template,
        to: person.email,
        language,
        applicationId: id,
        params: {
          name: person.first_name,
          program: language === 'en' ? current.program.name_en : current.program.name_es,
          period: current.program.period,
          id,
          date: formatDate(now, language),
          ...params,
        },
      },
      now,
    );
    return { application: updated, program: current.program };
  });
  return reviewView(db, loaded, now);
}

/** submitted -> in_review. Nobody assigned yet: the one who starts reviews. */
export const startReview = (db: Db, now: Date, actor: Actor, id: number) =>
  transition(
    db,
    now,
    actor,
    id,
    'start_review',
    'startAdminApplicationReview',
    ({ application }) => (application.reviewer_id === null ? { reviewer_id: actor.id } : {}),
    () => ({ template: 'reviewStarted', params: {} }),
  );

/** How a change request is made when it is not requestAdminApplicationChanges (a rejected document, docs/decisions/032). */
export interface ChangeRequestVia {
  operation: string;
  /** More of the same change in the transaction (the document's verdict). */
  alongside: (tx: Db) => Promise<unknown>;
}

/** in_review -> changes_requested: the chosen steps become incomplete (the applicant submits each again). */
export function requestChanges(db: Db, now: Date, actor: Actor, id: number, input: Schemas['ChangeRequestInput'], via?: ChangeRequestVia) {
  const steps = [...new Set(input.steps)].sort((a, b) => a - b);
  const message = input.message.trim();
  return transition(
    db,
    now,
    actor,
    id,
    'request_changes',
    via?.operation ?? 'requestAdminApplicationChanges',
    () => ({ change_message: message, change_steps: steps, changes_requested_at: now }),
    (_current, language) => ({
      template: 'changesRequested',
      params: { message, steps: steps.map((step) => `- ${step}. ${translate(language, `application.step.name${step}`)}`).join('\n') },
    }),
    async (tx) => {
      await tx
        .update(applicationSteps)
        .set({ status: 'incomplete', submitted_at: null, updated_at: now })
        .where(and(eq(applicationSteps.application_id, id), inArray(applicationSteps.step, steps)));
      await via?.alongside(tx);
    },
  );
}

/** in_review (or waitlisted) -> approved | rejected | waitlisted, with the reason the applicant reads. */
export const decide = (db: Db, now: Date, actor: Actor, id: number, decision: ReviewDecision, reason: string) =>
  transition(
    db,
    now,
    actor,
    id,
    DECISION_EVENT[decision],
    'decideAdminApplication',
    () => ({ decision_reason: reason.trim(), decided_at: now }),
    () => ({ template: `decision${decision[0]?.toUpperCase() ?? ''}${decision.slice(1)}`, params: { reason: reason.trim() } }),
  );

/** Assigns an active staff account as the reviewer, or none; audited when it changes, never e-mailed. */
export async function assignReviewer(db: Db, now: Date, actor: Actor, id: number, reviewerId: number | null): Promise<Schemas['AdminApplication']> {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    if (reviewerId !== null) {
      const [reviewer] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, reviewerId), eq(users.is_staff, true), eq(users.is_active, true))).limit(1);
      if (!reviewer) throw fieldErrors({ reviewer_id: 'api.review.reviewerNotStaff' });
    }
    if (current.application.reviewer_id === reviewerId) return current;
    const [updated] = await tx.update(applications).set({ reviewer_id: reviewerId, updated_at: now }).where(eq(applications.id, id)).returning();
    if (!updated) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'setAdminApplicationReviewer',
      recordType: 'application',
      recordId: id,
      before: { reviewer_id: current.application.reviewer_id },
      after: { reviewer_id: reviewerId },
      at: now,
    });
    return { application: updated, program: current.program };
  });
  return reviewView(db, loaded, now);
}
