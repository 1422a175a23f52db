// Staff's user administration over HTTP on PGlite and PostgreSQL (docs/decisions/021): 401/403, accent-insensitive
// search, keyset pages that stay stable while accounts are added, the CSV export (BOM, escaping), self-protection and
// the last staff account, deactivation that ends every session at once, the reset link through the outbox, and the
// audit entries (before and after) each change writes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, users } from '#server/db/schema.ts';
import { FOLD_FROM, searchFold } from '#shared/search-fold.ts';
import { createProgram, PASSWORD, signUp, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';
import { SERVER_ANSWERS } from '../support/server-answers.ts';

interface AdminUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_active: boolean;
}
interface Page {
  results: AdminUser[];
  count: number;
  next_cursor: string | null;
}
interface AuditEntry {
  operation: string;
  actor: { id: number; email: string } | null;
  record_id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe.each(databaseKinds)('staff user administration (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let applicant: Person;
  const en = (person: Person) => ({ ...person.headers, 'accept-language': 'en' });

  const list = async (query: Record<string, string | number | boolean>, who: Person = staff): Promise<Page> => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
    const response = await test.call('GET', `/admin/users?${search}`, undefined, who.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const audit = async (recordId: number, query = ''): Promise<{ results: AuditEntry[]; next_cursor: string | null }> => {
    const response = await test.call('GET', `/admin/audit?record_type=user&record_id=${recordId}${query}`, undefined, staff.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: AuditEntry[]; next_cursor: string | null };
  };
  /** Every page of a list, following next_cursor; `between` runs after each page (to add accounts meanwhile). */
  const allPages = async (query: Record<string, string | number | boolean>, between: (page: number) => Promise<void> = async () => {}) => {
    const seen: AdminUser[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const answer: Page = await list({ ...query, ...(cursor ? { cursor } : {}) });
      seen.push(...answer.results);
      cursor = answer.next_cursor;
      await between(page);
      page += 1;
    } while (cursor !== null);
    return seen;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Directora', last_name: 'Del Programa', staff: true });
    applicant = await signUp(test, { first_name: 'Ana', last_name: 'Peña Ortiz' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses nobody signed in (401) and an applicant (403, localized)', async () => {
    expect((await test.call('GET', '/admin/users')).statusCode).toBe(401);
    const refused = await test.call('PUT', `/admin/users/${staff.id}/staff`, { is_staff: false }, en(applicant));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    expect((await test.call('GET', `/admin/users/${staff.id}`, undefined, applicant.headers)).json()).toMatchObject({ detail: 'No tiene permiso para realizar esta acción.' });
  });

  it("folds accents and case the same in Node and in the database's search_fold()", async () => {
    const sample = `${FOLD_FROM} ABCXYZ abc Ø ß 東京 50%`;
    const result = await test.app.ctx.db.execute(sql`select search_fold(${sample}) as folded`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ folded: string }>;
    expect(rows[0]?.folded).toBe(searchFold(sample));
  });

  it("searches names and e-mails whatever the accents and case: 'Peña' finds 'pena', 'pena' finds 'Peña'", async () => {
    const plain = await signUp(test, { first_name: 'Luis', last_name: 'Pena' });
    const muñoz = await signUp(test, { first_name: 'José', last_name: 'Muñoz' });
    const found = (page: Page) => page.results.map((user) => user.id).sort((a, b) => a - b);
    expect(found(await list({ q: 'Peña' }))).toEqual([applicant.id, plain.id].sort((a, b) => a - b));
    expect(found(await list({ q: 'pena' }))).toEqual([applicant.id, plain.id].sort((a, b) => a - b));
    expect(found(await list({ q: 'PEÑA ORTIZ' }))).toEqual([applicant.id]);
    expect(found(await list({ q: 'jose munoz' }))).toEqual([muñoz.id]);
    expect(found(await list({ q: muñoz.email.toUpperCase() }))).toEqual([muñoz.id]);
    // % and _ are letters to look for, not wildcards.
    expect((await list({ q: '%' })).results).toEqual([]);
    expect((await list({ q: 'Peña' })).count).toBe(2);
    // Filters: staff only, then inactive only (none yet).
    expect(found(await list({ staff: true }))).toEqual([staff.id]);
    expect((await list({ active: false })).count).toBe(0);
  });

  it('pages with a cursor: every account once, in order, while accounts are added between pages', async () => {
    for (let index = 0; index < 7; index += 1) await signUp(test, { first_name: `Persona ${index}`, last_name: 'Ortiz' });
    const before = await list({ limit: 100 });
    for (const sort of ['name', '-name', 'email', '-email', 'created', '-created'] as const) {
      let added = 0;
      const seen = await allPages({ sort, limit: 3 }, async (page) => {
        // New accounts land before and after the page boundary: no row shown twice, none of the first set skipped.
        if (page === 1) {
          await signUp(test, { first_name: 'Aaron', last_name: 'Aaa' });
          await signUp(test, { first_name: 'Zoe', last_name: 'Zzz' });
          added += 2;
        }
      });
      const ids = seen.map((user) => user.id);
      expect(new Set(ids).size, sort).toBe(ids.length);
      for (const user of before.results) expect(ids, `${sort} skipped ${user.email}`).toContain(user.id);
      expect(ids.length).toBeLessThanOrEqual(before.count + added + 20);
    }
    // The order is the one asked for, ties broken by id.
    const byEmail = await allPages({ sort: '-email', limit: 4 });
    const emails = byEmail.map((user) => user.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    // A cursor belongs to its list: another sort, a forged one, garbage are 400 on `cursor`.
    const first = await list({ sort: 'name', limit: 2 });
    for (const query of [{ sort: '-name', cursor: first.next_cursor ?? '' }, { sort: 'name', cursor: 'garbage!' }]) {
      const response = await test.call('GET', `/admin/users?${new URLSearchParams(query).toString()}`, undefined, en(staff));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ cursor: ['This page of the list is no longer valid. Go back to the first page.'], code: 'invalid' });
    }
    expect((await test.call('GET', '/admin/users?limit=1000', undefined, staff.headers)).statusCode).toBe(400);
    expect((await test.call('GET', '/admin/users?sort=password_hash', undefined, staff.headers)).statusCode).toBe(400);
  });

  it('exports CSV: a BOM, headers in the reader language, accents kept, formula cells made text', async () => {
    const formula = await signUp(test, { first_name: '=HYPERLINK("http://evil.example")', last_name: 'Núñez, "Tito"' });
    const response = await test.call('GET', `/admin/users/export.csv?q=${encodeURIComponent('núñez')}`, undefined, staff.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('ID,Correo electrónico,Nombre,Apellidos,Idioma,Personal,Activa,Fecha de registro');
    expect(lines[1]).toContain(`${formula.id},${formula.email},"'=HYPERLINK(""http://evil.example"")","Núñez, ""Tito""",es,No,Sí,`);
    expect(lines).toHaveLength(3);
    const english = await test.call('GET', '/admin/users/export.csv?staff=true', undefined, en(staff));
    expect(english.body.slice(1).split('\r\n')[0]).toBe('ID,E-mail,First name,Last name,Language,Staff,Active,Signed up');
    expect(english.body).toContain(`${staff.id},${staff.email},Directora,Del Programa,es,Yes,Yes,`);
  });

  it("shows one account with its applications; an unknown one is 404", async () => {
    const program = await createProgram(test, { name_es: 'Incubadora Peña', name_en: 'Peña incubator' });
    const applied = await test.call('POST', '/applications', { program_id: program.id }, applicant.headers);
    const detail = await test.call('GET', `/admin/users/${applicant.id}`, undefined, staff.headers);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: applicant.id,
      last_name: 'Peña Ortiz',
      is_staff: false,
      is_active: true,
      applications: [{ id: (applied.json() as { id: number }).id, program_name: { es: 'Incubadora Peña', en: 'Peña incubator' }, status: 'draft', submitted_at: null }],
    });
    expect((await test.call('GET', '/admin/users/999999', undefined, staff.headers)).statusCode).toBe(404);
  });

  it('grants and removes staff access, each change audited with before and after', async () => {
    const colleague = await signUp(test, { first_name: 'Carmen', last_name: 'Colón' });
    const granted = await test.call('PUT', `/admin/users/${colleague.id}/staff`, { is_staff: true }, staff.headers);
    expect(granted.json()).toMatchObject({ id: colleague.id, is_staff: true });
    // The new staff member reaches the admin API at once, with the token they already had.
    expect((await test.call('GET', '/admin/users', undefined, colleague.headers)).statusCode).toBe(200);
    await test.call('PUT', `/admin/users/${colleague.id}/staff`, { is_staff: false }, staff.headers);
    expect((await test.call('GET', '/admin/users', undefined, colleague.headers)).statusCode).toBe(403);
    // Asking for what already is changes nothing and writes no entry.
    await test.call('PUT', `/admin/users/${colleague.id}/staff`, { is_staff: false }, staff.headers);
    const entries = await audit(colleague.id);
    expect(entries.results).toEqual([
      expect.objectContaining({ operation: 'setAdminUserStaff', actor: expect.objectContaining({ id: staff.id, email: staff.email }), before: { is_staff: true }, after: { is_staff: false } }),
      expect.objectContaining({ operation: 'setAdminUserStaff', before: { is_staff: false }, after: { is_staff: true } }),
    ]);
    // Paged, newest first.
    const first = await audit(colleague.id, '&limit=1');
    expect(first.results).toHaveLength(1);
    const second = await audit(colleague.id, `&limit=1&cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
    expect(second.results[0]?.after).toEqual({ is_staff: true });
    expect(second.next_cursor).toBeNull();
  });

  it('protects staff from themselves, and never leaves the program without an active staff account', async () => {
    for (const [path, body] of [
      ['staff', { is_staff: false }],
      ['active', { is_active: false }],
    ] as const) {
      const refused = await test.call('PUT', `/admin/users/${staff.id}/${path}`, body, en(staff));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(SERVER_ANSWERS.selfProtected);
      expect(SERVER_ANSWERS.selfProtected.detail).toBe('You cannot remove your own staff access or deactivate your own account.');
    }
    // Two staff remove each other's access at the same moment: one wins, the other is no longer staff and is refused.
    const other = await signUp(test, { first_name: 'Otra', last_name: 'Directora', staff: true });
    const answers = await Promise.all([
      test.call('PUT', `/admin/users/${other.id}/staff`, { is_staff: false }, staff.headers),
      test.call('PUT', `/admin/users/${staff.id}/staff`, { is_staff: false }, other.headers),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const activeStaff = await test.app.ctx.db.select({ id: users.id }).from(users).where(sql`${users.is_staff} and ${users.is_active}`);
    expect(activeStaff).toHaveLength(1);
    // Whoever is left is the last active staff account: they cannot lose access, by their own hand or anyone's.
    const [last] = activeStaff;
    const lastHeaders = last?.id === staff.id ? staff : other;
    expect((await test.call('PUT', `/admin/users/${lastHeaders.id}/staff`, { is_staff: false }, lastHeaders.headers)).statusCode).toBe(409);
    if (lastHeaders.id !== staff.id) {
      // (This suite's staff lost the race: give the access back so the next tests run as it.)
      await test.app.ctx.db.update(users).set({ is_staff: true }).where(eq(users.id, staff.id));
    }
  });

  it('deactivation ends every session at once; a deactivated account cannot sign in, refresh or reset; reactivation needs a new sign-in', async () => {
    const person = await signUp(test, { first_name: 'Rosa', last_name: 'Quiñones' });
    const login = await test.call('POST', '/auth/login', { email: person.email, password: PASSWORD });
    const { refresh } = login.json() as { refresh: string };
    expect((await test.call('GET', '/me', undefined, person.headers)).statusCode).toBe(200);

    const off = await test.call('PUT', `/admin/users/${person.id}/active`, { is_active: false }, staff.headers);
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await test.call('GET', '/me', undefined, person.headers)).json()).toMatchObject({ code: 'token_not_valid' });
    expect((await test.call('POST', '/auth/session/', { refresh })).statusCode).toBe(401);
    expect((await test.call('POST', '/auth/login', { email: person.email, password: PASSWORD })).statusCode).toBe(401);
    const reset = await test.call('POST', `/admin/users/${person.id}/password-reset`, undefined, en(staff));
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toMatchObject({ code: 'account_inactive' });
    expect((await list({ active: false })).results.map((user) => user.id)).toContain(person.id);

    await test.call('PUT', `/admin/users/${person.id}/active`, { is_active: true }, staff.headers);
    // The old sessions stay ended; a new sign-in works.
    expect((await test.call('GET', '/me', undefined, person.headers)).statusCode).toBe(401);
    expect((await test.call('POST', '/auth/session/', { refresh })).statusCode).toBe(401);
    expect((await test.call('POST', '/auth/login', { email: person.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await audit(person.id)).results.map((entry) => [entry.before, entry.after])).toEqual([
      [{ is_active: false }, { is_active: true }],
      [{ is_active: true }, { is_active: false }],
    ]);
  });

  it('sends a password-reset link through the outbox, audited', async () => {
    const person = await signUp(test, { first_name: 'Iris', last_name: 'Vélez', language: 'en' });
    const sent = await test.call('POST', `/admin/users/${person.id}/password-reset`, undefined, staff.headers);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ detail: 'Enviamos a la persona un enlace para restablecer su contraseña.' });
    const mails = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.template).toBe('passwordReset');
    expect(mails[0]?.text_body).toMatch(/\/password\/reset\/confirm\?uid=/);
    const [entry] = (await audit(person.id)).results;
    expect(entry).toMatchObject({ operation: 'sendAdminUserPasswordReset', before: null, after: { reset_link_sent_to: person.email } });
    expect((await test.call('POST', '/admin/users/999999/password-reset', undefined, staff.headers)).statusCode).toBe(404);
    // No change, no entry: the audit log holds only the changes made.
    const rows = await test.app.ctx.db.select().from(auditLog).where(eq(auditLog.record_id, 999999));
    expect(rows).toEqual([]);
  });
});
