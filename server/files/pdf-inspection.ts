// Checks an uploaded PDF while its bytes stream to disk (docs/decisions/007-pdf-upload-checks.md): a name scan that
// flags active content (JavaScript, embedded files, launch actions, rich media), object streams inflated on the way,
// and afterwards a structural check of the trailer (startxref pointing at a cross-reference table or stream, %%EOF).
import { createInflate, type Inflate } from 'node:zlib';

export type ActiveContent = 'javascript' | 'embedded_file' | 'launch' | 'rich_media';

/** PDF names (after #xx escapes are decoded) that mean the file can run or carry something besides its pages. */
const ACTIVE_NAMES: ReadonlyMap<string, ActiveContent> = new Map([
  ['JS', 'javascript'],
  ['JavaScript', 'javascript'],
  ['EmbeddedFile', 'embedded_file'],
  ['EmbeddedFiles', 'embedded_file'],
  ['Launch', 'launch'],
  ['RichMedia', 'rich_media'],
]);

/** Longer tokens are never a name or keyword we look for (a PDF name is at most 127 bytes; ours are far shorter). */
const MAX_TOKEN = 64;
/** Inflated object-stream bytes scanned per upload at most: a small file may inflate to gigabytes (a zip bomb). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** How many trailing bytes are kept for the trailer check (the spec puts %%EOF in the last 1024). */
const TAIL_BYTES = 1024;

const WHITESPACE = 1;
const DELIMITER = 2;
const byteClass = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) byteClass[byte] = WHITESPACE;
for (const char of '()<>[]{}/%') byteClass[char.charCodeAt(0)] = DELIMITER;
const SLASH = 0x2f;
const CR = 0x0d;
const LF = 0x0a;

const decodeName = (raw: Buffer): string =>
  raw.toString('latin1').replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const STREAM = Buffer.from('stream');
const ENDOBJ = Buffer.from('endobj');
const END = Buffer.from('end');
const isRegular = (byte: number | undefined) => byte !== undefined && byteClass[byte] === 0;
/** Bytes kept from a chunk's end when no token is cut off there: enough for a partial `endstream`. */
const KEYWORD_TAIL = 'endstream'.length;
/** First letters of the names we look for (or `#`, an escaped one): other names are skipped unread. */
const NAME_STARTS = new Set([...'JELROF#'].map((char) => char.charCodeAt(0)));
/** The smaller of two indexOf results, -1 meaning none. */
const earliest = (a: number, b: number) => (a < 0 ? b : b < 0 ? a : Math.min(a, b));
const mayMatter = (byte: number | undefined) => byte !== undefined && NAME_STARTS.has(byte);

/**
 * Finds the PDF tokens we care about across chunk boundaries: every name (`/Name`) and the keywords `stream`,
 * `endstream` and `endobj`. It jumps between candidates with Buffer.indexOf (native), so binary data costs little.
 * Everything is scanned, strings and comments included: a warning too many is better than active content missed.
 */
class Tokenizer {
  /** The start of a token the last chunk cut off (at most MAX_TOKEN bytes). */
  private carry = Buffer.alloc(0);

  constructor(
    private readonly onName: (name: string) => void,
    /** `index` is where the byte that ended the keyword sits in `chunk` (whitespace or a delimiter). */
    private readonly onWord?: (word: 'stream' | 'endstream' | 'endobj', chunk: Buffer, index: number) => void,
  ) {}

  scan(chunk: Buffer): void {
    const carried = this.carry.length;
    const window = carried > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    let pos = 0;
    let slash = window.indexOf(SLASH, pos);
    let stream = this.onWord ? window.indexOf(STREAM, pos) : -1;
    let endobj = this.onWord ? window.indexOf(ENDOBJ, pos) : -1;
    for (;;) {
      if (slash >= 0 && slash < pos) slash = window.indexOf(SLASH, pos);
      if (stream >= 0 && stream < pos) stream = window.indexOf(STREAM, pos);
      if (endobj >= 0 && endobj < pos) endobj = window.indexOf(ENDOBJ, pos);
      const next = earliest(earliest(slash, stream), endobj);
      // Nothing more here; the last bytes may begin a keyword the next chunk completes.
      if (next < 0) return this.keep(window, Math.max(pos, window.length - KEYWORD_TAIL));
      if (next === slash) {
        let end = slash + 1;
        while (end < window.length && end - slash <= MAX_TOKEN && isRegular(window[end])) end += 1;
        if (end - slash > MAX_TOKEN) {
          pos = end;
          continue;
        }
        if (end === window.length) return this.keep(window, slash);
        if (mayMatter(window[slash + 1])) this.onName(decodeName(window.subarray(slash + 1, end)));
        pos = end;
        continue;
      }
      // A keyword stands alone: no regular character right before or after it.
      const isEndstream = next === stream && next >= 3 && window.subarray(next - 3, next).equals(END);
      const start = isEndstream ? next - 3 : next;
      const end = next + STREAM.length;
      if (end >= window.length) return this.keep(window, start);
      pos = next + 1;
      if (isRegular(window[start - 1]) || isRegular(window[end])) continue;
      const word = next === endobj ? 'endobj' : isEndstream ? 'endstream' : 'stream';
      this.onWord?.(word, chunk, Math.max(0, end - carried));
      pos = end;
    }
  }

  end(): void {
    if (this.carry.length > 0 && this.carry[0] === SLASH) this.onName(decodeName(this.carry.subarray(1)));
    this.carry = Buffer.alloc(0);
  }

  private keep(window: Buffer, from: number): void {
    if (window.length - from <= MAX_TOKEN) this.carry = Buffer.from(window.subarray(from));
  }
}

export interface PdfInspection {
  /** Kinds of active content found (empty for a plain document). */
  activeContent: ActiveContent[];
  /** The last bytes of the file, for isStructurallyPdf(). */
  tail: Buffer;
}

/** An object stream being inflated: it takes every byte from its data start until zlib finds its end. */
interface Inflation {
  inflater: Inflate;
  /** Where its data starts in the chunk being scanned (0 for one begun in an earlier chunk). */
  start: number;
  /** Set when `stream` was the last byte but one of a chunk and ended with CR: a LF may open the next chunk. */
  lineFeedMayFollow: boolean;
}

/** Object streams inflated at once at most (a stream whose data never ends in zlib's eyes is given up for a new one). */
const MAX_INFLATIONS = 4;

/**
 * Sees an upload chunk by chunk (FileStorage.write's observer). Object streams (PDF 1.5) hold most dictionaries of
 * a modern PDF compressed, so a Flate-compressed `/Type /ObjStm` stream is inflated as it passes and scanned too.
 * Its data is fed to zlib until zlib itself finds the end (a fake `endstream` inside cannot stop the scan early).
 */
export class PdfInspector {
  private readonly found = new Set<ActiveContent>();
  private tail = Buffer.alloc(0);
  private readonly raw: Tokenizer;
  /** Names seen since the last `endstream`/`endobj`: the dictionary of the stream that may start next. */
  private namesOfObject = new Set<string>();
  private inflations: Inflation[] = [];
  private readonly finished: Array<Promise<void>> = [];
  private inflatedBytes = 0;

  constructor() {
    this.raw = new Tokenizer(
      (name) => this.seeName(name),
      (word, chunk, index) => this.seeWord(word, chunk, index),
    );
  }

  /** The FileStorage observer: resolves once zlib has taken the chunk's compressed part. */
  write = (chunk: Buffer): Promise<void> | undefined => {
    this.tail = chunk.length >= TAIL_BYTES ? Buffer.from(chunk.subarray(-TAIL_BYTES)) : Buffer.concat([this.tail, chunk]).subarray(-TAIL_BYTES);
    for (const inflation of this.inflations) {
      inflation.start = inflation.lineFeedMayFollow && chunk[0] === LF ? 1 : 0;
      inflation.lineFeedMayFollow = false;
    }
    this.raw.scan(chunk);
    const fed = this.inflations.map(({ inflater, start }) => feed(inflater, chunk.subarray(start)));
    return fed.length > 0 ? Promise.all(fed).then(() => undefined) : undefined;
  };

  async finish(): Promise<PdfInspection> {
    this.raw.end();
    for (const { inflater } of this.inflations) inflater.end();
    await Promise.all(this.finished);
    return { activeContent: [...this.found].sort(), tail: this.tail };
  }

  private seeName(name: string): void {
    const active = ACTIVE_NAMES.get(name);
    if (active) this.found.add(active);
    this.namesOfObject.add(name);
  }

  private seeWord(word: 'stream' | 'endstream' | 'endobj', chunk: Buffer, index: number): void {
    if (word === 'endstream' || word === 'endobj') {
      this.namesOfObject = new Set();
      return;
    }
    if (word !== 'stream' || !this.namesOfObject.has('ObjStm') || !this.namesOfObject.has('FlateDecode')) return;
    // Stream data starts after the end of line that follows the keyword (CR LF or LF).
    const byte = chunk[index];
    if ((byte !== CR && byte !== LF) || this.inflatedBytes >= MAX_INFLATED_BYTES) return;
    const crlf = byte === CR && chunk[index + 1] === LF;
    if (this.inflations.length >= MAX_INFLATIONS) this.inflations.shift()?.inflater.destroy();
    this.inflations.push(this.inflate(index + (crlf ? 2 : 1), byte === CR && index + 1 === chunk.length));
    this.namesOfObject = new Set();
  }

  private inflate(start: number, lineFeedMayFollow: boolean): Inflation {
    const inflater = createInflate();
    const names = new Tokenizer((name) => {
      const active = ACTIVE_NAMES.get(name);
      if (active) this.found.add(active);
    });
    inflater.on('data', (data: Buffer) => {
      this.inflatedBytes += data.length;
      names.scan(data);
      if (this.inflatedBytes > MAX_INFLATED_BYTES) inflater.destroy();
    });
    const done = new Promise<void>((resolve) => {
      // Corrupt data is not ours to report here: the structural check and the reader decide about the file.
      inflater.on('error', () => undefined);
      // zlib found the end of the compressed data: what follows is the rest of the file, not this stream.
      inflater.on('end', () => inflater.destroy());
      inflater.on('close', () => {
        names.end();
        this.inflations = this.inflations.filter((inflation) => inflation.inflater !== inflater);
        resolve();
      });
    });
    this.finished.push(done);
    return { inflater, start, lineFeedMayFollow };
  }
}

/** Hands bytes to zlib; bytes after the end of the compressed data (`endstream`, later objects) are ignored by it. */
function feed(inflater: Inflate, data: Buffer): Promise<void> {
  if (inflater.destroyed || inflater.writableEnded || data.length === 0) return Promise.resolve();
  return new Promise((resolve) => inflater.write(data, () => resolve()));
}

/**
 * The structure every PDF reader relies on, checked without loading the file: a `%PDF-x.y` header, `%%EOF` near the
 * end after `startxref <offset>`, and at that offset a cross-reference table (`xref`) or stream (`n g obj` of
 * `/Type /XRef`). `readRange` reads the stored bytes.
 */
export async function isStructurallyPdf(
  size: number,
  head: Buffer,
  tail: Buffer,
  readRange: (offset: number, length: number) => Promise<Buffer>,
): Promise<boolean> {
  if (!/^%PDF-\d\.\d/.test(head.toString('latin1'))) return false;
  const trailer = /startxref\s+(\d{1,12})\s+%%EOF\s*$/.exec(tail.toString('latin1'));
  const offset = Number(trailer?.[1] ?? NaN);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= size) return false;
  const section = (await readRange(offset, 1024)).toString('latin1');
  if (/^\s*xref\s/.test(section)) return true;
  const stream = /^\s*\d+\s+\d+\s+obj\s*<<([\s\S]*?)(stream|endobj|$)/.exec(section);
  return Boolean(stream && /\/Type\s*\/XRef\b/.test(stream[1] ?? ''));
}
