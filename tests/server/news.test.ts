// News for signed-in people: the published list newest first in keyset pages, one item, the reader's language with
// the other as the fallback, drafts and missing items 404, sign-in required, the demo seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '#server/db/schema.ts';
import { createNews, updateNews } from '#server/news/service.ts';
import { seedDemoNews } from '#server/news/seed.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';
import { signUp, type Person } from '../support/applicants.ts';

interface Summary {
  id: number;
  title: string;
  language: 'es' | 'en';
  published_at: string;
}
interface Page {
  results: Summary[];
  next: string | null;
}

const at = (iso: string) => new Date(iso);

describe.each(databaseKinds)('news on %s', (kind) => {
  let test: TestApp;
  let ana: Person;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await startTestApp(kind);
    ana = await signUp(test);
    const db = test.app.ctx.db;
    const now = at('2026-11-23T12:00:00Z');
    const write = async (key: string, draft: Parameters<typeof createNews>[1]) => (ids[key] = (await createNews(db, draft, now)).id);
    await write('old', { title_es: 'Viejo', title_en: 'Old', body_es: 'cuerpo viejo', body_en: 'old body', published_at: at('2026-01-01T00:00:00Z') });
    // Two items at the same instant: the id breaks the tie, and a page may end between them.
    await write('tieA', { title_es: 'Empate A', title_en: 'Tie A', body_es: 'a', body_en: 'a', published_at: at('2026-06-01T00:00:00.123Z') });
    await write('tieB', { title_es: 'Empate B', title_en: 'Tie B', body_es: 'b', body_en: 'b', published_at: at('2026-06-01T00:00:00.123Z') });
    await write('spanishOnly', { title_es: 'Sólo en español', title_en: '', body_es: '**hola**', body_en: '', published_at: at('2026-09-01T00:00:00Z') });
    await write('englishOnly', { title_es: '', title_en: 'English only', body_es: '', body_en: 'hello', published_at: at('2026-10-01T00:00:00Z') });
    await write('draft', { title_es: 'Borrador', title_en: 'Draft', body_es: 'x', body_en: 'x', published_at: null });
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = async (path: string, language: 'es' | 'en' = 'es', person: Person = ana) =>
    test.call('GET', path, undefined, { ...person.headers, 'accept-language': language });

  async function allPages(limit: number, language: 'es' | 'en' = 'es'): Promise<Summary[][]> {
    const pages: Summary[][] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/news?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, language);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as Page;
      pages.push(page.results);
      cursor = page.next;
    } while (cursor !== null && pages.length < 20);
    return pages;
  }

  it('lists published news newest first, in keyset pages that neither skip nor repeat an item, drafts hidden', async () => {
    const pages = await allPages(2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((item) => item.id)).toEqual([ids.englishOnly, ids.spanishOnly, ids.tieB, ids.tieA, ids.old]);
    expect(pages.flat().map((item) => item.title)).not.toContain('Borrador');
    // Pages of three end between the two items published at the same millisecond.
    const threes = await allPages(3);
    expect(threes.map((page) => page.map((item) => item.id))).toEqual([[ids.englishOnly, ids.spanishOnly, ids.tieB], [ids.tieA, ids.old]]);
    const whole = (await get('/news')).json() as Page;
    expect(whole.results).toHaveLength(5);
    expect(whole.next).toBeNull();
    expect(whole.results[0]?.published_at).toBe('2026-10-01T00:00:00.000Z');
  });

  it("shows each item in the reader's language, falling back to the other one", async () => {
    const spanish = ((await get('/news')).json() as Page).results;
    const english = ((await get('/news', 'en')).json() as Page).results;
    const byId = (list: Summary[], id: number | undefined) => list.find((item) => item.id === id);
    expect(byId(spanish, ids.old)).toMatchObject({ title: 'Viejo', language: 'es' });
    expect(byId(english, ids.old)).toMatchObject({ title: 'Old', language: 'en' });
    expect(byId(english, ids.spanishOnly)).toMatchObject({ title: 'Sólo en español', language: 'es' });
    expect(byId(spanish, ids.englishOnly)).toMatchObject({ title: 'English only', language: 'en' });

    const article = await get(`/news/${ids.spanishOnly}`, 'en');
    expect(article.statusCode).toBe(200);
    expect(article.json()).toMatchObject({ id: ids.spanishOnly, title: 'Sólo en español', body: '**hola**', language: 'es' });
    expect((await get(`/news/${ids.old}`, 'en')).json()).toMatchObject({ title: 'Old', body: 'old body', language: 'en' });
  });

  it('answers 404 for a draft and a missing item, and shows a draft once it is published', async () => {
    for (const id of [ids.draft, 999999]) {
      const response = await get(`/news/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    await updateNews(test.app.ctx.db, ids.draft ?? 0, { published_at: at('2026-11-01T00:00:00Z') }, at('2026-11-23T12:00:00Z'));
    expect((await get(`/news/${ids.draft}`)).statusCode).toBe(200);
    expect(((await get('/news?limit=1')).json() as Page).results[0]?.id).toBe(ids.draft);
    await updateNews(test.app.ctx.db, ids.draft ?? 0, { published_at: null }, at('2026-11-23T12:00:00Z'));
  });

  it('needs sign-in, and refuses a malformed cursor or limit with field errors', async () => {
    expect((await test.call('GET', '/news')).statusCode).toBe(401);
    expect((await test.call('GET', `/news/${ids.old}`)).statusCode).toBe(401);
    for (const query of ['cursor=abc', 'cursor=1-2-3', 'limit=0', 'limit=51']) {
      const response = await get(`/news?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('seeds the demo news once: published items in both languages, one only in Spanish, one draft', async () => {
    const db = test.app.ctx.db;
    await db.delete(news);
    await seedDemoNews(db, at('2026-11-23T12:00:00Z'));
    await seedDemoNews(db, at('2026-11-23T12:00:00Z'));
    const rows = await db.select().from(news);
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.published_at === null)).toHaveLength(1);
    expect(rows.filter((row) => row.title_en === '' && row.published_at !== null)).toHaveLength(1);
    const english = ((await get('/news', 'en')).json() as Page).results;
    expect(english).toHaveLength(4);
    expect(english.filter((item) => item.language === 'es')).toHaveLength(1);
  });
});
