// Staff's news (docs/decisions/022-admin-events.md) on PGlite and PostgreSQL: drafts stay with staff, publishing shows an
// item to applicants at once and taking it back hides it, edits and deletions are audited, a title is needed in one
// language at least, and the list finds titles whatever the accents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#api/schema.d.ts';
import { exportTime } from '#server/admin/export-about.ts';
import { signUp, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

type AdminNews = components['schemas']['AdminNews'];

describe.each(databaseKinds)('staff news (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let applicant: Person;
  const write = (change: Partial<components['schemas']['AdminNewsInput']> = {}) => ({
    title_es: 'Convocatoria abierta',
    title_en: 'Call for applications',
    body_es: '**Solicite** antes del viernes.',
    body_en: '**Apply** by Friday.',
    ...change,
  });
  const audit = async (id: number) =>
    ((await test.call('GET', `/admin/audit?record_type=news&record_id=${id}`, undefined, staff.headers)).json() as { results: Array<{ operation: string; before: unknown; after: unknown }> }).results;

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Editora', last_name: 'De Noticias', staff: true });
    applicant = await signUp(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('keeps a draft from applicants, publishes it to them at once, and takes it back', async () => {
    const created = await test.call('POST', '/admin/news', write({ title_es: 'Año nuevo, Peña' }), staff.headers);
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as AdminNews;
    expect(item.published_at).toBeNull();
    expect((await test.call('GET', `/news/${item.id}`, undefined, applicant.headers)).statusCode).toBe(404);
    const published = await test.call('PUT', `/admin/news/${item.id}/published`, { published: true }, staff.headers);
    expect(published.statusCode, published.body).toBe(200);
    expect((published.json() as AdminNews).published_at).not.toBeNull();
    expect((await test.call('GET', `/news/${item.id}`, undefined, applicant.headers)).json()).toMatchObject({ title: 'Año nuevo, Peña', body: '**Solicite** antes del viernes.' });
    // Publishing again keeps the date and writes nothing more.
    await test.call('PUT', `/admin/news/${item.id}/published`, { published: true }, staff.headers);
    expect((await audit(item.id)).map((entry) => entry.operation)).toEqual(['setAdminNewsPublished', 'createAdminNews']);
    await test.call('PUT', `/admin/news/${item.id}/published`, { published: false }, staff.headers);
    expect((await test.call('GET', `/news/${item.id}`, undefined, applicant.headers)).statusCode).toBe(404);
    const found = (await test.call('GET', '/admin/news?q=PENA&state=draft', undefined, staff.headers)).json() as { results: AdminNews[] };
    expect(found.results.map((row) => row.id)).toContain(item.id);
  });

  it('edits with an audit of what changed, needs a title in one language, and deletes with the text kept in the audit', async () => {
    const item = (await test.call('POST', '/admin/news', write(), staff.headers)).json() as AdminNews;
    const noTitle = await test.call('PUT', `/admin/news/${item.id}`, write({ title_es: ' ', title_en: '' }), { ...staff.headers, 'accept-language': 'en' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ title_es: ['Write a title in at least one language.'], code: 'invalid' });
    const edited = await test.call('PUT', `/admin/news/${item.id}`, write({ body_en: 'Apply by **Monday**.' }), staff.headers);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await audit(item.id))[0]).toMatchObject({ operation: 'updateAdminNews', before: { body_en: '**Apply** by Friday.' }, after: { body_en: 'Apply by **Monday**.' } });
    expect((await test.call('DELETE', `/admin/news/${item.id}`, undefined, staff.headers)).statusCode).toBe(204);
    expect((await test.call('GET', `/admin/news/${item.id}`, undefined, staff.headers)).statusCode).toBe(404);
    expect((await audit(item.id))[0]).toMatchObject({ operation: 'deleteAdminNews', after: null, before: { title_en: 'Call for applications' } });
    expect((await test.call('DELETE', `/admin/news/${item.id}`, undefined, staff.headers)).statusCode).toBe(404);
    expect((await test.call('POST', '/admin/news', write(), applicant.headers)).statusCode).toBe(403);
  });

  it('exports the filtered list as CSV that parses back to the same rows: both titles, state, formula cells made text', async () => {
    const token = `zn${Date.now().toString(36)}`;
    const draft = (await test.call('POST', '/admin/news', write({ title_es: `=Cierre "Peña", ${token}`, title_en: '' }), staff.headers)).json() as AdminNews;
    const published = (await test.call('POST', '/admin/news', write({ title_es: `Taller ${token}`, title_en: `@Workshop ${token}` }), staff.headers)).json() as AdminNews;
    const shown = (await test.call('PUT', `/admin/news/${published.id}/published`, { published: true }, staff.headers)).json() as AdminNews;
    expect((await test.call('GET', `/admin/news/export.csv?q=${token}`)).statusCode).toBe(401);
    expect((await test.call('GET', `/admin/news/export.csv?q=${token}`, undefined, applicant.headers)).statusCode).toBe(403);

    const csv = await test.call('GET', `/admin/news/export.csv?q=${encodeURIComponent(token)}`, undefined, staff.headers);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="noticias-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(csv.body.slice(1))).toEqual([
      ['ID', 'Título en español', 'Título en inglés', 'Estado', 'Publicada', 'Creada', 'Última edición'],
      [String(published.id), `Taller ${token}`, `'@Workshop ${token}`, 'Publicada', exportTime(shown.published_at), exportTime(published.created_at), exportTime(shown.updated_at)],
      [String(draft.id), `'=Cierre "Peña", ${token}`, '', 'Borrador', '', exportTime(draft.created_at), exportTime(draft.updated_at)],
    ]);
    const drafts = parseCsv((await test.call('GET', `/admin/news/export.csv?q=${token}&state=draft`, undefined, { ...staff.headers, 'accept-language': 'en' })).body.slice(1));
    expect(drafts.map((row) => row.slice(0, 4))).toEqual([['ID', 'Title in Spanish', 'Title in English', 'State'], [String(draft.id), `'=Cierre "Peña", ${token}`, '', 'Draft']]);
  });
});
