// What every part that reads or changes an application shares (the applicant's services here, staff's in
// server/admin/): loading one, who may read it, and whether it may change now (shared/review-lifecycle.ts's applicant
// side as the contract's errors). The applicant's services (service.ts, documents.ts, intake-form.ts) write through
// write(); staff's services load and lock with load().
import { and, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { applications, programs } from '#server/db/schema.ts';
import type { CaptchaService } from '#server/captcha/captcha.ts';
import type { FileStorage } from '#server/files/storage.ts';
import { AppError, detailError, forbidden, notFound } from '#server/http/errors.ts';
import type { ProgramRow, Viewer } from '#server/programs/service.ts';
import { programStatus, storedStatus } from '#server/programs/status.ts';
import { applicantWriteRefusal, type WriteRefusal } from '#shared/review-lifecycle.ts';

type ApplicationRow = typeof applications.$inferSelect;
export interface Loaded {
  application: ApplicationRow;
  program: ProgramRow;
}

export interface ApplicationDeps {
  db: Db;
  captcha: CaptchaService;
  files: FileStorage;
  now: () => Date;
}

/** The kind of the application's file row that holds the signed intake form. */
export const INTAKE_FORM = 'intake_form';

export const submittedError = () => detailError(409, 'api.application.submitted', 'application_submitted');
const closedError = () => detailError(409, 'api.application.closed', 'application_closed');
const unavailableError = () => detailError(409, 'api.program.unavailable', 'program_unavailable');
const stepLockedError = () => detailError(409, 'api.application.stepLocked', 'step_locked');


/** Turns drafts whose program has closed into closed applications; `scope` narrows which applications. */
export async function closeDraftsOfClosedPrograms(db: Db, now: Date, scope: SQL): Promise<void> {
  const closedPrograms = db
    .select({ id: programs.id })
    .from(programs)
    .where(or(eq(programs.status, 'closed'), lt(programs.application_deadline, now)));
  await db
    .update(applications)
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where(and(eq(applications.status, 'draft'), scope, inArray(applications.program_id, closedPrograms)));
}

export async function load(db: Db, id: number, lock = false): Promise<Loaded | undefined> {
  const query = db
    .select({ application: applications, program: programs })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.program_id))
    .where(eq(applications.id, id))
    .limit(1);
  return (await (lock ? query.for('update', { of: applications }) : query))[0];
}

export async function loadReadable(deps: ApplicationDeps, viewer: Viewer, id: number): Promise<Loaded> {
  await closeDraftsOfClosedPrograms(deps.db, deps.now(), eq(applications.id, id));
  const loaded = await load(deps.db, id);
  if (!loaded || (loaded.application.user_id !== viewer.id && !viewer.isStaff)) throw notFound();
  return loaded;
}

const refusalErrors = {
  application_submitted: submittedError,
  program_unavailable: unavailableError,
  application_closed: closedError,
  step_locked: stepLockedError,
} as const satisfies Record<WriteRefusal, () => AppError>;

/** What the write check reads of a loaded application. */
export interface WriteFacts {
  application: Pick<ApplicationRow, 'user_id' | 'status' | 'change_steps'>;
  program: Pick<ProgramRow, 'status' | 'application_deadline'>;
}

/**
 * Why this application cannot change now, if it cannot: the applicant side of shared/review-lifecycle.ts
 * (applicantWriteRefusal) as the contract's error. `step` is the step the write touches (undefined for the submit):
 * while staff request changes only their reopened steps change, whatever the program's deadline (the application was
 * sent in time). Staff read any application but write none (403); another person's is 404.
 */
export function assertWritable(loaded: WriteFacts, viewer: Viewer, now: Date, step?: number): void {
  if (loaded.application.user_id !== viewer.id) throw viewer.isStaff ? forbidden() : notFound();
  assertStepOpen(loaded, step, now);
}

/** The table's answer for `step` (undefined: the whole application), once the viewer is known to be the owner. */
export function assertStepOpen(loaded: WriteFacts, step: number | undefined, now: Date): void {
  const { status, change_steps } = loaded.application;
  const refusal = applicantWriteRefusal(storedStatus(status), programStatus(loaded.program, now), step, change_steps ?? []);
  if (refusal !== null) throw refusalErrors[refusal]();
}

/** Before a byte of an upload is read: refused (404, 403, 409) when the application could not take the file anyway. */
export async function assertCanUpload(deps: ApplicationDeps, viewer: Viewer, id: number, step: number): Promise<void> {
  const now = deps.now();
  await closeDraftsOfClosedPrograms(deps.db, now, eq(applications.id, id));
  const loaded = await load(deps.db, id);
  if (!loaded) throw notFound();
  assertWritable(loaded, viewer, now, step);
}

/**
 * Runs one write in one transaction, on the locked application, once it is known to be the viewer's and open (for
 * `step`, when the write touches one).
 */
export async function write<T>(
  deps: ApplicationDeps,
  viewer: Viewer,
  id: number,
  step: number | undefined,
  work: (tx: Db, loaded: Loaded, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const loaded = await load(tx, id, true);
      if (!loaded) throw notFound();
      assertWritable(loaded, viewer, now, step);
      const result = await work(tx, loaded, now);
      await tx.update(applications).set({ updated_at: now }).where(eq(applications.id, id));
      return result;
    });
  } catch (error) {
    // A draft found closed: the write rolled back, but the closing is kept. Closing here, and not before every
    // write, spares each step save a statement (docs/decisions/012-speed.md).
    if (error instanceof AppError && error.body.code === 'application_closed') {
      await closeDraftsOfClosedPrograms(deps.db, now, eq(applications.id, id));
    }
    throw error;
  }
}
