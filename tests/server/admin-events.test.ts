// Staff's events administration (docs/decisions/022-admin-events.md) on PGlite and PostgreSQL: the list with its
// counts, search without accents, filters and keyset pages; creating and editing with their rules; one event's
// registrations, their CSV (parsed back), the check-in; and an audit entry for every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#api/schema.d.ts';
import { exportTime } from '#server/admin/export-about.ts';
import { signUp, type Person } from '../support/applicants.ts';
import { parseCsv as readCsv } from '../support/csv.ts';
import { databaseKinds, solveCaptcha, startTestApp, type TestApp } from '../support/server.ts';

type AdminEvent = components['schemas']['AdminEvent'];
type AdminEventInput = components['schemas']['AdminEventInput'];
type RegistrationPage = components['schemas']['AdminRegistrationPage'];

const DAY = 86_400_000;

/** The export without its byte-order mark (checked), read back cell by cell. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return readCsv(text.slice(1));
}

describe.each(databaseKinds)('staff events administration (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let applicant: Person;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });
  const input = (change: Partial<AdminEventInput> = {}): AdminEventInput => ({
    kind: 'event',
    title_es: 'Taller de contabilidad',
    title_en: 'Bookkeeping workshop',
    description_es: 'Aprenda a llevar sus cuentas.',
    description_en: 'Learn to keep your books.',
    starts_at: new Date(Date.now() + 10 * DAY).toISOString(),
    ends_at: new Date(Date.now() + 10 * DAY + 2 * 3_600_000).toISOString(),
    place: 'San Juan',
    link: null,
    capacity: 30,
    status: 'open',
    ...change,
  });
  const create = async (change: Partial<AdminEventInput> = {}): Promise<AdminEvent> => {
    const created = await test.call('POST', '/admin/events', input(change), staff.headers);
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as AdminEvent;
  };
  const audit = async (type: string, id: number) => {
    const response = await test.call('GET', `/admin/audit?record_type=${type}&record_id=${id}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: Array<{ operation: string; before: unknown; after: unknown; actor: { id: number } | null }> }).results;
  };
  const registerPublicly = async (eventId: number, name: string, email: string) => {
    const answer = await test.call('POST', `/events/${eventId}/registrations`, {
      name,
      email,
      phone: '787-555-0100',
      how_heard: 'social',
      conditions: true,
      captcha: await solveCaptcha(test),
    });
    expect(answer.statusCode, answer.body).toBe(201);
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Directora', last_name: 'Eventos', staff: true });
    applicant = await signUp(test, { first_name: 'Ana', last_name: 'Solicitante' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses an applicant (403, localized) and nobody signed in (401)', async () => {
    const refused = await test.call('POST', '/admin/events', input(), en(applicant));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    expect((await test.call('GET', '/admin/events')).statusCode).toBe(401);
  });

  it('creates an event in both languages, shows it to the public, and audits it', async () => {
    const event = await create({ title_es: 'Feria de Peña', title_en: 'Peña fair' });
    expect(event).toMatchObject({ kind: 'event', title: { es: 'Feria de Peña', en: 'Peña fair' }, status: 'open', registrations: 0, attended: 0, capacity: 30, available: true });
    const publicView = await test.call('GET', `/events/${event.id}`);
    expect(publicView.json()).toMatchObject({ id: event.id, title: { es: 'Feria de Peña' } });
    const entries = await audit('event', event.id);
    expect(entries).toEqual([expect.objectContaining({ operation: 'createAdminEvent', before: null, actor: expect.objectContaining({ id: staff.id }) })]);
    expect(entries[0]?.after).toMatchObject({ title_es: 'Feria de Peña', capacity: 30, status: 'open' });
  });

  it('refuses what the rules refuse, with localized field errors, and stores nothing', async () => {
    const before = (await test.call('GET', '/admin/events?limit=100', undefined, staff.headers)).json() as { count: number };
    const cases: Array<[Partial<AdminEventInput>, string, string]> = [
      [{ starts_at: null }, 'starts_at', 'An event needs its start date and time.'],
      [{ ends_at: new Date(Date.now() + 9 * DAY).toISOString() }, 'ends_at', 'The end must be after the start.'],
      [{ link: 'javascript:alert(1)' }, 'link', 'Enter a full web address starting with https://, or leave it empty.'],
      [{ title_en: '' }, 'title_en', ''],
      [{ capacity: -1 }, 'capacity', ''],
    ];
    for (const [change, field, message] of cases) {
      const refused = await test.call('POST', '/admin/events', input(change), en(staff));
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      const body = refused.json() as Record<string, string[]>;
      expect(body[field], refused.body).toBeDefined();
      if (message) expect(body[field]).toEqual([message]);
    }
    const spanish = await test.call('POST', '/admin/events', input({ starts_at: null }), staff.headers);
    expect((spanish.json() as Record<string, string[]>).starts_at).toEqual(['Un evento necesita su fecha y hora de inicio.']);
    const after = (await test.call('GET', '/admin/events?limit=100', undefined, staff.headers)).json() as { count: number };
    expect(after.count).toBe(before.count);
    // An interest form needs no date.
    expect((await create({ kind: 'interest', starts_at: null, ends_at: null, capacity: null })).kind).toBe('interest');
  });

  it('edits and closes an event, auditing only what changed; a capacity below the registrations is refused', async () => {
    const event = await create({ capacity: 5 });
    await registerPublicly(event.id, 'Luis Ortiz', 'luis@example.com');
    await registerPublicly(event.id, 'Marta Ruiz', 'marta@example.com');
    const tooSmall = await test.call('PUT', `/admin/events/${event.id}`, input({ capacity: 1 }), en(staff));
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toMatchObject({ capacity: ['The capacity cannot be below the 2 registrations it already has.'] });
    // The whole event is sent back, as the edit form does (the same start and end as created).
    const edited = input({ capacity: 5, status: 'closed', place: 'Ponce', starts_at: event.starts_at, ends_at: event.ends_at });
    const closed = await test.call('PUT', `/admin/events/${event.id}`, edited, staff.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', place: 'Ponce', registrations: 2, available: false });
    // Closed: the public form refuses new registrations.
    const late = await test.call('POST', `/events/${event.id}/registrations`, {
      name: 'Tarde',
      email: 'tarde@example.com',
      phone: '787-555-0101',
      how_heard: 'other',
      conditions: true,
      captcha: await solveCaptcha(test),
    });
    expect(late.statusCode).toBe(409);
    const entries = await audit('event', event.id);
    expect(entries[0]).toMatchObject({ operation: 'updateAdminEvent', before: { status: 'open', place: 'San Juan' }, after: { status: 'closed', place: 'Ponce' } });
    // Saving the same again changes nothing and writes no entry.
    expect((await test.call('PUT', `/admin/events/${event.id}`, edited, staff.headers)).statusCode).toBe(200);
    expect(await audit('event', event.id)).toHaveLength(entries.length);
    expect((await test.call('PUT', '/admin/events/999999', input(), staff.headers)).statusCode).toBe(404);
  });

  it('lists with counts, finds titles whatever the accents, filters, and pages with a cursor', async () => {
    const token = `zq${Date.now().toString(36)}`;
    const made: AdminEvent[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await create({ title_es: `Encuentro ${token} número ${i}`, title_en: `Meetup ${token} ${i}`, starts_at: new Date(Date.now() + (i + 1) * DAY).toISOString(), ends_at: null }));
    await registerPublicly(made[0]!.id, 'Pía Núñez', `pia-${token}@example.com`);
    const seen: AdminEvent[] = [];
    let cursor: string | null = null;
    do {
      const page = await test.call('GET', `/admin/events?q=${encodeURIComponent(`${token.toUpperCase()} NÚMERO`)}&sort=starts&limit=2${cursor ? `&cursor=${cursor}` : ''}`, undefined, staff.headers);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json() as { results: AdminEvent[]; count: number; next_cursor: string | null };
      expect(body.count).toBe(5);
      seen.push(...body.results);
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen.map((event) => event.id)).toEqual(made.map((event) => event.id));
    expect(seen[0]).toMatchObject({ registrations: 1, attended: 0 });
    const closedOnly = (await test.call('GET', `/admin/events?q=${token}&status=closed`, undefined, staff.headers)).json() as { count: number };
    expect(closedOnly.count).toBe(0);
    const interest = (await test.call('GET', `/admin/events?q=${token}&kind=interest`, undefined, staff.headers)).json() as { count: number };
    expect(interest.count).toBe(0);
    // A cursor from another search is refused.
    const first = (await test.call('GET', `/admin/events?q=${token}&limit=1`, undefined, staff.headers)).json() as { next_cursor: string };
    expect((await test.call('GET', `/admin/events?q=other&cursor=${first.next_cursor}`, undefined, staff.headers)).statusCode).toBe(400);
  });

  it('exports the filtered event list as CSV that parses back to the same rows: accents, quotes, commas, formula cells', async () => {
    const token = `zc${Date.now().toString(36)}`;
    const first = await create({ title_es: `=Taller "Peña", ${token}`, title_en: `-Workshop "Rock", ${token}`, starts_at: '2031-05-02T14:00:00.000Z', ends_at: '2031-05-02T16:00:00.000Z', place: 'Mayagüez,\nsalón 2', capacity: 12 });
    const second = await create({ kind: 'interest', title_es: `Interés ${token}`, title_en: `Interest ${token}`, starts_at: null, ends_at: null, place: '', link: 'https://example.com/a', capacity: null });
    await registerPublicly(first.id, 'Pía Núñez', `pia-${token}@example.com`);
    expect((await test.call('GET', `/admin/events/export.csv?q=${token}`)).statusCode).toBe(401);
    expect((await test.call('GET', `/admin/events/export.csv?q=${token}`, undefined, applicant.headers)).statusCode).toBe(403);

    const csv = await test.call('GET', `/admin/events/export.csv?q=${encodeURIComponent(token)}&sort=-starts`, undefined, staff.headers);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="eventos-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(['ID', 'Tipo', 'Título', 'Inicio', 'Fin', 'Lugar', 'Enlace', 'Cupo', 'Estado', 'Registros', 'Asistieron', 'Creado']);
    // Newest start first; an interest form has no start and sorts last.
    expect(rows).toEqual([
      [String(first.id), 'Evento', `'=Taller "Peña", ${token}`, '2031-05-02T10:00:00-04:00', '2031-05-02T12:00:00-04:00', 'Mayagüez,\nsalón 2', '', '12', 'Abierto', '1', '0', exportTime(first.created_at)],
      [String(second.id), 'Formulario de interés', `Interés ${token}`, '', '', '', 'https://example.com/a', '', 'Abierto', '0', '0', exportTime(second.created_at)],
    ]);
    const english = parseCsv((await test.call('GET', `/admin/events/export.csv?q=${encodeURIComponent(token)}&kind=event`, undefined, en(staff))).body);
    expect(english[0]?.slice(0, 3)).toEqual(['ID', 'Type', 'Title']);
    expect(english.slice(1).map((row) => row.slice(0, 3))).toEqual([[String(first.id), 'Event', `'-Workshop "Rock", ${token}`]]);
    expect((await test.call('GET', '/admin/events/export.csv?kind=party', undefined, staff.headers)).statusCode).toBe(400);
  });

  it("lists an event's registrations, checks one in (audited), and exports them as CSV that parses back", async () => {
    const event = await create({ capacity: null });
    const tricky = [
      ['=HYPERLINK("http://evil")', 'formula@example.com'],
      ['Peña, "La Chef"', 'pena@example.com'],
      ['José Martí', 'jose@example.com'],
    ] as const;
    for (const [name, email] of tricky) await registerPublicly(event.id, name, email);
    const page = (await test.call('GET', `/admin/events/${event.id}/registrations?q=pena`, undefined, staff.headers)).json() as RegistrationPage;
    expect(page.count).toBe(1);
    expect(page.event.id).toBe(event.id);
    const pena = page.results[0]!;
    expect(pena).toMatchObject({ name: 'Peña, "La Chef"', email: 'pena@example.com', how_heard: 'social', attended: false });

    const checked = await test.call('PUT', `/admin/events/${event.id}/registrations/${pena.id}/attended`, { attended: true }, staff.headers);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ id: pena.id, attended: true });
    expect((await test.call('GET', `/admin/events/${event.id}`, undefined, staff.headers)).json()).toMatchObject({ registrations: 3, attended: 1 });
    expect(await audit('event_registration', pena.id)).toEqual([
      expect.objectContaining({ operation: 'setAdminRegistrationAttended', before: { attended: false }, after: { attended: true } }),
    ]);
    const attendedOnly = (await test.call('GET', `/admin/events/${event.id}/registrations?attended=true`, undefined, staff.headers)).json() as RegistrationPage;
    expect(attendedOnly.results.map((row) => row.id)).toEqual([pena.id]);
    // A registration of another event is not this event's.
    const other = await create();
    expect((await test.call('PUT', `/admin/events/${other.id}/registrations/${pena.id}/attended`, { attended: false }, staff.headers)).statusCode).toBe(404);

    const csv = await test.call('GET', `/admin/events/${event.id}/registrations/export.csv`, undefined, en(staff));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="registrations-\d+-/);
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'How they heard', 'Language', 'Registered on', 'Attended']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[6]])).toEqual([
      ["'=HYPERLINK(\"http://evil\")", 'formula@example.com', 'No'],
      ['Peña, "La Chef"', 'pena@example.com', 'Yes'],
      ['José Martí', 'jose@example.com', 'No'],
    ]);
    expect(rows[1]?.[3]).toBe('Social media');
    const spanish = parseCsv((await test.call('GET', `/admin/events/${event.id}/registrations/export.csv`, undefined, staff.headers)).body);
    expect(spanish[0]?.[0]).toBe('Nombre');
    expect((await test.call('GET', '/admin/events/999999/registrations', undefined, staff.headers)).statusCode).toBe(404);
  });

  it("shows a person's registrations on their account page: from the panel and from the public form with their e-mail", async () => {
    const fromPanel = await create({ title_es: 'Desde el panel', title_en: 'From the panel' });
    const fromForm = await create({ title_es: 'Desde el formulario', title_en: 'From the form' });
    expect((await test.call('POST', `/events/${fromPanel.id}/attendance`, undefined, applicant.headers)).statusCode).toBe(201);
    await registerPublicly(fromForm.id, 'Ana Solicitante', applicant.email.toUpperCase());
    const detail = (await test.call('GET', `/admin/users/${applicant.id}`, undefined, staff.headers)).json() as components['schemas']['AdminUserDetail'];
    expect(detail.registrations.map((registration) => registration.event_title.es).sort()).toEqual(['Desde el formulario', 'Desde el panel']);
    expect(detail.registrations.every((registration) => !registration.attended)).toBe(true);
  });
});
