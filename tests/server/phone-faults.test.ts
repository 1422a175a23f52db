// Small faults found applying from a phone, on the server's side, on real databases
// (docs/decisions/042-partial-drafts-and-phone-faults.md): a refused step save names every bad field at once, a
// past event offers no spots, a renamed file keeps its extension. The browser's side: tests/e2e/phone-faults.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#server/db/schema.ts';
import { MAX_REQUEST_ISSUES } from '#server/http/validators.ts';
import { createProgram, multipart, samplePdf, saveStep, signUp, type Person } from '../support/applicants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('phone faults (%s)', (kind) => {
  let test: TestApp;
  let ana: Person;
  let programId: number;
  let applicationId: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    ana = await signUp(test);
    programId = (await createProgram(test)).id;
    const applied = await test.call('POST', '/applications', { program_id: programId }, ana.headers);
    expect(applied.statusCode, applied.body).toBe(201);
    applicationId = (applied.json() as { id: number }).id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it('names every bad field of a refused step save, not only the first', async () => {
    const refused = await saveStep(test, ana, applicationId, 1, {
      phone: '12ab',
      postal_code: 'abc',
      ssn_last4: '12x4',
      city: 'Ponce',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const body = refused.json() as Record<string, unknown>;
    expect(Object.keys(body).filter((key) => key !== 'code').sort()).toEqual(['phone', 'postal_code', 'ssn_last4']);
    for (const field of ['phone', 'postal_code', 'ssn_last4']) {
      expect(body[field], field).toEqual([expect.any(String)]);
    }
    // A business step with a bad revenue and a bad phone: both, and the whole-number fields beside them too.
    const business = await saveStep(test, ana, applicationId, 2, { monthly_revenue: '4,500.50', business_phone: 'x', owners_count: 1.5 });
    expect(business.statusCode).toBe(400);
    expect(Object.keys(business.json() as object).filter((key) => key !== 'code').sort()).toEqual(['business_phone', 'monthly_revenue', 'owners_count']);
  });

  it('keeps the issues of a crafted body to a form’s worth', async () => {
    // Thousands of bad owners: the answer names at most MAX_REQUEST_ISSUES issues, and stays small.
    const owners = Array.from({ length: 3000 }, () => ({ position: 7 }));
    const refused = await saveStep(test, ana, applicationId, 3, { owners });
    expect(refused.statusCode).toBe(400);
    const named = Object.keys(refused.json() as object).filter((key) => key !== 'code');
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(MAX_REQUEST_ISSUES);
    expect(String(refused.headers['error-messages'] ?? '').length).toBeLessThan(20_000);
  });

  it('shows no spots left for a past event, and the spots of an upcoming one', async () => {
    const now = test.app.ctx.now();
    const base = { kind: 'event', title_es: 'Taller', title_en: 'Workshop', description_es: '', description_en: '', place: 'Ponce', capacity: 100, status: 'open' } as const;
    const [past] = await test.app.ctx.db.insert(events).values({ ...base, starts_at: new Date(now.getTime() - DAY_MS) }).returning();
    const [upcoming] = await test.app.ctx.db.insert(events).values({ ...base, starts_at: new Date(now.getTime() + DAY_MS) }).returning();
    const pastShown = await test.call('GET', `/events/${past!.id}`);
    expect(pastShown.json()).toMatchObject({ capacity: 100, spots_left: null, available: false });
    expect((await test.call('GET', `/events/${upcoming!.id}`)).json()).toMatchObject({ spots_left: 100, available: true });
  });

  it('keeps a file’s extension when it is renamed without it; a folder is renamed as typed', async () => {
    const drive = `/programs/${programId}/drive`;
    const body = multipart(samplePdf(), 'licencia.pdf', 'application/pdf');
    const uploaded = await test.app.inject({ method: 'POST', url: `/api${drive}/files?space=personal`, headers: { ...ana.headers, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json() as { id: number };
    const rename = (name: string) => test.call('PATCH', `${drive}/nodes/${file.id}`, { name }, ana.headers);

    expect((await rename('licencia renombrada')).json()).toMatchObject({ name: 'licencia renombrada.pdf' });
    // Already ending with it, in any case: as typed.
    expect((await rename('Licencia final.PDF')).json()).toMatchObject({ name: 'Licencia final.PDF' });
    // Another extension typed: the file's own is added, so its type does not change.
    expect((await rename('licencia.txt')).json()).toMatchObject({ name: 'licencia.txt.pdf' });
    // 120 characters at most: the name gives way, never the extension.
    const long = (await rename('a'.repeat(120))).json() as { name: string };
    expect(long.name).toBe(`${'a'.repeat(116)}.pdf`);

    const folder = await test.call('POST', `${drive}/folders`, { space: 'personal', parent_id: null, name: 'Facturas.pdf' }, ana.headers);
    expect(folder.statusCode, folder.body).toBe(201);
    const renamedFolder = await test.call('PATCH', `${drive}/nodes/${(folder.json() as { id: number }).id}`, { name: 'Recibos' }, ana.headers);
    expect(renamedFolder.json()).toMatchObject({ name: 'Recibos' });
  });
});
