// The intake form of an application (step 6): the signed PDF uploaded, checked while it streams to disk and read
// back by its owner and staff, and the certification form to download, sign and upload. The same rules as every
// write of service.ts: only the owner, only while the application can change (access.ts assertWritable, write).
import { and, eq, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import { applicationFiles, applicationSteps } from '#server/db/schema.ts';
import { findUserById } from '#server/auth/accounts.ts';
import { notFound } from '#server/http/errors.ts';
import type { Language } from '#server/i18n/messages.ts';
import type { Viewer } from '#server/programs/service.ts';
import { renderCertification, renderFormToSign, renderNoIncomeForm, type CertificationInput } from './certification.ts';
import { receiveDocument, type UploadParts } from './pdf-upload.ts';
import { recordSigning, signingColumns, type SignedOnScreen } from './signed-on-screen.ts';
import { assertCanUpload, INTAKE_FORM, loadReadable, write, type ApplicationDeps } from './access.ts';
import { sentSummaryLines } from './service.ts';
import { intakeFormOf, toStoredFile } from './view.ts';

type Schemas = components['schemas'];
type SignatureForm = Schemas['SignatureForm'];
type FileRow = typeof applicationFiles.$inferSelect;
export type { UploadParts };

/**
 * Stores the signed participant intake form (PDF, 20MB at most), replacing an earlier one. The bytes go to a temp
 * file first; only a whole PDF is renamed into place and recorded. A submitted step 6 becomes incomplete again.
 * `signed`: the certification signed on screen (signing.ts), recorded with the file and in the audit log.
 */
/** Whether the viewer may upload the application's intake form now (step 6 open to them). */
export const assertCanUploadIntakeForm = (deps: ApplicationDeps, viewer: Viewer, id: number): Promise<void> => assertCanUpload(deps, viewer, id, 6);

export async function uploadIntakeForm(
  deps: ApplicationDeps,
  viewer: Viewer,
  id: number,
  parts: UploadParts,
  signed?: SignedOnScreen,
): Promise<Schemas['StoredFile']> {
  await assertCanUploadIntakeForm(deps, viewer, id);

  const { temp, activeContent, fileName } = await receiveDocument(deps.files, parts, 'intake-form.pdf');
  const key = await temp.commit(`applications/${id}`, 'pdf');
  let stored: { row: FileRow; previous: string | undefined };
  try {
    stored = await write(deps, viewer, id, 6, async (tx, _loaded, at) => {
      const current = await intakeFormOf(tx, id);
      // A form staff rejected stays as the review's history, replaced (docs/decisions/036-review-rules.md).
      if (current?.verdict === 'rejected') await tx.update(applicationFiles).set({ replaced_at: at }).where(eq(applicationFiles.id, current.id));
      const previous = current?.verdict === 'rejected' ? undefined : current?.storage_key;
      const values = {
        storage_key: key,
        original_name: fileName,
        content_type: 'application/pdf',
        size: temp.size,
        sha256: temp.sha256,
        active_content: activeContent,
        created_at: at,
        ...signingColumns(signed),
      };
      const [row] = await tx
        .insert(applicationFiles)
        .values({ application_id: id, kind: INTAKE_FORM, ...values })
        .onConflictDoUpdate({
          target: [applicationFiles.application_id],
          targetWhere: sql`kind = 'intake_form' and replaced_at is null`,
          // A new form starts with no verdict, as a new document does.
          set: { ...values, verdict: null, verdict_reason: null, verdict_by: null, verdict_at: null },
        })
        .returning();
      if (!row) throw new Error('file upsert returned no row');
      if (signed) await recordSigning(tx, id, row, signed, at);
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

/** The applicant's name as in step 1, else the profile. */
async function applicantNameOf(deps: ApplicationDeps, id: number, userId: number): Promise<string> {
  const [person] = await deps.db
    .select({ data: applicationSteps.data })
    .from(applicationSteps)
    .where(and(eq(applicationSteps.application_id, id), eq(applicationSteps.step, 1)))
    .limit(1);
  const user = await findUserById(deps.db, userId);
  const part = (value: unknown, fallback: string | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : fallback ?? '');
  return `${part(person?.data.first_name, user?.first_name)} ${part(person?.data.last_name, user?.last_name)}`.trim();
}

/** The facts a form to sign carries: the applicant's name (as in step 1, else the profile), the program and the date. */
async function formFacts(deps: ApplicationDeps, viewer: Viewer, id: number, language: Language, at = deps.now()): Promise<CertificationInput> {
  const { application, program } = await loadReadable(deps, viewer, id);
  return {
    language,
    applicationId: id,
    applicantName: await applicantNameOf(deps, id, application.user_id),
    programName: language === 'en' ? program.name_en : program.name_es,
    period: program.period,
    date: at,
  };
}

/** The certification form with the applicant's facts and, as what the person certifies, the application as it stands. */
export async function certificationForm(deps: ApplicationDeps, viewer: Viewer, id: number, language: Language): Promise<Uint8Array> {
  return renderCertification({ ...(await formFacts(deps, viewer, id, language)), summary: await sentSummaryLines(deps.db, id, language) });
}

/** The no-income statement of step 4 (docs/product.md section 5): the applicant's name and today's date, to sign. */
export async function noIncomeForm(deps: ApplicationDeps, viewer: Viewer, id: number, language: Language): Promise<Uint8Array> {
  return renderNoIncomeForm(await formFacts(deps, viewer, id, language));
}

/**
 * A form as presented to be signed on screen, dated `at` (the signing's time): the same PDF the download gives at that
 * moment, and where its signature lines are.
 */
export async function formToSign(
  deps: ApplicationDeps,
  viewer: Viewer,
  id: number,
  form: SignatureForm,
  language: Language,
  at: Date,
) {
  const facts = await formFacts(deps, viewer, id, language, at);
  return form === 'certification'
    ? renderFormToSign('pdf.certification', { ...facts, summary: await sentSummaryLines(deps.db, id, language) })
    : renderFormToSign('pdf.noIncome', facts);
}
