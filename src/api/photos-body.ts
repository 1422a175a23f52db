// Several photos of one document as one resumable upload (docs/decisions/061-resumable-uploads.md): the bytes of the
// multipart body a direct upload sends (src/api/upload.ts, several `file` parts), as one Blob that tus sends in chunks
// and the server reads back into its parts (server/files/multipart-body.ts). The boundary comes from the photos' names,
// types, sizes and dates, so the same photos chosen again after a reload make the same bytes, and the upload resumes.

export interface BodyPart {
  body: Blob;
  name: string;
  type: string;
}

/** A part's file name in its Content-Disposition, escaped as browsers escape it in a form's multipart body. */
const quotedName = (name: string) => name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');

/** What identifies a part without reading its bytes. */
const identity = (part: BodyPart) => [part.name, part.type, part.body.size, part.body instanceof File ? part.body.lastModified : 0].join('\u0000');

/** 27 to 70 letters, digits and dashes (RFC 2046; the server checks the same: isPartsBoundary). */
async function boundaryOf(parts: readonly BodyPart[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.map(identity).join('\u0001')));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `portal-photos-${hex.slice(0, 40)}`;
}

/** The multipart body of `parts` in the field `file`, and its boundary. The photos' bytes are referenced, not copied. */
export async function photosBody(parts: readonly BodyPart[]): Promise<{ body: Blob; boundary: string }> {
  const boundary = await boundaryOf(parts);
  const pieces: BlobPart[] = [];
  for (const part of parts) {
    pieces.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quotedName(part.name)}"\r\n` +
        `Content-Type: ${part.type || 'application/octet-stream'}\r\n\r\n`,
      part.body,
      '\r\n',
    );
  }
  pieces.push(`--${boundary}--\r\n`);
  return { body: new Blob(pieces), boundary };
}
