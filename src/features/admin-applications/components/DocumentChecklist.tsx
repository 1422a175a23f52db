// The document checklist on staff's review pages (docs/decisions/032-document-checklist.md): each uploaded document
// with its verdict, and, while the application is in review, Verify and Reject. Rejecting asks for the reason in a
// Radix dialog and at once requests changes on the document's step; both go through the admin-action machine.
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { provideApplicationActionMachine, type DocumentAction } from '#actors/admin-action';
import { selectActionRequest, selectConfirmOpen, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { isFilled } from '#machines/review/review.machine';
import { staffReviewActions } from '#shared/review-lifecycle';
import { isStepNumber } from '#shared/application-constants';
import { stepNames } from '#components/application/messages';
import { Button } from '#components/ui/Button';
import { TextAreaField } from '#components/ui/TextAreaField';
import type { AdminApplication } from '#features/admin-applications/api/applications';
import { ViewDocumentButton } from './DocumentItem';
import { DialogForm, focusFirst, FormDialog } from './ReviewDialogs';
import { ReviewOutcome } from './ReviewOutcome';

type Document = AdminApplication['documents'][number];

const buttonId = (document: Document) => `document-reject-${document.file_id}`;

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

export function DocumentChecklist({ application }: { application: AdminApplication }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  // After a verdict the buttons may be gone (a rejection ends the review): focus goes to the checklist's heading.
  const [machine] = useState(() => provideApplicationActionMachine(queryClient, () => document.getElementById('document-checklist')?.focus()));
  const action = useActorRef(machine);
  const working = useSelector(action, selectIsWorking);
  const confirmOpen = useSelector(action, selectConfirmOpen);
  const request = useSelector(action, selectActionRequest);
  const rejecting = confirmOpen && request?.action === 'rejectDocument' ? application.documents.find((item) => item.file_id === (request.payload as { fileId: number }).fileId) : undefined;
  // Verdicts are given where staff may request changes (in review), the lifecycle's rule the server applies too.
  const open = staffReviewActions(application.status).requestChanges;
  const ask = (name: DocumentAction, document: Document) => {
    if (name === 'rejectDocument') setReturnTo(buttonId(document));
    action.send({
      type: 'action.request',
      request: { action: name, targetId: application.id, payload: { fileId: document.file_id, name: document.file_name } },
      confirm: name === 'rejectDocument',
    });
  };
  const cancel = () => action.send({ type: 'action.cancel' });
  // Where focus returns when the dialog closes: the Reject button pressed last (the request is forgotten on cancel).
  const [returnTo, setReturnTo] = useState('document-checklist');

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
            <span>
              {documentStepLabel(intl, document.step)}
            </span>
            <span className="w-full sm:w-auto">
              <Verdict document={document} />
            </span>
            <ViewDocumentButton target={document.kind === 'intake_form' ? { applicationId: application.id, intakeForm: true } : { applicationId: application.id, fileId: document.file_id }} fileName={document.file_name} />
            {open ? (
              <span className="flex flex-wrap gap-2">
                <Button variant="secondary" className="min-h-11" disabled={working || document.verdict === 'verified'} onClick={() => ask('verifyDocument', document)}>
                  <FormattedMessage id="admin.review.documents.verify" values={{ name: document.file_name }} />
                </Button>
                <Button id={buttonId(document)} variant="danger" className="min-h-11" disabled={working} onClick={() => ask('rejectDocument', document)}>
                  <FormattedMessage id="admin.review.documents.reject" values={{ name: document.file_name }} />
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <ReviewOutcome action={action} />
      <FormDialog
        open={rejecting !== undefined}
        title={<FormattedMessage id="admin.review.documents.rejectTitle" values={{ name: rejecting?.file_name ?? '' }} />}
        intro={<FormattedMessage id="admin.review.documents.rejectIntro" />}
        onCancel={cancel}
        returnFocusTo={returnTo}
      >
        <RejectForm onSend={(reason) => action.send({ type: 'action.confirm', payload: { fileId: rejecting?.file_id, name: rejecting?.file_name, reason } })} onCancel={cancel} />
      </FormDialog>
    </section>
  );
}
