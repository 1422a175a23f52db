// Staff's news (docs/decisions/022-admin-events.md, "News"): every item, drafts included, newest first and keyset-paged;
// its CSV; writing in both languages, publishing (applicants see it at once) and taking back to a draft, deleting. Each change
// and its audit entry are one transaction.
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { news } from '#server/db/schema.ts';
import { fieldErrors, msg, notFound } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { searchFold } from '#shared/search-fold.ts';
import { recordAudit } from '#server/audit/log.ts';
import { toCsv } from './csv.ts';
import { exportTime } from './export-about.ts';
import { DEFAULT_PAGE_SIZE, afterCursor, containsPattern, decodeCursor, encodeCursor, readAllPages, splitPage, type PageRequest } from './keyset.ts';

type Schemas = components['schemas'];
type AdminNews = Schemas['AdminNews'];
type NewsRow = typeof news.$inferSelect;
type NewsInput = Schemas['AdminNewsInput'];

export interface NewsFilters {
  q?: string | undefined;
  state?: 'draft' | 'published' | undefined;
}

/** Who is acting: the signed-in staff member. */
export interface Actor {
  id: number;
}

const toAdminNews = (row: NewsRow): AdminNews => ({
  id: row.id,
  title_es: row.title_es,
  title_en: row.title_en,
  body_es: row.body_es,
  body_en: row.body_en,
  published_at: row.published_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function readNews(db: Db, filters: NewsFilters, page: PageRequest) {
  const folded = filters.q === undefined ? '' : searchFold(filters.q.trim());
  const conditions: SQL[] = [];
  if (folded !== '') conditions.push(sql`search_fold(${news.title_es} || ' ' || ${news.title_en}) like ${containsPattern(folded)}`);
  if (filters.state === 'draft') conditions.push(isNull(news.published_at));
  if (filters.state === 'published') conditions.push(isNotNull(news.published_at));
  const scope = JSON.stringify(['news', folded, filters.state ?? null]);
  const cursor = decodeCursor(scope, page.cursor);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const key = sql`${news.created_at}`;
  const read = await db
    .select({ item: news, key: sql<string>`cast(${key} as text)` })
    .from(news)
    .where(and(...conditions, ...(cursor ? [afterCursor(key, sql`${news.id}`, cursor, true, 'timestamptz')] : [])))
    .orderBy(desc(news.created_at), desc(news.id))
    .limit(limit + 1);
  const { rows, more } = splitPage(read, limit);
  const last = rows.at(-1);
  return {
    rows: rows.map((row) => toAdminNews(row.item)),
    next: more && last ? encodeCursor(scope, { key: last.key, id: last.item.id }) : null,
    conditions,
  };
}

export async function listNews(db: Db, filters: NewsFilters, page: PageRequest): Promise<Schemas['AdminNewsPage']> {
  const { rows, next, conditions } = await readNews(db, filters, page);
  const [total] = await db.select({ n: count() }).from(news).where(and(...conditions));
  return { results: rows, count: total?.n ?? 0, next_cursor: next };
}

/** Every item the filters match, newest first, as CSV in the reader's language (titles in both; bodies left out). */
export async function exportNewsCsv(db: Db, filters: NewsFilters, language: Language): Promise<string> {
  const t = (id: string) => translate(language, id);
  const rows = await readAllPages((page) => readNews(db, filters, page));
  const columns = ['id', 'title_es', 'title_en', 'state', 'published_at', 'created_at', 'updated_at'];
  return toCsv(
    columns.map((column) => t(`admin.news.csv.${column}`)),
    rows.map((row) => [
      row.id,
      row.title_es,
      row.title_en,
      t(`admin.news.state.${row.published_at === null ? 'draft' : 'published'}`),
      exportTime(row.published_at),
      exportTime(row.created_at),
      exportTime(row.updated_at),
    ]),
  );
}

export async function getNews(db: Db, id: number): Promise<AdminNews> {
  const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
  if (!row) throw notFound();
  return toAdminNews(row);
}

/** A title in at least one language (the table's check says the same; this says it in words). */
function checkInput(input: NewsInput): void {
  if (input.title_es.trim() === '' && input.title_en.trim() === '') {
    const missing = msg('api.admin.news.titleRequired');
    throw fieldErrors({ title_es: missing, title_en: missing });
  }
}

const columnsOf = (input: NewsInput) => ({
  title_es: input.title_es.trim(),
  title_en: input.title_en.trim(),
  body_es: input.body_es,
  body_en: input.body_en,
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockNews(tx: Tx, id: number): Promise<NewsRow> {
  const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function createNews(db: Db, now: Date, actor: Actor, input: NewsInput): Promise<AdminNews> {
  checkInput(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(news).values({ ...columnsOf(input), published_at: null, created_at: now, updated_at: now }).returning();
    if (!row) throw new Error('news insert returned no row');
    await recordAudit(tx, { actorId: actor.id, operation: 'createAdminNews', recordType: 'news', recordId: row.id, before: null, after: columnsOf(input), at: now });
    return toAdminNews(row);
  });
}

export async function updateNews(db: Db, now: Date, actor: Actor, id: number, input: NewsInput): Promise<AdminNews> {
  checkInput(input);
  return db.transaction(async (tx) => {
    const current = await lockNews(tx, id);
    const next = columnsOf(input);
    const names = (Object.keys(next) as Array<keyof typeof next>).filter((name) => current[name] !== next[name]);
    if (names.length === 0) return toAdminNews(current);
    const [row] = await tx.update(news).set({ ...next, updated_at: now }).where(eq(news.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'updateAdminNews',
      recordType: 'news',
      recordId: id,
      before: Object.fromEntries(names.map((name) => [name, current[name]])),
      after: Object.fromEntries(names.map((name) => [name, next[name]])),
      at: now,
    });
    return toAdminNews(row);
  });
}

/** Publishing stamps the moment (the list's order); publishing what is published keeps its date and writes nothing. */
export async function setPublished(db: Db, now: Date, actor: Actor, id: number, published: boolean): Promise<AdminNews> {
  return db.transaction(async (tx) => {
    const current = await lockNews(tx, id);
    if ((current.published_at !== null) === published) return toAdminNews(current);
    const [row] = await tx.update(news).set({ published_at: published ? now : null, updated_at: now }).where(eq(news.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'setAdminNewsPublished',
      recordType: 'news',
      recordId: id,
      before: { published_at: current.published_at?.toISOString() ?? null },
      after: { published_at: row.published_at?.toISOString() ?? null },
      at: now,
    });
    return toAdminNews(row);
  });
}

/** The audit entry keeps what the item said, so a deletion can be read back. */
export async function deleteNews(db: Db, now: Date, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockNews(tx, id);
    await tx.delete(news).where(eq(news.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'deleteAdminNews',
      recordType: 'news',
      recordId: id,
      before: { ...columnsOf(current), published_at: current.published_at?.toISOString() ?? null },
      after: null,
      at: now,
    });
  });
}
