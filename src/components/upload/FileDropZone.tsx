// The USWDS file input of every upload field (the intake form, a program drive): the native input covers the drop
// zone (drop a file on it, or click to choose), invisible so its browser-language "Choose File" text gives way to our
// own; the zone shows its focus ring. The chosen file is handed over as a PickedFile and the input cleared, so that
// choosing the same file again (after a failure) is a change too.
import type { ReactNode, Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PickedFile } from '#machines/upload/upload.types';
import { pickedFrom } from './picked-files';

interface FileDropZoneProps {
  id: string;
  accept: string;
  describedBy: string;
  invalid?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Under "Drag the file here or choose it": the file chosen, or what choosing does. */
  caption?: ReactNode;
  /** Several files at once (photos of one document, sent together as one PickedFile). */
  multiple?: boolean;
  onFile: (file: PickedFile) => void;
}

export function FileDropZone({ id, accept, describedBy, invalid = false, disabled = false, inputRef, caption, multiple = false, onFile }: FileDropZoneProps) {
  return (
    <div
      className={
        'relative mt-2 rounded-md border-2 border-dashed bg-gray-50 hover:border-blue-800 ' +
        '[&:has(input:focus-visible)]:outline-3 [&:has(input:focus-visible)]:outline-offset-2 [&:has(input:focus-visible)]:outline-amber-500 ' +
        '[&:has(input:focus-visible)]:shadow-[0_0_0_5px_var(--color-gray-900)] ' +
        (invalid ? 'border-red-800' : 'border-gray-600')
      }
    >
      <div aria-hidden="true" className="pointer-events-none flex flex-col items-center gap-1 px-4 py-6 text-center">
        <span className="text-gray-900">
          <FormattedMessage
            id="application.upload.dropOrChoose"
            values={{ choose: (chunks) => <span className="font-semibold text-blue-800 underline underline-offset-2">{chunks}</span> }}
          />
        </span>
        {caption ? <span className="text-sm text-gray-700">{caption}</span> : null}
      </div>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="file"
        accept={accept}
        multiple={multiple}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onChange={(event) => {
          const picked = pickedFrom(event.currentTarget.files);
          event.currentTarget.value = '';
          if (picked) onFile(picked);
        }}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0 focus-visible:shadow-none focus-visible:outline-none disabled:cursor-not-allowed"
      />
    </div>
  );
}
