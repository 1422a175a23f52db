// An application as the contract shows it (Application): its steps, intake form, documents and what the applicant
// reads of staff's review. The applicant's services and staff's read of one application (server/admin/) both answer it.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applicationFiles, applications, applicationSteps } from '#server/db/schema.ts';
import type { ActiveContent } from '#server/files/pdf-inspection.ts';
import { toProgramInfo } from '#server/programs/service.ts';
import { applicationAction, applicationStatus, programStatus } from '#server/programs/status.ts';
import { APPLICANT_SIDE, isDecided, rejectedDocuments, type ApplicationStatus } from '#shared/review-lifecycle.ts';
import { documentChecklist } from '#server/admin/document-list.ts';
import { INTAKE_FORM, type Loaded } from './access.ts';
import { documentsOf } from './documents.ts';

type Schemas = components['schemas'];
type ApplicationRow = typeof applications.$inferSelect;
type StepRow = typeof applicationSteps.$inferSelect;
type FileRow = typeof applicationFiles.$inferSelect;

export const toStep = (row: StepRow): Schemas['ApplicationStep'] => ({
  step: row.step,
  status: row.status === 'submitted' ? 'submitted' : 'incomplete',
  version: row.version,
  data: row.data,
  updated_at: row.updated_at.toISOString(),
  submitted_at: row.submitted_at?.toISOString() ?? null,
});

export const toStoredFile = (row: FileRow): Schemas['StoredFile'] => ({
  file_name: row.original_name,
  size: row.size,
  uploaded_at: row.created_at.toISOString(),
  active_content: row.active_content as ActiveContent[],
});

export const stepsOf = (db: Db, id: number) =>
  db.select().from(applicationSteps).where(eq(applicationSteps.application_id, id)).orderBy(asc(applicationSteps.step));

export const intakeFormOf = async (db: Db, id: number): Promise<FileRow | undefined> =>
  (
    await db
      .select()
      .from(applicationFiles)
      // The current form: a rejected one replaced is history (docs/decisions/036-review-rules.md).
      .where(and(eq(applicationFiles.application_id, id), eq(applicationFiles.kind, INTAKE_FORM), isNull(applicationFiles.replaced_at)))
      .limit(1)
  )[0];

export async function applicationView(db: Db, loaded: Loaded, now: Date): Promise<Schemas['Application']> {
  const { application, program } = loaded;
  const steps = await stepsOf(db, application.id);
  const file = await intakeFormOf(db, application.id);
  const programNow = programStatus(program, now);
  const status = applicationStatus(application.status, programNow);
  return {
    id: application.id,
    applicant_id: application.user_id,
    status,
    action: applicationAction(status, programNow, steps),
    program: toProgramInfo(program, now),
    steps: steps.map(toStep),
    intake_form: file ? toStoredFile(file) : null,
    files: await documentsOf(db, application.id),
    ...(await reviewOf(db, application, status)),
    created_at: application.created_at.toISOString(),
    updated_at: application.updated_at.toISOString(),
    submitted_at: application.submitted_at?.toISOString() ?? null,
    resubmitted_at: application.resubmitted_at?.toISOString() ?? null,
  };
}

/**
 * What the applicant reads of staff's review: the open change request (with the documents staff rejected, each to
 * replace), or the decision and its reason. Never the checklist's other verdicts.
 */
export async function reviewOf(db: Db, application: ApplicationRow, status: ApplicationStatus): Promise<Pick<Schemas['Application'], 'change_request' | 'decision'>> {
  const { change_message, change_steps, changes_requested_at, decision_reason, decided_at } = application;
  const open = APPLICANT_SIDE[status].edits === 'reopened' && change_message !== null && changes_requested_at !== null;
  const documents = open ? rejectedDocuments(await documentChecklist(db, application.id)) : [];
  return {
    change_request: open
      ? {
          message: change_message,
          steps: [...(change_steps ?? [])].sort((a, b) => a - b),
          documents: documents.map(({ file_id, kind, step, file_name, reason }) => ({ file_id, kind, step, file_name, reason: reason ?? '' })),
          requested_at: changes_requested_at.toISOString(),
        }
      : null,
    decision:
      isDecided(status) && decision_reason !== null && decided_at !== null
        ? { decision: status, reason: decision_reason, decided_at: decided_at.toISOString() }
        : null,
  };
}
