// What a form signed on screen adds to its stored file (docs/decisions/055-signing-in-the-browser.md): the columns that
// tell staff how it was signed, and the audit entry written in the same transaction as the file.
import { recordAudit } from '#server/audit/log.ts';
import type { Db } from '#server/db/client.ts';

export interface SignedOnScreen {
  form: 'certification' | 'no_income_form';
  signerName: string;
  signedAt: Date;
  presentedSha256: string;
  /** Whether a drawing signed, or the typed name alone. */
  drawn: boolean;
  account: { id: number; email: string };
}

/** The file row's signing columns: all null for an upload (printed and signed by hand), which replaces a signed one. */
export const signingColumns = (signed: SignedOnScreen | undefined) => ({
  signer_name: signed?.signerName ?? null,
  signed_at: signed?.signedAt ?? null,
  presented_sha256: signed?.presentedSha256 ?? null,
});

/** The signing in the application's audit log, by the applicant who signed, beside the file it stored. */
export async function recordSigning(tx: Pick<Db, 'insert'>, applicationId: number, file: { id: number; sha256: string }, signed: SignedOnScreen, at: Date) {
  await recordAudit(tx, {
    actorId: signed.account.id,
    operation: 'signApplicationForm',
    recordType: 'application',
    recordId: applicationId,
    before: null,
    after: {
      form: signed.form,
      file_id: file.id,
      consent: true,
      signer_name: signed.signerName,
      signed_at: signed.signedAt.toISOString(),
      account_email: signed.account.email,
      drawn: signed.drawn,
      presented_sha256: signed.presentedSha256,
      stored_sha256: file.sha256,
    },
    at,
  });
}
