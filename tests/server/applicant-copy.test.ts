// The applicant's copy (docs/decisions/048-the-applicants-copy.md): the owner downloads a PDF of what they submitted,
// in the request's language, with every answer under the steps' labels and the list of documents, and nothing of
// staff's review (verdicts, scores, notes); anyone else gets 404, an application not sent (or open for changes) 409;
// the confirmation e-mail carries the same PDF, as the real SMTP server on loopback receives it. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationConflictDeclarations } from '#server/db/schema.ts';
import { databaseKinds, mailAttachments, mailText, startSmtp, startTestApp, type TestApp, type TestSmtp } from '../support/server.ts';
import { completeAllSteps, createProgram, signUp, uploadDocument, type Person } from '../support/applicants.ts';
import { pdfText } from '../support/pdf-text.ts';

/** Text as pdfText reads it back: pdf-lib writes WinAnsi bytes, read as latin1 (accents stay; •, – and ’ do not). */
const winAnsi: Record<string, string> = { '•': '\x95', '–': '\x96', '’': '\x92' };
const latin1 = (text: string) => [...text].map((ch) => winAnsi[ch] ?? ch).join('');

const NOTE = 'Nota interna: revisar la contabilidad con cuidado';
const REJECTION = 'Documento borroso: pedir otro';

describe.each(databaseKinds)("the applicant's copy (%s)", (kind) => {
  let test: TestApp;
  let smtp: TestSmtp;
  let ana: Person;
  let luis: Person;
  let staff: Person;
  let id: number;
  let draftId: number;
  let ownerIdFile: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    test = await startTestApp(kind, { env: { SMTP_URL: smtp.url } });
    ana = await signUp(test, { language: 'es', first_name: 'Ana', last_name: 'Rivera' });
    luis = await signUp(test, { language: 'en' });
    staff = await signUp(test, { staff: true });
    const program = await createProgram(test, { name_es: 'Incubadora Sur', name_en: 'South Incubator', sub_program: 'incubator' });
    id = (await test.call('POST', '/applications', { program_id: program.id }, ana.headers)).json().id as number;
    const extra = await uploadDocument(test, ana, id, 'owner_id', undefined, 'licencia-de-conducir.pdf');
    expect(extra.statusCode, extra.body).toBe(201);
    ownerIdFile = (extra.json() as { file_name: string }).file_name;
    await completeAllSteps(test, ana, id);
    expect((await test.call('POST', `/applications/${id}/submit`, undefined, ana.headers)).statusCode).toBe(200);
    draftId = (await test.call('POST', '/applications', { program_id: program.id }, luis.headers)).json().id as number;
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  const copy = (person: Person, application: number, language: 'es' | 'en' = 'es') =>
    test.call('GET', `/applications/${application}/copy.pdf`, undefined, { ...person.headers, 'accept-language': language });

  it('gives the owner every answer under the labels of the steps, in Spanish', async () => {
    const response = await copy(ana, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toContain(`solicitud-${id}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Copia de su solicitud',
      'Programa: Incubadora Sur',
      `Número de solicitud: ${id}`,
      // Step 1, the masked SSN and never its digits.
      'Paso 1: Información personal',
      'Calle Luna 5',
      '***-**-••••',
      // Step 2: labels and option names as the step shows them, money as Puerto Rico writes it.
      'Paso 2: Su negocio',
      'Café del Sur',
      '$12,500.50',
      '72 – ',
      // Step 3, the owner and their identification by file name.
      'Dueño 1',
      'Presidenta',
      ownerIdFile,
      // Steps 4 to 6.
      'Hogar e ingresos',
      'Reach customers outside Ponce.',
      'A second café in Mayagüez.',
      '$25,000.00',
      'Acuerdo y certificación',
      'Aceptadas',
      // The documents, with their field and size.
      'Documentos enviados',
      'Identificación · 1 kB · subido el',
      'Formulario de admisión del participante firmado · 1 kB · subido el',
    ]) {
      expect(text, expected).toContain(latin1(expected));
    }
    // The SSN's digits never (the tax id 66-1234567 happens to hold them).
    expect(text).not.toContain('***-**-1234');
  });

  it('speaks the language of the request: English labels and option names', async () => {
    const text = pdfText((await copy(ana, id, 'en')).rawPayload);
    for (const expected of ['Copy of your application', 'Step 2: Your business', 'Owner 1', 'Documents sent', `Application number: ${id}`]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Paso 2');
  });

  it("never carries staff's review: no note, no score, no document verdict or its reason", async () => {
    expect((await test.call('POST', `/admin/applications/${id}/review/start`, undefined, staff.headers)).statusCode).toBe(200);
    await test.app.ctx.db
      .insert(applicationConflictDeclarations)
      .values({ application_id: id, staff_id: staff.id, conflict: false, declared_at: new Date() })
      .onConflictDoNothing();
    const note = await test.call('POST', `/admin/applications/${id}/notes`, { text: NOTE }, staff.headers);
    expect(note.statusCode, note.body).toBe(201);
    const rubrics = (await test.call('GET', '/admin/rubrics', undefined, staff.headers)).json() as {
      results: Array<{ sub_program: string; criteria: Array<{ key: string; max_score: number }> }>;
    };
    const criteria = rubrics.results.find((rubric) => rubric.sub_program === 'incubator')?.criteria ?? [];
    const scores = Object.fromEntries(criteria.map((criterion) => [criterion.key, criterion.max_score]));
    const scored = await test.call('PUT', `/admin/applications/${id}/scores`, { scores }, staff.headers);
    expect(scored.statusCode, scored.body).toBe(200);
    const files = (await test.call('GET', `/applications/${id}`, undefined, ana.headers)).json() as { files: Array<{ id: number }> };
    const document = { file_id: files.files[0]?.id };
    const rejected = await test.call('POST', `/admin/applications/${id}/documents/${document?.file_id}/reject`, { reason: REJECTION }, staff.headers);
    expect(rejected.statusCode, rejected.body).toBe(200);

    const text = pdfText((await copy(ana, id)).rawPayload);
    expect(text).toContain('Café del Sur');
    for (const staffOnly of [NOTE, REJECTION, 'Rechazado', 'Verificado', 'Puntuación']) expect(text, staffOnly).not.toContain(latin1(staffOnly));
  });

  it('is the owner’s alone: another applicant and staff get 404, as does an application that does not exist', async () => {
    for (const [who, application] of [
      [luis, id],
      [staff, id],
      [ana, 999_999],
    ] as const) {
      const response = await copy(who, application, 'en');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await test.call('GET', `/applications/${id}/copy.pdf`)).statusCode).toBe(401);
  });

  it('answers a draft with a clear 409 in the request’s language', async () => {
    const english = await copy(luis, draftId, 'en');
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({
      detail: 'This application has no copy of what was sent: it has not been submitted yet, or it is open for changes. Submit it to get your copy.',
      code: 'application_not_submitted',
    });
    expect((await copy(luis, draftId, 'es')).json()).toMatchObject({ code: 'application_not_submitted', detail: expect.stringContaining('Envíela') });
  });

  it('is attached to the confirmation e-mail the SMTP server receives, in the applicant’s language', async () => {
    await test.app.ctx.outbox.deliverDue();
    const mail = await smtp.waitFor((m) => m.to.includes(ana.email) && /solicitud/.test(mailText(m)));
    expect(mailText(mail)).toContain('Adjuntamos una copia en PDF de lo que envió.');
    const [attached, ...others] = mailAttachments(mail);
    expect(others).toEqual([]);
    expect(attached).toMatchObject({ filename: `solicitud-${id}.pdf`, contentType: 'application/pdf' });
    expect(attached?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(attached?.content ?? Buffer.alloc(0));
    for (const expected of ['Copia de su solicitud', 'Café del Sur', 'Presidenta', 'Documentos enviados']) expect(text, expected).toContain(latin1(expected));
    expect(text).not.toContain(latin1(NOTE));
  });
});
