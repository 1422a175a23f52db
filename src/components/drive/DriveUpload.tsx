// Adding to the folder on screen: a file input (the USWDS drop zone of the application's uploads) that starts an
// upload at once through the drive machine, which spawns an upload machine (machines/upload) for it; its progress,
// cancel, retry and errors show here in the words of the application's uploads. And the "New folder" button.
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { DriveActorRef } from '#machines/drive/drive.machine';
import { selectUpload } from '#machines/drive/drive.selectors';
import { createActor } from 'xstate';
import { uploadMachine, type UploadActorRef } from '#machines/upload/upload.machine';
import { selectIsUploading, selectPickedFile, selectUploadConnection, selectUploadError, selectUploadPercent, selectUploadRemedy, selectUploadStatus } from '#machines/upload/upload.selectors';
import { DRIVE_ACCEPT } from '#shared/drive-constants';
import { Button } from '#components/ui/Button';
import { FileDropZone } from '#components/upload/FileDropZone';
import { CameraInput } from '#components/upload/CameraInput';
import { UploadProgress } from '#components/upload/UploadProgress';
import { useUploadErrorMessages } from '#components/upload/upload-messages';

export const DRIVE_UPLOAD_INPUT_ID = 'drive-upload';
export const NEW_FOLDER_BUTTON_ID = 'drive-new-folder';

/** Stands for "no upload yet" (never started): the selectors read its first snapshot, which is not busy. */
const NO_UPLOAD: UploadActorRef = createActor(uploadMachine, { input: { target: { kind: 'drive', programId: 0, space: 'personal', parentId: null }, maxBytes: 0, stored: null } });

export function DriveUpload({ actor }: { actor: DriveActorRef }) {
  const upload = useSelector(actor, selectUpload);
  // One upload at a time: a file chosen now would stop the one under way (its actor gives way to the next).
  const uploading = useSelector(upload ?? NO_UPLOAD, selectIsUploading);
  const input = useRef<HTMLInputElement>(null);
  const id = DRIVE_UPLOAD_INPUT_ID;
  return (
    <div className="space-y-3">
      <Button id={NEW_FOLDER_BUTTON_ID} variant="secondary" onClick={() => actor.send({ type: 'drive.newFolder' })}>
        <FormattedMessage id="drive.newFolder" />
      </Button>
      <div>
        <label htmlFor={id} className="block font-semibold text-gray-900">
          <FormattedMessage id="drive.upload.label" />
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          <FormattedMessage id="drive.upload.hint" />
        </p>
        <FileDropZone
          id={id}
          accept={DRIVE_ACCEPT}
          describedBy={`${id}-hint ${id}-status`}
          inputRef={input}
          disabled={uploading}
          onFile={(file) => actor.send({ type: 'drive.upload', file })}
        />
        <div className="mt-2">
          <CameraInput id={`${id}-camera`} describedBy={`${id}-hint ${id}-status`} disabled={uploading} onFile={(file) => actor.send({ type: 'drive.upload', file })} />
        </div>
      </div>
      <div id={`${id}-status`}>{upload ? <UploadStatus upload={upload} onChooseAnother={() => input.current?.click()} /> : null}</div>
    </div>
  );
}

function UploadStatus({ upload, onChooseAnother }: { upload: UploadActorRef; onChooseAnother: () => void }) {
  const status = useSelector(upload, selectUploadStatus);
  const percent = useSelector(upload, selectUploadPercent);
  const connection = useSelector(upload, selectUploadConnection);
  const picked = useSelector(upload, selectPickedFile);
  const remedy = useSelector(upload, selectUploadRemedy);
  const errors = useUploadErrorMessages(useSelector(upload, selectUploadError));
  return (
    <div className="space-y-2">
      <div role="status">
        {status === 'uploading' && picked ? (
          <p className="font-medium text-gray-900 break-all">
            <FormattedMessage id="application.upload.uploading" values={{ name: picked.name }} />
          </p>
        ) : null}
        {errors.map((message) => (
          <p key={message} className="border-l-4 border-red-800 pl-3 font-semibold text-red-800">
            {message}
          </p>
        ))}
      </div>
      {status === 'uploading' ? <UploadProgress percent={percent} connection={connection} onCancel={() => upload.send({ type: 'upload.cancel' })} /> : null}
      {remedy === 'retry' && picked ? (
        <Button variant="secondary" onClick={() => upload.send({ type: 'upload.retry' })}>
          <FormattedMessage id="application.upload.retry" values={{ name: picked.name }} />
        </Button>
      ) : remedy === 'chooseAnother' ? (
        <Button variant="secondary" onClick={onChooseAnother}>
          <FormattedMessage id="application.upload.chooseAnother" />
        </Button>
      ) : null}
    </div>
  );
}
