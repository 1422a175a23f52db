// Staff's side of a program's drive over HTTP on PGlite and PostgreSQL (docs/decisions/024): staff write the shared
// materials (folder, upload, rename, move, delete) with an audit entry for each change, applicants read them and
// change none of them, staff list the applicants with a space (an application, or files left), search and page
// them, and read and download a space without changing it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveNodes } from '#server/db/schema.ts';
import { createProgram, multipart, samplePdf, signUp, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

interface Node {
  id: number;
  kind: 'folder' | 'file';
  name: string;
  parent_id: number | null;
  owner_id: number | null;
}
interface Space {
  owner_id: number;
  first_name: string;
  application_status: string | null;
  files: number;
  bytes: number;
}
interface AuditEntry {
  operation: string;
  record_type: string;
  actor: { id: number } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe.each(databaseKinds)('staff program drive (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let ana: Person;
  let beto: Person;
  let outsider: Person;
  let programId: number;
  const tag = `Dr${Date.now().toString(36)}`;

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { staff: true, first_name: 'Directora' });
    ana = await signUp(test, { first_name: 'Ána', last_name: `Peña ${tag}` });
    beto = await signUp(test, { first_name: 'Beto', last_name: `Zayas ${tag}` });
    outsider = await signUp(test, { first_name: 'Otra', last_name: `Fuera ${tag}` });
    programId = (await createProgram(test)).id;
    const applied = await test.call('POST', '/applications', { program_id: programId }, ana.headers);
    expect(applied.statusCode, applied.body).toBe(201);
    // Beto has no application (any more) but files are left in his space: staff still see it.
    const at = new Date();
    await test.app.ctx.db.insert(driveNodes).values({ program_id: programId, owner_id: beto.id, parent_id: null, kind: 'folder', name: 'Restos', created_at: at, updated_at: at });
  });
  afterAll(async () => {
    await test?.close();
  });

  const admin = () => `/admin/programs/${programId}/drive`;
  const mine = () => `/programs/${programId}/drive`;

  function upload(person: Person, url: string, content: Buffer, fileName: string) {
    const body = multipart(content, fileName, 'application/octet-stream');
    return test.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...person.headers, ...body.headers }, payload: body.payload });
  }

  const auditOf = async (nodeId: number): Promise<AuditEntry[]> => {
    const response = await test.call('GET', `/admin/audit?record_type=drive_node&record_id=${nodeId}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: AuditEntry[] }).results;
  };

  it('lets staff write the shared materials, each change audited, and applicants read them only', async () => {
    const summary = await test.call('GET', admin(), undefined, staff.headers);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ program: { id: programId }, shared_count: 0 });

    const created = await test.call('POST', `${admin()}/folders`, { space: 'shared', parent_id: null, name: 'Guías' }, staff.headers);
    expect(created.statusCode, created.body).toBe(201);
    const folder = created.json() as Node;
    expect(folder.owner_id).toBeNull();
    const other = (await test.call('POST', `${admin()}/folders`, { space: 'shared', name: 'Archivo' }, staff.headers)).json() as Node;
    const uploaded = await upload(staff, `${admin()}/files?space=shared&parent_id=${folder.id}`, Buffer.from('Agenda\n'), 'agenda.txt');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json() as Node;

    // The applicant reads and downloads it through their own drive, and changes none of it.
    const listing = await test.call('GET', `${mine()}/nodes?space=shared&parent_id=${folder.id}`, undefined, ana.headers);
    expect(listing.json()).toMatchObject({ writable: false, results: [{ name: 'agenda.txt' }] });
    expect((await test.call('GET', `${mine()}/nodes/${file.id}/content`, undefined, ana.headers)).body).toBe('Agenda\n');
    const writes = [
      test.call('POST', `${mine()}/folders`, { space: 'shared', name: 'Mía' }, ana.headers),
      upload(ana, `${mine()}/files?space=shared`, samplePdf(), 'x.pdf'),
      test.call('PATCH', `${mine()}/nodes/${file.id}`, { name: 'otra.txt' }, ana.headers),
      test.call('DELETE', `${mine()}/nodes/${folder.id}`, undefined, ana.headers),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode, response.body).toBe(403);
    // ...nor through the admin operations (the access matrix walks them all).
    expect((await test.call('DELETE', `${admin()}/nodes/${folder.id}`, undefined, ana.headers)).statusCode).toBe(403);

    // Rename, move, and a rename to the same name (no change: no entry).
    expect((await test.call('PATCH', `${admin()}/nodes/${file.id}`, { name: 'agenda final.txt' }, staff.headers)).statusCode).toBe(200);
    expect((await test.call('PATCH', `${admin()}/nodes/${file.id}`, { parent_id: other.id }, staff.headers)).statusCode).toBe(200);
    expect((await test.call('PATCH', `${admin()}/nodes/${file.id}`, { name: 'agenda final.txt' }, staff.headers)).statusCode).toBe(200);
    expect((await test.call('GET', `${admin()}/nodes/${file.id}/content`, undefined, staff.headers)).body).toBe('Agenda\n');

    const entries = await auditOf(file.id);
    expect(entries.map((entry) => entry.operation)).toEqual(['updateAdminDriveNode', 'updateAdminDriveNode', 'uploadAdminDriveFile']);
    expect(entries.every((entry) => entry.actor?.id === staff.id && entry.record_type === 'drive_node')).toBe(true);
    expect(entries[0]).toMatchObject({ before: { parent_id: folder.id }, after: { parent_id: other.id } });
    expect(entries[1]).toMatchObject({ before: { name: 'agenda.txt' }, after: { name: 'agenda final.txt' } });
    expect(entries[2]).toMatchObject({ before: null, after: { kind: 'file', name: 'agenda.txt', space: 'shared', size: 7, content_type: 'text/plain; charset=utf-8' } });
    expect((await auditOf(folder.id))[0]).toMatchObject({ operation: 'createAdminDriveFolder', after: { kind: 'folder', name: 'Guías' } });

    // Delete a folder with what it holds: one entry on the folder, with what it held.
    const deleted = await test.call('DELETE', `${admin()}/nodes/${other.id}`, undefined, staff.headers);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await auditOf(other.id))[0]).toMatchObject({ operation: 'deleteAdminDriveNode', before: { name: 'Archivo', held: 1 }, after: null });
    expect((await test.call('GET', `${mine()}/nodes/${file.id}/content`, undefined, ana.headers)).statusCode).toBe(404);
    expect((await test.call('GET', admin(), undefined, staff.headers)).json()).toMatchObject({ shared_count: 1 });
  });

  it('lists the applicants with a space, by name, searched without accents and paged by cursor', async () => {
    expect((await upload(ana, `${mine()}/files?space=personal`, samplePdf(), 'plan.pdf')).statusCode).toBe(201);
    const all = await test.call('GET', `${admin()}/spaces?q=${tag}`, undefined, staff.headers);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json() as { results: Space[]; count: number };
    expect(page.count).toBe(2);
    expect(page.results.map((space) => space.owner_id)).toEqual([ana.id, beto.id]);
    expect(page.results[0]).toMatchObject({ first_name: 'Ána', application_status: 'draft', files: 1, bytes: samplePdf().length });
    expect(page.results[1]).toMatchObject({ application_status: null, files: 0, bytes: 0 });

    const folded = (await test.call('GET', `${admin()}/spaces?q=${encodeURIComponent(`ana pena ${tag.toUpperCase()}`)}`, undefined, staff.headers)).json() as { results: Space[] };
    expect(folded.results.map((space) => space.owner_id)).toEqual([ana.id]);

    const first = (await test.call('GET', `${admin()}/spaces?q=${tag}&limit=1`, undefined, staff.headers)).json() as { results: Space[]; next_cursor: string };
    expect(first.results.map((space) => space.owner_id)).toEqual([ana.id]);
    const second = (await test.call('GET', `${admin()}/spaces?q=${tag}&limit=1&cursor=${first.next_cursor}`, undefined, staff.headers)).json() as {
      results: Space[];
      next_cursor: string | null;
    };
    expect(second).toMatchObject({ results: [{ owner_id: beto.id }], next_cursor: null });
    // A cursor of another search is refused on its field.
    const foreign = await test.call('GET', `${admin()}/spaces?q=otra&cursor=${first.next_cursor}`, undefined, staff.headers);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('cursor');
  });

  it("lets staff read and download an applicant's space, and change nothing in it", async () => {
    const space = await test.call('GET', `${admin()}/nodes?space=personal&owner_id=${ana.id}`, undefined, staff.headers);
    expect(space.statusCode, space.body).toBe(200);
    expect(space.json()).toMatchObject({ space: 'personal', owner_id: ana.id, writable: false });
    const [plan] = (space.json() as { results: Node[] }).results;
    const download = await test.call('GET', `${admin()}/nodes/${plan!.id}/content`, undefined, staff.headers);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await test.call('GET', `${admin()}/nodes?space=personal&owner_id=${beto.id}`, undefined, staff.headers)).json()).toMatchObject({
      results: [{ name: 'Restos' }],
    });

    const changes = [
      test.call('POST', `${admin()}/folders`, { space: 'personal', owner_id: ana.id, name: 'De staff' }, staff.headers),
      upload(staff, `${admin()}/files?space=personal&owner_id=${ana.id}`, samplePdf(), 'x.pdf'),
      test.call('PATCH', `${admin()}/nodes/${plan!.id}`, { name: 'otro.pdf' }, staff.headers),
      test.call('DELETE', `${admin()}/nodes/${plan!.id}`, undefined, staff.headers),
    ];
    for (const response of await Promise.all(changes)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ code: 'permission_denied' });
    }
    expect(await auditOf(plan!.id)).toEqual([]);
    // No space: someone without an application or files here, a personal space without its owner, another program.
    const missing = [
      test.call('GET', `${admin()}/nodes?space=personal&owner_id=${outsider.id}`, undefined, staff.headers),
      test.call('GET', `${admin()}/nodes?space=personal`, undefined, staff.headers),
      test.call('GET', '/admin/programs/999999/drive', undefined, staff.headers),
      test.call('GET', `/admin/programs/999999/drive/nodes/${plan!.id}/content`, undefined, staff.headers),
    ];
    for (const response of await Promise.all(missing)) expect(response.statusCode, response.body).toBe(404);
  });
});
