// A form signed on screen (docs/decisions/055-signing-in-the-browser.md): the drawn signature read and checked for ink,
// and the stamp pdf-lib puts on the form as presented: the drawing (or the typed name) on the signature line, the time
// on the date line, and below the page's text who signed, when, with which account, under which law, and the SHA-256
// of the form before it was stamped.
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { translate, type Language } from '#server/i18n/messages.ts';
import { encodable, wrap, type SignatureLines } from './certification.ts';

const DATA_URL_PREFIX = 'data:image/png;base64,';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Far more than a signature pad at three device pixels per CSS pixel: a bound on the memory one drawing may take. */
const MAX_SIDE = 4000;
/** The island keeps Atlantic Standard Time all year (no daylight saving), so "AST" is always right. */
const TIME_ZONE = 'America/Puerto_Rico';

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Why a drawing cannot sign: not a PNG data URL we can read, or no ink on it. */
export type DrawingProblem = 'unreadable' | 'empty';

/**
 * The PNG bytes of a drawn signature, or why they cannot sign. Only 8-bit, non-interlaced greyscale, RGB and RGBA
 * (what a canvas exports) are read; a pixel is ink when it is not transparent and darker than light grey, so a blank
 * pad (transparent) and a blank white image are both "empty".
 */
export function readDrawing(dataUrl: string): { png: Buffer } | { problem: DrawingProblem } {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) return { problem: 'unreadable' };
  const encoded = dataUrl.slice(DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return { problem: 'unreadable' };
  const png = Buffer.from(encoded, 'base64');
  try {
    return hasInk(png) ? { png } : { problem: 'empty' };
  } catch {
    return { problem: 'unreadable' };
  }
}

const CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function hasInk(png: Buffer): boolean {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colorType, , , interlace] = png.subarray(24, 29);
  const channels = CHANNELS[colorType ?? -1];
  if (!channels || depth !== 8 || interlace !== 0 || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new Error('a PNG this check does not read');
  }
  const data: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(data), { maxOutputLength: height * (stride + 1) });
  if (raw.length !== height * (stride + 1)) throw new Error('PNG data cut short');
  let previous = Buffer.alloc(stride);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    const line = Buffer.from(raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1)));
    unfilter(filter ?? 0, line, previous, channels);
    for (let x = 0; x < width; x++) if (isInk(line, x * channels, channels)) return true;
    previous = line;
  }
  return false;
}

function unfilter(filter: number, line: Buffer, previous: Buffer, bpp: number): void {
  for (let i = 0; i < line.length; i++) {
    const left = i >= bpp ? (line[i - bpp] ?? 0) : 0;
    const up = previous[i] ?? 0;
    const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
    let predictor = 0;
    if (filter === 1) predictor = left;
    else if (filter === 2) predictor = up;
    else if (filter === 3) predictor = (left + up) >> 1;
    else if (filter === 4) {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    } else if (filter !== 0) throw new Error('unknown PNG filter');
    line[i] = ((line[i] ?? 0) + predictor) & 0xff;
  }
}

function isInk(line: Buffer, at: number, channels: number): boolean {
  const alpha = channels === 2 || channels === 4 ? (line[at + channels - 1] ?? 0) : 255;
  if (alpha < 32) return false;
  const grey = channels <= 2 ? (line[at] ?? 255) : ((line[at] ?? 255) + (line[at + 1] ?? 255) + (line[at + 2] ?? 255)) / 3;
  return grey < 200;
}

export interface SignatureFacts {
  language: Language;
  signerName: string;
  /** The drawn signature (PNG), or null: the typed name signs alone. */
  drawing: Buffer | null;
  signedAt: Date;
  account: { id: number; email: string };
  /** The SHA-256 of the form as presented (before this stamp). */
  presentedSha256: string;
}

/** The signing time as the stamp writes it: the island's date and time, and "AST". */
export function signedAtText(date: Date, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'es' ? 'es-PR' : 'en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(date);
  // ICU writes narrow and plain no-break spaces ("12:30 PM"); the standard fonts' WinAnsi has no narrow one.
  return `${text.replace(/[\u202f\u00a0]/g, ' ')} AST`;
}

/** The form as presented, stamped with its signature; one page stays one page (the record sits in the bottom margin). */
export async function stampSignature(presented: Uint8Array, lines: SignatureLines, facts: SignatureFacts): Promise<Uint8Array> {
  const t = (id: string, params?: Record<string, string | number>) => translate(facts.language, `pdf.signature.${id}`, params);
  const doc = await PDFDocument.load(presented);
  const page = doc.getPage(0);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const clean = encodable(regular);
  const ink = rgb(0, 0, 0);
  const when = signedAtText(facts.signedAt, facts.language);

  // The drawing, fitted into the space above the signature line; without one, the typed name in a script-like face.
  const box = { x: lines.signature.x + 4, y: lines.y + 3, width: lines.signature.width - 8, height: 40 };
  if (facts.drawing) {
    const image = await doc.embedPng(facts.drawing);
    const scale = Math.min(box.width / image.width, box.height / image.height);
    page.drawImage(image, { x: box.x, y: box.y, width: image.width * scale, height: image.height * scale });
  } else {
    const size = Math.min(20, (20 * box.width) / Math.max(1, italic.widthOfTextAtSize(encodable(italic)(facts.signerName), 20)));
    page.drawText(encodable(italic)(facts.signerName), { x: box.x, y: box.y + 4, size, font: italic, color: ink });
  }
  // The typed name under the line's caption, and the time on the date line.
  page.drawText(clean(facts.signerName), { x: lines.signature.x, y: lines.y - 26, size: 9, font: regular, color: ink });
  for (const [index, line] of wrap(clean(when), regular, 8, lines.date.width).entries()) {
    page.drawText(line, { x: lines.date.x, y: lines.y + 14 - index * 10, size: 8, font: regular, color: ink });
  }

  // The record, in the bottom margin under the instructions.
  const record = [
    t('record', { name: facts.signerName, time: when, email: facts.account.email, account: facts.account.id }),
    t('law'),
    t('hash', { hash: facts.presentedSha256 }),
  ];
  const width = page.getWidth() - 2 * 72;
  let y = 58;
  for (const paragraph of record) {
    for (const line of wrap(clean(paragraph), regular, 7, width)) {
      page.drawText(line, { x: 72, y, size: 7, font: regular, color: ink });
      y -= 9;
    }
  }

  doc.setSubject(t('subject', { hash: facts.presentedSha256 }));
  doc.setKeywords([facts.presentedSha256]);
  doc.setModificationDate(facts.signedAt);
  return doc.save();
}
