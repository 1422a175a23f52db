// Receiving one uploaded document (docs/product.md section 5): a PDF streamed to a temp file through the storage
// interface while its structure is inspected, or photos made into one PDF (docs/decisions/054-photos-are-documents.md);
// refused (nothing kept) when over 20MB, empty, neither by its magic bytes, or not readable. Used by the intake form and
// by the documents of steps 3 and 4.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { withoutUnshowableCharacters } from '#shared/file-names.ts';
import { SourceFailedError, type FileStorage, type TempFile } from '#server/files/storage.ts';
import { isStructurallyPdf, PdfInspector, type ActiveContent } from '#server/files/pdf-inspection.ts';
import { repairedPdf } from '#server/files/pdf-repair.ts';
import { MAX_PHOTOS, photoKindOf, photosToPdf, UnreadablePhotoError, type Photo } from '#server/files/photos.ts';
import { detailError, fieldErrors, msg, type AppError } from '#server/http/errors.ts';

const PDF_MAGIC = Buffer.from('%PDF-');

export interface Upload {
  stream: Readable;
  filename: string;
  /** True when the multipart limit cut the file short (read it once the stream has ended). */
  truncated: () => boolean;
}

/** The file parts of one multipart request, in order (server/routes/uploads.ts fileParts), or a file the server made (a form signed on screen); each read before the next. */
export type UploadParts = AsyncIterable<Upload> | Iterable<Upload>;

/**
 * A name fit to show and to send back in Content-Disposition: no path, and none of the characters of
 * shared/file-names.ts (controls, bidirectional controls: U+202E would show `invoice\u202Efdp.exe` as `invoiceexe.pdf`).
 */
export const safeFileName = (name: string, fallback: string): string =>
  withoutUnshowableCharacters(basename(name.replace(/\\/g, '/'))).slice(0, 200) || fallback;

/** A stored document's name: a photo's becomes the PDF it was made into ("licencia.heic" -> "licencia.pdf"). */
const pdfName = (name: string, fallback: string): string => {
  const safe = safeFileName(name, fallback);
  const dot = safe.lastIndexOf('.');
  return `${(dot > 0 ? safe.slice(0, dot) : safe).slice(0, 196)}.pdf`;
};

interface ReceivedPart {
  temp: TempFile;
  filename: string;
  truncated: boolean;
}

/** A document ready to keep: a temp file the caller must commit() or discard(), and what it is called. */
export interface ReceivedDocument {
  temp: TempFile;
  activeContent: ActiveContent[];
  fileName: string;
}

const tooLarge = () => detailError(413, 'api.error.fileTooLarge', 'file_too_large');

/**
 * Receives one document: a PDF, or one or more photos of it (JPEG, PNG, HEIC/HEIF) made into one PDF, a page each
 * (docs/decisions/054-photos-are-documents.md). Every part streams to a temp file, the first checked for active
 * content on the way; 20MB in all. Refused with nothing left: over 20MB, an empty file, neither a PDF nor a photo by
 * its first bytes, a PDF with other files, a PDF no reader could open (one without its cross-reference table is
 * written again whole), a photo that cannot be decoded. Never all of a PDF in memory unless it needs repairing.
 */
export async function receiveDocument(files: FileStorage, parts: UploadParts, fallbackName: string): Promise<ReceivedDocument> {
  const received: ReceivedPart[] = [];
  const discardAll = () => Promise.all(received.map((part) => part.temp.discard()));
  const inspector = new PdfInspector();
  let total = 0;
  let refusal: AppError | undefined;
  try {
    for await (const part of parts) {
      if (received.length >= MAX_PHOTOS) {
        part.stream.resume();
        throw fieldErrors({ file: msg('api.upload.tooManyPhotos', { max: MAX_PHOTOS }) });
      }
      const first = received.length === 0;
      try {
        const temp = await files.write(part.stream, (chunk) => {
          total += chunk.length;
          // Stop at the first byte past the limit, over all the parts together.
          if (total > MAX_UPLOAD_BYTES) return Promise.reject((refusal = tooLarge()));
          return first ? inspector.write(chunk) : undefined;
        });
        received.push({ temp, filename: part.filename, truncated: part.truncated() });
      } catch (error) {
        if (refusal) throw refusal;
        // A body cut off or malformed on the way is the sender's problem; a disk failure is ours (500).
        if (error instanceof SourceFailedError) throw detailError(400, 'api.error.malformed', 'malformed');
        throw error;
      }
    }
  } catch (error) {
    await inspector.finish();
    await discardAll();
    throw error;
  }
  const inspection = await inspector.finish();
  let kept: TempFile | undefined;
  try {
    const document = await documentOf(files, received, inspection, fallbackName);
    kept = document.temp;
    return document;
  } finally {
    await Promise.all(received.filter((part) => part.temp !== kept).map((part) => part.temp.discard()));
  }
}

/** The one PDF the received parts make, or the reason they make none. */
async function documentOf(
  files: FileStorage,
  parts: ReceivedPart[],
  inspection: { tail: Buffer; activeContent: ActiveContent[] },
  fallbackName: string,
): Promise<ReceivedDocument> {
  const [first] = parts;
  if (!first) throw fieldErrors({ file: 'api.upload.fileRequired' });
  if (parts.some((part) => part.truncated) || parts.reduce((sum, part) => sum + part.temp.size, 0) > MAX_UPLOAD_BYTES) throw tooLarge();
  if (parts.some((part) => part.temp.size === 0)) throw fieldErrors({ file: 'api.upload.empty' });
  const isPdf = (part: ReceivedPart) => part.temp.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
  if (isPdf(first) && parts.length === 1) {
    const fileName = safeFileName(first.filename, fallbackName);
    const { temp } = first;
    if (await isStructurallyPdf(temp.size, temp.head, inspection.tail, temp.readRange)) return { temp, activeContent: inspection.activeContent, fileName };
    const repaired = await repairedPdf(await readFile(temp.path));
    if (!repaired) throw fieldErrors({ file: 'api.upload.damagedPdf' });
    return { temp: await files.write(Readable.from([Buffer.from(repaired)])), activeContent: inspection.activeContent, fileName };
  }
  if (parts.some(isPdf)) throw fieldErrors({ file: 'api.upload.onePdf' });
  const photos: Photo[] = [];
  for (const part of parts) {
    const kind = photoKindOf(part.temp.head);
    if (!kind) throw fieldErrors({ file: 'api.upload.notPdf' });
    photos.push({ path: part.temp.path, kind });
  }
  let pdf: Uint8Array;
  try {
    pdf = await photosToPdf(photos);
  } catch (error) {
    if (error instanceof UnreadablePhotoError) throw fieldErrors({ file: 'api.upload.unreadablePhoto' });
    throw error;
  }
  // A photo's bytes are no PDF: what the scan of them flagged means nothing, and the PDF made here holds no script.
  return { temp: await files.write(Readable.from([Buffer.from(pdf)])), activeContent: [], fileName: pdfName(first.filename, fallbackName) };
}
