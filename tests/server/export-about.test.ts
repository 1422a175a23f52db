// Exports that explain themselves, against the API on PGlite and PostgreSQL (docs/decisions/041): the HUD report's file
// names its population, program and income-limits year, in its name and in the lines above its table; a dashboard
// chart's file names its filters; the applications file names its program and days; times read in Puerto Rico's clock
// with the offset; status words are the screen's, in the request's language.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDay, exportFileName, exportTime, splitAbout } from '#server/admin/export-about.ts';
import { createProgram, multipart, signUp, type Person } from '../support/applicants.ts';
import { parseCsv } from '../support/csv.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

const FIXTURE = readFileSync(new URL('../fixtures/hud-income-limits-2026.csv', import.meta.url));

describe('export times and names', () => {
  it("reads an instant in Puerto Rico's clock with its offset, and the island's day", () => {
    // An event at 10:00 on the island is 14:00Z.
    expect(exportTime('2031-05-02T14:00:00.000Z')).toBe('2031-05-02T10:00:00-04:00');
    expect(exportTime(new Date('2026-01-01T03:30:05.000Z'))).toBe('2025-12-31T23:30:05-04:00');
    expect(exportTime(null)).toBe('');
    expect(exportTime('not a date')).toBe('');
    // 02:00Z is still the day before in Puerto Rico.
    expect(exportDay(new Date('2026-11-27T02:00:00.000Z'))).toBe('2026-11-26');
  });

  it('makes file names of plain words: accents dropped, blanks left out', () => {
    expect(exportFileName('informe-hud', 'participantes', 'Incubadora Peña (2027-1)', null, 'límites-2026', '2026-11-26')).toBe(
      'informe-hud-participantes-incubadora-pena-2027-1-limites-2026-2026-11-26.csv',
    );
  });
});

describe.each(databaseKinds)('exports that explain themselves (%s)', (kind) => {
  let test: TestApp;
  let staff: Person;
  let programId: number;
  const tag = `Ex${Date.now().toString(36)}`;
  const as = (language: 'es' | 'en') => ({ ...staff.headers, 'accept-language': language });
  const download = async (path: string, language: 'es' | 'en') => {
    const response = await test.call('GET', path, undefined, as(language));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const name = /filename\*=UTF-8''(.+)$/.exec(String(response.headers['content-disposition']))?.[1] ?? '';
    return { name: decodeURIComponent(name), ...splitAbout(parseCsv(response.body.slice(1))) };
  };
  const today = () => exportDay(test.app.ctx.now());

  beforeAll(async () => {
    test = await startTestApp(kind);
    staff = await signUp(test, { first_name: 'Rita', last_name: 'Revisora', staff: true });
    programId = (await createProgram(test, { name_es: `Aceleradora Ñandú ${tag}`, name_en: `Accelerator Rhea ${tag}`, period: '2027-2' })).id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it('the HUD file says its population, program and income-limits year, in its name and above its table', async () => {
    const everyone = await download('/admin/reports/hud/export.csv', 'es');
    expect(everyone.about).toEqual([
      ['Informe', 'Informe de beneficiarios para HUD'],
      ['Población', 'Solicitantes (enviadas o más adelante)'],
      ['Programa', 'Todos los programas'],
      ['Año de los límites de ingreso', 'ninguno importado: categoría de ingreso desconocida'],
      ['Generado (hora de Puerto Rico)', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-04:00$/)],
    ]);
    expect(everyone.table[0]?.[0]).toBe('Sección');
    expect(everyone.name).toBe(`informe-hud-solicitantes-todos-los-programas-${today()}.csv`);

    const body = multipart(FIXTURE, 'limits.csv', 'text/csv');
    const imported = await test.app.inject({ method: 'POST', url: '/api/admin/reports/hud/income-limits?year=2026', headers: { ...as('en'), ...body.headers }, payload: body.payload });
    expect(imported.statusCode, imported.body).toBe(200);

    const participants = await download(`/admin/reports/hud/export.csv?population=approved&program_id=${programId}&year=2026`, 'en');
    expect(participants.about.slice(0, 4)).toEqual([
      ['Report', 'HUD beneficiary report'],
      ['Population', 'Approved participants'],
      ['Program', `Accelerator Rhea ${tag} (2027-2)`],
      ['Income limits year', '2026'],
    ]);
    expect(participants.name).toBe(`hud-report-participants-accelerator-rhea-${tag.toLowerCase()}-2027-2-limits-2026-${today()}.csv`);
    expect(participants.table[0]).toEqual(['Section', 'Category', 'Hispanic', 'Not Hispanic', 'Ethnicity unknown', 'Households']);
  });

  it("a dashboard chart's file names its filters; its status words are the screen's, in the request's language", async () => {
    const person = await signUp(test, { language: 'es' });
    expect((await test.call('POST', '/applications', { program_id: programId }, person.headers)).statusCode).toBe(201);

    const filtered = await download(`/admin/dashboard/export.csv?chart=status&program_id=${programId}&from=2026-01-01`, 'es');
    expect(filtered.about.slice(0, 4)).toEqual([
      ['Informe', 'Solicitudes por estado'],
      ['Programa', `Aceleradora Ñandú ${tag} (2027-2)`],
      ['Desde', '2026-01-01'],
      ['Hasta', 'sin límite'],
    ]);
    expect(filtered.name).toBe(`tablero-status-aceleradora-nandu-${tag.toLowerCase()}-2027-2-desde-2026-01-01-${today()}.csv`);
    // "En progreso", as the dashboard and the lists show a draft (not "borrador").
    expect(filtered.table).toContainEqual(['En progreso', '1']);

    const english = await download('/admin/dashboard/export.csv?chart=funnel&to=2030-12-31', 'en');
    expect(english.about.slice(0, 4)).toEqual([
      ['Report', 'From account to decision'],
      ['Program', 'All programs'],
      ['From', 'no limit'],
      ['To', '2030-12-31'],
    ]);
    expect(english.name).toBe(`dashboard-funnel-all-programs-to-2030-12-31-${today()}.csv`);
  });

  it('the applications file names its program and days; its times carry the Puerto Rico offset and its statuses the screen words', async () => {
    const person = await signUp(test, { language: 'en', first_name: 'Zoë' });
    expect((await test.call('POST', '/applications', { program_id: programId }, person.headers)).statusCode).toBe(201);
    const response = await test.call('GET', `/admin/applications/export.csv?program_id=${programId}&from=2020-01-01&to=2099-12-31`, undefined, as('es'));
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain(`filename="solicitudes-aceleradora-nandu-${tag.toLowerCase()}-2027-2-desde-2020-01-01-hasta-2099-12-31-${today()}.csv"`);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    const row = rows.find((cells) => cells[5] === 'Zoë');
    expect(row?.[header?.indexOf('Estado') ?? -1]).toBe('En progreso');
    expect(row?.[10]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-04:00$/);
  });
});
