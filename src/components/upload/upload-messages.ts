// What the upload fields (the intake form, the documents fields, a program drive) say about a file: its size and their
// errors, in one wording wherever a file is uploaded.
import { useIntl, type IntlShape } from 'react-intl';
import type { DocumentsError } from '#machines/documents/documents.types';
import type { UploadError } from '#machines/upload/upload.types';
import { errorText, toFormErrors } from '#lib/form-errors';
import { fileSizeText } from '#shared/file-size';

/** openapi.yaml FileIds maxItems. */
export const MAX_FILES = 10;

/** "240 kB" / "3.4 MB", in the interface language (shared/file-size.ts). */
export const fileSize = (intl: IntlShape, bytes: number): string => fileSizeText(intl.locale, bytes);

/** The words of an upload field's error: machines/upload's (the intake form, a drive) or a documents field's. */
export function useUploadErrorMessages(error: DocumentsError | UploadError | null): string[] {
  const intl = useIntl();
  if (error === null) return [];
  switch (error.code) {
    case 'too_large':
      return [intl.formatMessage({ id: 'application.upload.tooLarge' })];
    case 'not_pdf':
      return [intl.formatMessage({ id: 'application.upload.notPdf' })];
    case 'type_not_allowed':
      return [intl.formatMessage({ id: 'api.drive.typeNotAllowed' })];
    case 'too_many':
      return [intl.formatMessage({ id: 'application.documents.tooMany' }, { max: MAX_FILES })];
    case 'network':
      return [intl.formatMessage({ id: 'application.upload.network' })];
    case 'remove_failed':
    case 'refused':
    case 'rejected': {
      const fallback =
        error.code === 'remove_failed'
          ? intl.formatMessage({ id: 'application.documents.removeFailed' })
          : intl.formatMessage({ id: 'auth.error.tryAgainLater' });
      const errors = toFormErrors(error.body, ['file'], fallback);
      return [...(errors.fields.file ?? []), ...errors.form].map((message) => errorText(intl, message));
    }
  }
}
