// Signing the certification (step 6) or the no-income form (step 4) on screen (docs/decisions/055-signing-in-the-browser.md):
// the applicant's consent, typed name and drawing are checked, the form as presented is rendered and stamped, and the
// stamped PDF is stored through the upload path (intake-form.ts, documents.ts: same checks, same storage), with the
// signing written to the audit log in the same transaction. Only the owner of an application that can still change.
import { Readable } from 'node:stream';
import type { components } from '#api/schema.d.ts';
import { findUserById } from '#server/auth/accounts.ts';
import { fieldErrors, notFound } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import type { Viewer } from '#server/programs/service.ts';
import { uploadDocument } from './documents.ts';
import { formToSign, uploadIntakeForm } from './intake-form.ts';
import { assertCanUpload, type ApplicationDeps } from './access.ts';
import { readDrawing, sha256, stampSignature } from './signature-stamp.ts';
import type { SignedOnScreen } from './signed-on-screen.ts';

type Schemas = components['schemas'];
type Form = Schemas['SignatureForm'];

/** The step that holds each form: signing it is a write of that step (refused while it is locked, as an upload). */
const STEP_OF: Record<Form, 4 | 6> = { certification: 6, no_income_form: 4 };
const FILE_NAME: Record<Form, string> = { certification: 'pdf.certification.fileName', no_income_form: 'pdf.noIncome.fileName' };

/** Every problem of the request at once (consent, name, drawing), or the drawing's PNG (null: the typed name signs). */
function checkInput(input: Schemas['SignatureInput']): Buffer | null {
  const problems: Record<string, string> = {};
  if (input.consent !== true) problems.consent = 'api.signature.consentRequired';
  if (input.signer_name.trim() === '') problems.signer_name = 'api.signature.nameRequired';
  let png: Buffer | null = null;
  if (input.drawing !== null) {
    const read = readDrawing(input.drawing);
    if ('problem' in read) problems.drawing = read.problem === 'empty' ? 'api.signature.drawingEmpty' : 'api.signature.drawingUnreadable';
    else png = read.png;
  }
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
  return png;
}

export async function signForm(
  deps: ApplicationDeps,
  viewer: Viewer,
  id: number,
  input: Schemas['SignatureInput'],
  language: Language,
): Promise<Schemas['SignedForm']> {
  // Who may sign comes first: another person's application is 404 whatever the body says.
  await assertCanUpload(deps, viewer, id, STEP_OF[input.form]);
  const drawing = checkInput(input);
  const account = await findUserById(deps.db, viewer.id);
  if (!account) throw notFound();

  // The form is dated with the signing's time, so the form as presented can be rendered again from it.
  const signedAt = deps.now();
  const presented = await formToSign(deps, viewer, id, input.form, language, signedAt);
  const signed: SignedOnScreen = {
    form: input.form,
    signerName: input.signer_name.trim().replace(/\s+/g, ' '),
    signedAt,
    presentedSha256: sha256(presented.pdf),
    drawn: drawing !== null,
    account: { id: account.id, email: account.email },
  };
  const stamped = await stampSignature(presented.pdf, presented.lines, {
    language,
    signerName: signed.signerName,
    drawing,
    signedAt: signed.signedAt,
    account: signed.account,
    presentedSha256: signed.presentedSha256,
  });
  // Stored as an upload of the same bytes would be: streamed through the PDF checks into storage.
  const upload = [{ stream: Readable.from([Buffer.from(stamped)]), filename: translate(language, FILE_NAME[input.form], { id }), truncated: () => false }];
  const signature = { signer_name: signed.signerName, signed_at: signed.signedAt.toISOString(), presented_sha256: signed.presentedSha256 };
  if (input.form === 'certification') {
    const intakeForm = await uploadIntakeForm(deps, viewer, id, upload, signed);
    return { form: input.form, intake_form: intakeForm, document: null, signature };
  }
  const document = await uploadDocument(deps, viewer, id, 'no_income_form', upload, signed);
  return { form: input.form, intake_form: null, document, signature };
}
