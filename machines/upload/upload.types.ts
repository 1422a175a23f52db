// Types of the upload machine: one file upload (at most 20MB: a PDF for an application's intake form or one of its
// documents, the drive's kinds in a program drive) that starts as soon as a file is chosen.
import type { components } from '#api/schema.d.ts';

/** What the server answers for a stored file: its name, size and when it was uploaded. */
export type StoredFile = components['schemas']['StoredFile'];
/** A document of steps 3 and 4 as the server stored it: a StoredFile with its id, field and SHA-256. */
export type ApplicationFile = components['schemas']['ApplicationFile'];
/** Which documents field of an application a document belongs to. */
export type FileKind = components['schemas']['FileKind'];
/** What an upload answers: a document upload answers an ApplicationFile (which is a StoredFile too). */
export type UploadedFile = StoredFile | ApplicationFile;

/** One more photo of the same document, chosen with the first: sent in the same request, made into one PDF. */
export interface PickedPart {
  name: string;
  type: string;
  body: Blob;
}

/**
 * A file the person chose. `body` is the bytes; the machine only reads the name, size and type. Several photos chosen
 * at once for one document are the first here and the rest in `more`, `size` counting them all
 * (docs/decisions/054-photos-are-documents.md).
 */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
  body: Blob;
  more?: readonly PickedPart[];
}

/**
 * Where the file goes: an application's intake form (a PDF), one more document of a documents field of steps 3 and 4
 * (a PDF, docs/decisions/015), or a folder of a program drive (PDF, images, office documents, plain text:
 * docs/decisions/019-program-drive.md). `parentId` null is the space's root.
 */
export type UploadTarget =
  | { kind: 'intake_form'; applicationId: number }
  | { kind: 'document'; applicationId: number; fileKind: FileKind }
  | { kind: 'drive'; programId: number; space: components['schemas']['DriveSpace']; parentId: number | null };

export interface UploadInput {
  target: UploadTarget;
  /** docs/product.md section 9: 20MB. */
  maxBytes: number;
  /** The file already on the server, or null. */
  stored: StoredFile | null;
}

export interface UploadFileInput {
  target: UploadTarget;
  file: PickedFile;
}

/**
 * `too_large` / `not_pdf` / `type_not_allowed` (a drive file of a kind it does not take): refused before sending a byte. `refused`: the server refused the file for what it is (not a
 * PDF inside, damaged, 413 'Your file is too large...'), its body as it answered (already localized): another file is
 * needed. `rejected`: the server failed or was busy (5xx, 408, 429), its body as it answered: the same file may go
 * through later. `network`: no answer.
 */
export type UploadError =
  | { code: 'too_large' }
  | { code: 'not_pdf' }
  | { code: 'type_not_allowed' }
  | { code: 'refused'; body: unknown }
  | { code: 'rejected'; body: unknown }
  | { code: 'network' };

/** How an uploadFile actor reports back (it is a callback actor: progress comes before the end). */
export type UploadFileEvent =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; stored: UploadedFile }
  /** The server refused the file itself: sending it again cannot help. */
  | { type: 'upload.refused'; body: unknown }
  /** No answer, or the server failed: the same file can be tried again. */
  | { type: 'upload.failed'; error: { body?: unknown } }
  /** The browser went offline mid-upload: the upload waits, what the server holds is kept (docs/decisions/061). */
  | { type: 'upload.offline' }
  /** Back online: the upload asks the server its offset and sends the rest. */
  | { type: 'upload.online' };

export interface UploadContext {
  target: UploadTarget;
  maxBytes: number;
  stored: StoredFile | null;
  /** The file being (or last) sent; null once it is stored. */
  file: PickedFile | null;
  loaded: number;
  total: number;
  error: UploadError | null;
}

export type UploadEvent =
  | { type: 'upload.choose'; file: PickedFile }
  | { type: 'upload.retry' }
  | { type: 'upload.cancel' }
  /** The form was signed on screen and stored another way: it is this field's file now (docs/decisions/055). */
  | { type: 'upload.signed'; stored: StoredFile }
  | UploadFileEvent;
