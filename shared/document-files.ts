// What a document field takes (docs/decisions/054-photos-are-documents.md): a PDF, or photos of the document (JPEG,
// PNG, HEIC/HEIF) that the server makes into one PDF. The browser's first check; the server checks the bytes.

/** The types a document may be sent as; browsers give some files no type, or application/octet-stream. */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
const DOCUMENT_NAME = /\.(pdf|jpe?g|png|hei[cf])$/i;

/** For a document field's file input: PDFs and photos (the types and the extensions, for browsers that read either). */
export const DOCUMENT_ACCEPT = 'application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png,image/heic,.heic,image/heif,.heif';
/** For the camera's input (`capture`): a photo, in whatever format the phone takes it. */
export const CAMERA_ACCEPT = 'image/*';

/** Whether a chosen file may be a document: by its type, or by its name when the browser names no type. */
export function isDocumentFile(file: { name: string; type: string }): boolean {
  if (DOCUMENT_TYPES.includes(file.type.toLowerCase())) return true;
  return (file.type === '' || file.type === 'application/octet-stream') && DOCUMENT_NAME.test(file.name);
}
