// Backups that restore (docs/operations.md): a portal with demo data, applications and uploaded documents is backed
// up with `npm run backup`, restored elsewhere with `npm run restore`, and every table's row count and every file's
// SHA-256 are compared between the two, on PGlite and PostgreSQL. A restore into a folder or database that is not
// empty is refused and writes nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeData } from '#server/operations/backup.ts';
import { seedDemoData } from '#server/seed.ts';
import { completeAllSteps, createProgram, signUp, uploadDocument } from '../support/applicants.ts';
import { databaseKinds, freshPostgres, runServerScript, startTestApp } from '../support/server.ts';

describe.each(databaseKinds)('npm run backup, then npm run restore elsewhere (%s)', (kind) => {
  const folders: string[] = [];
  const drops: Array<() => Promise<void>> = [];
  let source: { dataDir: string; databaseUrl?: string };
  let archive: string;

  const folder = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  const database = async () => {
    if (kind === 'pglite') return undefined;
    const fresh = await freshPostgres();
    drops.push(fresh.drop);
    return fresh.url;
  };
  const envOf = (data: { dataDir: string; databaseUrl?: string }) => ({
    NODE_ENV: 'test',
    DATA_DIR: data.dataDir,
    ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
  });

  beforeAll(async () => {
    const databaseUrl = await database();
    source = { dataDir: folder('portal-backup-source-'), ...(databaseUrl ? { databaseUrl } : {}) };
    const test = await startTestApp(kind, { persist: source });
    try {
      await seedDemoData(test.app.ctx, () => undefined);
      const program = await createProgram(test);
      for (let n = 0; n < 3; n += 1) {
        const person = await signUp(test);
        const id = (await test.call('POST', '/applications', { program_id: program.id }, person.headers)).json().id as number;
        await completeAllSteps(test, person, id);
        expect((await uploadDocument(test, person, id, 'income_document')).statusCode).toBe(201);
        expect((await test.call('POST', `/applications/${id}/submit`, undefined, person.headers)).statusCode).toBe(200);
      }
    } finally {
      await test.close();
    }
    archive = join(folder('portal-backup-archive-'), 'portal.tar');
  }, 240_000);

  afterAll(async () => {
    for (const drop of drops) await drop().catch(() => undefined);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('restores every table and every file as they were', { timeout: 240_000 }, async () => {
    const before = await describeData(source);
    expect(Object.keys(before.files ?? {}).length).toBeGreaterThanOrEqual(6);
    expect(before.tables['public.applications']).toBe(3);

    const backup = await runServerScript('server/backup.ts', ['backup', '--file', archive], envOf(source));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`backup written: ${archive}`);

    const databaseUrl = await database();
    const target = { dataDir: folder('portal-backup-target-'), ...(databaseUrl ? { databaseUrl } : {}) };
    const restore = await runServerScript('server/backup.ts', ['restore', archive], envOf(target));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('restored and checked against its manifest');

    const after = await describeData(target);
    expect(after.tables).toEqual(before.tables);
    expect(after.files).toEqual(before.files);

    // The restored portal serves: its people sign in and read their applications.
    const test = await startTestApp(kind, { persist: target });
    try {
      const person = await signUp(test);
      const programs = await test.call('GET', '/programs', undefined, person.headers);
      expect(programs.statusCode).toBe(200);
      expect(programs.json().count).toBeGreaterThan(0);
    } finally {
      await test.close();
    }
  });

  it('refuses to restore into a data folder or database that is not empty, writing nothing', { timeout: 120_000 }, async () => {
    const before = await describeData(source);
    const refused = await runServerScript('server/backup.ts', ['restore', archive], envOf(source));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty|already has tables/);
    expect(await describeData(source)).toEqual({ ...before, created_at: expect.any(String) });

    // A tar archive that is not a backup of the portal, and a path with no file: one line each, nothing written.
    const other = folder('portal-backup-other-');
    writeFileSync(join(other, 'notes.txt'), 'not a backup');
    const notOurs = join(folder('portal-backup-bad-'), 'other.tar');
    execFileSync('tar', ['-cf', notOurs, '-C', other, '.']);
    const empty = folder('portal-backup-empty-');
    for (const [path, message] of [
      [notOurs, `${notOurs} is not a backup of the portal: it has no manifest.json`],
      [join(other, 'missing.tar'), `no backup at ${join(other, 'missing.tar')}`],
    ] as const) {
      const bad = await runServerScript('server/backup.ts', ['restore', path], envOf({ dataDir: empty }));
      expect(bad.code).toBe(1);
      expect(bad.stderr.trim()).toBe(message);
    }
    expect(readdirSync(empty)).toEqual([]);
  });
});
