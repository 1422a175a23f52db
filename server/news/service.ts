// News: the published list (newest first, keyset pages) and one item, each in the reader's language with the other
// as the fallback; drafts (no publication date) reach no applicant. Staff writing functions live here too.
import { and, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { news } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import type { Language } from '#server/i18n/messages.ts';

type Schemas = components['schemas'];
export type NewsRow = typeof news.$inferSelect;
export type NewsDraft = Pick<typeof news.$inferInsert, 'title_es' | 'title_en' | 'body_es' | 'body_en' | 'published_at'>;

export const NEWS_PAGE_SIZE = 10;

/** The language an item is read in: the reader's when it has a title or body there, else the other. */
function readingLanguage(row: NewsRow, reader: Language): Language {
  const other: Language = reader === 'es' ? 'en' : 'es';
  const has = (language: Language) => (language === 'es' ? row.title_es || row.body_es : row.title_en || row.body_en) !== '';
  return has(reader) || !has(other) ? reader : other;
}

function toSummary(row: NewsRow, reader: Language): Schemas['NewsSummary'] {
  const language = readingLanguage(row, reader);
  const title = language === 'es' ? row.title_es || row.title_en : row.title_en || row.title_es;
  return { id: row.id, title, language, published_at: (row.published_at ?? new Date(0)).toISOString() };
}

/** `<milliseconds>-<id>` of a row: the position after which the next page starts. */
const cursorOf = (row: NewsRow): string => `${row.published_at?.getTime() ?? 0}-${row.id}`;

function parseCursor(cursor: string | undefined): { at: Date; id: number } | undefined {
  // The contract's pattern already checked the shape (digits-digits).
  const [ms, id] = (cursor ?? '').split('-').map(Number);
  return cursor && ms !== undefined && id !== undefined ? { at: new Date(ms), id } : undefined;
}

/** One page of published news, newest first; `next` continues after its last row, null when there is no more. */
export async function listNews(
  db: Db,
  query: { cursor?: string; limit?: number },
  reader: Language,
): Promise<Schemas['NewsPage']> {
  const limit = query.limit ?? NEWS_PAGE_SIZE;
  const after = parseCursor(query.cursor);
  const rows = await db
    .select()
    .from(news)
    .where(
      and(
        isNotNull(news.published_at),
        after ? or(lt(news.published_at, after.at), and(eq(news.published_at, after.at), lt(news.id, after.id))) : undefined,
      ),
    )
    .orderBy(sql`${news.published_at} desc`, desc(news.id))
    // One more than asked: whether it exists says whether there is a next page.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { results: page.map((row) => toSummary(row, reader)), next: rows.length > limit && last ? cursorOf(last) : null };
}

/** One published item; a draft or a missing one is 404. */
export async function getNews(db: Db, id: number, reader: Language): Promise<Schemas['NewsArticle']> {
  const [row] = await db.select().from(news).where(and(eq(news.id, id), isNotNull(news.published_at))).limit(1);
  if (!row) throw notFound();
  const summary = toSummary(row, reader);
  const body = summary.language === 'es' ? row.body_es || row.body_en : row.body_en || row.body_es;
  return { ...summary, body };
}

/** Staff: writes a news item (a draft while `published_at` is null). The admin screens call it. */
export async function createNews(db: Db, draft: NewsDraft, now: Date): Promise<NewsRow> {
  const [row] = await db.insert(news).values({ ...draft, created_at: now, updated_at: now }).returning();
  if (!row) throw new Error('news insert returned no row');
  return row;
}

/** Staff: changes a news item (publishing it by setting `published_at`); null when there is no such item. */
export async function updateNews(db: Db, id: number, changes: Partial<NewsDraft>, now: Date): Promise<NewsRow | null> {
  const [row] = await db.update(news).set({ ...changes, updated_at: now }).where(eq(news.id, id)).returning();
  return row ?? null;
}
