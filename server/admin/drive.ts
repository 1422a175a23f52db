// Staff's side of a program's drive (docs/decisions/024): the drive's summary and the applicants with a space in it
// (an application to the program, or files left there), searched and keyset-paged by name. Reading and changing
// the nodes is server/drive/service.ts, called with staff access (each change audited there, in its transaction).
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { applications, driveNodes, users } from '#server/db/schema.ts';
import { hasSpaceSql, openDrive } from '#server/drive/service.ts';
import { toProgramInfo, type Viewer } from '#server/programs/service.ts';
import { searchFold } from '#shared/search-fold.ts';
import { DEFAULT_PAGE_SIZE, afterCursor, containsPattern, decodeCursor, encodeCursor, splitPage, type PageRequest } from './keyset.ts';

type Schemas = components['schemas'];

export async function getAdminDrive(db: Db, staff: Viewer, programId: number, now: Date): Promise<Schemas['AdminDrive']> {
  const program = await openDrive(db, { role: 'staff', person: staff, operation: 'getAdminDrive' }, programId);
  const [root] = await db
    .select({ n: count() })
    .from(driveNodes)
    .where(and(eq(driveNodes.program_id, programId), isNull(driveNodes.owner_id), isNull(driveNodes.parent_id)));
  return { program: toProgramInfo(program, now), shared_count: root?.n ?? 0 };
}

/** By name as the users list sorts it (last name, then first), folded so accents and case do not reorder it. */
const nameKey = sql`search_fold(${users.last_name} || ' ' || ${users.first_name})`;
/** The listed person's id, named with its table: inside the subqueries below a bare "id" would be theirs. */
const userId = sql.raw('"users"."id"');

export async function listDriveSpaces(
  db: Db,
  staff: Viewer,
  programId: number,
  filters: { q?: string | undefined },
  page: PageRequest,
): Promise<Schemas['AdminDriveSpacePage']> {
  await openDrive(db, { role: 'staff', person: staff, operation: 'listAdminDriveSpaces' }, programId);
  const folded = filters.q === undefined ? '' : searchFold(filters.q.trim());
  const conditions: SQL[] = [hasSpaceSql(userId, programId)];
  if (folded !== '') conditions.push(sql`search_fold(${users.first_name} || ' ' || ${users.last_name} || ' ' || ${users.email}) like ${containsPattern(folded)}`);
  const scope = JSON.stringify(['drive-spaces', programId, folded]);
  const cursor = decodeCursor(scope, page.cursor);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select({
      user: users,
      key: sql<string>`cast(${nameKey} as text)`,
      status: sql<string | null>`(select a.status from ${applications} a where a.user_id = ${userId} and a.program_id = ${programId} order by a.id desc limit 1)`,
      files: sql<number>`(select count(*) from ${driveNodes} d where d.owner_id = ${userId} and d.program_id = ${programId} and d.kind = 'file')`,
      bytes: sql<number>`(select coalesce(sum(d.size), 0) from ${driveNodes} d where d.owner_id = ${userId} and d.program_id = ${programId})`,
    })
    .from(users)
    .where(and(...conditions, ...(cursor ? [afterCursor(nameKey, sql`${users.id}`, cursor, false)] : [])))
    .orderBy(asc(nameKey), asc(users.id))
    .limit(limit + 1);
  const { rows: shown, more } = splitPage(rows, limit);
  const last = shown.at(-1);
  const [total] = await db.select({ n: count() }).from(users).where(and(...conditions));
  return {
    results: shown.map((row) => ({
      owner_id: row.user.id,
      first_name: row.user.first_name,
      last_name: row.user.last_name,
      email: row.user.email,
      application_status: row.status as Schemas['ApplicationStatus'] | null,
      files: Number(row.files),
      bytes: Number(row.bytes),
    })),
    count: total?.n ?? 0,
    next_cursor: more && last ? encodeCursor(scope, { key: last.key, id: last.user.id }) : null,
  };
}
