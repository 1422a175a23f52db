// "Take a photo" beside a document field's file chooser, on touch screens only: a second file input with `capture`,
// which opens the phone's camera (the chooser stays for PDFs and photos already taken). The photo taken goes the
// same way as a chosen file (docs/decisions/054-photos-are-documents.md).
import { FormattedMessage } from 'react-intl';
import type { PickedFile } from '#machines/upload/upload.types';
import { CAMERA_ACCEPT } from '#shared/document-files';
import { pickedFrom, useTouchScreen } from './picked-files';

interface CameraInputProps {
  id: string;
  describedBy?: string | undefined;
  disabled?: boolean;
  onFile: (file: PickedFile) => void;
}

export function CameraInput({ id, describedBy, disabled = false, onFile }: CameraInputProps) {
  if (!useTouchScreen()) return null;
  return (
    <span className="inline-flex">
      {/* The label is the visible button; the input stays in the tab order under it, and its focus ring shows on the label. */}
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-2 border-blue-800 bg-white px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50 [&:has(+input:focus-visible)]:outline-3 [&:has(+input:focus-visible)]:outline-offset-2 [&:has(+input:focus-visible)]:outline-amber-500 [&:has(+input:focus-visible)]:shadow-[0_0_0_5px_var(--color-gray-900)]"
      >
        <FormattedMessage id="application.documents.takePhoto" />
      </label>
      <input
        id={id}
        type="file"
        accept={CAMERA_ACCEPT}
        capture="environment"
        aria-describedby={describedBy}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const picked = pickedFrom(event.currentTarget.files);
          event.currentTarget.value = '';
          if (picked) onFile(picked);
        }}
      />
    </span>
  );
}
