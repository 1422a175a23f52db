// Photos of documents made into one PDF (docs/decisions/054-photos-are-documents.md): JPEG, PNG and HEIC/HEIF known
// by their first bytes, turned the right way up, stripped of every metadata (EXIF, GPS), scaled to a readable size
// and put one per page. sharp (libvips) does JPEG and PNG on libuv's threads; HEIC is decoded in a worker thread.
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

export type PhotoKind = 'jpeg' | 'png' | 'heic';

export interface Photo {
  /** A local file holding the photo (an upload's temp file). */
  path: string;
  kind: PhotoKind;
}

/** The photos one document may be made of (a field takes several at once: the front and back of an ID, pages). */
export const MAX_PHOTOS = 10;
/** Past this a photo is refused before it is decoded (a 48 MP phone camera is within it; a decompression bomb is not). */
export const MAX_PHOTO_PIXELS = 64_000_000;
/** A page's image is at most this many pixels on its long side: about 180 dpi over a letter page's 11 inches. */
const LONG_SIDE_PX = 2000;
const JPEG_QUALITY = 80;
/** A page's long side in PDF points (11 inches): readers and printers scale it, this only sets its proportions. */
const PAGE_LONG_SIDE_PT = 792;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** ISO base media brands of HEIF images with HEVC (HEIC) or of HEIF in general; AVIF (`avif`) is not among them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** The photo a file's first 12 bytes announce, if any. */
export function photoKindOf(head: Buffer): PhotoKind | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  if (head.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(head.toString('latin1', 8, 12))) return 'heic';
  return undefined;
}

/** A photo that cannot be decoded (damaged, only named so, or too many pixels): the sender's problem. */
export class UnreadablePhotoError extends Error {
  constructor(cause: unknown) {
    super('the photo cannot be read', { cause });
    this.name = 'UnreadablePhotoError';
  }
}

/** A queue of `size` places: each conversion holds one, so a burst of uploads cannot hold every photo decoded at once. */
function limiter(size: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active < size) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      // The place goes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
const conversions = limiter(Math.max(1, availableParallelism()));

/**
 * Several photos as one PDF, a page each, in the order given. Throws UnreadablePhotoError when one cannot be read.
 */
export async function photosToPdf(photos: readonly Photo[]): Promise<Uint8Array> {
  return conversions(async () => {
    // No metadata of its own either: no producer, no dates.
    const pdf = await PDFDocument.create({ updateMetadata: false });
    for (const photo of photos) {
      const page = await pageImage(photo);
      const image = await pdf.embedJpg(page.jpeg);
      const scale = PAGE_LONG_SIDE_PT / Math.max(page.width, page.height);
      const [width, height] = [page.width * scale, page.height * scale];
      pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
    }
    return pdf.save();
  });
}

/** One photo as a page's JPEG: upright (EXIF orientation applied), sRGB on white, scaled down, without metadata. */
async function pageImage(photo: Photo): Promise<{ jpeg: Buffer; width: number; height: number }> {
  try {
    const decoded = photo.kind === 'heic' ? await decodeHeic(photo.path) : undefined;
    const input = decoded
      ? sharp(decoded.pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 } })
      : sharp(photo.path, { limitInputPixels: MAX_PHOTO_PIXELS });
    // HEIC carries its rotation in its own boxes, which libheif applied; its EXIF orientation is not to be applied again.
    const upright = decoded ? input : input.rotate();
    // sharp writes no metadata unless asked (keepMetadata/withMetadata): EXIF, GPS, XMP and ICC all stay behind.
    const { data, info } = await upright
      .resize({ width: LONG_SIDE_PX, height: LONG_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    throw error instanceof UnreadablePhotoError ? error : new UnreadablePhotoError(error);
  }
}

/** How much of a HEIF file's start is read for its image sizes (its `meta` box comes first in phone photos). */
const HEIF_META_BYTES = 256 * 1024;

/** The boxes (ISO base media) between `start` and `end` of `buffer`. */
function* boxes(buffer: Buffer, start: number, end: number): Generator<{ type: string; start: number; end: number }> {
  let at = start;
  while (at + 8 <= end) {
    let size = buffer.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(buffer.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) return;
    yield { type: buffer.toString('latin1', at + 4, at + 8), start: at + header, end: Math.min(at + size, end) };
    at += size;
  }
}

/** The largest image a HEIF file declares (its `ispe` properties), in pixels; undefined when none is found. */
export async function heifLargestImage(path: string): Promise<number | undefined> {
  const handle = await open(path, 'r');
  let buffer: Buffer;
  try {
    const read = await handle.read(Buffer.alloc(HEIF_META_BYTES), 0, HEIF_META_BYTES, 0);
    buffer = read.buffer.subarray(0, read.bytesRead);
  } finally {
    await handle.close();
  }
  const child = (parent: { start: number; end: number }, type: string, skip = 0) =>
    [...boxes(buffer, parent.start + skip, parent.end)].find((box) => box.type === type);
  const meta = child({ start: 0, end: buffer.length }, 'meta');
  // `meta` is a full box: 4 bytes of version and flags before its children.
  const iprp = meta && child(meta, 'iprp', 4);
  const ipco = iprp && child(iprp, 'ipco');
  if (!ipco) return undefined;
  let largest: number | undefined;
  for (const box of boxes(buffer, ipco.start, ipco.end)) {
    if (box.type !== 'ispe' || box.start + 12 > box.end) continue;
    const pixels = buffer.readUInt32BE(box.start + 4) * buffer.readUInt32BE(box.start + 8);
    largest = Math.max(largest ?? 0, pixels);
  }
  return largest;
}

/** A HEIC/HEIF photo's pixels (RGBA), decoded in a worker thread that ends with it. */
async function decodeHeic(path: string): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const pixels = await heifLargestImage(path);
  if (pixels === undefined || pixels > MAX_PHOTO_PIXELS) throw new UnreadablePhotoError(`HEIF image of ${pixels ?? 'unknown'} pixels`);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), { workerData: { path } });
    worker.once('message', (message: { error?: string; width: number; height: number; pixels: Uint8Array }) => {
      if (message.error !== undefined) reject(new UnreadablePhotoError(message.error));
      else resolve(message);
      void worker.terminate();
    });
    worker.once('error', (error) => reject(new UnreadablePhotoError(error)));
    // Only matters when the worker ended without a word (e.g. out of memory): a settled promise ignores it.
    worker.once('exit', (code) => reject(new UnreadablePhotoError(`the HEIC decoder stopped (${code})`)));
  });
}
