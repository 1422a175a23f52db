// The bench table's staff dashboard at 100,000 applications on PostgreSQL (target: p95 <= 300 ms), over a
// real socket to the server in its own process: the whole dashboard, filtered by a program, by a year and by both, and
// one chart's CSV. The applications list's generated data (bench/admin-applications.ts), plus what the dashboard counts
// beyond it: surveys, review statuses with decisions, and as many event registrations as applications. Alone as
// `npm run bench:dashboard`. Not a test.
import type pg from 'pg';
import { SAMPLES, measure, withGeneratedApplications, type ListFigure } from './admin-applications.ts';
import { isMain, runAlone, type Part } from './results.ts';

const COUNT = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const TARGET_MS = 300;

/** Surveys for four people in five; a third of the sent applications in review or decided; registrations over two years. */
async function seedDashboard(client: pg.Client, count: number): Promise<void> {
  await client.query(`insert into surveys (user_id, has_business, third_year_student) select id, id % 2 = 0, false from users where id % 5 <> 0`);
  await client.query(`alter table applications disable trigger user`);
  await client.query(`
    update applications
    set status = (array['in_review','changes_requested','approved','rejected','waitlisted'])[1 + (id / 3) % 5],
        decided_at = case when (id / 3) % 5 >= 2 then submitted_at + (id % 120) * interval '1 day' + (id % 24) * interval '1 hour' end
    where status = 'submitted' and id % 3 = 0`);
  await client.query(`alter table applications enable trigger user`);
  await client.query(`
    with event as (insert into events (kind, title_es, title_en) values ('interest', 'Interés', 'Interest') returning id)
    insert into event_registrations (event_id, name, email, how_heard, created_at)
    select event.id, 'Persona ' || i, 'registro' || i || '@example.com',
           (array['search_engine','recommendation','social','meet_and_greet','other',null])[1 + (i % 6)],
           now() - (i % 730) * interval '1 day'
    from event, generate_series(1, $1::int) as i`, [count]);
  await client.query('vacuum analyze');
}

export async function benchDashboard(count = COUNT): Promise<string> {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!databaseUrl) return 'skipped: needs PostgreSQL (set TEST_DATABASE_URL or DATABASE_URL to a server where the bench may create a database).';
  const accounts = (body: unknown) => (body as { accounts: number }).accounts;
  const { result: figures, seedSeconds } = await withGeneratedApplications(
    databaseUrl,
    count,
    (client) => seedDashboard(client, count),
    async (base, token): Promise<ListFigure[]> => {
      const dashboard = `${base}/api/admin/dashboard`;
      return [
        await measure('whole dashboard', () => dashboard, token, accounts),
        await measure('one program', () => `${dashboard}?program_id=3`, token, accounts),
        await measure('a year', () => `${dashboard}?from=2026-01-01&to=2026-12-31`, token, accounts),
        await measure('one program, a year', () => `${dashboard}?program_id=3&from=2026-01-01&to=2026-12-31`, token, accounts),
        await measure('CSV: the funnel', () => `${dashboard}/export.csv?chart=funnel`, token),
        await measure('CSV: time to decision', () => `${dashboard}/export.csv?chart=decision_time`, token),
      ];
    },
  );
  return [
    `${count.toLocaleString('en-US')} applications and as many registrations (BENCH_APPLICATIONS) generated in ${seedSeconds.toFixed(1)} s on ` +
      `PostgreSQL, ${SAMPLES} timed requests per query (BENCH_SAMPLES), one server process. "figure": the accounts counted, or the CSV's lines.`,
    '',
    `| query | p50 ms | p95 ms | figure | p95 <= ${TARGET_MS} ms |`,
    '|---|---:|---:|---:|:---:|',
    ...figures.map((f) => `| ${f.name} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.count} | ${f.p95 <= TARGET_MS ? 'yes' : 'no'} |`),
  ].join('\n');
}

export const dashboardPart: Part = { title: 'Staff dashboard (PostgreSQL)', measure: () => benchDashboard() };

if (isMain(import.meta.url)) await runAlone(dashboardPart);
