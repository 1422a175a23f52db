// The document checklist staff read on an application (docs/decisions/032-document-checklist.md): every uploaded
// document (steps 3 and 4's files and step 6's intake form) with its verdict. Only AdminApplication carries it.
import { asc, eq } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applicationFiles } from '#server/db/schema.ts';

type Schemas = components['schemas'];
export type DocumentKind = Schemas['AdminDocument']['kind'];

/** The step that holds each kind of document: the step a rejection reopens. */
export const STEP_OF_DOCUMENT: Record<DocumentKind, 3 | 4 | 6> = { owner_id: 3, income_document: 4, no_income_form: 4, intake_form: 6 };

export const isDocumentKind = (kind: string): kind is DocumentKind => kind in STEP_OF_DOCUMENT;

export async function documentChecklist(db: Db, applicationId: number): Promise<Schemas['AdminDocument'][]> {
  const rows = await db
    .select()
    .from(applicationFiles)
    .where(eq(applicationFiles.application_id, applicationId))
    .orderBy(asc(applicationFiles.created_at), asc(applicationFiles.id));
  return rows.flatMap((row) =>
    isDocumentKind(row.kind)
      ? [
          {
            file_id: row.id,
            kind: row.kind,
            step: STEP_OF_DOCUMENT[row.kind],
            file_name: row.original_name,
            verdict: row.verdict === 'verified' || row.verdict === 'rejected' ? row.verdict : null,
            reason: row.verdict_reason,
            verdict_at: row.verdict_at?.toISOString() ?? null,
          },
        ]
      : [],
  );
}
