// Staff's user administration (docs/decisions/021): the searchable, keyset-paged list and its CSV, one account with
// its applications, staff access granted or removed, accounts deactivated (every session ends at once) or
// reactivated, and a password-reset link sent. Each change and its audit entry are one transaction.
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { AuthDeps } from '#server/auth/accounts.ts';
import { sendPasswordResetMail } from '#server/auth/service.ts';
import { endSessions, listSessions } from '#server/auth/sessions.ts';
import type { Db } from '#server/db/client.ts';
import { applications, eventRegistrations, events, programs, users } from '#server/db/schema.ts';
import { detailError, forbidden, notFound } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { searchFold } from '#shared/search-fold.ts';
import { recordAudit } from '#server/audit/log.ts';
import { toCsv } from './csv.ts';
import { exportTime } from './export-about.ts';
import { DEFAULT_PAGE_SIZE, afterCursor, containsPattern, decodeCursor, encodeCursor, readAllPages, splitPage, type PageRequest } from './keyset.ts';

type Schemas = components['schemas'];
type AdminUser = Schemas['AdminUser'];
export type AdminUserSort = Schemas['AdminUserSort'];
type UserRow = typeof users.$inferSelect;

export interface UserFilters {
  q?: string | undefined;
  staff?: boolean | undefined;
  active?: boolean | undefined;
  sort?: AdminUserSort | undefined;
}

/** Who is acting: the signed-in staff member. */
export interface Actor {
  id: number;
}

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  language: row.language === 'en' ? 'en' : 'es',
  is_staff: row.is_staff,
  is_active: row.is_active,
  created_at: row.created_at.toISOString(),
});

// ---- the list ------------------------------------------------------------------------------------------------

/**
 * Each sort's key (the same expressions as the indexes of migration 0007) and how a cursor's key is cast back. The
 * cursor keeps the key as the database printed it: a JavaScript Date would cut PostgreSQL's microseconds, and rows
 * created in the same millisecond would be shown twice.
 */
const sortKeys: Record<'name' | 'email' | 'created', { key: SQL; cast: string }> = {
  name: { key: sql`search_fold(${users.last_name} || ' ' || ${users.first_name})`, cast: 'text' },
  email: { key: sql`lower(${users.email})`, cast: 'text' },
  created: { key: sql`${users.created_at}`, cast: 'timestamptz' },
};

function listShape(filters: UserFilters) {
  const sort = filters.sort ?? 'name';
  const descending = sort.startsWith('-');
  const by = sortKeys[sort.replace(/^-/, '') as keyof typeof sortKeys];
  const folded = filters.q === undefined ? '' : searchFold(filters.q.trim());
  const conditions: SQL[] = [];
  // The same expression as the trigram index users_search_trgm, so PostgreSQL can answer from it.
  if (folded !== '') conditions.push(sql`search_fold(${users.first_name} || ' ' || ${users.last_name} || ' ' || ${users.email}) like ${containsPattern(folded)}`);
  if (filters.staff !== undefined) conditions.push(eq(users.is_staff, filters.staff));
  if (filters.active !== undefined) conditions.push(eq(users.is_active, filters.active));
  // A cursor is only good for the list it came from.
  const scope = JSON.stringify(['users', sort, folded, filters.staff ?? null, filters.active ?? null]);
  return { by, descending, conditions, scope };
}

async function readPage(db: Db, filters: UserFilters, page: PageRequest) {
  const { by, descending, conditions, scope } = listShape(filters);
  const cursor = decodeCursor(scope, page.cursor);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const where = and(...conditions, ...(cursor ? [afterCursor(by.key, sql`${users.id}`, cursor, descending, by.cast)] : []));
  const order = descending ? [desc(by.key), desc(users.id)] : [asc(by.key), asc(users.id)];
  const read = await db
    .select({ user: users, key: sql<string>`cast(${by.key} as text)` })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(limit + 1);
  const { rows: shown, more } = splitPage(read, limit);
  const last = shown.at(-1);
  return { rows: shown.map((row) => row.user), next: more && last ? encodeCursor(scope, { key: last.key, id: last.user.id }) : null, conditions };
}

export async function listUsers(db: Db, filters: UserFilters, page: PageRequest): Promise<Schemas['AdminUserPage']> {
  const { rows, next, conditions } = await readPage(db, filters, page);
  const [total] = await db.select({ n: count() }).from(users).where(and(...conditions));
  return { results: rows.map(toAdminUser), count: total?.n ?? 0, next_cursor: next };
}

/** Every account the filters match, as CSV in the reader's language, read in keyset batches. */
export async function exportUsersCsv(db: Db, filters: UserFilters, language: Language): Promise<string> {
  const t = (id: string) => translate(language, id);
  const rows = await readAllPages((page) => readPage(db, filters, page));
  const yesNo = (value: boolean) => t(value ? 'admin.common.yes' : 'admin.common.no');
  return toCsv(
    ['id', 'email', 'first_name', 'last_name', 'language', 'is_staff', 'is_active', 'created_at'].map((column) => t(`admin.users.column.${column}`)),
    rows.map((row) => [row.id, row.email, row.first_name, row.last_name, row.language, yesNo(row.is_staff), yesNo(row.is_active), exportTime(row.created_at)]),
  );
}

// ---- one account ---------------------------------------------------------------------------------------------

export async function getUser(db: Db, id: number): Promise<Schemas['AdminUserDetail']> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound();
  const owned = await db
    .select({ application: applications, program: programs })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.program_id))
    .where(eq(applications.user_id, id))
    .orderBy(desc(applications.created_at), desc(applications.id));
  // Registrations made from the panel carry the account; those from the public form, its e-mail (stored normalized).
  const registered = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.event_id))
    .where(or(eq(eventRegistrations.user_id, id), eq(eventRegistrations.email, row.email.trim().toLowerCase())))
    .orderBy(desc(eventRegistrations.created_at), desc(eventRegistrations.id));
  return {
    ...toAdminUser(row),
    phone: row.phone,
    registrations: registered.map(({ registration, event }) => ({
      id: registration.id,
      event_id: event.id,
      event_title: { es: event.title_es, en: event.title_en },
      starts_at: event.starts_at?.toISOString() ?? null,
      attended: registration.attended,
      created_at: registration.created_at.toISOString(),
    })),
    applications: owned.map(({ application, program }) => ({
      id: application.id,
      program_id: program.id,
      program_name: { es: program.name_es, en: program.name_en },
      sub_program: program.sub_program as Schemas['SubProgram'],
      period: program.period,
      status: application.status as Schemas['ApplicationStatus'],
      created_at: application.created_at.toISOString(),
      submitted_at: application.submitted_at?.toISOString() ?? null,
    })),
  };
}

// ---- changes -------------------------------------------------------------------------------------------------

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Opens the change's transaction with the active staff accounts locked (so two staff cannot remove each other's
 * access at once and leave none), checks the actor is still one of them, and locks the target account.
 */
async function lockForChange(tx: Tx, actor: Actor, targetId: number): Promise<{ target: UserRow; activeStaff: number[] }> {
  const staff = await tx.select({ id: users.id }).from(users).where(and(eq(users.is_staff, true), eq(users.is_active, true))).orderBy(asc(users.id)).for('update');
  const activeStaff = staff.map((row) => row.id);
  if (!activeStaff.includes(actor.id)) throw forbidden();
  const [target] = await tx.select().from(users).where(eq(users.id, targetId)).limit(1).for('update');
  if (!target) throw notFound();
  return { target, activeStaff };
}

const selfProtected = () => detailError(409, 'api.admin.selfProtected', 'self_protected');
const lastStaff = () => detailError(409, 'api.admin.lastStaff', 'last_staff');

export async function setStaff(db: Db, now: Date, actor: Actor, targetId: number, isStaff: boolean): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const { target, activeStaff } = await lockForChange(tx, actor, targetId);
    if (target.is_staff === isStaff) return toAdminUser(target);
    if (!isStaff && target.id === actor.id) throw selfProtected();
    if (!isStaff && target.is_active && activeStaff.length <= 1) throw lastStaff();
    const [updated] = await tx.update(users).set({ is_staff: isStaff, updated_at: now }).where(eq(users.id, target.id)).returning();
    if (!updated) throw notFound();
    await recordAudit(tx, { actorId: actor.id, operation: 'setAdminUserStaff', recordType: 'user', recordId: target.id, before: { is_staff: target.is_staff }, after: { is_staff: isStaff }, at: now });
    return toAdminUser(updated);
  });
}

/**
 * Deactivating also bumps the token version: every session ends on its next call (the account check alone would do
 * that), and reactivating the account does not bring those sessions back; the person signs in again.
 */
export async function setActive(db: Db, now: Date, actor: Actor, targetId: number, isActive: boolean): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const { target, activeStaff } = await lockForChange(tx, actor, targetId);
    if (target.is_active === isActive) return toAdminUser(target);
    if (!isActive && target.id === actor.id) throw selfProtected();
    if (!isActive && target.is_staff && activeStaff.length <= 1) throw lastStaff();
    const [updated] = await tx
      .update(users)
      .set({ is_active: isActive, updated_at: now, ...(isActive ? {} : { token_version: sql`${users.token_version} + 1` }) })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(tx, { actorId: actor.id, operation: 'setAdminUserActive', recordType: 'user', recordId: target.id, before: { is_active: target.is_active }, after: { is_active: isActive }, at: now });
    return toAdminUser(updated);
  });
}

/** The ordinary reset e-mail (the same link and outbox as "forgot password"), queued with its audit entry. */
export async function sendPasswordReset(auth: AuthDeps, actor: Actor, targetId: number): Promise<void> {
  const now = auth.now();
  await auth.db.transaction(async (tx) => {
    const { target } = await lockForChange(tx, actor, targetId);
    // A deactivated account cannot use a reset link (confirmPasswordReset refuses it): say so instead of sending one.
    if (!target.is_active) throw detailError(409, 'api.admin.accountInactive', 'account_inactive');
    await sendPasswordResetMail({ ...auth, db: tx }, target.email);
    await recordAudit(tx, { actorId: actor.id, operation: 'sendAdminUserPasswordReset', recordType: 'user', recordId: target.id, before: null, after: { reset_link_sent_to: target.email }, at: now });
  });
}

async function existingUser(db: Db, id: number): Promise<{ id: number }> {
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!target) throw notFound();
  return target;
}

/** An account's live sessions, as its owner sees them (`viewerSession` marks the staff member's own device). */
export async function listUserSessions(db: Db, now: Date, viewerSession: string, targetId: number): Promise<Schemas['SignedInSessionList']> {
  return listSessions(db, (await existingUser(db, targetId)).id, viewerSession, now);
}

/**
 * Staff end one of an account's sessions, or all of them (docs/decisions/057-see-your-sessions.md): each device is
 * signed out at its next call. Audited with the sessions ended, in the same transaction; a session that is not the
 * account's, or no longer alive, is 404.
 */
export async function endUserSessions(db: Db, now: Date, actor: Actor, targetId: number, only?: string): Promise<number> {
  const target = await existingUser(db, targetId);
  const ended = await endSessions(db, target.id, only === undefined ? {} : { only }, now, (tx, sessions) =>
    recordAudit(tx, {
      actorId: actor.id,
      operation: only === undefined ? 'endAdminUserSessions' : 'endAdminUserSession',
      recordType: 'user',
      recordId: target.id,
      before: { sessions: sessions.map(({ browser, system, country, network, signed_in_at }) => ({ browser, system, country, network, signed_in_at })) },
      after: { sessions_ended: sessions.length },
      at: now,
    }),
  );
  return ended.length;
}
