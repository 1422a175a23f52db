// The document checklist staff read on an application (docs/decisions/032-document-checklist.md): every uploaded
// document (steps 3 and 4's files and step 6's intake form) with its verdict. A rejected document the applicant
// replaced leaves the checklist and stays as history (docs/decisions/036-review-rules.md). Only AdminApplication
// carries the verdicts; the applicant reads the rejected ones through the change request.
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applicationFiles } from '#server/db/schema.ts';
import { STEP_OF_DOCUMENT, type DocumentKind } from '#shared/review-lifecycle.ts';

type Schemas = components['schemas'];
export type { DocumentKind };
export { STEP_OF_DOCUMENT };

export const isDocumentKind = (kind: string): kind is DocumentKind => kind in STEP_OF_DOCUMENT;

type FileRow = typeof applicationFiles.$inferSelect;

const toAdminDocument = (row: FileRow & { kind: DocumentKind }): Schemas['AdminDocument'] => ({
  file_id: row.id,
  kind: row.kind,
  step: STEP_OF_DOCUMENT[row.kind],
  file_name: row.original_name,
  verdict: row.verdict === 'verified' || row.verdict === 'rejected' ? row.verdict : null,
  reason: row.verdict_reason,
  verdict_at: row.verdict_at?.toISOString() ?? null,
  replaced_at: row.replaced_at?.toISOString() ?? null,
  // Signed on screen (docs/decisions/055-signing-in-the-browser.md), else uploaded.
  signed_on_screen:
    row.signer_name !== null && row.signed_at !== null && row.presented_sha256 !== null
      ? { signer_name: row.signer_name, signed_at: row.signed_at.toISOString(), presented_sha256: row.presented_sha256 }
      : null,
});

async function documentRows(db: Db, applicationId: number, replaced: boolean): Promise<Schemas['AdminDocument'][]> {
  const rows = await db
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.application_id, applicationId), replaced ? isNotNull(applicationFiles.replaced_at) : isNull(applicationFiles.replaced_at)))
    .orderBy(asc(applicationFiles.created_at), asc(applicationFiles.id));
  return rows.flatMap((row) => (isDocumentKind(row.kind) ? [toAdminDocument({ ...row, kind: row.kind })] : []));
}

/** The checklist: the application's current documents, in upload order. */
export const documentChecklist = (db: Db, applicationId: number) => documentRows(db, applicationId, false);

/** Rejected documents the applicant replaced: history, never offered for a verdict. */
export const replacedDocuments = (db: Db, applicationId: number) => documentRows(db, applicationId, true);
