// The bench table's duplicate check at 100,000 applications on PostgreSQL (target: p95 <= 300 ms;
// docs/decisions/038-duplicate-check-and-unduplicated-counts.md). The applications list's generated data
// (bench/admin-applications.ts) plus step 1's identifying answers, with planted duplicates (one application in 50 gives
// another account's phone, one in 200 its e-mail, one in 100 its business name); then, timed: the check of one
// application against all the others as a step save runs it (applications_identity_refresh, in SQL, on the database),
// staff reading an application's possible duplicates, the list's first page (which counts them per row), and the HUD
// report counting unduplicated persons, over a real socket. Alone as `npm run bench:duplicates`. Not a test.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { SAMPLES, measure, withGeneratedApplications, type ListFigure } from './admin-applications.ts';
import { isMain, percentile, runAlone, type Part } from './results.ts';

const COUNT = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const TARGET_MS = 300;

interface Seeded {
  rebuildSeconds: number;
  pairs: number;
  flagged: number[];
  unflagged: number[];
  check: ListFigure;
}

/** Step 1's person answers for every application, duplicates planted, then the keys and pairs built and one check timed. */
async function seedDuplicates(client: pg.Client, seeded: Seeded): Promise<void> {
  await client.query(`alter table application_steps disable trigger user`);
  await client.query(`
    update application_steps s set data = s.data || jsonb_build_object(
        'first_name', u.first_name, 'last_name', u.last_name, 'ssn_last4', lpad((a.id % 10000)::text, 4, '0'),
        'phone', '787-' || lpad(((case when a.id % 50 = 0 then a.id - 1 else a.id end) % 10000000)::text, 7, '0'),
        'email', 'persona' || (case when a.id % 200 = 0 then a.id - 7 else a.id end) || '@example.com',
        'physical_line1', 'Calle ' || a.id, 'postal_code', '00' || (600 + a.id % 400))
    from applications a join users u on u.id = a.user_id
    where s.application_id = a.id and s.step = 1`);
  await client.query(`
    update application_steps s set data = jsonb_set(s.data, '{business_name}', to_jsonb(o.data->>'business_name'))
    from application_steps o
    where s.step = 2 and o.step = 2 and o.application_id = s.application_id - 3 and s.application_id % 100 = 0`);
  await client.query(`alter table application_steps enable trigger user`);
  // What the triggers would have written row by row, in the migration's set-based rebuild.
  const started = performance.now();
  await client.query('select applications_identity_rebuild()');
  seeded.rebuildSeconds = (performance.now() - started) / 1000;
  await client.query('vacuum analyze');
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from duplicate_pairs');
  seeded.pairs = rows[0]?.n ?? 0;
  const flagged = await client.query<{ id: number }>('select application_b as id from duplicate_pairs order by application_b limit $1', [SAMPLES + 5]);
  seeded.flagged = flagged.rows.map((row) => row.id);
  const unflagged = await client.query<{ id: number }>(
    'select a.id from applications a where a.id % 7 = 0 and not exists (select 1 from duplicate_pairs p where a.id in (p.application_a, p.application_b)) order by a.id limit $1',
    [SAMPLES + 5],
  );
  seeded.unflagged = unflagged.rows.map((row) => row.id);
  // The check of one application against every other, as each save of step 1 or 2 runs it (the trigger's function):
  // half of them flagged, half not.
  const ids = await client.query<{ id: number }>('select id from applications order by id limit $1', [SAMPLES + 5]);
  const sample = ids.rows.map((row, index) => (index % 2 === 0 ? row.id : (seeded.flagged[index] ?? row.id)));
  const times: number[] = [];
  for (const [index, id] of sample.entries()) {
    const began = performance.now();
    await client.query('select applications_identity_refresh(array[$1::int])', [id]);
    if (index >= 5) times.push(performance.now() - began);
  }
  const after = await client.query<{ n: number }>('select count(*)::int as n from duplicate_pairs');
  seeded.check = { name: 'the check of one application (step save, SQL)', samples: times.length, p50: percentile(times, 50), p95: percentile(times, 95), count: after.rows[0]?.n ?? 0 };
}

export async function benchDuplicates(count = COUNT): Promise<string> {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!databaseUrl) return 'skipped: needs PostgreSQL (set TEST_DATABASE_URL or DATABASE_URL to a server where the bench may create a database).';
  const seeded: Seeded = { rebuildSeconds: 0, pairs: 0, flagged: [], unflagged: [], check: { name: '', samples: 0, p50: 0, p95: 0, count: 0 } };
  const { result: figures, seedSeconds } = await withGeneratedApplications(
    databaseUrl,
    count,
    (client) => seedDuplicates(client, seeded),
    async (base, token): Promise<ListFigure[]> => {
      let next = 0;
      const flaggedId = () => seeded.flagged[next++ % seeded.flagged.length] ?? 1;
      const unflaggedId = () => seeded.unflagged[next++ % seeded.unflagged.length] ?? 1;
      const flags = (body: unknown) => (body as { results: unknown[] }).results.length;
      const households = (body: unknown) => (body as { total: number }).total;
      return [
        await measure("an application's possible duplicates (flagged)", () => `${base}/api/admin/applications/${flaggedId()}/duplicates`, token, flags),
        await measure("an application's possible duplicates (none)", () => `${base}/api/admin/applications/${unflaggedId()}/duplicates`, token, flags),
        await measure('list: first page, duplicates counted per row', () => `${base}/api/admin/applications?limit=25`, token),
        await measure('HUD report: unduplicated persons, every program', () => `${base}/api/admin/reports/hud`, token, households),
        await measure('HUD report: unduplicated persons, one program', () => `${base}/api/admin/reports/hud?program_id=3`, token, households),
      ];
    },
  );
  const rows = [seeded.check, ...figures];
  return [
    `${count.toLocaleString('en-US')} applications (BENCH_APPLICATIONS) generated in ${seedSeconds.toFixed(1)} s on PostgreSQL, every ` +
      `application's keys and pairs built from scratch in ${seeded.rebuildSeconds.toFixed(1)} s (${seeded.pairs} flagged pairs), ` +
      `${SAMPLES} timed calls per query (BENCH_SAMPLES), one server process. "figure": pairs after the checks, flags read, ` +
      'the list\'s matches, or persons counted.',
    '',
    `| query | p50 ms | p95 ms | figure | p95 <= ${TARGET_MS} ms |`,
    '|---|---:|---:|---:|:---:|',
    ...rows.map((f) => `| ${f.name} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.count} | ${f.p95 <= TARGET_MS ? 'yes' : 'no'} |`),
  ].join('\n');
}

export const duplicatesPart: Part = { title: 'Duplicate check (PostgreSQL)', measure: () => benchDuplicates() };

if (isMain(import.meta.url)) await runAlone(duplicatesPart);
