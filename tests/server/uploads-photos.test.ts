// Photos are documents (docs/decisions/054-photos-are-documents.md): real JPEG (EXIF orientation 6, GPS), PNG and HEIC
// photos become one PDF a page each, upright and without metadata, in a document field, the intake form and the drive;
// a PDF without its cross-reference table is repaired; an empty file has its own message; nothing stays of a refusal.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { createProgram, filesUnder, samplePdf, signUp, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/photos/${name}`, import.meta.url));
const JPEG = fixture('id-orientation-6-gps.jpg');
const PNG = fixture('receipt.png');
const HEIC = fixture('id-gps.heic');

/** A one-page PDF as some scanner apps write it: objects and a trailer, no cross-reference table, no startxref. */
const NO_XREF_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >> endobj',
    '4 0 obj << /Length 35 >> stream',
    'BT /F1 24 Tf 100 700 Td (Hola) Tj ET',
    'endstream endobj',
    'trailer << /Root 1 0 R /Size 5 >>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

interface Part {
  content: Buffer;
  filename: string;
  type: string;
}

/** A multipart body of several parts in the field `file`, as the browser sends several chosen photos. */
function multipartOf(parts: readonly Part[]) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`),
    part.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const jpeg = (filename = 'licencia.jpg'): Part => ({ content: JPEG, filename, type: 'image/jpeg' });
const png = (filename = 'recibo.png'): Part => ({ content: PNG, filename, type: 'image/png' });
const heic = (filename = 'licencia.heic'): Part => ({ content: HEIC, filename, type: 'image/heic' });

/** The images a PDF holds, each as its own JPEG bytes (the stream of an /Image XObject in /DCTDecode). */
function embeddedJpegs(document: PDFDocument): Buffer[] {
  return document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => Buffer.from(stream.contents));
}

/** What a stored PDF holds: its pages' sizes and images, and whether anything of the photos' metadata is left. */
async function inspect(bytes: Buffer) {
  const document = await PDFDocument.load(bytes);
  const text = bytes.toString('latin1');
  const images = embeddedJpegs(document);
  const metadata = await Promise.all(images.map((image) => sharp(image).metadata()));
  return {
    pages: document.getPages().map((page) => page.getSize()),
    images: metadata.map(({ width, height, exif, xmp, icc, orientation }) => ({ width, height, exif, xmp, icc, orientation })),
    jpegs: images,
    // The EXIF block's marker, the camera's words and the GPS IFD's tag name never reach the stored file.
    metadataLeft: ['Exif\0\0', 'PhoneMaker', 'Phone 12 Pro', 'GPS'].filter((word) => text.includes(word)),
  };
}

/** The mean colour of a square of an image, to tell which corner the red mark went to. */
async function colourAt(image: Buffer, left: number, top: number, size = 20): Promise<[number, number, number]> {
  const pixels = await sharp(image).extract({ left, top, width: size, height: size }).removeAlpha().raw().toBuffer();
  const mean = (channel: number) => pixels.filter((_, index) => index % 3 === channel).reduce((sum, value) => sum + value, 0) / (size * size);
  return [mean(0), mean(1), mean(2)];
}
const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 90 && b < 90;

describe.each(databaseKinds)('photos are documents on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  let id: number;
  let programId: number;
  let filesDir: string;

  beforeAll(async () => {
    test = await startTestApp(kind);
    filesDir = join(test.app.ctx.config.dataDir, 'files');
    ana = await signUp(test, { first_name: 'Ana' });
    programId = (await createProgram(test)).id;
    id = (await test.call('POST', '/applications', { program_id: programId }, ana.headers)).json().id;
  });
  afterAll(async () => {
    await test?.close();
  });

  const post = (url: string, parts: readonly Part[], language = 'en') => {
    const body = multipartOf(parts);
    return test.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...ana.headers, ...body.headers, 'accept-language': language }, payload: body.payload });
  };
  const document = (parts: readonly Part[], language?: string) => post(`/applications/${id}/files?kind=owner_id`, parts, language);
  const driveFile = (parts: readonly Part[], language?: string) => post(`/programs/${programId}/drive/files?space=personal`, parts, language);
  const download = async (fileId: number) => {
    const response = await test.call('GET', `/applications/${id}/files/${fileId}`, undefined, ana.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return response.rawPayload;
  };

  it('turns a JPEG into a one-page PDF, upright by its EXIF orientation, with no EXIF or GPS left', async () => {
    const original = await sharp(JPEG).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([400, 300, 6]);
    expect(JPEG.toString('latin1')).toContain('PhoneMaker');

    const response = await document([jpeg()]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ file_name: 'licencia.pdf', kind: 'owner_id', active_content: [] });
    const stored = await download(response.json().id);
    expect(stored.length).toBe(response.json().size);
    const pdf = await inspect(stored);
    expect(pdf.pages).toHaveLength(1);
    // Orientation 6 shows the 400x300 pixels turned a quarter clockwise: a portrait page, and the red mark top right.
    const [page] = pdf.pages;
    expect(page!.height).toBeGreaterThan(page!.width);
    expect(pdf.images).toEqual([{ width: 300, height: 400, exif: undefined, xmp: undefined, icc: undefined, orientation: undefined }]);
    expect(isRed(await colourAt(pdf.jpegs[0]!, 300 - 40, 10))).toBe(true);
    expect(isRed(await colourAt(pdf.jpegs[0]!, 10, 10))).toBe(false);
    expect(pdf.metadataLeft).toEqual([]);
  });

  it('makes several photos chosen at once (JPEG, PNG, HEIC) into one document, a page each in their order', async () => {
    const before = filesUnder(filesDir).length;
    const response = await document([jpeg('frente.jpg'), png(), heic()]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().file_name).toBe('frente.pdf');
    const pdf = await inspect(await download(response.json().id));
    expect(pdf.pages.map(({ width, height }) => (height > width ? 'portrait' : 'landscape'))).toEqual(['portrait', 'landscape', 'landscape']);
    expect(pdf.images.map(({ width, height }) => [width, height])).toEqual([
      [300, 400],
      [400, 300],
      [400, 300],
    ]);
    expect(pdf.images.every((image) => image.exif === undefined)).toBe(true);
    expect(pdf.metadataLeft).toEqual([]);
    // One stored file, no temp file of the three photos left behind.
    expect(filesUnder(filesDir)).toHaveLength(before + 1);
  });

  it('takes a HEIC photo as the intake form, and it reads back as a PDF', async () => {
    const response = await post(`/applications/${id}/intake-form`, [heic('formulario.HEIC')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ file_name: 'formulario.pdf' });
    const form = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
    const pdf = await inspect(form.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.images[0]).toMatchObject({ width: 400, height: 300, exif: undefined });
    expect(pdf.metadataLeft).toEqual([]);
  });

  it('repairs a PDF that has no cross-reference table and keeps its page', async () => {
    const response = await document([{ content: NO_XREF_PDF, filename: 'escaneo.pdf', type: 'application/pdf' }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().file_name).toBe('escaneo.pdf');
    const stored = await download(response.json().id);
    expect(stored.toString('latin1')).toMatch(/startxref\s+\d+\s+%%EOF\s*$/);
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1);
  });

  it('tells an empty file apart, in Spanish and English, in a document field, the intake form and the drive', async () => {
    const before = filesUnder(filesDir).length;
    const empty = (filename: string): Part => ({ content: Buffer.alloc(0), filename, type: 'application/pdf' });
    for (const [language, message] of [
      ['es', 'El archivo está vacío.'],
      ['en', 'The file is empty.'],
    ] as const) {
      for (const response of [
        await document([empty('licencia.pdf')], language),
        await post(`/applications/${id}/intake-form`, [empty('formulario.pdf')], language),
        await driveFile([empty('licencia.pdf')], language),
        await driveFile([{ ...empty('foto.jpg'), type: 'image/jpeg' }], language),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ file: [message], code: 'invalid' });
      }
    }
    expect(filesUnder(filesDir)).toHaveLength(before);
  });

  it('keeps the checks strict: magic bytes, damaged photos, a PDF with photos, too many photos, 20MB in all', async () => {
    const before = filesUnder(filesDir).length;
    const refusals: Array<[Part[], number, unknown]> = [
      // A text file named as a photo, and a photo's first bytes followed by nothing a decoder can read.
      [[{ content: Buffer.from('hello, not a photo'), filename: 'foto.jpg', type: 'image/jpeg' }], 400, { file: ['The file must be a PDF or a photo (JPEG, PNG or HEIC).'], code: 'invalid' }],
      [[{ content: Buffer.concat([JPEG.subarray(0, 3), Buffer.alloc(500, 7)]), filename: 'foto.jpg', type: 'image/jpeg' }], 400, { file: [expect.stringContaining('could not read this photo')], code: 'invalid' }],
      [[{ content: Buffer.concat([HEIC.subarray(0, 40), Buffer.alloc(500, 7)]), filename: 'foto.heic', type: 'image/heic' }], 400, { file: [expect.stringContaining('could not read this photo')], code: 'invalid' }],
      [[jpeg(), { content: samplePdf(), filename: 'otro.pdf', type: 'application/pdf' }], 400, { file: [expect.stringContaining('not both')], code: 'invalid' }],
      [Array.from({ length: 11 }, (_, index) => png(`p${index}.png`)), 400, { file: ['A document can have at most 10 photos. Upload them as two documents.'], code: 'invalid' }],
      // Two parts that pass 20MB only together.
      [
        [
          { content: Buffer.concat([JPEG.subarray(0, 3), Buffer.alloc(MAX_UPLOAD_BYTES / 2, 1)]), filename: 'a.jpg', type: 'image/jpeg' },
          { content: Buffer.concat([JPEG.subarray(0, 3), Buffer.alloc(MAX_UPLOAD_BYTES / 2, 1)]), filename: 'b.jpg', type: 'image/jpeg' },
        ],
        413,
        { detail: expect.stringContaining('too large'), code: 'file_too_large' },
      ],
    ];
    for (const [parts, status, body] of refusals) {
      const response = await document(parts);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual(body);
    }
    expect(filesUnder(filesDir)).toHaveLength(before);
  });

  it('keeps a photo put in the drive as its PDF, and an unreadable one not at all', async () => {
    const before = filesUnder(filesDir).length;
    const uploaded = await driveFile([jpeg('licencia.JPG')]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ name: 'licencia.pdf', kind: 'file' });
    const stored = await test.call('GET', `/programs/${programId}/drive/nodes/${uploaded.json().id}/content`, undefined, ana.headers);
    expect(stored.headers['content-type']).toBe('application/pdf');
    const pdf = await inspect(stored.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.height).toBeGreaterThan(pdf.pages[0]!.width);
    expect(pdf.metadataLeft).toEqual([]);

    const fromHeic = await driveFile([heic('recibo.heif')]);
    expect(fromHeic.statusCode, fromHeic.body).toBe(201);
    expect(fromHeic.json()).toMatchObject({ name: 'recibo.pdf', size: expect.any(Number) });

    const damaged = await driveFile([{ content: Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(300, 2)]), filename: 'roto.png', type: 'image/png' }], 'es');
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().file[0]).toContain('No pudimos leer esta foto');
    expect(filesUnder(filesDir)).toHaveLength(before + 2);
  });
});
