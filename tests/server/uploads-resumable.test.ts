// Resumable uploads over tus (docs/decisions/061-resumable-uploads.md), spoken by hand over real HTTP: create, half,
// the offset asked again, the rest, and the finished file answered as a direct upload would answer it (the document,
// or the same refusal); someone else's upload answered 404; the size and quota checked before a byte is taken; an
// abandoned upload removed once it expires. The staff's shared materials (`admin_drive`: staff only, staff still at the
// end) and several photos of one document (one body of parts, `boundary`) resume the same way.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { resumableUploads, users } from '#server/db/schema.ts';
import { MAX_PARTS_BODY_BYTES } from '#server/files/multipart-body.ts';
import { MAX_UNFINISHED_UPLOADS, RESUMABLE_EXPIRY_MS } from '#server/files/resumable.ts';
import { securityHeaderValues } from '#server/plugins/security-headers.ts';
import { createProgram, multipart, samplePdf, signUp, uploadDocument, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

const QUOTA_MB = 1;
const photo = (name: string) => readFileSync(new URL(`../fixtures/photos/${name}`, import.meta.url));
const JPEG = photo('id-orientation-6-gps.jpg');
const PNG = photo('receipt.png');
/** A boundary as the browser makes one (src/api/photos-body.ts). */
const BOUNDARY = `portal-photos-${'0123456789abcdef'.repeat(3).slice(0, 40)}`;

/** The multipart body of several photos, as the browser sends it both directly and as one resumable upload. */
function partsBody(parts: ReadonlyArray<{ content: Buffer; filename: string; type: string }>, boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`),
      part.content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}
const b64 = (value: string) => Buffer.from(value).toString('base64');
const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

describe.each(databaseKinds)('resumable uploads on %s', (kind) => {
  let test: TestApp;
  let base: string;
  let ana: Person;
  let luis: Person;
  let id: number;
  let programId: number;
  let resumableDir: string;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { DRIVE_QUOTA_MB: String(QUOTA_MB) } });
    base = `${await test.app.listen({ port: 0, host: '127.0.0.1' })}/api/uploads/resumable`;
    resumableDir = join(test.app.ctx.config.dataDir, 'files', 'resumable');
    ana = await signUp(test);
    luis = await signUp(test);
    programId = (await createProgram(test)).id;
    id = (await test.call('POST', '/applications', { program_id: programId }, ana.headers)).json().id as number;
    await test.call('POST', '/applications', { program_id: programId }, luis.headers);
  });
  afterAll(async () => {
    await test?.close();
  });

  const tus = (person: Person | null, extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    'accept-language': 'en',
    ...(person ? person.headers : {}),
    ...extra,
  });
  const create = (person: Person | null, length: number, metadata: Record<string, string>) =>
    fetch(base, { method: 'POST', headers: tus(person, { 'upload-length': String(length), 'upload-metadata': metadataHeader(metadata) }) });
  const documentOf = (fileName: string) => ({ filename: fileName, target: 'document', application_id: String(id), kind: 'owner_id' });
  const patch = (person: Person, url: string, offset: number, bytes: Buffer) =>
    fetch(url, {
      method: 'PATCH',
      headers: tus(person, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }),
      body: new Uint8Array(bytes),
    });
  const head = (person: Person, url: string) => fetch(url, { method: 'HEAD', headers: tus(person) });

  async function created(person: Person, length: number, metadata: Record<string, string>): Promise<string> {
    const answer = await create(person, length, metadata);
    expect(answer.status, await answer.clone().text()).toBe(201);
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(/^\/api\/uploads\/resumable\/[0-9a-f]{32}$/);
    return new URL(location, base).toString();
  }

  /** Sends the whole file through tus in two PATCHes and returns the last answer. */
  async function sendWhole(person: Person, bytes: Buffer, metadata: Record<string, string>): Promise<Response> {
    const url = await created(person, bytes.length, metadata);
    const half = Math.floor(bytes.length / 2);
    expect((await patch(person, url, 0, bytes.subarray(0, half))).status).toBe(204);
    return patch(person, url, half, bytes.subarray(half));
  }

  it('takes half a file, tells its offset, takes the rest and answers the stored document', async () => {
    const pdf = samplePdf(300_000);
    const url = await created(ana, pdf.length, documentOf('cédula.pdf'));
    const half = 150_000;
    const first = await patch(ana, url, 0, pdf.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    // An abandoned upload would expire a day after it began: the server says when.
    expect(Date.parse(first.headers.get('upload-expires') ?? '')).toBeGreaterThan(Date.now() + RESUMABLE_EXPIRY_MS - 60_000);
    const offset = await head(ana, url);
    expect(offset.status).toBe(200);
    expect(offset.headers.get('upload-offset')).toBe(String(half));
    expect(offset.headers.get('upload-length')).toBe(String(pdf.length));
    const last = await patch(ana, url, half, pdf.subarray(half));
    expect(last.status).toBe(201);
    expect(last.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await last.json()) as { id: number; file_name: string; size: number; kind: string };
    expect(document).toMatchObject({ kind: 'owner_id', file_name: 'cédula.pdf', size: pdf.length });
    const download = await test.call('GET', `/applications/${id}/files/${document.id}`, undefined, ana.headers);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // The upload is spent: its bytes left the resumable folder, and asking for it again finds nothing.
    expect((await head(ana, url)).status).toBe(404);
    expect(readdirSync(resumableDir)).toEqual([]);
  });

  it('answers someone else’s upload 404, as if it did not exist, and lets no one send into another’s application', async () => {
    const pdf = samplePdf(4_000);
    const url = await created(ana, pdf.length, documentOf('ana.pdf'));
    expect((await patch(ana, url, 0, pdf.subarray(0, 1_000))).status).toBe(204);
    expect((await head(luis, url)).status).toBe(404);
    const intruding = await patch(luis, url, 1_000, pdf.subarray(1_000));
    expect(intruding.status).toBe(404);
    expect(await intruding.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect((await fetch(url, { method: 'DELETE', headers: tus(luis) })).status).toBe(404);
    // Ana's upload is untouched by all that.
    expect((await head(ana, url)).headers.get('upload-offset')).toBe('1000');
    expect((await fetch(url, { method: 'DELETE', headers: tus(ana) })).status).toBe(204);
    // Luis cannot even begin an upload into Ana's application, nor can anyone signed out.
    expect((await create(luis, pdf.length, documentOf('luis.pdf'))).status).toBe(404);
    const anonymous = await create(null, pdf.length, documentOf('nadie.pdf'));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('refuses a file that is no PDF once it is whole, exactly as a direct upload refuses it', async () => {
    const text = Buffer.from('This is plain text, not a PDF at all. '.repeat(100));
    const direct = await uploadDocument(test, ana, id, 'owner_id', text, 'notas.pdf');
    const resumed = await sendWhole(ana, text, documentOf('notas.pdf'));
    expect(resumed.status).toBe(direct.statusCode);
    expect(await resumed.json()).toEqual(direct.json());
    expect(resumed.headers.get('error-messages')).toBe(direct.headers['error-messages']);
    expect(readdirSync(resumableDir)).toEqual([]);
  });

  it('refuses an upload over 20MB, or one past the drive quota, before taking a byte, with the direct upload’s answer', async () => {
    const tooLarge = await create(ana, MAX_UPLOAD_BYTES + 1, documentOf('enorme.pdf'));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'file_too_large' });
    const empty = await create(ana, 0, documentOf('vacío.pdf'));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ file: ['The file is empty.'], code: 'invalid' });

    const drive = { filename: 'grande.txt', target: 'drive', program_id: String(programId), space: 'personal' };
    const overQuota = await create(ana, QUOTA_MB * 1024 * 1024 + 1, drive);
    expect(overQuota.status).toBe(413);
    const body = multipart(Buffer.alloc(QUOTA_MB * 1024 * 1024 + 1, 0x61), 'grande.txt', 'text/plain');
    const direct = await test.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/drive/files?space=personal`,
      headers: { ...tus(ana), ...body.headers },
      payload: body.payload,
    });
    expect(await overQuota.json()).toEqual(direct.json());
    // A file that fits goes into the drive and answers its node.
    const stored = await sendWhole(ana, Buffer.from('Notas de la reunión\n'), { ...drive, filename: 'notas.txt' });
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ kind: 'file', name: 'notas.txt', content_type: 'text/plain; charset=utf-8' });
  });

  it('refuses metadata it cannot read, and the protocol extensions that could reach around the checks', async () => {
    const unknownTarget = await create(ana, 10, { filename: 'x.pdf', target: 'elsewhere' });
    expect(unknownTarget.status).toBe(400);
    expect(await unknownTarget.json()).toMatchObject({ code: 'malformed' });
    const concat = await fetch(base, { method: 'POST', headers: tus(ana, { 'upload-concat': 'final;/api/uploads/resumable/x' }) });
    expect(concat.status).toBe(400);
  });

  it('answers every tus request with the security headers of the other API answers', async () => {
    const expected = Object.entries(securityHeaderValues(false));
    expect(expected.length).toBeGreaterThan(3);
    const carriesThem = (answer: Response, what: string) => {
      for (const [name, value] of expected) expect(answer.headers.get(name), `${what}: ${name}`).toBe(value);
    };
    const pdf = samplePdf(6_000);
    const creation = await create(ana, pdf.length, documentOf('cabeceras.pdf'));
    expect(creation.status).toBe(201);
    carriesThem(creation, 'POST');
    const url = new URL(creation.headers.get('location') ?? '', base).toString();
    const first = await patch(ana, url, 0, pdf.subarray(0, 3_000));
    expect(first.status).toBe(204);
    carriesThem(first, 'PATCH');
    const offset = await head(ana, url);
    expect(offset.status).toBe(200);
    carriesThem(offset, 'HEAD');
    const last = await patch(ana, url, 3_000, pdf.subarray(3_000));
    expect(last.status).toBe(201);
    carriesThem(last, 'last PATCH');
    const other = await created(ana, 10, documentOf('otro.pdf'));
    const removed = await fetch(other, { method: 'DELETE', headers: tus(ana) });
    expect(removed.status).toBe(204);
    carriesThem(removed, 'DELETE');
    // Refusals answered before tus (not the owner, a bad creation) carry them too.
    const refused = await head(luis, url);
    expect(refused.status).toBe(404);
    carriesThem(refused, 'HEAD of someone else');
  });

  it('bounds the unfinished uploads one person holds at once, even asked all at once, and frees room as they end', async () => {
    const marta = await signUp(test);
    const hers = (await test.call('POST', '/applications', { program_id: programId }, marta.headers)).json().id as number;
    const document = (fileName: string) => ({ filename: fileName, target: 'document', application_id: String(hers), kind: 'owner_id' });
    const pdf = samplePdf(3_000);
    // Two more than the limit, sent at the same moment: exactly the limit is created.
    const answers = await Promise.all(
      Array.from({ length: MAX_UNFINISHED_UPLOADS + 2 }, (_, index) => create(marta, pdf.length, document(`parte-${index}.pdf`))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_UNFINISHED_UPLOADS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    const refused = answers.find((answer) => answer.status === 409);
    expect(await refused?.json()).toEqual({
      detail: `You already have ${MAX_UNFINISHED_UPLOADS} unfinished uploads. Finish or cancel one before starting another, or wait for them to expire (24 hours).`,
      code: 'uploads_unfinished_limit',
    });
    expect(refused?.headers.get('error-messages')).toBeTruthy();
    // In Spanish for a Spanish request; a refusal of the size or the place does not count either way.
    const spanish = await fetch(base, {
      method: 'POST',
      headers: tus(marta, { 'accept-language': 'es', 'upload-length': String(pdf.length), 'upload-metadata': metadataHeader(document('otra.pdf')) }),
    });
    expect(spanish.status).toBe(409);
    expect(((await spanish.json()) as { detail: string }).detail).toBe(
      `Ya tiene ${MAX_UNFINISHED_UPLOADS} subidas sin terminar. Termine o cancele una antes de empezar otra, o espere a que caduquen (24 horas).`,
    );
    expect((await create(marta, MAX_UPLOAD_BYTES + 1, document('enorme.pdf'))).status).toBe(413);
    // Someone else is not bound by Marta's uploads.
    expect((await create(luis, pdf.length, { ...documentOf('luis.pdf'), application_id: String(hers) })).status).toBe(404);
    const luisOwn = await create(luis, pdf.length, { filename: 'luis.txt', target: 'drive', program_id: String(programId), space: 'personal' });
    expect(luisOwn.status).toBe(201);

    const urls = answers.filter((answer) => answer.status === 201).map((answer) => new URL(answer.headers.get('location') ?? '', base).toString());
    // A cancelled upload frees its room, once.
    expect((await fetch(urls[0] ?? '', { method: 'DELETE', headers: tus(marta) })).status).toBe(204);
    expect((await fetch(urls[0] ?? '', { method: 'DELETE', headers: tus(marta) })).status).toBe(404);
    const replacement = await created(marta, pdf.length, document('otra.pdf'));
    expect((await create(marta, pdf.length, document('una-más.pdf'))).status).toBe(409);
    // A completed one too, and so does a refused file once whole.
    expect((await patch(marta, replacement, 0, pdf)).status).toBe(201);
    const notPdf = Buffer.from('plain text, not a PDF');
    const refusedWhole = await created(marta, notPdf.length, document('notas.pdf'));
    expect((await patch(marta, refusedWhole, 0, notPdf)).status).toBe(400);
    const oneMore = await created(marta, pdf.length, document('una-más.pdf'));
    expect((await create(marta, pdf.length, document('y-otra.pdf'))).status).toBe(409);
    // Uploads past their expiry no longer count, even before the hourly cleanup removes them.
    await test.app.ctx.db
      .update(resumableUploads)
      .set({ created_at: new Date(Date.now() - RESUMABLE_EXPIRY_MS - 60_000) })
      .where(eq(resumableUploads.user_id, marta.id));
    const tomorrow = await created(marta, pdf.length, document('mañana.pdf'));
    await test.app.resumableUploads.cleanUp();
    const counted = await test.app.ctx.db.select({ id: resumableUploads.id }).from(resumableUploads).where(eq(resumableUploads.user_id, marta.id));
    expect(counted.map((row) => row.id)).toEqual([tomorrow.slice(tomorrow.lastIndexOf('/') + 1)]);

    // Nothing left behind for the next test: every upload still held is cancelled.
    const luisUrl = new URL(luisOwn.headers.get('location') ?? '', base).toString();
    expect((await fetch(luisUrl, { method: 'DELETE', headers: tus(luis) })).status).toBe(204);
    for (const url of [...urls.slice(1), oneMore, tomorrow]) expect((await fetch(url, { method: 'DELETE', headers: tus(marta) })).status).toBe(204);
    expect(readdirSync(resumableDir)).toEqual([]);
  });

  describe('the staff’s shared materials', () => {
    const shared = (fileName: string, parentId?: number) => ({
      filename: fileName,
      target: 'admin_drive',
      program_id: String(programId),
      ...(parentId ? { parent_id: String(parentId) } : {}),
    });

    it('takes a file into the shared materials in two halves, audited as the direct upload is, and answers its node', async () => {
      const staff = await signUp(test, { staff: true });
      const folder = await test.call('POST', `/admin/programs/${programId}/drive/folders`, { space: 'shared', parent_id: null, name: 'Guías' }, staff.headers);
      expect(folder.statusCode, folder.body).toBe(201);
      const pdf = samplePdf(200_000);
      const url = await created(staff, pdf.length, shared('guía.pdf', folder.json().id as number));
      expect((await patch(staff, url, 0, pdf.subarray(0, 100_000))).status).toBe(204);
      // Nobody else knows the upload: not an applicant, not another member of staff.
      const colleague = await signUp(test, { staff: true });
      expect((await head(ana, url)).status).toBe(404);
      expect((await head(colleague, url)).status).toBe(404);
      expect((await patch(colleague, url, 100_000, pdf.subarray(100_000))).status).toBe(404);
      expect((await head(staff, url)).headers.get('upload-offset')).toBe('100000');
      const last = await patch(staff, url, 100_000, pdf.subarray(100_000));
      expect(last.status).toBe(201);
      const node = (await last.json()) as { id: number; name: string; owner_id: number | null; parent_id: number | null; size: number };
      expect(node).toMatchObject({ name: 'guía.pdf', owner_id: null, parent_id: folder.json().id, size: pdf.length });
      const audit = await test.call('GET', `/admin/audit?record_type=drive_node&record_id=${node.id}`, undefined, staff.headers);
      expect(audit.json().results).toEqual([expect.objectContaining({ operation: 'uploadAdminDriveFile', actor: expect.objectContaining({ id: staff.id }) })]);
      // Applicants read it in their drive as any shared material.
      const download = await test.call('GET', `/programs/${programId}/drive/nodes/${node.id}/content`, undefined, ana.headers);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf)).toBe(true);
      expect(readdirSync(resumableDir)).toEqual([]);
    });

    it('refuses an applicant the staff’s door, as the direct upload does, and the staff’s door an applicant’s space', async () => {
      const pdf = samplePdf(3_000);
      const refused = await create(ana, pdf.length, shared('intrusa.pdf'));
      const body = multipart(pdf, 'intrusa.pdf');
      const direct = await test.app.inject({
        method: 'POST',
        url: `/api/admin/programs/${programId}/drive/files?space=shared`,
        headers: { ...tus(ana), ...body.headers },
        payload: body.payload,
      });
      expect(direct.statusCode).toBe(403);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(direct.json());
      // An applicant's own door never reaches the shared materials either.
      expect((await create(ana, pdf.length, { filename: 'intrusa.pdf', target: 'drive', program_id: String(programId), space: 'shared' })).status).toBe(403);
      // Staff write no one's space through the resumable door: `admin_drive` names the shared materials only, and a
      // folder of someone's space is not one of them.
      const staff = await signUp(test, { staff: true });
      const hers = await test.call('POST', `/programs/${programId}/drive/folders`, { space: 'personal', parent_id: null, name: 'Mía' }, ana.headers);
      expect(hers.statusCode, hers.body).toBe(201);
      expect((await create(staff, pdf.length, shared('ajena.pdf', hers.json().id as number))).status).toBe(404);
      expect((await create(staff, pdf.length, { ...shared('otro.pdf'), program_id: '999999' })).status).toBe(404);
      expect(readdirSync(resumableDir)).toEqual([]);
    });

    it('asks again at the end: someone no longer staff cannot finish an upload begun as staff', async () => {
      const staff = await signUp(test, { staff: true });
      const pdf = samplePdf(6_000);
      const url = await created(staff, pdf.length, shared('a-medias.pdf'));
      expect((await patch(staff, url, 0, pdf.subarray(0, 3_000))).status).toBe(204);
      await test.app.ctx.db.update(users).set({ is_staff: false }).where(eq(users.id, staff.id));
      const last = await patch(staff, url, 3_000, pdf.subarray(3_000));
      expect(last.status).toBe(403);
      expect(last.headers.get('error-messages')).toBeTruthy();
      const listing = await test.call('GET', `/programs/${programId}/drive/nodes?space=shared`, undefined, ana.headers);
      expect(listing.statusCode, listing.body).toBe(200);
      expect(JSON.stringify(listing.json())).not.toContain('a-medias.pdf');
      expect((await head(staff, url)).status).toBe(404);
      expect(readdirSync(resumableDir)).toEqual([]);
    });
  });

  describe('several photos of one document', () => {
    const photos = (boundary = BOUNDARY) => ({ ...documentOf('frente.jpg'), boundary });
    const bothPhotos = () =>
      partsBody([
        { content: JPEG, filename: 'frente.jpg', type: 'image/jpeg' },
        { content: PNG, filename: 'dorso.png', type: 'image/png' },
      ]);
    /** The same body as one direct upload (one request of several parts). */
    const sentDirectly = (body: Buffer) =>
      test.app.inject({
        method: 'POST',
        url: `/api/applications/${id}/files?kind=owner_id`,
        headers: { ...tus(ana), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: body,
      });

    it('takes the photos’ body in two halves, resumed, and makes them one PDF a page each, as a direct upload does', async () => {
      const body = bothPhotos();
      const url = await created(ana, body.length, photos());
      const half = Math.floor(body.length / 2);
      expect((await patch(ana, url, 0, body.subarray(0, half))).status).toBe(204);
      // The cut falls inside the first photo; the server says where to go on from.
      expect((await head(ana, url)).headers.get('upload-offset')).toBe(String(half));
      const last = await patch(ana, url, half, body.subarray(half));
      expect(last.status).toBe(201);
      const document = (await last.json()) as { id: number; file_name: string; kind: string };
      expect(document).toMatchObject({ kind: 'owner_id', file_name: 'frente.pdf' });
      const stored = await test.call('GET', `/applications/${id}/files/${document.id}`, undefined, ana.headers);
      expect((await PDFDocument.load(stored.rawPayload)).getPageCount()).toBe(2);
      const direct = await sentDirectly(body);
      expect(direct.statusCode).toBe(201);
      expect((await PDFDocument.load((await test.call('GET', `/applications/${id}/files/${direct.json().id}`, undefined, ana.headers)).rawPayload)).getPageCount()).toBe(2);
      expect(readdirSync(resumableDir)).toEqual([]);
    });

    it('takes them as the intake form too', async () => {
      const body = bothPhotos();
      const answer = await sendWhole(ana, body, { filename: 'frente.jpg', target: 'intake_form', application_id: String(id), boundary: BOUNDARY });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ file_name: 'frente.pdf' });
    });

    it('refuses what a direct upload refuses, with its answer, once the body is whole; a body it cannot read is 400', async () => {
      const mixed = partsBody([
        { content: samplePdf(2_000), filename: 'uno.pdf', type: 'application/pdf' },
        { content: JPEG, filename: 'dos.jpg', type: 'image/jpeg' },
      ]);
      const direct = await sentDirectly(mixed);
      expect(direct.statusCode).toBe(400);
      const resumed = await sendWhole(ana, mixed, photos());
      expect(resumed.status).toBe(400);
      expect(await resumed.json()).toEqual(direct.json());
      expect(resumed.headers.get('error-messages')).toBe(direct.headers['error-messages']);
      // Cut short before its last boundary, or not multipart at all: the sender's mistake, never an answer waited for.
      const cut = bothPhotos().subarray(0, JPEG.length);
      const cutShort = await sendWhole(ana, cut, photos());
      expect(cutShort.status).toBe(400);
      expect(await cutShort.json()).toMatchObject({ code: 'malformed' });
      const noParts = await sendWhole(ana, Buffer.from('no parts here at all'), photos());
      expect(noParts.status).toBe(400);
      expect(readdirSync(resumableDir)).toEqual([]);
    });

    it('checks the boundary and the length before a byte, and lets no one else send photos into Ana’s application', async () => {
      const malformed = await create(ana, 1_000, photos('short'));
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ code: 'malformed' });
      expect((await create(ana, 1_000, photos('portal-photos-"; name="other"'))).status).toBe(400);
      // The photos' 20MB and their parts' headers; past that 413, as a single file past 20MB.
      const over = await create(ana, MAX_PARTS_BODY_BYTES + 1, photos());
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({ code: 'file_too_large' });
      // Another applicant, and staff, may not send photos into Ana's application.
      const body = bothPhotos();
      expect((await create(luis, body.length, photos())).status).toBe(404);
      const staff = await signUp(test, { staff: true });
      expect((await create(staff, body.length, photos())).status).toBe(403);
      const url = await created(ana, body.length, photos());
      expect((await patch(ana, url, 0, body.subarray(0, 1_000))).status).toBe(204);
      expect((await patch(luis, url, 1_000, body.subarray(1_000))).status).toBe(404);
      expect((await head(luis, url)).status).toBe(404);
      expect((await fetch(url, { method: 'DELETE', headers: tus(ana) })).status).toBe(204);
      expect(readdirSync(resumableDir)).toEqual([]);
    });
  });

  it('removes an upload abandoned past its expiry', async () => {
    const url = await created(ana, 4_000, documentOf('olvidado.pdf'));
    expect((await patch(ana, url, 0, samplePdf(4_000).subarray(0, 2_000))).status).toBe(204);
    const uploadId = url.slice(url.lastIndexOf('/') + 1);
    // Its creation moved back past the expiry, as if a day had gone by.
    const info = join(resumableDir, `${uploadId}.json`);
    const stored = JSON.parse(readFileSync(info, 'utf8')) as { creation_date: string };
    writeFileSync(info, JSON.stringify({ ...stored, creation_date: new Date(Date.now() - RESUMABLE_EXPIRY_MS - 60_000).toISOString() }));
    expect(await test.app.resumableUploads.cleanUp()).toBe(1);
    expect((await head(ana, url)).status).toBe(404);
    expect(readdirSync(resumableDir)).toEqual([]);
  });
});
