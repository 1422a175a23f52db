// Receiving one uploaded PDF (docs/product.md section 5): streamed to a temp file through the storage interface while
// its structure is inspected, then refused (nothing kept) when it is over 20MB, not a PDF by its magic bytes, or not
// a readable one. Used by the intake form and by the documents of steps 3 and 4.
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { withoutUnshowableCharacters } from '#shared/file-names.ts';
import { SourceFailedError, type FileStorage, type TempFile } from '#server/files/storage.ts';
import { isStructurallyPdf, PdfInspector, type ActiveContent } from '#server/files/pdf-inspection.ts';
import { detailError, fieldErrors, type AppError } from '#server/http/errors.ts';

const PDF_MAGIC = Buffer.from('%PDF-');

export interface Upload {
  stream: Readable;
  filename: string;
  /** True when the multipart limit cut the file short (read it once the stream has ended). */
  truncated: () => boolean;
}

/**
 * A name fit to show and to send back in Content-Disposition: no path, and none of the characters of
 * shared/file-names.ts (controls, bidirectional controls: U+202E would show `invoice\u202Efdp.exe` as `invoiceexe.pdf`).
 */
export const safeFileName = (name: string, fallback: string): string =>
  withoutUnshowableCharacters(basename(name.replace(/\\/g, '/'))).slice(0, 200) || fallback;

/** Why an upload cannot be kept (too large, not a PDF, not a readable one), if it cannot. */
async function uploadProblem(temp: TempFile, tail: Buffer, truncated: boolean): Promise<AppError | undefined> {
  if (truncated || temp.size > MAX_UPLOAD_BYTES) return detailError(413, 'api.error.fileTooLarge', 'file_too_large');
  if (!temp.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return fieldErrors({ file: 'api.upload.notPdf' });
  if (!(await isStructurallyPdf(temp.size, temp.head, tail, temp.readRange))) return fieldErrors({ file: 'api.upload.damagedPdf' });
  return undefined;
}

/**
 * Streams the upload to a temp file, checking the PDF as it goes (never all of it in memory, never a long pause of
 * the event loop). Resolves with a whole PDF the caller must commit() or discard(); otherwise nothing is left.
 */
export async function receivePdf(files: FileStorage, upload: Upload): Promise<{ temp: TempFile; activeContent: ActiveContent[] }> {
  const inspector = new PdfInspector();
  let temp: TempFile;
  try {
    temp = await files.write(upload.stream, inspector.write);
  } catch (error) {
    await inspector.finish();
    // A body cut off or malformed on the way is the sender's problem; a disk failure is ours (500).
    if (error instanceof SourceFailedError) throw detailError(400, 'api.error.malformed', 'malformed');
    throw error;
  }
  const inspection = await inspector.finish();
  try {
    const problem = await uploadProblem(temp, inspection.tail, upload.truncated());
    if (problem) throw problem;
  } catch (error) {
    await temp.discard();
    throw error;
  }
  return { temp, activeContent: inspection.activeContent };
}
