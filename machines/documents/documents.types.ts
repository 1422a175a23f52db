// Types of the documents machine: one field that holds several PDFs (an owner's identification, income documents,
// the signed no-income form), each uploaded with progress and removable while the application is a draft.
import type { components } from '#api/schema.d.ts';
import type { PickedFile, UploadError } from '#machines/upload/upload.types.ts';

export type { PickedFile, UploadError };
export type ApplicationFile = components['schemas']['ApplicationFile'];
export type FileKind = components['schemas']['FileKind'];

export interface DocumentsInput {
  applicationId: number;
  kind: FileKind;
  /** docs/product.md section 9: 20MB. */
  maxBytes: number;
  /** How many files the field takes (openapi.yaml FileIds maxItems). */
  maxFiles: number;
  /** The field's files already on the server (those its draft names). */
  files: readonly ApplicationFile[];
  /** Read-only: the application is submitted or closed. */
  readonly: boolean;
}

export interface UploadDocumentInput {
  applicationId: number;
  kind: FileKind;
  file: PickedFile;
}

export interface RemoveDocumentInput {
  applicationId: number;
  fileId: number;
}

/** `remove_failed`: the server kept the file (the body says why, or null when it never answered). */
export type DocumentsError = UploadError | { code: 'too_many' } | { code: 'remove_failed'; body: unknown };

/** How an uploadDocument actor reports back (a callback actor: progress comes before the end). */
export type UploadDocumentEvent =
  | { type: 'documents.progress'; loaded: number; total: number }
  | { type: 'documents.uploaded'; stored: ApplicationFile }
  /** The server refused the file itself (a 4xx with a body): sending it again cannot help. */
  | { type: 'documents.uploadRefused'; body: unknown }
  /** No answer, or the server failed or was busy: the same file can be tried again. */
  | { type: 'documents.uploadFailed'; error: { body?: unknown } };

export interface DocumentsContext {
  applicationId: number;
  kind: FileKind;
  maxBytes: number;
  maxFiles: number;
  files: ApplicationFile[];
  readonly: boolean;
  /** The file being (or last) sent; null once it is stored. */
  file: PickedFile | null;
  loaded: number;
  total: number;
  /** The file being removed. */
  removing: number | null;
  error: DocumentsError | null;
}

export type DocumentsEvent =
  | { type: 'documents.choose'; file: PickedFile }
  | { type: 'documents.retry' }
  | { type: 'documents.cancel' }
  | { type: 'documents.remove'; fileId: number }
  | { type: 'documents.lock' }
  | UploadDocumentEvent;
