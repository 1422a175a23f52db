// Several photos of one document as one resumable upload (docs/decisions/061-resumable-uploads.md): the browser sends
// the bytes of the multipart body a direct upload would send (its `file` parts, in order), and once they are all here
// the same parser as a direct upload's (@fastify/busboy, which @fastify/multipart runs) reads them back into parts for
// receiveDocument, which checks them exactly as it checks a request's: types by their first bytes, 20MB in all, at
// most MAX_PHOTOS. A body cut short or malformed is the sender's mistake (400), never a part waited for forever.
import type { Readable } from 'node:stream';
import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import type { Upload, UploadParts } from '#server/applications/pdf-upload.ts';
import { MAX_PHOTOS } from '#server/files/photos.ts';
import { AppError, detailError, fieldErrors, msg } from '#server/http/errors.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';

/**
 * What one part's headers may add to the photos' bytes (`--boundary`, Content-Disposition with the file's name,
 * Content-Type, line ends): a phone's name for a photo is a few dozen bytes; this leaves room for long ones.
 */
export const PART_HEADER_BYTES = 2048;
/** The largest body of several photos: 20MB of photos (checked again on the parts) and their headers. */
export const MAX_PARTS_BODY_BYTES = MAX_UPLOAD_BYTES + (MAX_PHOTOS + 1) * PART_HEADER_BYTES;

/** A boundary the browser makes (src/api/photos-body.ts): letters, digits and dashes, 27 to 70 of them (RFC 2046). */
export const isPartsBoundary = (value: string): boolean => /^[0-9A-Za-z-]{27,70}$/.test(value);

const malformed = () => detailError(400, 'api.error.malformed', 'malformed');

/**
 * The `file` parts of a multipart body read from `source`, in order, each to be read before the next (as
 * server/routes/uploads.ts fileParts gives a request's). Other fields are read and dropped; no file at all is a
 * field error. Stopping early (a refusal) stops the source.
 */
export function partsOfBody(source: Readable, boundary: string): UploadParts {
  return (async function* parts() {
    const parser = Busboy({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      // The direct upload's limits (server/plugins/multipart.ts): one file past MAX_PHOTOS so receiveDocument names it.
      limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PHOTOS + 1, fields: 10, fieldSize: 1024, parts: MAX_PHOTOS + 11, headerSize: PART_HEADER_BYTES },
    });
    const queue: Upload[] = [];
    let current: BusboyFileStream | undefined;
    let ended = false;
    let failure: unknown;
    let wake: (() => void) | undefined;
    const notify = () => {
      wake?.();
      wake = undefined;
    };
    const fail = (error: unknown) => {
      failure ??= error;
      // A part being read would otherwise wait for bytes that never come.
      current?.destroy(error instanceof Error ? error : new Error('multipart body unreadable'));
      notify();
    };
    parser.on('file', (field, stream, filename) => {
      // The parser may still report a cut body on a part after its reader gave up on it: the reader has the refusal
      // already, and an error nobody listens to would end the process.
      stream.on('error', () => undefined);
      if (field !== 'file') return void stream.resume();
      current = stream;
      queue.push({ stream, filename, truncated: () => stream.truncated });
      notify();
    });
    parser.on('finish', () => {
      ended = true;
      notify();
    });
    parser.on('error', fail);
    parser.on('filesLimit', () => fail(fieldErrors({ file: msg('api.upload.tooManyPhotos', { max: MAX_PHOTOS }) })));
    parser.on('partsLimit', () => fail(malformed()));
    source.on('error', fail);
    source.pipe(parser);
    let found = false;
    try {
      for (;;) {
        if (failure !== undefined) throw failure instanceof AppError ? failure : malformed();
        const next = queue.shift();
        if (next) {
          found = true;
          yield next;
          continue;
        }
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      source.unpipe(parser);
      source.destroy();
      for (const left of queue) left.stream.resume();
    }
    if (!found) throw fieldErrors({ file: 'api.upload.fileRequired' });
  })();
}
