// A program's drive over HTTP (docs/decisions/019-program-drive.md): two applicants' spaces kept apart (every node
// operation answers the other one 404), the shared materials read-only for applicants and written by staff, the name
// rules, moves, folder deletes that take their files off the disk, the quota, sizes, types and download headers.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { createProgram, filesUnder, multipart, samplePdf, signUp, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Node {
  id: number;
  kind: 'folder' | 'file';
  name: string;
  parent_id: number | null;
  owner_id: number | null;
  size: number | null;
}

const QUOTA_MB = 1;

describe.each(databaseKinds)('program drive (%s)', (kind) => {
  let test: TestApp;
  let ana: Person;
  let luis: Person;
  let outsider: Person;
  let staff: Person;
  let programId: number;
  let otherProgramId: number;
  let filesDir: string;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { DRIVE_QUOTA_MB: String(QUOTA_MB) } });
    filesDir = join(test.app.ctx.config.dataDir, 'files');
    ana = await signUp(test, { first_name: 'Ana' });
    luis = await signUp(test, { first_name: 'Luis' });
    outsider = await signUp(test, { first_name: 'Otra' });
    staff = await signUp(test, { staff: true });
    programId = (await createProgram(test)).id;
    otherProgramId = (await createProgram(test)).id;
    for (const person of [ana, luis]) {
      const applied = await test.call('POST', '/applications', { program_id: programId }, person.headers);
      expect(applied.statusCode, applied.body).toBe(201);
    }
    // The outsider applied elsewhere: that gives no drive of this program.
    await test.call('POST', '/applications', { program_id: otherProgramId }, outsider.headers);
  });
  afterAll(async () => {
    await test?.close();
  });

  const base = () => `/programs/${programId}/drive`;
  /** Staff reach the drive through the admin operations (docs/decisions/024); applicants through their own. */
  const baseOf = (person: Person) => (person === staff ? `/admin${base()}` : base());
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });

  const createFolder = (person: Person, name: string, parent_id: number | null = null, space: 'personal' | 'shared' = 'personal') =>
    test.call('POST', `${baseOf(person)}/folders`, { space, parent_id, name }, en(person));

  async function folder(person: Person, name: string, parent_id: number | null = null): Promise<Node> {
    const created = await createFolder(person, name, parent_id);
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as Node;
  }

  function uploadTo(person: Person, content: Buffer, fileName: string, where: { space?: 'personal' | 'shared'; parent_id?: number } = {}) {
    const body = multipart(content, fileName, 'application/octet-stream');
    const query = new URLSearchParams({ space: where.space ?? 'personal', ...(where.parent_id ? { parent_id: String(where.parent_id) } : {}) });
    return test.app.inject({
      method: 'POST',
      url: `/api${baseOf(person)}/files?${query}`,
      headers: { ...en(person), ...body.headers },
      payload: body.payload,
    });
  }

  async function file(person: Person, content: Buffer, fileName: string, parent_id?: number): Promise<Node> {
    const uploaded = await uploadTo(person, content, fileName, parent_id ? { parent_id } : {});
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return uploaded.json() as Node;
  }

  const list = async (person: Person, query: string) => test.call('GET', `${baseOf(person)}/nodes?${query}`, undefined, en(person));
  const names = async (person: Person, query: string) => ((await list(person, query)).json().results as Node[]).map((node) => node.name);

  it('keeps two applicants apart: every operation on the other one’s nodes answers 404 and changes nothing', async () => {
    const anaFolder = await folder(ana, 'Plan de negocio');
    const anaFile = await file(ana, samplePdf(), 'plan.pdf', anaFolder.id);
    expect(anaFile).toMatchObject({ kind: 'file', name: 'plan.pdf', owner_id: ana.id, parent_id: anaFolder.id });
    const luisFolder = await folder(luis, 'Mío');

    const attempts = [
      test.call('GET', `${base()}/nodes?space=personal&owner_id=${ana.id}`, undefined, luis.headers),
      test.call('GET', `${base()}/nodes?space=personal&parent_id=${anaFolder.id}`, undefined, luis.headers),
      test.call('GET', `${base()}/nodes/${anaFile.id}/content`, undefined, luis.headers),
      test.call('PATCH', `${base()}/nodes/${anaFile.id}`, { name: 'robado.pdf' }, luis.headers),
      test.call('PATCH', `${base()}/nodes/${anaFolder.id}`, { parent_id: luisFolder.id }, luis.headers),
      // Moving one's own folder into someone else's: that folder does not exist for Luis.
      test.call('PATCH', `${base()}/nodes/${luisFolder.id}`, { parent_id: anaFolder.id }, luis.headers),
      test.call('DELETE', `${base()}/nodes/${anaFolder.id}`, undefined, luis.headers),
      test.call('DELETE', `${base()}/nodes/${anaFile.id}`, undefined, luis.headers),
      test.call('POST', `${base()}/folders`, { space: 'personal', parent_id: anaFolder.id, name: 'x' }, luis.headers),
      uploadTo(luis, samplePdf(), 'x.pdf', { parent_id: anaFolder.id }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(response.body).not.toContain('Plan de negocio');
    }
    expect(await names(ana, 'space=personal')).toEqual(['Plan de negocio']);
    expect(await names(ana, `space=personal&parent_id=${anaFolder.id}`)).toEqual(['plan.pdf']);
    expect(await names(luis, 'space=personal')).toEqual(['Mío']);
  });

  it('answers 404 for the whole drive to someone without an application to the program, and to a program that does not exist', async () => {
    const [anaFile] = ((await list(ana, 'space=personal')).json().results as Node[]);
    const calls = [
      test.call('GET', base(), undefined, outsider.headers),
      test.call('GET', `${base()}/nodes?space=shared`, undefined, outsider.headers),
      test.call('GET', `${base()}/nodes?space=personal`, undefined, outsider.headers),
      test.call('POST', `${base()}/folders`, { space: 'personal', name: 'x' }, outsider.headers),
      test.call('PATCH', `${base()}/nodes/${anaFile!.id}`, { name: 'x' }, outsider.headers),
      test.call('DELETE', `${base()}/nodes/${anaFile!.id}`, undefined, outsider.headers),
      uploadTo(outsider, samplePdf(), 'x.pdf'),
      test.call('GET', '/programs/999999/drive', undefined, ana.headers),
      // A node id of this program asked through another program is no node there.
      test.call('DELETE', `/programs/${otherProgramId}/drive/nodes/${anaFile!.id}`, undefined, outsider.headers),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    const drive = await test.call('GET', base(), undefined, ana.headers);
    expect(drive.statusCode).toBe(200);
    expect(drive.json()).toMatchObject({ personal: true, shared_writable: false, quota_bytes: QUOTA_MB * 1024 * 1024 });
  });

  it('lets staff write the shared materials and read every space, while applicants only read the shared ones', async () => {
    const shared = await createFolder(staff, 'Materiales del taller', null, 'shared');
    expect(shared.statusCode, shared.body).toBe(201);
    const sharedFolder = shared.json() as Node;
    expect(sharedFolder.owner_id).toBeNull();
    const guide = await uploadTo(staff, Buffer.from('Agenda del taller\n'), 'agenda.txt', { space: 'shared', parent_id: sharedFolder.id });
    expect(guide.statusCode, guide.body).toBe(201);
    const guideNode = guide.json() as Node;

    // Applicants read and download it...
    const listing = await list(ana, `space=shared&parent_id=${sharedFolder.id}`);
    expect(listing.json()).toMatchObject({ writable: false, path: [{ name: 'Materiales del taller' }] });
    expect((await test.call('GET', `${base()}/nodes/${guideNode.id}/content`, undefined, luis.headers)).body).toBe('Agenda del taller\n');
    // ...and change none of it (403: they see it, they may not write it).
    const writes = [
      createFolder(ana, 'Mía', null, 'shared'),
      uploadTo(ana, samplePdf(), 'x.pdf', { space: 'shared' }),
      test.call('PATCH', `${base()}/nodes/${guideNode.id}`, { name: 'otra.txt' }, ana.headers),
      test.call('DELETE', `${base()}/nodes/${sharedFolder.id}`, undefined, ana.headers),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ code: 'permission_denied' });
    }
    // Staff read Ana's space, but do not write in it.
    const anas = await list(staff, `space=personal&owner_id=${ana.id}`);
    expect(anas.statusCode).toBe(200);
    expect(anas.json()).toMatchObject({ owner_id: ana.id, writable: false });
    const [anaFolder] = anas.json().results as Node[];
    expect((await test.call('PATCH', `/admin${base()}/nodes/${anaFolder!.id}`, { name: 'x' }, staff.headers)).statusCode).toBe(403);
    // Staff may not open a space of someone without one in this program.
    expect((await list(staff, `space=personal&owner_id=${outsider.id}`)).statusCode).toBe(404);
    expect((await test.call('PATCH', `/admin${base()}/nodes/${guideNode.id}`, { name: 'agenda final.txt' }, staff.headers)).statusCode).toBe(200);
    // Through the applicants' door staff are applicants: without an application, the drive is not there (404).
    expect((await test.call('GET', `${base()}/nodes?space=shared`, undefined, staff.headers)).statusCode).toBe(404);
    expect((await test.call('PATCH', `${base()}/nodes/${guideNode.id}`, { name: 'x.txt' }, staff.headers)).statusCode).toBe(404);
  });

  it('refuses bad names with the contract’s message and duplicates in a folder whatever the case', async () => {
    for (const name of ['a/b', 'a\\b', '.', '..', ' espacio', 'espacio ', 'tab\there', 'x'.repeat(121), '']) {
      const response = await createFolder(ana, name);
      expect(response.statusCode, `${JSON.stringify(name)}: ${response.body}`).toBe(400);
      expect(response.json().name?.[0], name).toBeTruthy();
    }
    expect((await createFolder(ana, 'a/b')).json().name).toEqual([
      'A name cannot contain / or \\ or control characters, be “.” or “..”, or start or end with a space.',
    ]);
    expect((await createFolder(ana, 'x'.repeat(120))).statusCode).toBe(201);
    expect((await createFolder(ana, '...')).statusCode).toBe(201);
    await folder(ana, 'Facturas');
    const duplicate = await createFolder(ana, 'FACTURAS');
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().name).toEqual(['There is already a file or folder with this name in this folder. Choose another name.']);
    const spanish = await test.call('POST', `${base()}/folders`, { space: 'personal', name: 'facturas' }, ana.headers);
    expect(spanish.json().name).toEqual(['Ya hay un archivo o carpeta con ese nombre en esta carpeta. Elija otro nombre.']);
    // The same name in another person's space, in another folder or in the shared area is another name.
    expect((await createFolder(luis, 'Facturas')).statusCode).toBe(201);
    const inside = await folder(ana, 'Facturas 2026');
    expect((await createFolder(ana, 'facturas', inside.id)).statusCode).toBe(201);
    // Renaming onto a taken name, and uploading one, are refused too.
    const renamed = await test.call('PATCH', `${base()}/nodes/${inside.id}`, { name: 'Facturas' }, en(ana));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().name).toEqual(['There is already a file or folder with this name in this folder. Choose another name.']);
    await file(ana, samplePdf(), 'recibo.pdf', inside.id);
    const again = await uploadTo(ana, samplePdf(), 'RECIBO.pdf', { parent_id: inside.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().file).toEqual(['There is already a file or folder with this name in this folder. Choose another name.']);
  });

  it('keeps a renamed file\'s extension and strips bidirectional controls from renames and folders, as from uploads', async () => {
    const report = await file(ana, samplePdf(), 'informe-bidi.pdf');
    // A PDF renamed to .html stays a PDF: the extension is added back, so it is never served or opened as a page.
    const html = await test.call('PATCH', `${base()}/nodes/${report.id}`, { name: 'informe.html' }, en(ana));
    expect(html.statusCode, html.body).toBe(200);
    expect(html.json()).toMatchObject({ name: 'informe.html.pdf', content_type: 'application/pdf' });
    // U+202E would show "informe\u202Efdp.exe" as "informeexe.pdf": every bidirectional control is removed.
    const override = await test.call('PATCH', `${base()}/nodes/${report.id}`, { name: 'informe\u202Efdp.exe' }, en(ana));
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json().name).toBe('informefdp.exe.pdf');
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F']) {
      const renamed = await test.call('PATCH', `${base()}/nodes/${report.id}`, { name: `nota${control}x.pdf` }, en(ana));
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().name, JSON.stringify(control)).toBe('notax.pdf');
    }
    // A folder's name: the same characters go; a name of nothing but them is refused with the name rules' message.
    const folderCreated = await createFolder(ana, 'Carpeta\u202Egpj.exe');
    expect(folderCreated.statusCode, folderCreated.body).toBe(201);
    expect(folderCreated.json().name).toBe('Carpetagpj.exe');
    const onlyControls = await createFolder(ana, '\u202E\u2066');
    expect(onlyControls.statusCode).toBe(400);
    expect(onlyControls.json().name).toEqual([
      'A name cannot contain / or \\ or control characters, be “.” or “..”, or start or end with a space.',
    ]);
    const folderRenamed = await test.call('PATCH', `${base()}/nodes/${(folderCreated.json() as Node).id}`, { name: 'Otra\u202Dcarpeta' }, en(ana));
    expect(folderRenamed.json().name).toBe('Otracarpeta');
    // What is stored and listed is the cleaned name.
    expect(await names(ana, 'space=personal')).toEqual(expect.arrayContaining(['Otracarpeta', 'notax.pdf']));
    // Staff's door applies the same rules to the shared materials.
    const sharedFolder = await test.call('POST', `/admin${base()}/folders`, { space: 'shared', name: 'Guía\u202E' }, en(staff));
    expect(sharedFolder.statusCode, sharedFolder.body).toBe(201);
    expect(sharedFolder.json().name).toBe('Guía');
  });

  it('moves within one space and refuses a move into the folder itself or one it holds', async () => {
    const a = await folder(ana, 'A');
    const b = await folder(ana, 'B', a.id);
    const c = await folder(ana, 'C', b.id);
    const note = await file(ana, Buffer.from('nota'), 'nota.txt', c.id);
    for (const target of [a.id, b.id, c.id]) {
      const refused = await test.call('PATCH', `${base()}/nodes/${a.id}`, { parent_id: target }, en(ana));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().parent_id).toEqual(['A folder cannot be moved into itself or into one of its own folders.']);
    }
    // A file is no folder to move into; the shared materials are another space.
    expect((await test.call('PATCH', `${base()}/nodes/${b.id}`, { parent_id: note.id }, en(ana))).json().parent_id).toEqual([
      'You can only move it into a folder.',
    ]);
    const [sharedFolder] = ((await list(ana, 'space=shared')).json().results as Node[]);
    expect((await test.call('PATCH', `${base()}/nodes/${note.id}`, { parent_id: sharedFolder!.id }, en(ana))).statusCode).toBe(400);

    const moved = await test.call('PATCH', `${base()}/nodes/${c.id}`, { parent_id: a.id, name: 'C movida' }, en(ana));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ parent_id: a.id, name: 'C movida' });
    expect(await names(ana, `space=personal&parent_id=${a.id}`)).toEqual(['B', 'C movida']);
    const toRoot = await test.call('PATCH', `${base()}/nodes/${note.id}`, { parent_id: null }, en(ana));
    expect(toRoot.json()).toMatchObject({ parent_id: null });
    const inC = await list(ana, `space=personal&parent_id=${c.id}`);
    expect(inC.json()).toMatchObject({ count: 0, path: [{ name: 'A' }, { name: 'C movida' }] });
  });

  it('deletes a folder with all it holds, and their files leave the disk', async () => {
    const top = await folder(ana, 'Para borrar');
    const sub = await folder(ana, 'Dentro', top.id);
    const kept = await file(ana, samplePdf(3000), 'guardar.pdf');
    const before = filesUnder(filesDir).length;
    await file(ana, samplePdf(2000), 'uno.pdf', top.id);
    await file(ana, Buffer.from('dos'), 'dos.txt', sub.id);
    expect(filesUnder(filesDir)).toHaveLength(before + 2);

    const deleted = await test.call('DELETE', `${base()}/nodes/${top.id}`, undefined, ana.headers);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(filesUnder(filesDir)).toHaveLength(before);
    expect((await list(ana, `space=personal&parent_id=${sub.id}`)).statusCode).toBe(404);
    expect((await test.call('GET', `${base()}/nodes/${kept.id}/content`, undefined, ana.headers)).statusCode).toBe(200);
    expect((await test.call('DELETE', `${base()}/nodes/${kept.id}`, undefined, ana.headers)).statusCode).toBe(204);
    expect(filesUnder(filesDir)).toHaveLength(before - 1);
  });

  it('refuses files over 20MB, of a type the drive does not take, or whose bytes are not what their name says, keeping nothing', async () => {
    const before = filesUnder(filesDir).length;
    const tooLarge = await uploadTo(staff, Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41), 'grande.txt', { space: 'shared' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: 'Your file is too large. It must be 20MB or smaller.', code: 'file_too_large' });
    const script = await uploadTo(ana, Buffer.from('#!/bin/sh\n'), 'run.sh');
    expect(script.statusCode).toBe(400);
    expect(script.json().file[0]).toMatch(/^This type of file is not accepted/);
    const fakePdf = await uploadTo(ana, Buffer.from('not a pdf at all'), 'fake.pdf');
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json().file[0]).toMatch(/^The file's content does not match its type/);
    const binaryText = await uploadTo(ana, Buffer.from([0x41, 0, 0x42]), 'notes.txt');
    expect(binaryText.statusCode).toBe(400);
    expect(filesUnder(filesDir)).toHaveLength(before);
    // An image and an office document pass on their first bytes; a photo is kept as the PDF made of it, so a PNG no
    // decoder can read is refused (docs/decisions/054-photos-are-documents.md, tests/server/uploads-photos.test.ts).
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(100, 1)]);
    expect((await uploadTo(ana, gif, 'logo.GIF')).statusCode).toBe(201);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    expect((await uploadTo(ana, png, 'logo.PNG')).json().file[0]).toMatch(/^We could not read this photo/);
    const docx = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(100, 1)]);
    const stored = await uploadTo(ana, docx, 'carta.docx');
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json().content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('refuses an upload past the quota while it streams, with a clear message, and keeps nothing of it', async () => {
    const used = (await test.call('GET', base(), undefined, luis.headers)).json().used_bytes as number;
    const room = QUOTA_MB * 1024 * 1024 - used;
    const before = filesUnder(filesDir).length;
    const over = await uploadTo(luis, Buffer.alloc(room + 1, 0x61), 'grande.txt');
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toEqual({ detail: 'Your space is full: your files may take up to 1 MB. Delete some to upload this one.', code: 'quota_exceeded' });
    expect(filesUnder(filesDir)).toHaveLength(before);
    // Up to the quota exactly fits; one byte more then does not.
    expect((await uploadTo(luis, Buffer.alloc(room, 0x61), 'justo.txt')).statusCode).toBe(201);
    expect((await uploadTo(luis, Buffer.from('a'), 'uno.txt')).statusCode).toBe(413);
    expect((await test.call('GET', base(), undefined, luis.headers)).json()).toMatchObject({ used_bytes: QUOTA_MB * 1024 * 1024 });
    // The quota is the person's: Ana still has room.
    expect((await uploadTo(ana, Buffer.from('a'), 'uno.txt')).statusCode).toBe(201);
  });

  it('serves a file as an attachment with its stored type and nosniff, whatever the browser said it was', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const stored = await file(ana, html, 'página “uno”.txt');
    const download = await test.call('GET', `${base()}/nodes/${stored.id}/content`, undefined, ana.headers);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="pagina uno.txt"; filename*=UTF-8''${encodeURIComponent('página “uno”.txt')}`,
    );
    expect(download.rawPayload.equals(html)).toBe(true);
    // A folder has no content.
    const box = await folder(ana, 'Caja');
    expect((await test.call('GET', `${base()}/nodes/${box.id}/content`, undefined, ana.headers)).statusCode).toBe(404);
  });

  it('lists folders first, by name, one page at a time', async () => {
    const box = await folder(ana, 'Paginada');
    await folder(ana, 'zeta', box.id);
    await file(ana, Buffer.from('b'), 'b.txt', box.id);
    await file(ana, Buffer.from('a'), 'A.txt', box.id);
    await folder(ana, 'alfa', box.id);
    const first = await list(ana, `space=personal&parent_id=${box.id}&page_size=3`);
    expect(first.json()).toMatchObject({ count: 4, page: 1, page_size: 3, folder: { name: 'Paginada' } });
    expect((first.json().results as Node[]).map((n) => n.name)).toEqual(['alfa', 'zeta', 'A.txt']);
    expect(await names(ana, `space=personal&parent_id=${box.id}&page_size=3&page=2`)).toEqual(['b.txt']);
    expect((await list(ana, 'space=personal&page_size=500')).statusCode).toBe(400);
  });
});
