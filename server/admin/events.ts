// Staff's events administration (docs/decisions/022-admin-events.md): the keyset-paged list with registration counts,
// creating and editing events in both languages (open or closed), one event's registrations with their CSV, and the
// check-in toggle at the door. Each change and its audit entry are one transaction.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '#api/schema.d.ts';
import type { Db } from '#server/db/client.ts';
import { eventRegistrations, events } from '#server/db/schema.ts';
import { fieldErrors, msg, notFound } from '#server/http/errors.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { toEvent } from '#server/events/service.ts';
import { searchFold } from '#shared/search-fold.ts';
import { recordAudit } from '#server/audit/log.ts';
import { toCsv } from './csv.ts';
import { exportTime } from './export-about.ts';
import { DEFAULT_PAGE_SIZE, afterCursor, containsPattern, decodeCursor, encodeCursor, readAllPages, splitPage, type PageRequest } from './keyset.ts';

type Schemas = components['schemas'];
type AdminEvent = Schemas['AdminEvent'];
type AdminRegistration = Schemas['AdminRegistration'];
type EventRow = typeof events.$inferSelect;
type RegistrationRow = typeof eventRegistrations.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface EventFilters {
  q?: string | undefined;
  kind?: Schemas['EventKind'] | undefined;
  status?: 'open' | 'closed' | undefined;
  sort?: Schemas['AdminEventSort'] | undefined;
}

export interface RegistrationFilters {
  q?: string | undefined;
  attended?: boolean | undefined;
}

/** Who is acting: the signed-in staff member. */
export interface Actor {
  id: number;
}

/** Registrations and check-ins of an event, as correlated subqueries (one statement with the event's row). */
const registrationsOf = sql<number>`(select count(*)::int from event_registrations r where r.event_id = "events"."id")`;
const attendedOf = sql<number>`(select count(*)::int from event_registrations r where r.event_id = "events"."id" and r.attended)`;

function toAdminEvent(row: EventRow, registrations: number, attended: number, now: Date): AdminEvent {
  return {
    ...toEvent(row, registrations, now),
    registrations,
    attended,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const toAdminRegistration = (row: RegistrationRow): AdminRegistration => ({
  id: row.id,
  event_id: row.event_id,
  user_id: row.user_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  how_heard: (row.how_heard as Schemas['HowHeard'] | null) ?? null,
  language: row.language === 'en' ? 'en' : 'es',
  attended: row.attended,
  created_at: row.created_at.toISOString(),
});

// ---- the list of events --------------------------------------------------------------------------------------

/**
 * Each sort's key and how a cursor's key is cast back. An interest form may have no start: it sorts as the epoch, so
 * the key is never null (a row comparison with a null never matches and would drop rows from the next page).
 */
const eventSortKeys: Record<'starts' | 'created', { key: SQL; cast: string }> = {
  starts: { key: sql`coalesce(${events.starts_at}, 'epoch'::timestamptz)`, cast: 'timestamptz' },
  created: { key: sql`${events.created_at}`, cast: 'timestamptz' },
};

async function readEvents(db: Db, now: Date, filters: EventFilters, page: PageRequest) {
  const sort = filters.sort ?? '-starts';
  const descending = sort.startsWith('-');
  const by = eventSortKeys[sort.replace(/^-/, '') as keyof typeof eventSortKeys];
  const folded = filters.q === undefined ? '' : searchFold(filters.q.trim());
  const conditions: SQL[] = [];
  if (folded !== '') conditions.push(sql`search_fold(${events.title_es} || ' ' || ${events.title_en}) like ${containsPattern(folded)}`);
  if (filters.kind !== undefined) conditions.push(eq(events.kind, filters.kind));
  if (filters.status !== undefined) conditions.push(eq(events.status, filters.status));
  const scope = JSON.stringify(['events', sort, folded, filters.kind ?? null, filters.status ?? null]);
  const cursor = decodeCursor(scope, page.cursor);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const read = await db
    .select({ event: events, registrations: registrationsOf, attended: attendedOf, key: sql<string>`cast(${by.key} as text)` })
    .from(events)
    .where(and(...conditions, ...(cursor ? [afterCursor(by.key, sql`${events.id}`, cursor, descending, by.cast)] : [])))
    .orderBy(...(descending ? [desc(by.key), desc(events.id)] : [asc(by.key), asc(events.id)]))
    .limit(limit + 1);
  const { rows, more } = splitPage(read, limit);
  const last = rows.at(-1);
  return {
    events: rows.map((row) => toAdminEvent(row.event, row.registrations, row.attended, now)),
    next: more && last ? encodeCursor(scope, { key: last.key, id: last.event.id }) : null,
    conditions,
  };
}

export async function listEvents(db: Db, now: Date, filters: EventFilters, page: PageRequest): Promise<Schemas['AdminEventPage']> {
  const { events: shown, next, conditions } = await readEvents(db, now, filters, page);
  const [total] = await db.select({ n: count() }).from(events).where(and(...conditions));
  return { results: shown, count: total?.n ?? 0, next_cursor: next };
}

/** Every event the filters match, in the list's order, as CSV in the reader's language, read in keyset batches. */
export async function exportEventsCsv(db: Db, now: Date, filters: EventFilters, language: Language): Promise<string> {
  const t = (id: string) => translate(language, id);
  const rows = await readAllPages(async (page) => {
    const read = await readEvents(db, now, filters, page);
    return { rows: read.events, next: read.next };
  });
  const columns = ['id', 'kind', 'title', 'starts_at', 'ends_at', 'place', 'link', 'capacity', 'status', 'registrations', 'attended', 'created_at'];
  return toCsv(
    columns.map((column) => t(`admin.events.csv.${column}`)),
    rows.map((row) => [
      row.id,
      t(`admin.events.kind.${row.kind}`),
      row.title[language],
      exportTime(row.starts_at),
      exportTime(row.ends_at),
      row.place,
      row.link,
      row.capacity,
      t(`admin.events.status.${row.status}`),
      row.registrations,
      row.attended,
      exportTime(row.created_at),
    ]),
  );
}

export async function getEvent(db: Db, now: Date, id: number): Promise<AdminEvent> {
  const [row] = await db.select({ event: events, registrations: registrationsOf, attended: attendedOf }).from(events).where(eq(events.id, id));
  if (!row) throw notFound();
  return toAdminEvent(row.event, row.registrations, row.attended, now);
}

// ---- creating and editing ------------------------------------------------------------------------------------

type EventInput = Schemas['AdminEventInput'];

/** The rules the schema cannot say: a dated event has a start, an end comes after it, a link is a web address. */
function checkInput(input: EventInput, registrations: number): void {
  const problems: Record<string, ReturnType<typeof msg>> = {};
  if (input.kind === 'event' && input.starts_at === null) problems.starts_at = msg('api.admin.events.startRequired');
  if (input.starts_at !== null && input.ends_at !== null && Date.parse(input.ends_at) <= Date.parse(input.starts_at)) {
    problems.ends_at = msg('api.admin.events.endAfterStart');
  }
  if (input.capacity !== null && input.capacity < registrations) {
    problems.capacity = msg('api.admin.events.capacityBelowTaken', { count: registrations });
  }
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
}

const columnsOf = (input: EventInput) => ({
  kind: input.kind,
  title_es: input.title_es.trim(),
  title_en: input.title_en.trim(),
  description_es: input.description_es,
  description_en: input.description_en,
  starts_at: input.starts_at === null ? null : new Date(input.starts_at),
  ends_at: input.ends_at === null ? null : new Date(input.ends_at),
  place: input.place.trim(),
  link: input.link === null || input.link.trim() === '' ? null : input.link.trim(),
  capacity: input.capacity,
  status: input.status,
});

/** What the audit keeps of an event: its editable fields, dates as text. */
const audited = (row: EventRow): Record<string, unknown> => ({
  kind: row.kind,
  title_es: row.title_es,
  title_en: row.title_en,
  description_es: row.description_es,
  description_en: row.description_en,
  starts_at: row.starts_at?.toISOString() ?? null,
  ends_at: row.ends_at?.toISOString() ?? null,
  place: row.place,
  link: row.link,
  capacity: row.capacity,
  status: row.status,
});

/** Only the fields that changed, before and after, so the history reads as what was done. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const names = Object.keys(after).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
    changed: names.length > 0,
  };
}

export async function createEvent(db: Db, now: Date, actor: Actor, input: EventInput): Promise<AdminEvent> {
  checkInput(input, 0);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(events).values({ ...columnsOf(input), created_at: now, updated_at: now }).returning();
    if (!row) throw new Error('event insert returned no row');
    await recordAudit(tx, { actorId: actor.id, operation: 'createAdminEvent', recordType: 'event', recordId: row.id, before: null, after: audited(row), at: now });
    return toAdminEvent(row, 0, 0, now);
  });
}

async function lockEvent(tx: Tx, id: number): Promise<EventRow> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Edits the whole event. Its row is locked, so a registration cannot slip in between the capacity check and the save. */
export async function updateEvent(db: Db, now: Date, actor: Actor, id: number, input: EventInput): Promise<AdminEvent> {
  return db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    const [taken] = await tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.event_id, id));
    checkInput(input, taken?.n ?? 0);
    const diff = changedFields(audited(current), audited({ ...current, ...columnsOf(input) }));
    let saved = current;
    if (diff.changed) {
      const [row] = await tx.update(events).set({ ...columnsOf(input), updated_at: now }).where(eq(events.id, id)).returning();
      if (!row) throw notFound();
      saved = row;
      await recordAudit(tx, { actorId: actor.id, operation: 'updateAdminEvent', recordType: 'event', recordId: id, before: diff.before, after: diff.after, at: now });
    }
    const [attended] = await tx.select({ n: count() }).from(eventRegistrations).where(and(eq(eventRegistrations.event_id, id), eq(eventRegistrations.attended, true)));
    return toAdminEvent(saved, taken?.n ?? 0, attended?.n ?? 0, now);
  });
}

// ---- one event's registrations -------------------------------------------------------------------------------

function registrationShape(eventId: number, filters: RegistrationFilters) {
  const folded = filters.q === undefined ? '' : searchFold(filters.q.trim());
  const conditions: SQL[] = [eq(eventRegistrations.event_id, eventId)];
  if (folded !== '') conditions.push(sql`search_fold(${eventRegistrations.name} || ' ' || ${eventRegistrations.email}) like ${containsPattern(folded)}`);
  if (filters.attended !== undefined) conditions.push(eq(eventRegistrations.attended, filters.attended));
  return { conditions, scope: JSON.stringify(['registrations', eventId, folded, filters.attended ?? null]) };
}

async function readRegistrations(db: Db, eventId: number, filters: RegistrationFilters, page: PageRequest) {
  const { conditions, scope } = registrationShape(eventId, filters);
  const cursor = decodeCursor(scope, page.cursor);
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const key = sql`${eventRegistrations.created_at}`;
  const read = await db
    .select({ registration: eventRegistrations, key: sql<string>`cast(${key} as text)` })
    .from(eventRegistrations)
    .where(and(...conditions, ...(cursor ? [afterCursor(key, sql`${eventRegistrations.id}`, cursor, false, 'timestamptz')] : [])))
    .orderBy(asc(eventRegistrations.created_at), asc(eventRegistrations.id))
    .limit(limit + 1);
  const { rows, more } = splitPage(read, limit);
  const last = rows.at(-1);
  return {
    rows: rows.map((row) => row.registration),
    next: more && last ? encodeCursor(scope, { key: last.key, id: last.registration.id }) : null,
    conditions,
  };
}

export async function listRegistrations(db: Db, now: Date, eventId: number, filters: RegistrationFilters, page: PageRequest): Promise<Schemas['AdminRegistrationPage']> {
  const event = await getEvent(db, now, eventId);
  const { rows, next, conditions } = await readRegistrations(db, eventId, filters, page);
  const [total] = await db.select({ n: count() }).from(eventRegistrations).where(and(...conditions));
  return { event, results: rows.map(toAdminRegistration), count: total?.n ?? 0, next_cursor: next };
}

/** Every registration the filters match, as CSV in the reader's language, read in keyset batches. */
export async function exportRegistrationsCsv(db: Db, now: Date, eventId: number, filters: RegistrationFilters, language: Language): Promise<{ csv: string; event: AdminEvent }> {
  const event = await getEvent(db, now, eventId);
  const t = (id: string) => translate(language, id);
  const rows = await readAllPages((page) => readRegistrations(db, eventId, filters, page));
  const csv = toCsv(
    ['name', 'email', 'phone', 'how_heard', 'language', 'created_at', 'attended'].map((column) => t(`admin.events.column.${column}`)),
    rows.map((row) => [
      row.name,
      row.email,
      row.phone,
      row.how_heard === null ? '' : t(`events.howHeard.${row.how_heard}`),
      row.language,
      exportTime(row.created_at),
      t(row.attended ? 'admin.common.yes' : 'admin.common.no'),
    ]),
  );
  return { csv, event };
}

/** Checks a registration in (or undoes it). Nothing changes, and nothing is audited, when it already reads so. */
export async function setAttended(db: Db, now: Date, actor: Actor, eventId: number, registrationId: number, attended: boolean): Promise<AdminRegistration> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.event_id, eventId)))
      .for('update');
    if (!row) throw notFound();
    if (row.attended === attended) return toAdminRegistration(row);
    const [updated] = await tx.update(eventRegistrations).set({ attended }).where(eq(eventRegistrations.id, registrationId)).returning();
    if (!updated) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      operation: 'setAdminRegistrationAttended',
      recordType: 'event_registration',
      recordId: registrationId,
      before: { attended: row.attended },
      after: { attended },
      at: now,
    });
    return toAdminRegistration(updated);
  });
}
