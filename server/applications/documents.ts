// The documents of steps 3 and 4 (docs/decisions/015-application-content.md): owners' identification files, income
// documents and the signed no-income form, several per field. Each is a PDF of 20MB at most (or photos made into one:
// docs/decisions/054-photos-are-documents.md), streamed to storage under a server-made name with its size and SHA-256 (pdf-upload.ts); a step's draft references it by id. Only the
// owner uploads or deletes, only while the application can change; the owner and staff download.
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applicationFiles, applicationSteps } from '#server/db/schema.ts';
import type { ActiveContent } from '#server/files/pdf-inspection.ts';
import { fieldErrors, msg, notFound, type FieldErrors } from '#server/http/errors.ts';
import type { Viewer } from '#server/programs/service.ts';
import { receiveDocument, type UploadParts } from './pdf-upload.ts';
import { recordSigning, signingColumns, type SignedOnScreen } from './signed-on-screen.ts';
import { assertCanUpload, assertStepOpen, INTAKE_FORM, loadReadable, write, type ApplicationDeps } from './access.ts';
import type { DraftData } from './steps.ts';

type Schemas = components['schemas'];
export type FileKind = Schemas['FileKind'];
type FileRow = typeof applicationFiles.$inferSelect;

/** The step whose draft references a kind of document. */
const STEP_OF: Record<FileKind, 3 | 4> = { owner_id: 3, income_document: 4, no_income_form: 4 };
const FALLBACK_NAME: Record<FileKind, string> = {
  owner_id: 'identification.pdf',
  income_document: 'income-document.pdf',
  no_income_form: 'no-income-form.pdf',
};
/** Far more than any household needs (each field takes 10): a bound on what one application can store. */
export const MAX_DOCUMENTS = 100;

export const isFileKind = (kind: string): kind is FileKind => kind in STEP_OF;

/** Whether the viewer may add a document of this kind to the application now (its step open to them). */
export const assertCanUploadDocument = (deps: ApplicationDeps, viewer: Viewer, id: number, kind: FileKind): Promise<void> =>
  assertCanUpload(deps, viewer, id, STEP_OF[kind]);

export const toApplicationFile = (row: FileRow): Schemas['ApplicationFile'] => {
  if (!isFileKind(row.kind)) throw new Error(`not a document kind: ${row.kind}`);
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.original_name,
    size: row.size,
    sha256: row.sha256,
    uploaded_at: row.created_at.toISOString(),
    active_content: row.active_content as ActiveContent[],
  };
};

/** The application's documents (everything but the intake form, and none replaced), oldest first. */
export async function documentsOf(db: Db, id: number): Promise<Schemas['ApplicationFile'][]> {
  const rows = await db
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.application_id, id), ne(applicationFiles.kind, INTAKE_FORM), isNull(applicationFiles.replaced_at)))
    .orderBy(applicationFiles.id);
  return rows.map(toApplicationFile);
}

/**
 * Stores one document; the draft then references it by the answered id. Nothing is kept when it is refused.
 * `signed`: a no-income form signed on screen (signing.ts), recorded with the file and in the audit log.
 */
export async function uploadDocument(
  deps: ApplicationDeps,
  viewer: Viewer,
  id: number,
  kind: FileKind,
  parts: UploadParts,
  signed?: SignedOnScreen,
): Promise<Schemas['ApplicationFile']> {
  await assertCanUpload(deps, viewer, id, STEP_OF[kind]);

  const { temp, activeContent, fileName } = await receiveDocument(deps.files, parts, FALLBACK_NAME[kind]);
  const key = await temp.commit(`applications/${id}`, 'pdf');
  try {
    const row = await write(deps, viewer, id, STEP_OF[kind], async (tx, _loaded, at) => {
      const [stored] = await tx.select({ n: count() }).from(applicationFiles).where(eq(applicationFiles.application_id, id));
      if ((stored?.n ?? 0) >= MAX_DOCUMENTS) throw fieldErrors({ file: 'api.upload.tooMany' });
      const [inserted] = await tx
        .insert(applicationFiles)
        .values({
          application_id: id,
          kind,
          storage_key: key,
          original_name: fileName,
          content_type: 'application/pdf',
          size: temp.size,
          sha256: temp.sha256,
          active_content: activeContent,
          created_at: at,
          ...signingColumns(signed),
        })
        .returning();
      if (!inserted) throw new Error('file insert returned no row');
      if (signed) await recordSigning(tx, id, inserted, signed, at);
      return inserted;
    });
    return toApplicationFile(row);
  } catch (error) {
    await deps.files.remove(key);
    throw error;
  }
}

/** One document of the application; `current` leaves out the replaced ones (kept as history, read only). */
async function documentRow(db: Db, id: number, fileId: number, current = false): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationFiles)
    .where(
      and(
        eq(applicationFiles.id, fileId),
        eq(applicationFiles.application_id, id),
        ne(applicationFiles.kind, INTAKE_FORM),
        ...(current ? [isNull(applicationFiles.replaced_at)] : []),
      ),
    )
    .limit(1);
  return row;
}

/** One document's bytes, for the application's owner and staff (anyone else: 404, as if it did not exist). */
export async function readDocument(deps: ApplicationDeps, viewer: Viewer, id: number, fileId: number) {
  await loadReadable(deps, viewer, id);
  const row = await documentRow(deps.db, id, fileId);
  const stored = row ? await deps.files.read(row.storage_key) : undefined;
  if (!row || !stored) throw notFound();
  return { ...stored, fileName: row.original_name };
}

/**
 * Deletes a document while the application is a draft (afterwards 409, as every write). The step it belongs to
 * becomes incomplete again if it was submitted: its draft may name the file. A document staff rejected is not
 * deleted but marked replaced: it leaves the applicant's files and staff's checklist and stays, bytes and verdict,
 * as the review's history (docs/decisions/036-review-rules.md).
 */
export async function deleteDocument(deps: ApplicationDeps, viewer: Viewer, id: number, fileId: number): Promise<void> {
  const key = await write(deps, viewer, id, undefined, async (tx, loaded, at) => {
    const row = await documentRow(tx, id, fileId, true);
    if (!row || !isFileKind(row.kind)) throw notFound();
    // While changes are requested, only a reopened step's documents may go (docs/decisions/028-review-lifecycle.md).
    assertStepOpen(loaded, STEP_OF[row.kind], at);
    const kept = row.verdict === 'rejected';
    if (kept) await tx.update(applicationFiles).set({ replaced_at: at }).where(eq(applicationFiles.id, row.id));
    else await tx.delete(applicationFiles).where(eq(applicationFiles.id, row.id));
    await tx
      .update(applicationSteps)
      .set({ status: 'incomplete', submitted_at: null, updated_at: at })
      .where(
        and(
          eq(applicationSteps.application_id, id),
          eq(applicationSteps.step, STEP_OF[row.kind]),
          eq(applicationSteps.status, 'submitted'),
        ),
      );
    return kept ? null : row.storage_key;
  });
  // After the commit: a failed transaction keeps its file.
  if (key !== null) await deps.files.remove(key);
}

/** Where a step's draft names documents: the field path and the kind each must be. */
function referencedFiles(step: number, data: DraftData): Array<{ field: string; kind: FileKind; ids: unknown[] }> {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  if (step === 3) {
    return list(data.owners).map((owner, index) => ({
      field: `owners.${index}.id_files`,
      kind: 'owner_id' as const,
      ids: list((owner as Record<string, unknown> | null)?.id_files),
    }));
  }
  if (step === 4) {
    return [
      { field: 'income_documents', kind: 'income_document', ids: list(data.income_documents) },
      { field: 'no_income_form', kind: 'no_income_form', ids: list(data.no_income_form) },
    ];
  }
  return [];
}

/**
 * The file ids a draft names that are not this application's documents of that field ("Never trust the client"):
 * a field error for each such field, or none.
 */
export async function unknownDocuments(db: Db, id: number, step: number, data: DraftData): Promise<FieldErrors> {
  const references = referencedFiles(step, data);
  const wanted = [...new Set(references.flatMap((reference) => reference.ids.filter((value): value is number => typeof value === 'number')))];
  if (wanted.length === 0) return {};
  const rows = await db
    .select({ id: applicationFiles.id, kind: applicationFiles.kind })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.application_id, id), inArray(applicationFiles.id, wanted), isNull(applicationFiles.replaced_at)));
  const kinds = new Map(rows.map((row) => [row.id, row.kind]));
  const problems: FieldErrors = {};
  for (const reference of references) {
    if (reference.ids.some((value) => kinds.get(Number(value)) !== reference.kind)) {
      problems[reference.field] = [msg('api.upload.unknownFile')];
    }
  }
  return problems;
}
