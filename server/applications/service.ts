// Applications: apply, My Programs, read, save and submit steps, submit. The intake form and the certification form
// are in intake-form.ts, the documents in documents.ts; all of them read and write through access.ts.
// Rules (docs/product.md section 4, docs/product.md section 11):
// - Only the owner reads or writes an application; another person's id is 404; staff read any but write none (403).
// - A submitted application is staff's (submitted, in review, decided): every write answers 409 application_submitted.
//   While staff request changes, only the reopened steps take writes (409 step_locked elsewhere) and submitting
//   resubmits it (docs/decisions/028-review-lifecycle.md; shared/review-lifecycle.ts holds the transitions).
// - A draft of a closed program (closed by staff or deadline passed) becomes closed lazily, when the application is
//   read or written (closeDraftsOfClosedPrograms); writes then answer 409 application_closed. Closed is final.
// - A program made unavailable blocks writes to its applications: 409 program_unavailable (reads still work).
// - Writes lock the application row, so a step save, a step submit and the submit never interleave.
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { oncePerDatabase } from '#server/db/prepared.ts';
import { applicationFiles, applications, applicationSteps, programs, surveys } from '#server/db/schema.ts';
import { findUserById } from '#server/auth/accounts.ts';
import { AppError, detailError, detailErrorWith, fieldErrors, msg, notFound } from '#server/http/errors.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { recordStatusChange } from '#server/audit/log.ts';
import { isLanguage, translate, type Language } from '#server/i18n/messages.ts';
import { findProgram, programUnavailable, toProgramInfo, type Viewer } from '#server/programs/service.ts';
import { applicationAction, applicationStatus, programStatus, storedStatus } from '#server/programs/status.ts';
import { STEP_COUNT, STEP_NUMBERS } from '#shared/application-constants.ts';
import { documentsToReplace, statusAfterSending } from '#shared/review-lifecycle.ts';
import { documentChecklist } from '#server/admin/document-list.ts';
import { withScheme } from '#shared/website.ts';
import { closeDraftsOfClosedPrograms, loadReadable, submittedError, write, type ApplicationDeps } from './access.ts';
import { copyContent, renderApplicantCopy } from './applicant-copy.ts';
import { formatDate } from './certification.ts';
import { documentsOf, unknownDocuments } from './documents.ts';
import { checkStep, prefillBusiness, prefillPerson, type DraftData, type StepNumber } from './steps.ts';
import { applicationView, intakeFormOf, reviewOf, stepsOf, toStep } from './view.ts';

type Schemas = components['schemas'];
type StepRow = typeof applicationSteps.$inferSelect;

export async function getApplication(deps: ApplicationDeps, viewer: Viewer, id: number): Promise<Schemas['Application']> {
  const loaded = await loadReadable(deps, viewer, id);
  return applicationView(deps.db, loaded, deps.now());
}

/** My Programs: the viewer's own applications, newest first (staff see only their own here too). */
export async function listMyApplications(deps: ApplicationDeps, viewer: Viewer): Promise<Schemas['ApplicationSummary'][]> {
  const now = deps.now();
  await closeDraftsOfClosedPrograms(deps.db, now, eq(applications.user_id, viewer.id));
  const rows = await deps.db
    .select({ application: applications, program: programs })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.program_id))
    .where(eq(applications.user_id, viewer.id))
    .orderBy(desc(applications.created_at), desc(applications.id));
  if (rows.length === 0) return [];
  const steps = await deps.db
    .select({
      application_id: applicationSteps.application_id,
      step: applicationSteps.step,
      status: applicationSteps.status,
      version: applicationSteps.version,
    })
    .from(applicationSteps)
    .where(inArray(applicationSteps.application_id, rows.map((r) => r.application.id)))
    .orderBy(asc(applicationSteps.step));
  return Promise.all(rows.map(async ({ application, program }) => {
    const own = steps.filter((s) => s.application_id === application.id);
    const programNow = programStatus(program, now);
    const status = applicationStatus(application.status, programNow);
    return {
      id: application.id,
      status,
      action: applicationAction(status, programNow, own),
      program: toProgramInfo(program, now),
      steps: own.map((s) => ({ step: s.step, status: s.status === 'submitted' ? 'submitted' : 'incomplete' })),
      // Reads the checklist only for an application whose changes are requested (a few of a person's).
      ...(await reviewOf(deps.db, application, status)),
      created_at: application.created_at.toISOString(),
      updated_at: application.updated_at.toISOString(),
      submitted_at: application.submitted_at?.toISOString() ?? null,
    };
  }));
}

// ---- applying --------------------------------------------------------------------------------------------

/**
 * Apply: creates the application and its six steps (step 1 prefilled from the profile). Idempotent: a person who
 * already applied to the program gets their existing application back (`created: false`), whatever its state.
 */
export async function applyToProgram(
  deps: ApplicationDeps,
  viewer: Viewer,
  programId: number,
): Promise<{ application: Schemas['Application']; created: boolean }> {
  const { db } = deps;
  const now = deps.now();
  const existing = async () =>
    (
      await db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.user_id, viewer.id), eq(applications.program_id, programId)))
        .limit(1)
    )[0];
  const before = await existing();
  if (before) return { application: await getApplication(deps, viewer, before.id), created: false };

  const program = await findProgram(db, programId);
  if (!program) throw notFound();
  const status = programStatus(program, now);
  if (status === 'unavailable') throw programUnavailable();
  if (status === 'closed') throw detailError(409, 'api.program.closed', 'program_closed');
  const user = await findUserById(db, viewer.id);
  if (!user) throw notFound();
  const [survey] = await db.select({ has_business: surveys.has_business }).from(surveys).where(eq(surveys.user_id, viewer.id)).limit(1);
  const firstDrafts: Partial<Record<StepNumber, DraftData>> = {
    1: prefillPerson(user),
    2: prefillBusiness(program.sub_program, survey?.has_business),
  };

  const createdId = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(applications)
      .values({ user_id: viewer.id, program_id: programId, created_at: now, updated_at: now })
      .onConflictDoNothing()
      .returning({ id: applications.id });
    if (!inserted) return undefined; // a second tab applied at the same moment: use theirs
    await tx.insert(applicationSteps).values(
      STEP_NUMBERS.map((step) => ({
        application_id: inserted.id,
        step,
        data: firstDrafts[step] ?? {},
        updated_at: now,
      })),
    );
    return inserted.id;
  });
  const id = createdId ?? (await existing())?.id;
  if (id === undefined) throw new Error('application vanished after insert');
  return { application: await getApplication(deps, viewer, id), created: createdId !== undefined };
}

// ---- steps -----------------------------------------------------------------------------------------------

/**
 * Saves a step's draft when `version` is the stored one (optimistic concurrency): the version goes up by one
 * and the step becomes incomplete (a submitted step that is edited must be submitted again). Otherwise 409
 * version_conflict with the stored draft, so the person chooses. `data` was type-checked by the route.
 */
export async function saveStep(
  deps: ApplicationDeps,
  viewer: Viewer,
  id: number,
  step: StepNumber,
  data: DraftData,
  version: number,
): Promise<Schemas['ApplicationStep']> {
  // A draft may only name this application's own documents (docs/decisions/015); "submit step" checks again, in its
  // transaction, so a file deleted meanwhile is caught there. No query unless the draft names files.
  const foreign = await unknownDocuments(deps.db, id, step, data);
  if (Object.keys(foreign).length > 0) throw fieldErrors(foreign);
  const saved = await saveStepInOneStatement(deps.db, viewer.id, id, step, data, version, deps.now());
  if (saved) return toStep(saved);
  // Anything but the common case (not the viewer's, not a draft of an open program, another version): the
  // transaction below finds out which, and answers it.
  return write(deps, viewer, id, step, async (tx, _loaded, now) => {
    const where = and(eq(applicationSteps.application_id, id), eq(applicationSteps.step, step));
    const [saved] = await tx
      .update(applicationSteps)
      .set({ data, version: sql`${applicationSteps.version} + 1`, status: 'incomplete', submitted_at: null, updated_at: now })
      .where(and(where, eq(applicationSteps.version, version)))
      .returning();
    if (saved) return toStep(saved);
    const [current] = await tx.select().from(applicationSteps).where(where).limit(1);
    if (!current) throw notFound();
    // The documents too: the other window may have uploaded files its draft names, which this one has never seen.
    throw detailErrorWith(409, 'api.application.versionConflict', 'version_conflict', {
      current: { data: current.data, version: current.version, status: current.status, files: await documentsOf(tx, id) },
    });
  });
}

/**
 * The common step save as one prepared statement (docs/decisions/012-speed.md): the viewer's own draft, its program
 * open and before its deadline, at the version the client saw. One round trip instead of five, and drizzle builds
 * its text once per database while PostgreSQL plans it once per connection (planning these CTEs cost as much as
 * running them). It locks the application row as write() does, so saves and submits still never interleave.
 */
function prepareStepSave(db: Db) {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const target = db.$with('target').as(
    db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.program_id))
      .where(
        and(
          eq(applications.id, sql.placeholder('id')),
          eq(applications.user_id, sql.placeholder('viewerId')),
          eq(applications.status, 'draft'),
          eq(programs.status, 'open'),
          gte(programs.application_deadline, at),
        ),
      )
      .for('update', { of: applications }),
  );
  const saved = db.$with('saved').as(
    db
      .update(applicationSteps)
      .set({ data: sql`${sql.placeholder('data')}::jsonb`, version: sql`${applicationSteps.version} + 1`, status: 'incomplete', submitted_at: null, updated_at: at })
      .where(
        and(
          eq(applicationSteps.application_id, sql`(select ${target.id} from ${target})`),
          eq(applicationSteps.step, sql.placeholder('step')),
          eq(applicationSteps.version, sql.placeholder('version')),
        ),
      )
      .returning(),
  );
  const touched = db.$with('touched').as(
    db
      .update(applications)
      .set({ updated_at: at })
      .where(eq(applications.id, sql`(select ${saved.application_id} from ${saved})`))
      .returning({ id: applications.id }),
  );
  return db.with(target, saved, touched).select().from(saved).prepare('save_step_draft');
}
const stepSave = oncePerDatabase(prepareStepSave);

/** Undefined when any of the common case's conditions fails: the caller's transaction then finds out which. */
async function saveStepInOneStatement(
  db: Db,
  viewerId: number,
  id: number,
  step: StepNumber,
  data: DraftData,
  version: number,
  now: Date,
): Promise<StepRow | undefined> {
  const [row] = await stepSave(db).execute({ id, viewerId, step, version, data: JSON.stringify(data), at: now.toISOString() });
  return row as StepRow | undefined;
}

/**
 * Runs the step's full check on its saved draft and marks it submitted. Step 6 spends its captcha last, so a
 * missing field does not cost the person a new puzzle. A step already submitted answers as it is.
 */
export async function submitStep(deps: ApplicationDeps, viewer: Viewer, id: number, step: StepNumber): Promise<Schemas['ApplicationStep']> {
  return write(deps, viewer, id, step, async (tx, { program }, now) => {
    const where = and(eq(applicationSteps.application_id, id), eq(applicationSteps.step, step));
    const [current] = await tx.select().from(applicationSteps).where(where).limit(1);
    if (!current) throw notFound();
    if (current.status === 'submitted') return toStep(current);
    // A document staff rejected is replaced before its step is sent again (docs/decisions/036-review-rules.md).
    const toReplace = documentsToReplace(step, await documentChecklist(tx, id));
    if (toReplace.length > 0) {
      throw new AppError(409, {
        detail: msg('api.application.documentNotReplaced', { names: toReplace.map((document) => document.file_name).join(', ') }),
        code: 'document_not_replaced',
        extra: { documents: toReplace.map(({ file_id, kind, step: of, file_name }) => ({ file_id, kind, step: of, file_name })) },
      });
    }
    const hasIntakeForm = step === 6 && (await intakeFormOf(tx, id)) !== undefined;
    const problems = checkStep(step, current.data, {
      hasIntakeForm,
      student: program.sub_program === 'student_incubator',
      // A file deleted since the draft named it, or never this application's.
      unknownFiles: await unknownDocuments(tx, id, step, current.data),
    });
    if (problems) throw fieldErrors(problems);
    if (step === 6 && !(await deps.captcha.verifyOnce(String(current.data.captcha), tx))) {
      throw fieldErrors({ captcha: 'api.error.captcha' }, 'captcha_invalid');
    }
    // A spent captcha proves nothing later: keep it out of the stored answers.
    const { captcha: _spent, ...kept } = current.data;
    // The business's website is stored with its scheme once the step is sent (drafts keep what is being typed).
    if (step === 2 && typeof kept.website === 'string') kept.website = withScheme(kept.website.trim());
    const [submitted] = await tx
      .update(applicationSteps)
      .set({ status: 'submitted', submitted_at: now, updated_at: now, ...(step === 6 || step === 2 ? { data: kept } : {}) })
      .where(where)
      .returning();
    if (!submitted) throw notFound();
    return toStep(submitted);
  });
}

// ---- submit ----------------------------------------------------------------------------------------------

/**
 * What was sent, for the confirmation e-mail: each step by name, the business and the owners by
 * name, and every document by its file name.
 */
export async function sentSummary(db: Db, id: number, language: Language): Promise<string> {
  return (await sentSummaryLines(db, id, language)).join('\n');
}

/** The lines of sentSummary: one per step, and one for the documents. */
export async function sentSummaryLines(db: Db, id: number, language: Language): Promise<string[]> {
  const steps = await stepsOf(db, id);
  const files = await db
    .select({ name: applicationFiles.original_name })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.application_id, id), isNull(applicationFiles.replaced_at)))
    .orderBy(asc(applicationFiles.id));
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const detail = (step: number, data: Record<string, unknown>): string => {
    if (step === 2) return text(data.business_name);
    if (step === 3 && Array.isArray(data.owners)) return data.owners.map((owner) => text((owner as Record<string, unknown>)?.name)).filter(Boolean).join(', ');
    return '';
  };
  const lines = steps.map((row) => {
    const name = translate(language, `application.step.name${row.step}`);
    const more = detail(row.step, row.data);
    return `- ${row.step}. ${name}${more ? `: ${more}` : ''}`;
  });
  if (files.length > 0) lines.push(translate(language, 'email.applicationSubmitted.documents', { names: files.map((file) => file.name).join(', ') }));
  return lines;
}

/**
 * Submits when all six steps are submitted and the program is open; queues the confirmation in the same transaction.
 * After a change request it resubmits (docs/decisions/028-review-lifecycle.md, 036-review-rules.md): straight back
 * to `in_review` with the staff member who asked for the changes as its reviewer (no second "in review" e-mail),
 * `resubmitted_at` set and the first submission's date kept, audited as the applicant's own change, with its own
 * e-mail.
 */
export async function submitApplication(deps: ApplicationDeps, viewer: Viewer, id: number): Promise<Schemas['Application']> {
  await write(deps, viewer, id, undefined, async (tx, { application, program }, now) => {
    const steps = await stepsOf(tx, id);
    if (steps.length !== STEP_COUNT || steps.some((s) => s.status !== 'submitted')) {
      throw fieldErrors({ non_field_errors: 'api.application.incomplete' }, 'steps_incomplete');
    }
    const resubmit = application.status === 'changes_requested';
    const to = statusAfterSending(storedStatus(application.status));
    if (to === null) throw submittedError();
    await tx
      .update(applications)
      .set({
        status: to,
        submitted_at: application.submitted_at ?? now,
        ...(resubmit ? { resubmitted_at: now, reviewer_id: application.changes_requested_by ?? application.reviewer_id } : {}),
      })
      .where(eq(applications.id, id));
    if (resubmit) {
      await recordStatusChange(tx, viewer.id, 'submitApplication', id, application.status, to, now);
    }
    const user = await findUserById(tx, viewer.id);
    if (!user) throw notFound();
    const language: Language = isLanguage(user.language) ? user.language : 'es';
    // The applicant's copy, of what this transaction sends (docs/decisions/048-the-applicants-copy.md).
    const copy = await renderApplicantCopy(await copyContent(tx, id, language), language);
    await enqueueMail(tx, {
      template: resubmit ? 'applicationResubmitted' : 'applicationSubmitted',
      to: user.email,
      applicationId: id,
      language,
      params: {
        name: user.first_name,
        program: language === 'en' ? program.name_en : program.name_es,
        period: program.period,
        date: formatDate(now, language),
        id,
        summary: await sentSummary(tx, id, language),
        attached: translate(language, 'email.applicationSubmitted.attached'),
      },
      attachment: {
        filename: translate(language, 'pdf.copy.fileName', { id }),
        contentType: 'application/pdf',
        content: Buffer.from(copy).toString('base64'),
        encoding: 'base64',
      },
    }, now);
  });
  return getApplication(deps, viewer, id);
}
