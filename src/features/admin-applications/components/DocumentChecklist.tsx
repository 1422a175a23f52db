// The document checklist on staff's review pages (docs/decisions/032-document-checklist.md, 035): each uploaded
// document with its verdict, how a form to sign was signed (on screen or uploaded: docs/decisions/055), and Verify and
// Reject where the review machine (machines/review) takes them. Rejecting asks for the reason in a Radix dialog (the
// machine's `reject_document` dialog); the machine sends both.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { isFilled } from '#machines/review/review.machine';
import { selectAskingDocument, selectDocumentActions, selectIsBusy } from '#machines/review/review.selectors';
import { isStepNumber } from '#shared/application-constants';
import { stepNames } from '#components/application/messages';
import { Button } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';
import { TextAreaField } from '#components/ui/TextAreaField';
import type { AdminApplication } from '#features/admin-applications/api/applications';
import { ViewDocumentButton } from './DocumentItem';
import { DialogForm, focusFirst, FormDialog } from './ReviewDialogs';
import { ReviewOutcome } from './ReviewOutcome';
import type { ReviewActor } from './ReviewPanel';

type Document = AdminApplication['documents'][number];

const buttonId = (document: Document) => `document-reject-${document.file_id}`;

/**
 * How a form to sign was signed (docs/decisions/055-signing-in-the-browser.md): on screen, by whom and when, or by hand
 * and uploaded. Other documents say nothing.
 */
export function SignedWay({ document }: { document: Document }) {
  if (document.kind !== 'intake_form' && document.kind !== 'no_income_form') return null;
  const signed = document.signed_on_screen;
  return (
    <span className="w-full text-gray-900">
      {signed ? (
        <FormattedMessage
          id="admin.review.documents.signedOnScreen"
          values={{ name: <strong>{signed.signer_name}</strong>, date: <InstantText instant={signed.signed_at} /> }}
        />
      ) : (
        <FormattedMessage id="admin.review.documents.signedUploaded" />
      )}
    </span>
  );
}

/** A document's verdict in words (a rejection with its reason): the checklist and the printed application. */
export function Verdict({ document }: { document: Document }) {
  if (document.verdict === 'verified')
    return (
      <span className="font-semibold text-green-800">
        <FormattedMessage id="admin.review.documents.verified" />
      </span>
    );
  if (document.verdict === 'rejected')
    return (
      <span className="font-semibold text-red-800">
        <FormattedMessage id="admin.review.documents.rejected" values={{ reason: document.reason ?? '' }} />
      </span>
    );
  return <FormattedMessage id="admin.review.documents.unchecked" />;
}

function RejectForm({ onSend, onCancel }: { onSend: (reason: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const send = () => {
    setTried(true);
    if (isFilled(reason)) onSend(reason.trim());
    else focusFirst(['document-reject-reason']);
  };
  return (
    <DialogForm onSubmit={send} sendLabel={<FormattedMessage id="admin.review.documents.rejectSend" />} onCancel={onCancel}>
      <TextAreaField
        id="document-reject-reason"
        label={<FormattedMessage id="admin.review.decide.reason" />}
        hint={<FormattedMessage id="admin.review.documents.reasonHint" />}
        required
        maxLength={5000}
        errors={tried && !isFilled(reason) ? [intl.formatMessage({ id: 'api.field.required' })] : undefined}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </DialogForm>
  );
}

/** "Step N: name" of the step that holds a document (the checklist and the printed application), or null. */
export function documentStepLabel(intl: IntlShape, step: number): string | null {
  return isStepNumber(step) ? intl.formatMessage({ id: 'application.step.heading' }, { step, name: intl.formatMessage(stepNames[step]) }) : null;
}

/** Verify and Reject on one document, where the machine takes them. */
function DocumentButtons({ document, review, onReject }: { document: Document; review: ReviewActor; onReject: () => void }) {
  const working = useSelector(review, selectIsBusy);
  const offered = useSelector(review, (snapshot) => selectDocumentActions(snapshot, document.file_id), (a, b) => a.verify === b.verify && a.reject === b.reject);
  // A verified document keeps its (disabled) Verify while Reject is offered.
  if (!offered.verify && !offered.reject) return null;
  return (
    <span className="flex flex-wrap gap-2">
      <Button variant="secondary" className="min-h-11" disabled={working || !offered.verify} onClick={() => review.send({ type: 'verify_document', by: 'staff', fileId: document.file_id })}>
        <FormattedMessage id="admin.review.documents.verify" values={{ name: document.file_name }} />
      </Button>
      <Button id={buttonId(document)} variant="danger" className="min-h-11" disabled={working || !offered.reject} onClick={onReject}>
        <FormattedMessage id="admin.review.documents.reject" values={{ name: document.file_name }} />
      </Button>
    </span>
  );
}

export function DocumentChecklist({ application, review }: { application: AdminApplication; review: ReviewActor }) {
  const intl = useIntl();
  const rejecting = useSelector(review, selectAskingDocument);
  const cancel = () => review.send({ type: 'review.cancel' });
  // Where focus returns when the dialog closes: the Reject button pressed last.
  const [returnTo, setReturnTo] = useState('document-checklist');
  const askReject = (document: Document) => {
    setReturnTo(buttonId(document));
    review.send({ type: 'review.ask', dialog: 'reject_document', fileId: document.file_id });
  };

  if (application.documents.length === 0) return null;
  return (
    <section aria-labelledby="document-checklist" className="space-y-4" data-print-hide>
      <h2 id="document-checklist" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        <FormattedMessage id="admin.review.documents.title" />
      </h2>
      <ul className="space-y-3">
        {application.documents.map((document) => (
          <li key={document.file_id} className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-gray-300 pb-3">
            <span className="font-semibold break-all">{document.file_name}</span>
            <span>{documentStepLabel(intl, document.step)}</span>
            <SignedWay document={document} />
            <span className="w-full sm:w-auto">
              <Verdict document={document} />
            </span>
            <ViewDocumentButton target={document.kind === 'intake_form' ? { applicationId: application.id, intakeForm: true } : { applicationId: application.id, fileId: document.file_id }} fileName={document.file_name} />
            <DocumentButtons document={document} review={review} onReject={() => askReject(document)} />
          </li>
        ))}
      </ul>
      <ReviewOutcome review={review} />
      <FormDialog
        open={rejecting !== undefined}
        title={<FormattedMessage id="admin.review.documents.rejectTitle" values={{ name: rejecting?.name ?? '' }} />}
        intro={<FormattedMessage id="admin.review.documents.rejectIntro" />}
        onCancel={cancel}
        returnFocusTo={returnTo}
      >
        <RejectForm onSend={(reason) => rejecting && review.send({ type: 'reject_document', by: 'staff', fileId: rejecting.fileId, reason })} onCancel={cancel} />
      </FormDialog>
    </section>
  );
}
