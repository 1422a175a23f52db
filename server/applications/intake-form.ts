// The intake form of an application (step 6): the signed PDF uploaded, checked while it streams to disk and read
// back by its owner and staff, and the certification form to download, sign and upload. The same rules as every
// write of service.ts: only the owner, only while the application can change (service.ts assertWritable, write).
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { applicationFiles, applications, applicationSteps } from '#server/db/schema.ts';
import { findUserById } from '#server/auth/service.ts';
import { SourceFailedError, type TempFile } from '#server/files/storage.ts';
import { isStructurallyPdf, PdfInspector } from '#server/files/pdf-inspection.ts';
import { detailError, fieldErrors, notFound, type AppError } from '#server/http/errors.ts';
import type { Language } from '#server/i18n/messages.ts';
import type { Viewer } from '#server/programs/service.ts';
import { renderCertification } from './certification.ts';
import {
  assertWritable,
  closeDraftsOfClosedPrograms,
  INTAKE_FORM,
  intakeFormOf,
  load,
  loadReadable,
  toStoredFile,
  write,
  type ApplicationDeps,
} from './service.ts';

type Schemas = components['schemas'];
type FileRow = typeof applicationFiles.$inferSelect;

const PDF_MAGIC = Buffer.from('%PDF-');

export interface Upload {
  stream: Readable;
  filename: string;
  /** True when the multipart limit cut the file short (read it once the stream has ended). */
  truncated: () => boolean;
}

/**
 * A name fit to show and to send back in Content-Disposition: no path, no control characters, and no bidirectional
 * controls (U+202E would show `invoice\u202Efdp.exe` as `invoiceexe.pdf`).
 */
const safeFileName = (name: string): string =>
  basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .slice(0, 200) || 'intake-form.pdf';

/** Why an upload cannot be kept as the intake form (too large, not a PDF, not a readable one), if it cannot. */
async function uploadProblem(temp: TempFile, tail: Buffer, truncated: boolean): Promise<AppError | undefined> {
  if (truncated || temp.size > MAX_UPLOAD_BYTES) return detailError(413, 'api.error.fileTooLarge', 'file_too_large');
  if (!temp.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return fieldErrors({ file: 'api.upload.notPdf' });
  if (!(await isStructurallyPdf(temp.size, temp.head, tail, temp.readRange))) return fieldErrors({ file: 'api.upload.damagedPdf' });
  return undefined;
}

/**
 * Stores the signed participant intake form (PDF, 20MB at most), replacing an earlier one. The bytes go to a temp
 * file first; only a whole PDF is renamed into place and recorded. A submitted step 6 becomes incomplete again.
 */
export async function uploadIntakeForm(deps: ApplicationDeps, viewer: Viewer, id: number, upload: Upload): Promise<Schemas['StoredFile']> {
  // Refuse before reading a byte when the application cannot take the file anyway.
  const now = deps.now();
  await closeDraftsOfClosedPrograms(deps.db, now, eq(applications.id, id));
  const loaded = await load(deps.db, id);
  if (!loaded) throw notFound();
  assertWritable(loaded, viewer, now);

  // The PDF is checked while it streams to disk: never all of it in memory, never a long pause of the event loop.
  const inspector = new PdfInspector();
  let temp: TempFile;
  try {
    temp = await deps.files.write(upload.stream, inspector.write);
  } catch (error) {
    await inspector.finish();
    // A body cut off or malformed on the way is the sender's problem; a disk failure is ours (500).
    if (error instanceof SourceFailedError) throw detailError(400, 'api.error.malformed', 'malformed');
    throw error;
  }
  const inspection = await inspector.finish();
  try {
    const problem = await uploadProblem(temp, inspection.tail, upload.truncated());
    if (problem) throw problem;
  } catch (error) {
    await temp.discard();
    throw error;
  }
  const key = await temp.commit(`applications/${id}`, 'pdf');
  let stored: { row: FileRow; previous: string | undefined };
  try {
    stored = await write(deps, viewer, id, async (tx, _loaded, at) => {
      const previous = (await intakeFormOf(tx, id))?.storage_key;
      const values = {
        storage_key: key,
        original_name: safeFileName(upload.filename),
        content_type: 'application/pdf',
        size: temp.size,
        sha256: temp.sha256,
        active_content: inspection.activeContent,
        created_at: at,
      };
      const [row] = await tx
        .insert(applicationFiles)
        .values({ application_id: id, kind: INTAKE_FORM, ...values })
        .onConflictDoUpdate({ target: [applicationFiles.application_id, applicationFiles.kind], set: values })
        .returning();
      if (!row) throw new Error('file upsert returned no row');
      await tx
        .update(applicationSteps)
        .set({ status: 'incomplete', submitted_at: null, updated_at: at })
        .where(and(eq(applicationSteps.application_id, id), eq(applicationSteps.step, 6), eq(applicationSteps.status, 'submitted')));
      return { row, previous };
    });
  } catch (error) {
    await deps.files.remove(key);
    throw error;
  }
  if (stored.previous) await deps.files.remove(stored.previous);
  return toStoredFile(stored.row);
}

/** The uploaded intake form, for its owner and staff. */
export async function readIntakeForm(deps: ApplicationDeps, viewer: Viewer, id: number) {
  await loadReadable(deps, viewer, id);
  const file = await intakeFormOf(deps.db, id);
  const stored = file ? await deps.files.read(file.storage_key) : undefined;
  if (!file || !stored) throw notFound();
  return { ...stored, fileName: file.original_name };
}

/** The certification form with the applicant's name (as in step 1, else the profile), the program and today's date. */
export async function certificationForm(deps: ApplicationDeps, viewer: Viewer, id: number, language: Language): Promise<Uint8Array> {
  const { application, program } = await loadReadable(deps, viewer, id);
  const [person] = await deps.db
    .select({ data: applicationSteps.data })
    .from(applicationSteps)
    .where(and(eq(applicationSteps.application_id, id), eq(applicationSteps.step, 1)))
    .limit(1);
  const user = await findUserById(deps.db, application.user_id);
  const part = (value: unknown, fallback: string | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : fallback ?? '');
  const applicantName = `${part(person?.data.first_name, user?.first_name)} ${part(person?.data.last_name, user?.last_name)}`.trim();
  return renderCertification({
    language,
    applicationId: id,
    applicantName,
    programName: language === 'en' ? program.name_en : program.name_es,
    period: program.period,
    date: deps.now(),
  });
}
