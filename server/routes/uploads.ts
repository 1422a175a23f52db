// Multipart uploads and downloads shared by the route modules: the one file of a request, and Content-Disposition.
import type { FastifyRequest } from 'fastify';
import { detailError, fieldErrors } from '#server/http/errors.ts';
import type { Upload, UploadParts } from '#server/applications/pdf-upload.ts';

/** The one file of a multipart upload, in the field `file` (anything else is read and dropped, so the request ends). */
export async function fileUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw detailError(415, 'api.error.unsupportedMediaType', 'unsupported_media_type');
  const part = await request.file().catch((error: unknown) => {
    throw unreadableMultipart(error);
  });
  if (part && part.fieldname !== 'file') part.file.resume();
  if (!part || part.fieldname !== 'file') throw fieldErrors({ file: 'api.upload.fileRequired' });
  return { stream: part.file, filename: part.filename, truncated: () => part.file.truncated };
}

/**
 * The file parts of a multipart upload in the field `file`, in order (several photos of one document: other fields
 * are read and dropped). Each part must be read before the next arrives. No file at all is a field error.
 */
export function fileParts(request: FastifyRequest): UploadParts {
  if (!request.isMultipart()) throw detailError(415, 'api.error.unsupportedMediaType', 'unsupported_media_type');
  return (async function* parts() {
    let found = false;
    try {
      for await (const part of request.files()) {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        found = true;
        yield { stream: part.file, filename: part.filename, truncated: () => part.file.truncated };
      }
    } catch (error) {
      throw unreadableMultipart(error);
    }
    if (!found) throw fieldErrors({ file: 'api.upload.fileRequired' });
  })();
}

/**
 * A multipart body the parser could not read (no boundary, cut short, not multipart at all): the sender's mistake,
 * 400. Errors of @fastify/multipart that carry a status (a limit passed: 413) go to the error handler as they are.
 */
export function unreadableMultipart(error: unknown): unknown {
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number') return error;
  return detailError(400, 'api.error.malformed', 'malformed');
}

/** RFC 6266: an ASCII fallback name plus the UTF-8 one. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'document.pdf';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
