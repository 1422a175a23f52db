// Several photos as one resumable upload (docs/decisions/061-resumable-uploads.md): the body the browser builds
// (src/api/photos-body.ts) is read back by the server's parser (server/files/multipart-body.ts) into the same parts,
// names and bytes, and the same photos chosen again make the same bytes (so a reload resumes the same upload).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { photosBody, type BodyPart } from '#api/photos-body';
import { isPartsBoundary, partsOfBody } from '#server/files/multipart-body.ts';

const photo = (name: string, bytes: number[], lastModified = 1_700_000_000_000): BodyPart => ({
  body: new File([new Uint8Array(bytes)], name, { type: 'image/jpeg', lastModified }),
  name,
  type: 'image/jpeg',
});

async function readBack(parts: readonly BodyPart[]) {
  const { body, boundary } = await photosBody(parts);
  const source = Readable.from([Buffer.from(await body.arrayBuffer())]);
  const read: Array<{ filename: string; bytes: number[] }> = [];
  for await (const part of partsOfBody(source, boundary)) {
    const chunks: Buffer[] = [];
    for await (const chunk of part.stream) chunks.push(chunk as Buffer);
    read.push({ filename: part.filename, bytes: [...Buffer.concat(chunks)] });
  }
  return { boundary, read };
}

describe('several photos as one multipart body', () => {
  it('is read back by the server into the photos, in order, with their names', async () => {
    // Bytes that look like line ends and dashes, and names with accents, a quote and a line break.
    const front = photo('frente "ID".jpg', [0xff, 0xd8, 13, 10, 45, 45, 0xff, 0xd9]);
    const back = photo('dorso\nmañana.jpg', [0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    const { boundary, read } = await readBack([front, back]);
    expect(isPartsBoundary(boundary)).toBe(true);
    expect(read).toEqual([
      { filename: 'frente %22ID%22.jpg', bytes: [0xff, 0xd8, 13, 10, 45, 45, 0xff, 0xd9] },
      { filename: 'dorso%0Amañana.jpg', bytes: [0xff, 0xd8, 1, 2, 3, 0xff, 0xd9] },
    ]);
  });

  it('makes the same bytes for the same photos, and another boundary for others', async () => {
    const first = await photosBody([photo('a.jpg', [1, 2, 3]), photo('b.jpg', [4, 5])]);
    const again = await photosBody([photo('a.jpg', [1, 2, 3]), photo('b.jpg', [4, 5])]);
    expect(Buffer.from(await again.body.arrayBuffer()).equals(Buffer.from(await first.body.arrayBuffer()))).toBe(true);
    const reordered = await photosBody([photo('b.jpg', [4, 5]), photo('a.jpg', [1, 2, 3])]);
    const retaken = await photosBody([photo('a.jpg', [1, 2, 3], 1_700_000_000_001), photo('b.jpg', [4, 5])]);
    expect(new Set([first.boundary, reordered.boundary, retaken.boundary]).size).toBe(3);
  });
});
