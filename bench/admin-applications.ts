// The bench table's staff applications list at 100,000 applications on PostgreSQL (target: p95 <= 50 ms), over
// a real socket to the server in its own process: the first page, filtered, sorted, searched (common and rare words,
// accents typed or not), a date range, and pages deep in the list; then the HUD beneficiary report over the same
// applications (target: p95 <= 300 ms). Alone as `npm run bench:applications`. Not a test.
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '#server/auth/passwords.ts';
import { openDatabase } from '#server/db/client.ts';
import { PR_MUNICIPALITIES } from '#shared/pr-municipalities.ts';
import { freePort, root, startProcess, stop } from '#test-support/processes.ts';
import { isMain, percentile, runAlone, type Part } from './results.ts';

const COUNT = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const TARGET_MS = 50;
/** The target for the HUD report at 100,000 applications. */
const HUD_TARGET_MS = 300;
const PASSWORD = 'Bench-Staff-Password-1';

export interface ListFigure {
  name: string;
  /** Timed requests: none for a deep-paging query whose list ends before page 101 (a small BENCH_APPLICATIONS). */
  samples: number;
  p50: number;
  p95: number;
  count: number;
}

/** People, programs, applications and their six steps, generated in SQL (the triggers' work done once at the end). */
async function seed(client: pg.Client, count: number): Promise<void> {
  await client.query(`alter table applications disable trigger user; alter table application_steps disable trigger user`);
  await client.query(`
    insert into programs (sub_program, name_es, name_en, period, start_date, end_date, application_deadline, status)
    select (array['student_incubator','pre_incubator','incubator','accelerator'])[1 + (i % 4)],
           'Programa ' || i, 'Program ' || i, '2027-' || (1 + i % 2), '2027-01-15', '2027-12-31', now() + interval '60 days', 'open'
    from generate_series(1, 8) as i`);
  await client.query(
    `insert into users (email, password_hash, first_name, last_name, created_at, updated_at)
     select 'person' || i || '@example.com', '',
            (array['José','María','Ana','Luis','Carmen','Pedro','Sofía','Ángel'])[1 + (i % 8)],
            (array['Rivera','Peña','Rodríguez','Muñiz','Santiago','Ortiz','Colón','Nieves','Báez','Vélez','Torres'])[1 + (i % 11)]
              || ' ' || (array['Cruz','López','Díaz','Núñez','Ramos','Ortega','Pérez'])[1 + (i % 7)],
            now() - (i % 700) * interval '1 day', now() - (i % 700) * interval '1 day'
     from generate_series(1, $1::int) as i`,
    [count],
  );
  await client.query(
    `insert into applications (user_id, program_id, status, submitted_at, closed_at, created_at, updated_at)
     select u.id, p.id,
            case when u.id % 10 < 6 then 'draft' when u.id % 10 < 9 then 'submitted' else 'closed' end,
            case when u.id % 10 between 6 and 8 then u.created_at + interval '20 days' end,
            case when u.id % 10 = 9 then u.created_at + interval '40 days' end,
            u.created_at, u.created_at + (u.id % 30) * interval '1 day'
     from users u join (select id, row_number() over (order by id) - 1 as n from programs) p on p.n = u.id % 8
     where u.email like 'person%@example.com'`,
  );
  await client.query(
    `insert into application_steps (application_id, step, status, version, data)
     select a.id, s, case when a.status = 'submitted' or (a.id + s) % 3 = 0 then 'submitted' else 'incomplete' end, 1,
            case when s = 2 then jsonb_build_object('business_name',
              (array['Café','Panadería','Taller','Ferretería','Colmado','Estudio','Repostería'])[1 + (a.id % 7)] || ' ' ||
              (array['del Sur','La Ñ','Borinquen','El Yunque','Mar Azul','Sol'])[1 + (a.id % 6)] || ' ' || a.id)
            -- The HUD report's answers (docs/decisions/031): a municipality (one city in 13 none), the household.
            when s = 1 then jsonb_build_object('city', case when a.id % 13 = 0 then 'Orlando' else ($1::text[])[1 + (a.id % 78)] end)
            when s = 4 then jsonb_build_object(
              'household_size', 1 + (a.id % 9),
              'annual_income', case when a.id % 7 <> 0 then (a.id * 37) % 60000 end,
              'race', (array['["white"]', '["asian","white"]', '["other"]', '[]', '["black_or_african_american","white"]', '["hispanic_or_latino"]'])[1 + (a.id % 6)]::jsonb,
              'ethnicity', case a.id % 3 when 0 then 'hispanic_or_latino' when 1 then 'not_hispanic_or_latino' end,
              'head_of_household', (array['single_female','single_male','not_single_female','prefer_not_to_answer'])[1 + (a.id % 4)],
              'income_sources', (array['["work"]','["no_income"]','["ssi","work"]','[]'])[1 + (a.id % 4)]::jsonb,
              'public_housing', a.id % 2 = 0, 'section_8', a.id % 5 = 0, 'government_program', a.id % 3 = 0, 'section_3', a.id % 11 = 0)
            else '{}'::jsonb end
     from applications a cross join generate_series(1, 6) as s`,
    [PR_MUNICIPALITIES],
  );
  // A year of HUD income limits for every municipality and household size.
  await client.query(
    `insert into hud_income_limits (year, municipality, municipality_key, household_size, limit_30, limit_50, limit_80)
     select 2026, m, search_fold(m), s, 8000 + s * 1000, 13000 + s * 1700, 21000 + s * 2700
     from unnest($1::text[]) as m cross join generate_series(1, 8) as s`,
    [PR_MUNICIPALITIES],
  );
  await client.query(`alter table applications enable trigger user; alter table application_steps enable trigger user`);
  // What the triggers would have written row by row (migration 0008), in one statement.
  await client.query(`update applications a set search_text = coalesce(application_search_text(a.user_id,
      (select s.data->>'business_name' from application_steps s where s.application_id = a.id and s.step = 2)), '')`);
  // And the HUD report's buckets (migration 0013), as its backfill does.
  await client.query(`select applications_hud_refresh(array(select id from applications))`);
  // Staff's queues (docs/decisions/040): when each entered its status (migration 0020's backfill, no audit here), five
  // reviewers sharing the submitted applications, and a 14-day target on every program.
  await client.query(`update applications set status_since = coalesce(case status when 'submitted' then submitted_at when 'closed' then closed_at end, created_at)`);
  await client.query(`insert into users (email, password_hash, first_name, last_name, is_staff)
     select 'reviewer' || i || '@bench.test', '', 'Revisora', 'Número ' || i, true from generate_series(1, 5) as i`);
  await client.query(`update applications a set reviewer_id = r.id
     from (select id, row_number() over (order by id) - 1 as n from users where email like 'reviewer%@bench.test') r
     where a.status = 'submitted' and r.n = a.id % 5`);
  await client.query(`update programs set review_target_days = 14`);
  await client.query('vacuum analyze');
}

/**
 * SAMPLES timed requests of one URL after five to warm up; `countOf` reads the figure the table shows beside the times
 * (the list's count; the dashboard's accounts). A CSV answer is read as text and gives its number of lines.
 */
export async function measure(name: string, url: () => string, token: string, countOf: (body: unknown) => number = (body) => (body as { count: number }).count): Promise<ListFigure> {
  const times: number[] = [];
  let count = 0;
  for (let index = 0; index < SAMPLES + 5; index += 1) {
    const started = performance.now();
    const response = await fetch(url(), { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${name}: ${response.status} ${text}`);
    const body: unknown = response.headers.get('content-type')?.startsWith('text/csv') ? text.trim().split('\r\n').length : JSON.parse(text);
    if (index >= 5) times.push(performance.now() - started);
    count = typeof body === 'number' ? body : countOf(body);
  }
  return { name, samples: times.length, p50: percentile(times, 50), p95: percentile(times, 95), count };
}

/** Pages 101 to 100 + SAMPLES of a list, each fetched after the cursor of the page before. */
async function measureDeep(name: string, base: string, token: string): Promise<ListFigure> {
  const times: number[] = [];
  let cursor: string | null = null;
  let count = 0;
  for (let page = 1; page <= 100 + SAMPLES; page += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { count: number; next_cursor: string | null };
    if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
    if (page > 100) times.push(performance.now() - started);
    cursor = body.next_cursor;
    count = body.count;
    if (cursor === null) break;
  }
  return { name, samples: times.length, p50: percentile(times, 50), p95: percentile(times, 95), count };
}

/** Pages 101 to 100 + SAMPLES, then back: SAMPLES previous pages, each after the `prev_cursor` of the page shown. */
async function measureBack(name: string, base: string, token: string): Promise<ListFigure> {
  const read = async (cursor: string | null) => {
    const response = await fetch(`${base}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { count: number; next_cursor: string | null; prev_cursor: string | null };
    if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  let page = await read(null);
  for (let n = 1; n < 100 + SAMPLES && page.next_cursor !== null; n += 1) page = await read(page.next_cursor);
  const times: number[] = [];
  for (let n = 0; n < SAMPLES && page.prev_cursor !== null; n += 1) {
    const started = performance.now();
    page = await read(page.prev_cursor);
    times.push(performance.now() - started);
  }
  return { name, samples: times.length, p50: percentile(times, 50), p95: percentile(times, 95), count: page.count };
}

/**
 * A database of its own on the PostgreSQL server with `count` generated applications (and what `moreSeed` adds), a
 * staff account, and the server in its own process: `run` measures against it with the staff member's token. All of
 * it is dropped after (BENCH_KEEP_DATABASE=1 keeps the database).
 */
export async function withGeneratedApplications<T>(
  databaseUrl: string,
  count: number,
  moreSeed: (client: pg.Client) => Promise<void>,
  run: (base: string, token: string) => Promise<T>,
): Promise<{ result: T; seedSeconds: number }> {
  const name = `portal_bench_apps_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-apps-'));
  let server: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const database = await openDatabase({ url: url.toString() });
    await database.close();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const seeding = performance.now();
    await seed(client, count);
    await moreSeed(client);
    await client.query(`insert into users (email, password_hash, first_name, last_name, is_staff) values ('staff@bench.test', $1, 'Staff', 'Bench', true)`, [
      await hashPassword(PASSWORD),
    ]);
    await client.end();
    const seedSeconds = (performance.now() - seeding) / 1000;
    console.log(`seeded ${count} applications in ${seedSeconds.toFixed(1)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startProcess(
      ['--import', 'tsx', join(root, 'server/server.ts')],
      // An access token for the whole run: on a loaded machine the measurements outlast the default 5 minutes.
      { DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SPA_DIR: '', LOG_LEVEL: 'warn', MAIL_POLL_MS: '0', WEB_CONCURRENCY: '1', ACCESS_TOKEN_TTL: '3600' },
      `${base}/api/health`,
    );
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@bench.test', password: PASSWORD }) });
    const { access } = (await login.json()) as { access: string };
    return { result: await run(base, access), seedSeconds };
  } finally {
    if (server) await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DATABASE=1 keeps the generated database to study its plans (EXPLAIN) afterwards.
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

async function benchApplicationsList(
  databaseUrl: string,
  count: number,
): Promise<{ result: { figures: ListFigure[]; hud: ListFigure[] }; seedSeconds: number }> {
  return withGeneratedApplications(databaseUrl, count, async () => undefined, async (base, access) => {
    const list = `${base}/api/admin/applications?limit=25`;
    let rare = 1;
    const reviewers = (await (await fetch(`${base}/api/admin/users?staff=true&q=revisora&limit=1`, { headers: { authorization: `Bearer ${access}` } })).json()) as { results: Array<{ id: number }> };
    const reviewerId = reviewers.results[0]?.id ?? 0;
    const figures = [
      await measure('first page (newest change)', () => list, access),
      await measure('filtered: submitted, incubator', () => `${list}&status=submitted&sub_program=incubator`, access),
      await measure('filtered: one program, a year', () => `${list}&program_id=3&from=2026-01-01&to=2026-12-31`, access),
      await measure('sorted: submitted first', () => `${list}&sort=-submitted`, access),
      await measure('sorted: oldest start', () => `${list}&sort=created`, access),
      await measure("searched: 'Peña' (common)", () => `${list}&q=${encodeURIComponent('Peña')}`, access),
      await measure("searched: 'pena nunez' (accents not typed)", () => `${list}&q=pena%20nunez`, access),
      await measure('searched: a business name', () => `${list}&q=${encodeURIComponent('Panadería La Ñ')}`, access),
      await measure('searched: one e-mail (rare)', () => `${list}&q=person${(rare += 997) % count}@`, access),
      await measureDeep('paged deep: pages 101+ (newest change)', list, access),
      await measureDeep('paged deep: pages 101+, searched and filtered', `${list}&q=pena&status=draft`, access),
      // Staff's queues (docs/decisions/040-staff-queues-and-history.md).
      await measure('queue: unassigned', () => `${list}&queue=unassigned`, access),
      await measure('queue: mine (none assigned)', () => `${list}&queue=mine`, access),
      await measure("queue: one reviewer's (a fifth of the submitted)", () => `${list}&reviewer_id=${reviewerId}`, access),
      await measure('sorted: days in status, longest first', () => `${list}&sort=status_since`, access),
      await measure("sorted: days in status, one reviewer's, submitted", () => `${list}&sort=status_since&reviewer_id=${reviewerId}&status=submitted`, access),
      await measureDeep('paged deep: pages 101+, days in status', `${list}&sort=status_since`, access),
      await measureBack('paged back: previous pages from page 140', list, access),
    ];
    const hudReport = `${base}/api/admin/reports/hud`;
    // The HUD report answers its `total` of households.
    const households = (body: unknown) => (body as { total: number }).total;
    const hud = [
      await measure('HUD report: applicants, every program', () => hudReport, access, households),
      await measure('HUD report: applicants, one program', () => `${hudReport}?program_id=3`, access, households),
    ];
    return { figures, hud };
  });
}

/** The section: skipped without PostgreSQL (TEST_DATABASE_URL or DATABASE_URL, a server where it may create a database). */
export async function benchApplications(count = COUNT): Promise<string> {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!databaseUrl) return 'skipped: needs PostgreSQL (set TEST_DATABASE_URL or DATABASE_URL to a server where the bench may create a database).';
  const { result: { figures, hud }, seedSeconds } = await benchApplicationsList(databaseUrl, count);
  return [
    `${count.toLocaleString('en-US')} applications (BENCH_APPLICATIONS) generated in ${seedSeconds.toFixed(1)} s on PostgreSQL, ` +
      `${SAMPLES} timed requests per query (BENCH_SAMPLES), 25 rows a page, one server process.`,
    '',
    `| query | p50 ms | p95 ms | matches | p95 <= ${TARGET_MS} ms |`,
    '|---|---:|---:|---:|:---:|',
    ...figures.map((f) =>
      f.samples === 0
        ? `| ${f.name} | - | - | ${f.count} | not measured: fewer than 101 pages |`
        : `| ${f.name} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.count} | ${f.p95 <= TARGET_MS ? 'yes' : 'no'} |`,
    ),
    '',
    `The HUD beneficiary report (docs/decisions/031), target p95 <= ${HUD_TARGET_MS} ms:`,
    '',
    `| query | p50 ms | p95 ms | households | p95 <= ${HUD_TARGET_MS} ms |`,
    '|---|---:|---:|---:|:---:|',
    ...hud.map((f) => `| ${f.name} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.count} | ${f.p95 <= HUD_TARGET_MS ? 'yes' : 'no'} |`),
  ].join('\n');
}

export const applicationsPart: Part = { title: 'Staff applications list (PostgreSQL)', measure: () => benchApplications() };

if (isMain(import.meta.url)) await runAlone(applicationsPart);
