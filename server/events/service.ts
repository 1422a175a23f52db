// Events and interest forms: read one, register (public form with captcha, or an applicant attending from the panel),
// the panel's list, and cancel. Capacity holds under concurrent registrations: the event's row is locked while its
// registrations are counted and the new one written (docs/decisions/018-events-and-registrations.md).
import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '#api/schema.d.ts';
import type { CaptchaService } from '#server/captcha/captcha.ts';
import type { Db } from '#server/db/client.ts';
import { eventRegistrations, events, type users } from '#server/db/schema.ts';
import { detailError, fieldErrors, notFound, type Message } from '#server/http/errors.ts';
import { enqueueMail, type MailTemplate } from '#server/mail/outbox.ts';
import { isLanguage, type Language } from '#server/i18n/messages.ts';
import { calendarFile } from './ics.ts';

type Schemas = components['schemas'];
type EventRow = typeof events.$inferSelect;
type User = typeof users.$inferSelect;

export interface EventDeps {
  db: Db;
  captcha: CaptchaService;
  now: () => Date;
  /** The SPA's address, for the event's link in the e-mail and its calendar entry. */
  publicUrl: string;
}

/** The panel's list query: the contract's parameters of listEvents. */
export type EventListQuery = NonNullable<operations['listEvents']['parameters']['query']>;

/** 'Event unavailable': 404 for a missing event, 409 for a closed, full or past one. */
const eventUnavailable = (status: 404 | 409) => detailError(status, 'api.event.unavailable', 'event_unavailable');
const duplicateRegistration = () => detailError(409, 'api.event.duplicate', 'registration_duplicate');

/** The form of an e-mail that registrations are compared in: lower-cased and trimmed (the unique index's too). */
export const normalizedEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Registrations of an event, as a correlated subquery (one statement with the event's row). Columns are named with
 * their tables: drizzle writes a column of a one-table query unqualified, and "id" would mean the registration's.
 */
const takenOf = sql<number>`(select count(*)::int from event_registrations r where r.event_id = "events"."id")`;

const isPast = (event: EventRow, now: Date): boolean => event.starts_at !== null && event.starts_at.getTime() <= now.getTime();

export function toEvent(event: EventRow, taken: number, now: Date): Schemas['Event'] {
  const spotsLeft = event.capacity === null ? null : Math.max(0, event.capacity - taken);
  const past = isPast(event, now);
  return {
    id: event.id,
    kind: event.kind === 'interest' ? 'interest' : 'event',
    title: { es: event.title_es, en: event.title_en },
    description: { es: event.description_es, en: event.description_en },
    starts_at: event.starts_at?.toISOString() ?? null,
    ends_at: event.ends_at?.toISOString() ?? null,
    place: event.place,
    link: event.link,
    capacity: event.capacity,
    status: event.status === 'open' ? 'open' : 'closed',
    // A past event has no spots to offer: "30 spots left" beside "Event unavailable" reads as an invitation.
    spots_left: past ? null : spotsLeft,
    available: event.status === 'open' && !past && (spotsLeft === null || spotsLeft > 0),
  };
}

export async function getEvent(db: Db, id: number, now: Date): Promise<Schemas['Event']> {
  const [row] = await db.select({ event: events, taken: takenOf }).from(events).where(eq(events.id, id));
  if (!row) throw eventUnavailable(404);
  return toEvent(row.event, row.taken, now);
}

/** The open interest form (the newest when several are open) whose date, if it has one, has not passed. */
export async function getOpenInterestForm(db: Db, now: Date): Promise<Schemas['Event']> {
  const [row] = await db
    .select({ event: events, taken: takenOf })
    .from(events)
    .where(and(eq(events.kind, 'interest'), eq(events.status, 'open'), or(isNull(events.starts_at), gt(events.starts_at, now))))
    .orderBy(desc(events.id))
    .limit(1);
  if (!row) throw eventUnavailable(404);
  return toEvent(row.event, row.taken, now);
}

interface Registrant {
  name: string;
  email: string;
  phone: string;
  howHeard: Schemas['HowHeard'] | null;
  language: Language;
  userId: number | null;
}

/**
 * Writes one registration in one transaction: the event's row locked (FOR UPDATE) so two requests for the last spot
 * are counted one after the other, the duplicate check on the normalized e-mail, and the confirmation e-mail queued.
 */
async function register(deps: EventDeps, eventId: number, person: Registrant): Promise<void> {
  const now = deps.now();
  const email = normalizedEmail(person.email);
  try {
    await deps.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event) throw eventUnavailable(404);
      const [already] = await tx
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.event_id, eventId), sql`lower(trim(${eventRegistrations.email})) = ${email}`));
      if (already) throw duplicateRegistration();
      const [taken] = await tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.event_id, eventId));
      if (!toEvent(event, taken?.n ?? 0, now).available) throw eventUnavailable(409);
      const [inserted] = await tx
        .insert(eventRegistrations)
        .values({
          event_id: eventId,
          user_id: person.userId,
          name: person.name,
          email,
          phone: person.phone,
          how_heard: person.howHeard,
          language: person.language,
          created_at: now,
        })
        .returning({ id: eventRegistrations.id });
      await enqueueMail(tx, confirmationMail(deps, event, person, email, inserted?.id ?? 0, now), now);
    });
  } catch (error) {
    // Two requests with the same e-mail at once: the unique index refuses the second.
    if ((error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505') {
      throw duplicateRegistration();
    }
    throw error;
  }
}

/** When an event starts, as the registrant reads it: Puerto Rico's time, in their language. */
const eventTime = (date: Date, language: Language): string =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-PR' : 'en-US', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'America/Puerto_Rico',
  }).format(date);

function confirmationMail(deps: EventDeps, event: EventRow, person: Registrant, email: string, registrationId: number, now: Date): MailTemplate {
  const title = person.language === 'es' ? event.title_es : event.title_en;
  const url = `${deps.publicUrl}/submission/${event.id}`;
  const place = [event.place, event.link ?? ''].filter(Boolean).join(' - ');
  if (event.kind !== 'event' || !event.starts_at) {
    return { template: 'interestRegistered', to: email, language: person.language, params: { name: person.name, title, url } };
  }
  return {
    template: 'eventRegistered',
    to: email,
    language: person.language,
    params: { name: person.name, title, url, when: eventTime(event.starts_at, person.language), place: place || '-' },
    attachment: {
      filename: 'evento.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: calendarFile({
        uid: `event-${event.id}-registration-${registrationId}@${new URL(deps.publicUrl).host}`,
        title,
        description: `${person.language === 'es' ? event.description_es : event.description_en}\n\n${url}`,
        startsAt: event.starts_at,
        endsAt: event.ends_at,
        location: place,
        url,
        stampedAt: now,
      }),
    },
  };
}

/** The public form: the form's own rules first (no captcha spent on a typo), then the captcha spent once. */
export async function registerForEvent(
  deps: EventDeps,
  eventId: number,
  input: Schemas['EventRegistrationRequest'],
  language: Language,
): Promise<void> {
  const problems: Record<string, Message[]> = {};
  if (!input.name.trim()) problems.name = [{ id: 'api.field.required' }];
  const captcha = await deps.captcha.solved(input.captcha);
  if (!captcha) problems.captcha = [{ id: 'api.error.captcha' }];
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
  // Spent before the duplicate check: every answer that tells whether an address registered costs a solved puzzle.
  if (!(await deps.captcha.spend(captcha!))) throw fieldErrors({ captcha: 'api.error.captcha' }, 'captcha_invalid');
  await register(deps, eventId, {
    name: input.name.trim(),
    email: input.email,
    phone: input.phone.trim(),
    howHeard: input.how_heard,
    language,
    userId: null,
  });
}

/** The panel's events with whether `userId` attends each. */
const attendingOf = (userId: number) =>
  sql<boolean>`exists (select 1 from event_registrations r where r.event_id = "events"."id" and r.user_id = ${userId})`;

async function panelEvent(db: Db, userId: number, eventId: number, now: Date): Promise<Schemas['PanelEvent']> {
  const [row] = await db.select({ event: events, taken: takenOf, attending: attendingOf(userId) }).from(events).where(eq(events.id, eventId));
  if (!row) throw eventUnavailable(404);
  return { ...toEvent(row.event, row.taken, now), attending: row.attending };
}

/** One click from the panel: the account's name, e-mail, phone and language; the same rules as the public form. */
export async function attendEvent(deps: EventDeps, user: User, eventId: number): Promise<Schemas['PanelEvent']> {
  await register(deps, eventId, {
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    phone: user.phone,
    howHeard: null,
    language: isLanguage(user.language) ? user.language : 'es',
    userId: user.id,
  });
  return panelEvent(deps.db, user.id, eventId, deps.now());
}

/** Removes the person's own attendance; anyone else's (or none) is 404. */
export async function cancelAttendance(db: Db, userId: number, eventId: number, now: Date): Promise<Schemas['PanelEvent']> {
  const removed = await db
    .delete(eventRegistrations)
    .where(and(eq(eventRegistrations.event_id, eventId), eq(eventRegistrations.user_id, userId)))
    .returning({ id: eventRegistrations.id });
  if (removed.length === 0) throw notFound();
  return panelEvent(db, userId, eventId, now);
}

/** Upcoming events (kind `event`): the open ones and those the person attends, soonest first, one page. */
export async function listEvents(db: Db, userId: number, query: EventListQuery, now: Date): Promise<Schemas['PanelEventPage']> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const attending = attendingOf(userId);
  const conditions: SQL[] = [eq(events.kind, 'event'), gt(events.starts_at, now)];
  conditions.push(query.attending ? attending : (or(eq(events.status, 'open'), attending) as SQL));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(events).where(where);
  const rows = await db
    .select({ event: events, taken: takenOf, attending })
    .from(events)
    .where(where)
    .orderBy(asc(events.starts_at), asc(events.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    count: total?.n ?? 0,
    page,
    page_size: pageSize,
    results: rows.map((row) => ({ ...toEvent(row.event, row.taken, now), attending: row.attending })),
  };
}
