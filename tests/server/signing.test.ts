// Signing the certification and the no-income form on screen (docs/decisions/055-signing-in-the-browser.md): the stamped
// PDF parses and carries the drawing, the typed name, the time in Puerto Rico, the account and the SHA-256 of the form
// as presented; it is stored as the intake form or a no-income document, staff see it was signed on screen, and the
// signing is in the audit log. Refusals: no consent, a blank name, a drawing without ink; only the applicant of an
// application that can still change signs.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { auditLog } from '#server/db/schema.ts';
import { pdfText } from '../support/pdf-text.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';
import { createProgram, filesUnder, samplePdf, signUp, submittedApplication, upload, type Person } from '../support/applicants.ts';
import { join } from 'node:path';

/** A PNG as a canvas exports one (8-bit RGBA, unfiltered rows): transparent, with a dark stroke when `ink`. */
function png(width: number, height: number, ink: boolean, background: [number, number, number, number] = [0, 0, 0, 0]): string {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const stroke = ink && Math.abs(y - Math.round(height / 2 + (height / 4) * Math.sin(x / 8))) <= 1;
      row.set(stroke ? [20, 20, 60, 255] : background, 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const DRAWN = png(300, 100, true);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseKinds)('signing forms on screen on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  let luis: Person;
  let staff: Person;
  let id: number;
  let programId: number;
  let filesDir: string;
  let frozen: Date | null = null;
  const body = (form: 'certification' | 'no_income_form', change: Record<string, unknown> = {}) => ({
    form,
    consent: true,
    signer_name: 'Ana Núñez',
    drawing: DRAWN,
    ...change,
  });
  const sign = (person: Person, input: Record<string, unknown>, language = 'es', app = id) =>
    test.call('POST', `/applications/${app}/signatures`, input, { ...person.headers, 'accept-language': language });

  beforeAll(async () => {
    test = await startTestApp(kind, { now: () => frozen ?? new Date() });
    filesDir = join(test.app.ctx.config.dataDir, 'files');
    ana = await signUp(test, { first_name: 'Ana', last_name: 'Núñez' });
    luis = await signUp(test);
    staff = await signUp(test, { staff: true });
    programId = (await createProgram(test, { name_es: 'Aceleradora del Caribe', name_en: 'Caribbean Accelerator', period: '2027-1' })).id;
    id = (await test.call('POST', '/applications', { program_id: programId }, ana.headers)).json().id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it('signs the certification: a stamped PDF with the drawing, the name, the time, the account and the hash of the form as presented', async () => {
    const before = Date.now();
    const response = await sign(ana, body('certification'));
    expect(response.statusCode, response.body).toBe(201);
    const signed = response.json();
    expect(signed).toMatchObject({ form: 'certification', document: null, signature: { signer_name: 'Ana Núñez' } });
    expect(signed.intake_form).toMatchObject({ file_name: `certificacion-${id}.pdf`, active_content: [] });
    const signedAt = new Date(signed.signature.signed_at);
    expect(signedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The stored intake form is the stamped PDF: it parses, is one page, holds the drawing and says the rest.
    const stored = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
    expect(stored.statusCode).toBe(200);
    const pdf = await PDFDocument.load(stored.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(stored.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const text = pdfText(stored.rawPayload);
    expect(text).toContain('Certificación del participante');
    expect(text).toContain('Ana Núñez');
    const time = new Intl.DateTimeFormat('es-PR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Puerto_Rico' })
      .format(signedAt)
      .replace(/[\u202f\u00a0]/g, ' ');
    expect(text.replace(/\n/g, ' ')).toContain(`${time} AST`);
    expect(text.replace(/\n/g, ' ')).toContain(`con la cuenta ${ana.email}`);
    expect(text).toContain(`SHA-256 del documento presentado para firma: ${signed.signature.presented_sha256}`);
    expect(signed.signature.presented_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The hash is of the form as presented, not of the stamped file.
    expect(signed.signature.presented_sha256).not.toBe(sha256(stored.rawPayload));
    expect(pdf.getSubject()).toContain(signed.signature.presented_sha256);

    // Staff see it was signed on screen, by whom and when; the signing is in the application's audit log.
    const review = await test.call('GET', `/admin/applications/${id}`, undefined, staff.headers);
    const intake = review.json().documents.find((document: { kind: string }) => document.kind === 'intake_form');
    expect(intake.signed_on_screen).toEqual(signed.signature);
    const entries = await test.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'application'), eq(auditLog.record_id, id), eq(auditLog.operation, 'signApplicationForm')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBe(ana.id);
    expect(entries[0]?.after).toMatchObject({
      form: 'certification',
      consent: true,
      signer_name: 'Ana Núñez',
      account_email: ana.email,
      drawn: true,
      presented_sha256: signed.signature.presented_sha256,
      stored_sha256: sha256(stored.rawPayload),
    });
  });

  it('hashes the form exactly as the download presents it at the same moment', async () => {
    // The clock stands still: the download and the signing render the form with the same date.
    frozen = new Date();
    try {
      const download = await test.call('GET', `/applications/${id}/certification.pdf`, undefined, { ...ana.headers, 'accept-language': 'en' });
      const signed = (await sign(ana, body('certification'), 'en')).json();
      expect(signed.signature.signed_at).toBe(frozen.toISOString());
      expect(signed.signature.presented_sha256).toBe(sha256(download.rawPayload));
      const stored = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
      const text = pdfText(stored.rawPayload).replace(/\n/g, ' ');
      expect(text).toContain('Participant certification');
      expect(text).toContain(`SHA-256 of the document as presented for signing: ${signed.signature.presented_sha256}`);
      expect(text).toContain(' AST');
    } finally {
      frozen = null;
    }
  });

  it('signs with the typed name alone (the keyboard way), and an upload after it shows as uploaded', async () => {
    const response = await sign(ana, body('certification', { drawing: null, signer_name: '  Ana   Núñez ' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().signature.signer_name).toBe('Ana Núñez');
    const stored = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
    expect(stored.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect(pdfText(stored.rawPayload)).toContain('Ana Núñez');

    expect((await upload(test, ana, id, samplePdf())).statusCode).toBe(200);
    const review = await test.call('GET', `/admin/applications/${id}`, undefined, staff.headers);
    const intake = review.json().documents.find((document: { kind: string }) => document.kind === 'intake_form');
    expect(intake.signed_on_screen).toBeNull();
  });

  it('signs the no-income form as one more step 4 document', async () => {
    const response = await sign(ana, body('no_income_form'));
    expect(response.statusCode, response.body).toBe(201);
    const { document, intake_form: intakeForm } = response.json();
    expect(intakeForm).toBeNull();
    expect(document).toMatchObject({ kind: 'no_income_form', file_name: `sin-ingresos-${id}.pdf` });
    const file = await test.call('GET', `/applications/${id}/files/${document.id}`, undefined, ana.headers);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(document.sha256);
    await PDFDocument.load(file.rawPayload);
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Ana Núñez');
    expect(text).toContain(response.json().signature.presented_sha256);
    const application = await test.call('GET', `/applications/${id}`, undefined, ana.headers);
    expect(application.json().files.map((f: { id: number }) => f.id)).toContain(document.id);
  });

  it('refuses without consent, with a blank name and with a drawing without ink, naming every field at once', async () => {
    const files = filesUnder(filesDir);
    const all = await sign(ana, body('certification', { consent: false, signer_name: '   ', drawing: png(200, 80, false) }), 'en');
    expect(all.statusCode).toBe(400);
    expect(all.json()).toEqual({
      code: 'invalid',
      consent: ['You must agree to sign electronically to sign on screen.'],
      signer_name: ['Type your full name to sign.'],
      drawing: ['The drawn signature is empty. Draw your signature, or clear it to sign with your typed name alone.'],
    });
    // A white opaque image is as empty as a transparent one; a PNG that is not one cannot sign.
    const white = await sign(ana, body('no_income_form', { drawing: png(120, 40, false, [255, 255, 255, 255]) }));
    expect(white.statusCode).toBe(400);
    expect(white.json().drawing).toEqual(['La firma dibujada está vacía. Dibuje su firma, o bórrela para firmar solo con su nombre escrito.']);
    for (const drawing of ['data:image/png;base64,AAAA', 'data:image/jpeg;base64,/9j/', 'not a data url', '']) {
      const refused = await sign(ana, body('certification', { drawing }));
      expect(refused.statusCode, drawing).toBe(400);
      expect(refused.json().drawing).toEqual(['No se pudo leer la firma dibujada. Bórrela y dibújela de nuevo.']);
    }
    const extra = await sign(ana, { ...body('certification'), signed_at: '2020-01-01' });
    expect(extra.statusCode).toBe(400);
    // Nothing stored from a refusal.
    expect(filesUnder(filesDir)).toEqual(files);
  });

  it('lets only the applicant of an application that can still change sign', async () => {
    expect((await sign(luis, body('certification'))).statusCode).toBe(404);
    expect((await sign(staff, body('certification'))).statusCode).toBe(403);
    expect((await test.call('POST', `/applications/${id}/signatures`, body('certification'))).statusCode).toBe(401);
    expect((await sign(ana, body('certification'), 'es', 999_999)).statusCode).toBe(404);
    const { person, id: submitted } = await submittedApplication(test, programId, 'es', null);
    const refused = await sign(person, body('certification'), 'en', submitted);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Application has been submitted', code: 'application_submitted' });
    // A whole application is filled and sent first: on a busy machine that takes longer than one call.
  }, 180_000);
});
