// `npm run bench:backup`: a backup of 10,000 applications (BENCH_APPLICATIONS) with one uploaded file each, and its
// restore into an empty folder or database (server/operations/backup.ts), timed on PGlite and, when TEST_DATABASE_URL
// or DATABASE_URL is set, on PostgreSQL. Target: the restore, its check against the manifest included, under a minute.
// A measurement written to bench/results.md, never a pass/fail test.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { freshDatabase } from '#test-support/processes.ts';
import { createBackup, restoreBackup, type PortalData } from '#server/operations/backup.ts';
import { isMain, runAlone, type Part } from './results.ts';

const applications = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
/** Size of each application's file: a signed intake form scanned to PDF is tens of kilobytes. */
const fileBytes = Number(process.env.BENCH_FILE_KB ?? 40) * 1024;

/** Users, programs, applications with their six steps, and one intake form each: rows and files on disk. */
async function seedPortal(data: PortalData): Promise<void> {
  const database = await openDatabase(data.databaseUrl ? { url: data.databaseUrl } : { dataDir: join(data.dataDir, 'db') });
  try {
    const run = (text: string) => database.db.execute(sql.raw(text));
    await run(`insert into programs (sub_program, name_es, name_en, period, start_date, end_date, application_deadline, status)
      select (array['student_incubator','pre_incubator','incubator','accelerator'])[1 + (i % 4)], 'Programa ' || i, 'Program ' || i,
             '2027-1', '2027-01-15', '2027-12-31', now() + interval '60 days', 'open' from generate_series(1, 4) as i`);
    await run(`insert into users (email, password_hash, first_name, last_name)
      select 'backup' || i || '@example.com', '', 'Persona', 'Número ' || i from generate_series(1, ${applications}) as i`);
    await run(`insert into applications (user_id, program_id, status, submitted_at)
      select u.id, (select min(id) from programs) + u.id % 4, case when u.id % 2 = 0 then 'submitted' else 'draft' end,
             case when u.id % 2 = 0 then now() end
      from users u where u.email like 'backup%@example.com'`);
    await run(`insert into application_steps (application_id, step, status, version, data)
      select a.id, s, 'submitted', 1, case when s = 2 then jsonb_build_object('business_name', 'Colmado ' || a.id, 'idea', repeat('Una idea de negocio. ', 20)) else '{}'::jsonb end
      from applications a cross join generate_series(1, 6) as s`);
    const { rows } = (await run('select id from applications order by id')) as unknown as { rows: Array<{ id: number }> };
    const filesDir = join(data.dataDir, 'files', 'intake');
    mkdirSync(filesDir, { recursive: true });
    const values: string[] = [];
    for (const { id } of rows) {
      // Each file different (its id in the first bytes), so none hashes like another.
      const content = Buffer.alloc(fileBytes, 0x20);
      content.write(`%PDF-1.4\n% application ${id}\n`, 'latin1');
      writeFileSync(join(filesDir, `${id}.pdf`), content);
      values.push(`(${id}, 'intake_form', 'intake/${id}.pdf', 'formulario.pdf', 'application/pdf', ${fileBytes}, '${createHash('sha256').update(content).digest('hex')}')`);
    }
    for (let at = 0; at < values.length; at += 1000) {
      await run(`insert into application_files (application_id, kind, storage_key, original_name, content_type, size, sha256) values ${values.slice(at, at + 1000).join(',')}`);
    }
  } finally {
    await database.close();
  }
}


interface Row {
  database: string;
  rows: number;
  files: number;
  archiveMb: number;
  seedSeconds: number;
  backupSeconds: number;
  restoreSeconds: number;
}

async function measure(kind: 'pglite' | 'postgres', adminUrl?: string): Promise<Row> {
  const work = mkdtempSync(join(tmpdir(), 'portal-bench-backup-'));
  const dropAll: Array<() => Promise<void>> = [];
  try {
    const source: PortalData = { dataDir: join(work, 'source') };
    const target: PortalData = { dataDir: join(work, 'target') };
    if (kind === 'postgres' && adminUrl) {
      const [from, to] = [await freshDatabase(adminUrl, `portal_bench_backup_${process.pid}`), await freshDatabase(adminUrl, `portal_bench_restore_${process.pid}`)];
      dropAll.push(from.drop, to.drop);
      source.databaseUrl = from.url;
      target.databaseUrl = to.url;
    }
    const seedStart = performance.now();
    await seedPortal(source);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const archive = join(work, 'portal.tar');
    const backupStart = performance.now();
    const manifest = await createBackup(source, archive);
    const backupSeconds = (performance.now() - backupStart) / 1000;
    const restoreStart = performance.now();
    await restoreBackup(archive, target);
    const restoreSeconds = (performance.now() - restoreStart) / 1000;
    return {
      database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      rows: Object.values(manifest.tables).reduce((sum, count) => sum + count, 0),
      files: Object.keys(manifest.files ?? {}).length,
      archiveMb: statSync(archive).size / 1024 / 1024,
      seedSeconds,
      backupSeconds,
      restoreSeconds,
    };
  } finally {
    for (const drop of dropAll) await drop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

async function benchBackup(): Promise<string> {
  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const rows = [await measure('pglite')];
  if (postgresUrl) rows.push(await measure('postgres', postgresUrl));
  const table = [
    '| database | rows | files | archive MB | seeded in s | backup s | restore and check s | restore < 60 s |',
    '|---|---:|---:|---:|---:|---:|---:|:---:|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.rows} | ${row.files} | ${row.archiveMb.toFixed(0)} | ${row.seedSeconds.toFixed(1)} | ${row.backupSeconds.toFixed(1)} | ${row.restoreSeconds.toFixed(1)} | ${row.restoreSeconds < 60 ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
  return (
    `${applications.toLocaleString('en-US')} applications (BENCH_APPLICATIONS) with their six steps and one ${fileBytes / 1024} KB file each (BENCH_FILE_KB), ` +
    `backed up by \`npm run backup\`'s code and restored into an empty folder${postgresUrl ? ' or database' : ''}; the restore counts every table and hashes every file against the manifest.` +
    `${postgresUrl ? '' : ' PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL.'}\n\n${table}`
  );
}

export const backupPart: Part = { title: 'Backup and restore', measure: benchBackup };

if (isMain(import.meta.url)) await runAlone(backupPart);
