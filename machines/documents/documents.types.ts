// Types of the documents machine: one field that holds several PDFs (an owner's identification, income documents,
// the signed no-income form), each uploaded by an upload machine it composes, removable while the application is a
// draft.
import type { ApplicationFile, FileKind, PickedFile, UploadError } from '#machines/upload/upload.types.ts';
import type { StepNumber } from '#shared/application-constants.ts';

export type { ApplicationFile, FileKind, PickedFile, UploadError };

export interface DocumentsInput {
  applicationId: number;
  /**
   * Where the field's ids go: the step, and the path inside its draft (`income_documents`; `owners.1.id_files` for
   * the owner of slot 1, written where that owner is in the list: docs/decisions/065-stable-owner-slots.md).
   */
  step: StepNumber;
  path: readonly (string | number)[];
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

export interface RemoveDocumentInput {
  applicationId: number;
  fileId: number;
}

/**
 * The field's own errors; an upload's (too large, not a PDF, refused, failed) are its upload child's.
 * `too_many`: the field is full. `remove_failed`: the server kept the file (the body says why, or null when it never
 * answered).
 */
export type DocumentsError = { code: 'too_many' } | { code: 'remove_failed'; body: unknown };

/** The ids of the actors the documents machine invokes: its upload (while the field takes changes). */
// A type, not an interface: XState's `types.children` wants a Record<string, string>, which interfaces are not.
export type DocumentsChildren = {
  upload: 'upload';
  removeDocument: 'removeDocument';
};

export interface DocumentsContext {
  applicationId: number;
  step: StepNumber;
  path: readonly (string | number)[];
  kind: FileKind;
  maxBytes: number;
  maxFiles: number;
  files: ApplicationFile[];
  readonly: boolean;
  /** The upload child is sending a file (its `busy` tag, as it last reported): no removal, no other file. */
  uploading: boolean;
  /** The file being removed. */
  removing: number | null;
  /** The list the field was told to show (documents.show) while a file was being removed: applied once that settles. */
  shown: ApplicationFile[] | null;
  error: DocumentsError | null;
}

export type DocumentsEvent =
  /** The person's choices, passed on to the upload child (a full field refuses a file itself). */
  | { type: 'documents.choose'; file: PickedFile }
  | { type: 'documents.retry' }
  | { type: 'documents.cancel' }
  | { type: 'documents.remove'; fileId: number }
  | { type: 'documents.lock' }
  /** From the application machine: the field stands for another list now (owners were removed above it). */
  | { type: 'documents.show'; files: readonly ApplicationFile[] }
  /**
   * From the application machine: the same field's list as the server has it (a version conflict answered "use
   * theirs"); an upload under way goes on and joins it.
   */
  | { type: 'documents.replace'; files: readonly ApplicationFile[] }
  /** From the upload child: the server stored the document. */
  | { type: 'documents.uploaded'; stored: ApplicationFile };
