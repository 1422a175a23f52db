// A field of several PDFs (an owner's identification, income documents, the signed no-income form): the stored
// files with download and delete, a file input that uploads at once with progress, cancel and retry (a PDF, or photos
// the server makes into one, with a "take a photo" button on touch screens: docs/decisions/054). Its actor
// (machines/documents) is the application machine's child for this field, which writes the field's file ids into the
// step's draft; each file goes through the upload child it invokes (machines/upload), whose progress, error and remedy
// are read from the child itself.
import { useSelector } from '@xstate/react';
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadDocument, type ApplicationFile } from '#api/applications';
import { selectDocumentsActor } from '#machines/application/application.selectors';
import type { StepNumber } from '#machines/step/step.types';
import {
  selectCanAdd,
  selectCanRemove,
  selectDocuments,
  selectDocumentsError,
  selectDocumentsUpload,
  selectRemoving,
} from '#machines/documents/documents.selectors';
import { selectPickedFile, selectUploadConnection, selectUploadError, selectUploadPercent, selectUploadRemedy, selectUploadStatus } from '#machines/upload/upload.selectors';
import { Button } from '#components/ui/Button';
import { ErrorLines, RequiredMark } from '#components/ui/Field';
import { errorText, type ErrorText } from '#lib/form-errors';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import { fileSize, useUploadErrorMessages } from '#components/upload/upload-messages';
import { UploadProgress } from '#components/upload/UploadProgress';
import { CameraInput } from '#components/upload/CameraInput';
import { pickedFrom } from '#components/upload/picked-files';
import type { PickedFile } from '#machines/upload/upload.types';
import { DOCUMENT_ACCEPT } from '#shared/document-files';


export function DownloadButton({ applicationId, file }: { applicationId: number; file: ApplicationFile }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className="min-h-11 break-all"
        onClick={() => {
          setFailed(false);
          downloadDocument(applicationId, file.id, file.file_name).catch(() => setFailed(true));
        }}
      >
        <FormattedMessage id="application.documents.download" values={{ name: file.file_name }} />
      </Button>
      {failed ? (
        <span role="alert" className="font-semibold text-red-800">
          <FormattedMessage id="application.certification.failed" />
        </span>
      ) : null}
    </>
  );
}

/** Which field: the step and the path inside its draft (`income_documents`, `owners.1.id_files`). */
export interface DocumentsTarget {
  step: StepNumber;
  path: readonly (string | number)[];
}

interface DocumentsFieldProps {
  id: string;
  target: DocumentsTarget;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean | undefined;
  errors?: readonly ErrorText[] | undefined;
  /** A way to sign this field's form on screen (SignaturePanel), given how to add the signed document to the field. */
  signing?: ((add: (file: ApplicationFile) => void) => ReactNode) | undefined;
}

export function DocumentsField({ id, target, label, hint, required, errors = [], signing }: DocumentsFieldProps) {
  const intl = useIntl();
  const { application, app } = useWorkspace();
  // The field's actor is the application machine's child: it outlives this component (moving between steps keeps an
  // upload going) and stands for the owner at its place in the list.
  const actor = useSelector(app, (snapshot) => selectDocumentsActor(snapshot, target.step, target.path));
  const files = useSelector(actor, selectDocuments);
  const removing = useSelector(actor, selectRemoving);
  const canAdd = useSelector(actor, selectCanAdd);
  const canRemove = useSelector(actor, selectCanRemove);
  // The upload child (none while a file is removed): the field's snapshot does not change with the child's, so its
  // state is read by subscribing to the child itself, as step 6 reads the application's upload.
  const upload = useSelector(actor, selectDocumentsUpload);
  const status = useSelector(upload, (snapshot) => (snapshot ? selectUploadStatus(snapshot) : 'idle'));
  const percent = useSelector(upload, (snapshot) => (snapshot ? selectUploadPercent(snapshot) : 0));
  const connection = useSelector(upload, (snapshot) => (snapshot ? selectUploadConnection(snapshot) : null));
  const picked = useSelector(upload, (snapshot) => (snapshot ? selectPickedFile(snapshot) : null));
  const remedy = useSelector(upload, (snapshot) => (snapshot ? selectUploadRemedy(snapshot) : null));
  const uploadError = useSelector(upload, (snapshot) => (snapshot ? selectUploadError(snapshot) : null));
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLFieldSetElement>(null);
  const shown = [
    ...useUploadErrorMessages(useSelector(actor, selectDocumentsError)),
    ...useUploadErrorMessages(uploadError),
    ...errors.map((message) => errorText(intl, message)),
  ];
  const invalid = shown.length > 0;
  // The inputs are gone while the file goes up (the field takes no other then): focus waits on the field, as for a
  // removal, instead of falling to the page, so that the next Tab goes on from the field.
  const choose = (file: PickedFile) => {
    field.current?.focus();
    actor.send({ type: 'documents.choose', file });
  };
  const described = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset ref={field} id={id} tabIndex={-1} aria-describedby={described} className={invalid ? 'border-l-4 border-red-800 pl-3' : ''}>
      <legend className="font-semibold text-gray-900">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
          <ErrorLines errors={shown} />
        </p>
      ) : null}
      {files.length === 0 ? (
        <p className="mt-2 text-gray-800">
          <FormattedMessage id="application.documents.none" />
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 rounded-md bg-gray-50 px-3 py-2">
              <span className="min-w-0 break-all text-gray-900">
                <FormattedMessage
                  id="application.documents.file"
                  values={{ name: <strong>{file.file_name}</strong>, size: fileSize(intl, file.size) }}
                />
              </span>
              <DownloadButton applicationId={application.id} file={file} />
              <Button
                variant="secondary"
                disabled={!canRemove}
                onClick={() => {
                  // The button is disabled, then gone, and the file input hidden while the file is deleted: focus
                  // waits on the field (its legend names it) instead of falling to the page.
                  field.current?.focus();
                  actor.send({ type: 'documents.remove', fileId: file.id });
                }}
              >
                {removing === file.id ? (
                  <FormattedMessage id="application.documents.removing" values={{ name: file.file_name }} />
                ) : (
                  <FormattedMessage id="application.documents.remove" values={{ name: file.file_name }} />
                )}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {signing ? <div className="mt-3">{signing((file) => actor.send({ type: 'documents.uploaded', stored: file }))}</div> : null}
      {canAdd ? (
        <div className="mt-3">
          {/* A native file input behind a visible label styled as a button: the keyboard and screen readers get the input,
              the label shows the app's focus ring (amber with its dark edge, src/app/styles.css). */}
          <label htmlFor={`${id}-input`} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-2 border-blue-800 bg-white px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50 [&:has(+input:focus-visible)]:outline-3 [&:has(+input:focus-visible)]:outline-offset-2 [&:has(+input:focus-visible)]:outline-amber-500 [&:has(+input:focus-visible)]:shadow-[0_0_0_5px_var(--color-gray-900)]">
            <span aria-hidden="true">+</span>
            {files.length === 0 ? <FormattedMessage id="application.documents.choose" /> : <FormattedMessage id="application.documents.chooseMore" />}
          </label>
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            accept={DOCUMENT_ACCEPT}
            // Several photos chosen at once are one document, a page each (docs/decisions/054-photos-are-documents.md).
            multiple
            aria-describedby={described}
            className="sr-only"
            onChange={(event) => {
              const picked = pickedFrom(event.currentTarget.files);
              // Cleared so that choosing the same file again (after a failure) is a change too.
              event.currentTarget.value = '';
              if (picked) choose(picked);
            }}
          />
          <span className="ml-3 inline-flex align-top">
            <CameraInput id={`${id}-camera`} describedBy={described} onFile={choose} />
          </span>
        </div>
      ) : null}
      <div role="status" className="mt-2">
        {status === 'uploading' && picked ? (
          <p className="font-medium text-gray-900">
            <FormattedMessage id="application.upload.uploading" values={{ name: picked.name }} />
          </p>
        ) : null}
      </div>
      {status === 'uploading' ? <UploadProgress percent={percent} connection={connection} onCancel={() => actor.send({ type: 'documents.cancel' })} /> : null}
      {remedy === 'retry' && picked ? (
        <Button variant="secondary" className="mt-2" onClick={() => actor.send({ type: 'documents.retry' })}>
          <FormattedMessage id="application.upload.retry" values={{ name: picked.name }} />
        </Button>
      ) : null}
      {remedy === 'chooseAnother' ? (
        // Opens the field's file chooser: sending the refused file again could not help (as the intake form does).
        <Button variant="secondary" className="mt-2" onClick={() => input.current?.click()}>
          <FormattedMessage id="application.upload.chooseAnother" />
        </Button>
      ) : null}
    </fieldset>
  );
}
