// What an uploaded intake form must be beyond its first bytes: a PDF with a readable structure (else a field error
// in es and en), flagged when it carries JavaScript or embedded files, and stored under a name with no bidirectional
// controls (docs/decisions/007-pdf-upload-checks.md).
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestApp } from '../support/server.ts';
import { filesUnder, multipart, samplePdf, startWithApplication, upload, type Person } from '../support/applicants.ts';

/** A one-page PDF as pdf-lib writes it: object streams and a cross-reference stream unless told otherwise. */
async function pdfWith(change: (doc: PDFDocument) => Promise<void> | void = () => undefined, useObjectStreams = true): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  await change(doc);
  return Buffer.from(await doc.save({ useObjectStreams }));
}

/** Opens with an alert: the catalog's /OpenAction is a JavaScript action. */
const javascriptOpenAction = (doc: PDFDocument) => {
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hola")') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
};

const embeddedFile = (doc: PDFDocument) => doc.attach(Buffer.from('a note inside the PDF'), 'nota.txt', { mimeType: 'text/plain' });

describe.each(databaseKinds)('uploaded PDFs: structure, active content and names (%s)', (kind) => {
  let test: TestApp;
  let ana: Person;
  let id: number;
  let filesDir: string;

  beforeAll(async () => {
    ({ test, ana, id, filesDir } = await startWithApplication(kind));
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses a text file renamed .pdf behind a %PDF- header, and a PDF cut short, in English and Spanish', async () => {
    const before = filesUnder(filesDir);
    const renamed = Buffer.from('%PDF-1.7\nDear committee, this is a letter saved as plain text and renamed.\n%%EOF\n');
    const whole = await pdfWith();
    for (const content of [renamed, whole.subarray(0, Math.floor(whole.length / 2))]) {
      const english = await upload(test, ana, id, content, 'carta.pdf');
      expect(english.statusCode, english.body).toBe(400);
      expect(english.json()).toEqual({
        file: ['The file is not a readable PDF: it may be damaged, or only named .pdf. Save or export it again as a PDF and upload it.'],
        code: 'invalid',
      });
      const body = multipart(content, 'carta.pdf');
      const spanish = await test.app.inject({
        method: 'POST',
        url: `/api/applications/${id}/intake-form`,
        headers: { ...ana.headers, ...body.headers, 'accept-language': 'es' },
        payload: body.payload,
      });
      expect(spanish.json()).toEqual({
        file: ['El archivo no es un PDF legible: puede estar dañado o solo llevar el nombre .pdf. Guárdelo o expórtelo de nuevo como PDF y súbalo.'],
        code: 'invalid',
      });
    }
    expect(filesUnder(filesDir)).toEqual(before);
  });

  it('accepts a real PDF, with a cross-reference stream or table, and flags nothing', async () => {
    for (const pdf of [await pdfWith(), await pdfWith(undefined, false), samplePdf(5_000)]) {
      const response = await upload(test, ana, id, pdf, 'formulario.pdf');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ size: pdf.length, active_content: [] });
    }
  });

  it('stores a PDF with a JavaScript OpenAction and flags it, compressed in an object stream or not', async () => {
    for (const useObjectStreams of [true, false]) {
      const pdf = await pdfWith(javascriptOpenAction, useObjectStreams);
      // With object streams the action's dictionary is compressed: the raw bytes do not name JavaScript.
      expect(pdf.includes('/JavaScript')).toBe(!useObjectStreams);
      const response = await upload(test, ana, id, pdf, 'con-script.pdf');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ file_name: 'con-script.pdf', active_content: ['javascript'] });
      const application = await test.call('GET', `/applications/${id}`, undefined, ana.headers);
      expect(application.json().intake_form.active_content).toEqual(['javascript']);
      const download = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
      expect(download.rawPayload.equals(pdf)).toBe(true);
    }
  });

  it('stores a PDF with an embedded file and flags it', async () => {
    const response = await upload(test, ana, id, await pdfWith(embeddedFile), 'con-adjunto.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().active_content).toEqual(['embedded_file']);
    const both = await upload(test, ana, id, await pdfWith(async (doc) => {
      javascriptOpenAction(doc);
      await embeddedFile(doc);
    }));
    expect(both.json().active_content).toEqual(['embedded_file', 'javascript']);
  });

  it('strips bidirectional controls from the file name, as stored and in Content-Disposition', async () => {
    const sent = 'Año 2027 \u202Eformulario\u202C \u2066firmado\u2069\u200E\u200F\u061C\u202A\u202B\u202D\u2067\u2068.pdf';
    const shown = 'Año 2027 formulario firmado.pdf';
    const response = await upload(test, ana, id, samplePdf(), sent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().file_name).toBe(shown);
    const application = await test.call('GET', `/applications/${id}`, undefined, ana.headers);
    expect(application.json().intake_form.file_name).toBe(shown);
    const download = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toBe(`inline; filename="Ano 2027 formulario firmado.pdf"; filename*=UTF-8''${encodeURIComponent(shown)}`);
    expect(disposition).not.toMatch(/%E2%80%A[A-E]|%E2%81%A[6-9]|%E2%80%8[EF]|%D8%9C/);
  });
});
