// Keyset (cursor) pagination for admin lists (docs/decisions/021): a page ends at its last row's sort key and id, and
// the next page starts strictly after them, so pages stay stable while rows are added and deep pages cost what the
// first does (no OFFSET). The cursor is opaque to clients and bound to the list's sort and filters.
import { sql, type SQL } from 'drizzle-orm';
import { fieldErrors } from '#server/http/errors.ts';

export interface KeysetCursor {
  /** The sort key of the last row shown (text, number or an ISO date), and its id. */
  key: string | number;
  id: number;
  /** The page BEFORE this row (a list's "previous page": docs/decisions/040-staff-queues-and-history.md); else after it. */
  before?: boolean;
}

export interface PageRequest {
  cursor?: string | undefined;
  limit?: number | undefined;
}

export const DEFAULT_PAGE_SIZE = 25;

const invalidCursor = () => fieldErrors({ cursor: 'api.admin.invalidCursor' });

/** The cursor of the row a page ended on, bound to `scope` (the sort and filters it was read with). */
export function encodeCursor(scope: string, cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify({ s: scope, k: cursor.key, i: cursor.id, ...(cursor.before ? { b: 1 } : {}) }), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back; one that is malformed, forged or from another sort or filter is a 400 on `cursor`, and so is
 * one whose key `acceptsKey` refuses.
 */
export function decodeCursor(scope: string, text: string | undefined, acceptsKey: (key: string | number) => boolean = () => true): KeysetCursor | null {
  if (text === undefined || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalidCursor();
  const { s, k, i, b } = parsed as Record<string, unknown>;
  if (s !== scope || !(typeof k === 'string' || typeof k === 'number') || !Number.isSafeInteger(i) || (i as number) < 1) throw invalidCursor();
  if (b !== undefined && b !== 1) throw invalidCursor();
  // A key the database could not cast back (a forged cursor) is the same 400, not a failed query.
  if (!acceptsKey(k)) throw invalidCursor();
  return { key: k, id: i as number, ...(b === 1 ? { before: true } : {}) };
}

/**
 * The condition "after the cursor" for a list ordered by (key, id) both ascending, or both descending: a row
 * comparison PostgreSQL answers from an index on (key, id). A "before" cursor reads the list backwards: pass
 * `!descending` with the order reversed, then reverse the rows read.
 */
export function afterCursor(key: SQL, id: SQL, cursor: KeysetCursor, descending: boolean, keyCast = 'text'): SQL {
  const value = sql`cast(${cursor.key} as ${sql.raw(keyCast)})`;
  return descending ? sql`(${key}, ${id}) < (${value}, ${cursor.id})` : sql`(${key}, ${id}) > (${value}, ${cursor.id})`;
}

/** A page from `limit + 1` rows read: the rows to show and whether another page follows. */
export function splitPage<T>(rows: T[], limit: number): { rows: T[]; more: boolean } {
  return rows.length > limit ? { rows: rows.slice(0, limit), more: true } : { rows, more: false };
}

/** `like` pattern of a folded search text: its %, _ and \ are literal. */
export const containsPattern = (folded: string): string => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every row of a list, read page after page with its keyset cursor (the CSV exports: no OFFSET, no page skipped). */
export async function readAllPages<T>(read: (page: PageRequest) => Promise<{ rows: T[]; next: string | null }>, batch = 500): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read({ cursor, limit: batch });
    all.push(...page.rows);
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
  return all;
}
