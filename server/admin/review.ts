// Staff's review of a submitted application (docs/decisions/028-review-lifecycle.md): assigning the reviewer, starting
// the review, requesting changes on chosen steps and deciding with a reason. Each transition is allowed only by the
// shared table (shared/review-lifecycle.ts), audited in the change's transaction, and e-mailed to the applicant in
// their language through the outbox. The rules that protect the program (docs/decisions/036-review-rules.md) are
// asked here too: separation of duties on every operation, verified documents before an approval, a second person
// when the program asks for one, and the round's one change request collecting the rejected documents.
import { and, eq, inArray } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { load, type Loaded } from '#server/applications/access.ts';
import { formatDate } from '#server/applications/certification.ts';
import type { Db } from '#server/db/client.ts';
import { applications, applicationSteps, users } from '#server/db/schema.ts';
import { AppError, detailError, fieldErrors, msg, notFound } from '#server/http/errors.ts';
import { isLanguage, translate, type Language } from '#server/i18n/messages.ts';
import { applicationStepLink } from '#server/mail/links.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import {
  approvalStep,
  changeRequestSteps,
  confirmationRefusal,
  DECISION_EVENT,
  documentsBlocking,
  nextStatus,
  rejectedDocuments,
  type ApplicationStatus,
  type LifecycleEvent,
  type ReviewDecision,
} from '#shared/review-lifecycle.ts';
import { isStepNumber } from '#shared/application-constants.ts';
import { appealParams, assertAppealText } from './appeal.ts';
import { reviewView } from './applications.ts';
import { recordAudit } from '#server/audit/log.ts';
import { documentChecklist } from './document-list.ts';
import { assertMayAct, assertMayReview, declareConflict } from './separation-of-duties.ts';
import type { Actor } from './users.ts';

type Schemas = components['schemas'];
type ApplicationRow = typeof applications.$inferSelect;
type Changes = Partial<Omit<ApplicationRow, 'id' | 'user_id' | 'program_id' | 'search_text' | 'created_at'>>;

/** 409 `review_not_allowed`, naming the status the application is in (an ICU select in locales/*.json). */
export const notAllowed = (status: string) => detailError(409, 'api.review.notAllowed', 'review_not_allowed', { status });

/** A pending approval's fields cleared: what rejecting, waitlisting or requesting changes does to a proposal. */
const NO_APPROVAL = {
  approval_proposed_by: null,
  approval_proposed_at: null,
  approval_reason: null,
  approval_confirmed_by: null,
  approval_confirmed_at: null,
} satisfies Changes;

/** What one transition does once the table allowed it, worked out inside its transaction. */
interface Plan {
  changes: Changes;
  /** The applicant's e-mail, or null for none (a proposed approval). */
  mail: ((language: Language) => { template: string; params: Record<string, string | number> }) | null;
  /** More of the same change, in its transaction (request changes reopens steps). */
  alongside?: (tx: Db) => Promise<unknown>;
  /** The status stays (an approval proposed, waiting for its second person): the table is still asked. */
  stay?: boolean;
}

/**
 * One audited transition: locks the application, checks separation of duties and asks the table whether `event` is
 * allowed from its status, applies the plan's changes with the new status and writes the audit entry with the fields
 * it changed, then the applicant's e-mail.
 */
async function transition(
  db: Db,
  now: Date,
  actor: Actor,
  id: number,
  event: LifecycleEvent,
  operation: string,
  plan: (tx: Db, current: Loaded) => Promise<Plan> | Plan,
): Promise<Schemas['AdminApplication']> {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    await assertMayAct(tx, actor, current);
    const from = current.application.status as ApplicationStatus;
    const to = nextStatus(from, event, 'staff');
    if (to === null) throw notAllowed(from);
    const { changes, mail, alongside, stay } = await plan(tx, current);
    const set: Changes = { ...changes, status: stay ? from : to, updated_at: now };
    const [updated] = await tx.update(applications).set(set).where(eq(applications.id, id)).returning();
    if (!updated) throw notFound();
    await alongside?.(tx);
    const { updated_at: _at, ...recorded } = set;
    const before = Object.fromEntries(Object.keys(recorded).map((key) => [key, current.application[key as keyof ApplicationRow] ?? null]));
    await recordAudit(tx, { actorId: actor.id, operation, recordType: 'application', recordId: id, before, after: recorded, at: now });
    if (mail) {
      const [person] = await tx.select().from(users).where(eq(users.id, current.application.user_id)).limit(1);
      if (!person) throw notFound();
      const language: Language = isLanguage(person.language) ? person.language : 'es';
      const { template, params } = mail(language);
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
    }
    return { application: updated, program: current.program };
  });
  return reviewView(db, loaded, now, actor);
}

/** submitted -> in_review. Nobody assigned yet: the one who starts reviews. */
export const startReview = (db: Db, now: Date, actor: Actor, id: number) =>
  transition(db, now, actor, id, 'start_review', 'startAdminApplicationReview', (_tx, { application }) => ({
    changes: application.reviewer_id === null ? { reviewer_id: actor.id } : {},
    mail: () => ({ template: 'reviewStarted', params: {} }),
  }));

/**
 * in_review -> changes_requested: the round's one change request. The chosen steps and the step of every document
 * rejected in the checklist become incomplete (the applicant submits each again); the e-mail names each step and,
 * under it, each rejected document with its reason, and links to the first reopened step's screen under `publicUrl`
 * (PUBLIC_URL). A pending approval is withdrawn.
 */
export function requestChanges(db: Db, now: Date, actor: Actor, id: number, input: Schemas['ChangeRequestInput'], publicUrl: string) {
  const message = input.message.trim();
  return transition(db, now, actor, id, 'request_changes', 'requestAdminApplicationChanges', async (tx) => {
    const documents = await documentChecklist(tx, id);
    const steps = changeRequestSteps(input.steps, documents);
    const rejected = rejectedDocuments(documents);
    return {
      changes: { change_message: message, change_steps: steps, changes_requested_at: now, changes_requested_by: actor.id, ...NO_APPROVAL },
      mail: (language) => ({
        template: 'changesRequested',
        params: {
          message,
          steps: steps
            .flatMap((step) => [
              `- ${step}. ${translate(language, `application.step.name${step}`)}`,
              ...rejected.filter((document) => document.step === step).map((document) => `    - ${document.file_name}: ${document.reason ?? ''}`),
            ])
            .join('\n'),
          link: applicationStepLink(publicUrl, id, steps.find(isStepNumber) ?? 1),
        },
      }),
      alongside: (inner) =>
        inner
          .update(applicationSteps)
          .set({ status: 'incomplete', submitted_at: null, updated_at: now })
          .where(and(eq(applicationSteps.application_id, id), inArray(applicationSteps.step, steps))),
    };
  });
}

/** 409 `documents_unverified`, naming the documents in its message and in `documents`. */
function unverified(documents: Schemas['AdminDocument'][]): AppError {
  return new AppError(409, {
    detail: msg('api.review.documentsUnverified', { names: documents.map((document) => document.file_name).join(', ') }),
    code: 'documents_unverified',
    extra: { documents: documents.map(({ file_id, kind, step, file_name }) => ({ file_id, kind, step, file_name })) },
  });
}

/** The checklist must allow `decision` (approving: every document verified). */
async function assertChecklistAllows(tx: Db, id: number, decision: ReviewDecision): Promise<void> {
  const blocking = documentsBlocking(decision, await documentChecklist(tx, id));
  if (blocking.length > 0) throw unverified(blocking);
}

/**
 * in_review (or waitlisted) -> approved | rejected | waitlisted, with the reason the applicant reads. Approving needs
 * the checklist verified; when the program asks for a second person it only proposes (status unchanged, no e-mail)
 * and confirmApproval decides. Rejecting or waitlisting withdraws a pending proposal. A rejection needs the program's
 * appeal text (server/admin/appeal.ts); the e-mail carries it and links to the application under `publicUrl`.
 */
export const decide = (db: Db, now: Date, actor: Actor, id: number, decision: ReviewDecision, reason: string, publicUrl: string) =>
  transition(db, now, actor, id, DECISION_EVENT[decision], 'decideAdminApplication', async (tx, { application, program }) => {
    assertAppealText(program, decision);
    await assertChecklistAllows(tx, id, decision);
    const text = reason.trim();
    const pendingBy = application.approval_proposed_at !== null && application.approval_confirmed_at === null ? application.approval_proposed_by : null;
    if (decision === 'approved' && approvalStep({ needsConfirmation: program.approval_needs_confirmation, proposedBy: pendingBy, staffId: actor.id }) !== 'approve') {
      return {
        changes: { ...NO_APPROVAL, approval_proposed_by: actor.id, approval_proposed_at: now, approval_reason: text },
        mail: null,
        stay: true,
      };
    }
    return {
      changes: { decision_reason: text, decided_at: now, ...NO_APPROVAL },
      mail: (language) => ({
        template: `decision${decision[0]?.toUpperCase() ?? ''}${decision.slice(1)}`,
        params: { reason: text, ...appealParams(program, language), link: applicationStepLink(publicUrl, id, 1) },
      }),
    };
  });

/** A second staff member confirms the pending approval: approved with the proposal's reason, e-mailed. */
export const confirmApproval = (db: Db, now: Date, actor: Actor, id: number, publicUrl: string) =>
  transition(db, now, actor, id, 'approve', 'confirmAdminApplicationApproval', async (tx, { application, program }) => {
    const pending = application.approval_proposed_at !== null && application.approval_confirmed_at === null && application.approval_reason !== null;
    const refusal = pending ? confirmationRefusal({ proposedBy: application.approval_proposed_by, staffId: actor.id }) : 'review_not_allowed';
    if (refusal === 'review_not_allowed') throw notAllowed(application.status);
    if (refusal === 'proposer_cannot_confirm') throw detailError(403, 'api.review.proposerCannotConfirm', 'proposer_cannot_confirm');
    await assertChecklistAllows(tx, id, 'approved');
    const reason = application.approval_reason ?? '';
    return {
      changes: { decision_reason: reason, decided_at: now, approval_confirmed_by: actor.id, approval_confirmed_at: now },
      mail: (language) => ({ template: 'decisionApproved', params: { reason, ...appealParams(program, language), link: applicationStepLink(publicUrl, id, 1) } }),
    };
  });

/** The actor declares no conflict of interest (needed to score) or a conflict (recused for good); audited. */
export async function declareConflictOfInterest(db: Db, now: Date, actor: Actor, id: number, conflict: boolean): Promise<Schemas['AdminApplication']> {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    await declareConflict(tx, now, actor, current, conflict, notAllowed);
    return current;
  });
  return reviewView(db, loaded, now, actor);
}

/**
 * Assigns an active staff account free to review it (not its owner, no declared conflict) as the reviewer, or none;
 * audited when it changes, never e-mailed. Nobody changes the reviewer of their own application.
 */
export async function assignReviewer(db: Db, now: Date, actor: Actor, id: number, reviewerId: number | null): Promise<Schemas['AdminApplication']> {
  const loaded = await db.transaction(async (tx) => {
    const current = await load(tx, id, true);
    if (!current) throw notFound();
    await assertMayAct(tx, actor, current);
    if (reviewerId !== null) {
      const [reviewer] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, reviewerId), eq(users.is_staff, true), eq(users.is_active, true))).limit(1);
      if (!reviewer) throw fieldErrors({ reviewer_id: 'api.review.reviewerNotStaff' });
      await assertMayReview(tx, reviewerId, current);
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
  return reviewView(db, loaded, now, actor);
}

