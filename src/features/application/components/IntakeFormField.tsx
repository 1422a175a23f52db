// The signed participant intake form: a USWDS-style file input (PDF, 20MB at most). A file over the limit or not a
// PDF is refused before a byte is sent; otherwise it uploads at once, with its progress, and its name once stored.
// After a failure it offers what the upload machine says helps: another file when the file itself was refused, or
// the same file again when only the transfer failed.
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectPickedFile,
  selectStoredFile,
  selectUploadConnection, selectUploadError,
  selectUploadPercent,
  selectUploadRemedy,
  selectUploadStatus,
} from '#machines/upload/upload.selectors';
import { Button } from '#components/ui/Button';
import { ErrorLines, RequiredMark } from '#components/ui/Field';
import { errorText, type ErrorText } from '#lib/form-errors';
import { InstantText } from '#components/ui/InstantText';
import { useUploadActor } from '#features/application/hooks/use-application-workspace';
import { FileDropZone } from '#components/upload/FileDropZone';
import { CameraInput } from '#components/upload/CameraInput';
import { DOCUMENT_ACCEPT } from '#shared/document-files';
import { UploadProgress } from '#components/upload/UploadProgress';
import { fileSize, useUploadErrorMessages } from '#components/upload/upload-messages';

export const INTAKE_FORM_INPUT_ID = 'step6-intake-form';


export function IntakeFormField({ errors = [], readonly }: { errors?: readonly ErrorText[] | undefined; readonly: boolean }) {
  const intl = useIntl();
  const upload = useUploadActor();
  const status = useSelector(upload, selectUploadStatus);
  const remedy = useSelector(upload, selectUploadRemedy);
  const input = useRef<HTMLInputElement>(null);
  const percent = useSelector(upload, selectUploadPercent);
  const connection = useSelector(upload, selectUploadConnection);
  const stored = useSelector(upload, selectStoredFile);
  const picked = useSelector(upload, selectPickedFile);
  const uploadErrors = useUploadErrorMessages(useSelector(upload, selectUploadError));
  const shown = [...uploadErrors, ...errors.map((message) => errorText(intl, message))];
  const invalid = shown.length > 0;
  const id = INTAKE_FORM_INPUT_ID;
  const described = [`${id}-hint`, invalid ? `${id}-error` : '', stored ? `${id}-stored` : ''].filter(Boolean).join(' ');

  return (
    <div className={invalid ? 'border-l-4 border-red-800 pl-3' : ''}>
      <label htmlFor={id} className="block font-semibold text-gray-900">
        <FormattedMessage id="application.upload.label" />
        <RequiredMark />
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
        <FormattedMessage id="application.upload.hint" />
      </p>
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
          <ErrorLines errors={shown} />
        </p>
      ) : null}
      {readonly ? null : (
        <FileDropZone
          id={id}
          accept={DOCUMENT_ACCEPT}
          multiple
          describedBy={described}
          invalid={invalid}
          disabled={status === 'uploading'}
          inputRef={input}
          caption={
            picked ? (
              picked.name
            ) : stored ? (
              <FormattedMessage id="application.upload.replace" />
            ) : (
              <FormattedMessage id="application.upload.noneChosen" />
            )
          }
          onFile={(file) => upload.send({ type: 'upload.choose', file })}
        />
      )}
      {readonly ? null : (
        <div className="mt-2">
          <CameraInput id={`${id}-camera`} describedBy={described} disabled={status === 'uploading'} onFile={(file) => upload.send({ type: 'upload.choose', file })} />
        </div>
      )}
      <div role="status" className="mt-2 space-y-2">
        {status === 'uploading' && picked ? (
          <p className="font-medium text-gray-900">
            <FormattedMessage id="application.upload.uploading" values={{ name: picked.name }} />
          </p>
        ) : null}
        {status === 'uploaded' && stored ? (
          <p className="font-medium text-green-900">
            <FormattedMessage id="application.upload.done" />
          </p>
        ) : null}
      </div>
      {status === 'uploading' ? <UploadProgress percent={percent} connection={connection} onCancel={() => upload.send({ type: 'upload.cancel' })} /> : null}
      {remedy === 'retry' && picked ? (
        <Button variant="secondary" className="mt-2" onClick={() => upload.send({ type: 'upload.retry' })}>
          <FormattedMessage id="application.upload.retry" values={{ name: picked.name }} />
        </Button>
      ) : null}
      {remedy === 'chooseAnother' && !readonly ? (
        // Opens the same file chooser as the drop zone: sending the refused file again could not help.
        <Button variant="secondary" className="mt-2" onClick={() => input.current?.click()}>
          <FormattedMessage id="application.upload.chooseAnother" />
        </Button>
      ) : null}
      {stored ? (
        <p id={`${id}-stored`} className="mt-2 text-gray-900">
          <FormattedMessage
            id="application.upload.stored"
            values={{
              name: <strong className="break-all">{stored.file_name}</strong>,
              size: fileSize(intl, stored.size),
              date: <InstantText instant={stored.uploaded_at} />,
            }}
          />
        </p>
      ) : readonly ? (
        <p className="mt-2 text-gray-800">
          <FormattedMessage id="application.upload.none" />
        </p>
      ) : null}
    </div>
  );
}
