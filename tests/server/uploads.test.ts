// The signed participant intake form (PDF, 20MB) streamed to disk, read back by its owner and staff only,
// and the certification form generated as a PDF in the request's language.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applicationFiles } from '#server/db/schema.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { pdfText } from '../support/pdf-text.ts';
import { databaseKinds, solveCaptcha, startTestApp, type TestApp } from '../support/server.ts';
import { createProgram, filesUnder, multipart, samplePdf, saveStep, signUp, upload, type Person } from '../support/applicants.ts';

describe.each(databaseKinds)('uploads and the certification form on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  let luis: Person;
  let staff: Person;
  let id: number;
  let filesDir: string;

  beforeAll(async () => {
    test = await startTestApp(kind);
    filesDir = join(test.app.ctx.config.dataDir, 'files');
    ana = await signUp(test, { first_name: 'Ana', last_name: 'Núñez' });
    luis = await signUp(test);
    staff = await signUp(test, { staff: true });
    const program = await createProgram(test, { name_es: 'Aceleradora del Caribe', name_en: 'Caribbean Accelerator', period: '2027-1' });
    const applied = await test.call('POST', '/applications', { program_id: program.id }, ana.headers);
    id = applied.json().id;
  });
  afterAll(async () => {
    await test?.close();
  });

  /** Every file kept under the files directory, temp files included: a refused upload must leave none. */
  const storedFiles = () => filesUnder(filesDir);

  it('stores a PDF and gives the same bytes back to the owner and to staff', async () => {
    const pdf = samplePdf(50_000);
    const response = await upload(test, ana, id, pdf, 'formulario firmado.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ file_name: 'formulario firmado.pdf', size: pdf.length });
    for (const reader of [ana, staff]) {
      const download = await test.call('GET', `/applications/${id}/intake-form`, undefined, reader.headers);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(pdf)).toBe(true);
    }
    expect(storedFiles()).toHaveLength(1);
    const application = await test.call('GET', `/applications/${id}`, undefined, ana.headers);
    expect(application.json().intake_form).toMatchObject({ file_name: 'formulario firmado.pdf', size: pdf.length });
  });

  it('replaces an earlier form and deletes its file', async () => {
    const before = storedFiles();
    const second = samplePdf(2_000);
    expect((await upload(test, ana, id, second, 'again.pdf')).statusCode).toBe(200);
    const after = storedFiles();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    const download = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
    expect(download.rawPayload.equals(second)).toBe(true);
  });

  it('refuses a file over 20MB with 413 and leaves nothing on disk', async () => {
    const before = storedFiles();
    const response = await upload(test, ana, id, samplePdf(MAX_UPLOAD_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Your file is too large. It must be 20MB or smaller.', code: 'file_too_large' });
    expect(storedFiles()).toEqual(before);
    expect(filesUnder(join(filesDir, 'tmp'))).toEqual([]);
    const body = multipart(samplePdf(MAX_UPLOAD_BYTES + 1));
    const spanish = await test.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/intake-form`,
      headers: { ...ana.headers, ...body.headers },
      payload: body.payload,
    });
    expect(spanish.statusCode).toBe(413);
    expect(spanish.json().detail).toBe('Su archivo es demasiado grande. Debe ser de 20MB o menos.');
    expect(storedFiles()).toEqual(before);
    const [row] = await test.app.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.application_id, id));
    expect(row?.original_name).toBe('again.pdf');
  });

  it('accepts a file of exactly 20MB', async () => {
    const response = await upload(test, ana, id, samplePdf(MAX_UPLOAD_BYTES), 'big.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().size).toBe(MAX_UPLOAD_BYTES);
    expect(storedFiles()).toHaveLength(1);
  });

  it('refuses a file that is not a PDF by its first bytes, whatever its name or type says', async () => {
    const before = storedFiles();
    const fake = Buffer.from('GIF89a not really a pdf');
    const response = await upload(test, ana, id, fake, 'looks-like.pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: ['The file must be a PDF or a photo (JPEG, PNG or HEIC).'], code: 'invalid' });
    expect((await upload(test, ana, id, Buffer.alloc(0), 'empty.pdf')).statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect(filesUnder(join(filesDir, 'tmp'))).toEqual([]);
  });

  it('refuses a request that is not multipart, or has no file', async () => {
    const json = await test.call('POST', `/applications/${id}/intake-form`, { file: 'x' }, ana.headers);
    expect(json.statusCode).toBe(415);
    const boundary = '----empty';
    const noFile = await test.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/intake-form`,
      headers: { ...ana.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ file: ['Choose a file to upload.'], code: 'invalid' });
  });

  it("keeps another person's uploads out: 404 to read or write, and staff cannot upload", async () => {
    expect((await test.call('GET', `/applications/${id}/intake-form`, undefined, luis.headers)).statusCode).toBe(404);
    expect((await upload(test, luis, id, samplePdf())).statusCode).toBe(404);
    expect((await upload(test, staff, id, samplePdf())).statusCode).toBe(403);
    const luisApp = await test.call('POST', '/applications', { program_id: (await createProgram(test)).id }, luis.headers);
    expect((await test.call('GET', `/applications/${luisApp.json().id}/intake-form`, undefined, luis.headers)).statusCode).toBe(404);
  });

  it('makes a submitted step 6 incomplete when a new form is uploaded', async () => {
    await saveStep(test, ana, id, 6, { conditions: true, captcha: await solveCaptcha(test) });
    const submitted = await test.call('POST', `/applications/${id}/steps/6/submit`, undefined, ana.headers);
    expect(submitted.json().status).toBe('submitted');
    expect((await upload(test, ana, id, samplePdf())).statusCode).toBe(200);
    const application = await test.call('GET', `/applications/${id}`, undefined, ana.headers);
    expect(application.json().steps[5].status).toBe('incomplete');
  });

  it('generates the certification form with the name, the program and the date, in the request language', async () => {
    const spanish = await test.call('GET', `/applications/${id}/certification.pdf`, undefined, ana.headers);
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toBe('application/pdf');
    expect(spanish.headers['content-disposition']).toContain(`certificacion-${id}.pdf`);
    expect(spanish.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(spanish.rawPayload);
    expect(text).toContain('Certificación del participante');
    expect(text).toContain('Solicitante: Ana Núñez');
    expect(text).toContain('Programa: Aceleradora del Caribe (2027-1)');
    const today = new Intl.DateTimeFormat('es-PR', { dateStyle: 'long', timeZone: 'America/Puerto_Rico' }).format(new Date());
    expect(text).toContain(`Fecha: ${today}`);

    const english = await test.call('GET', `/applications/${id}/certification.pdf`, undefined, { ...ana.headers, 'accept-language': 'en-US' });
    const englishText = pdfText(english.rawPayload);
    expect(englishText).toContain('Participant certification');
    expect(englishText).toContain('Applicant: Ana Núñez');
    expect(englishText).toContain('Program: Caribbean Accelerator (2027-1)');
  });

  it('uses the name from step 1 and survives characters the PDF font lacks', async () => {
    await saveStep(test, ana, id, 1, { first_name: 'Ana María 🌴', last_name: 'Núñez-Soto' });
    const response = await test.call('GET', `/applications/${id}/certification.pdf`, undefined, ana.headers);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Solicitante: Ana María ? Núñez-Soto');
    const forStaff = await test.call('GET', `/applications/${id}/certification.pdf`, undefined, staff.headers);
    expect(forStaff.statusCode).toBe(200);
  });
});
