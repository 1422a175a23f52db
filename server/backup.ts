// `npm run backup [-- --file <archive>]` and `npm run restore -- <archive>`: the portal's database and uploaded files
// in one archive with a manifest, and back (server/operations/backup.ts; docs/operations.md). Both read DATA_DIR,
// DATABASE_URL and STORAGE_URL as the server does.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createBackup, restoreBackup, RestoreError, type Manifest, type PortalData } from './operations/backup.ts';

const usage = `usage: npm run backup [-- --file <archive.tar>]     (default: DATA_DIR/backups/portal-<date>.tar)
       npm run restore -- <archive.tar>              (into an empty DATA_DIR, or an empty DATABASE_URL database)`;

/** A mistake of the person running the command: one line, exit 1. */
class CommandError extends Error {}

const summary = (manifest: Manifest) => {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const files = manifest.files === null ? 'files in the bucket (not in the archive)' : `${Object.keys(manifest.files).length} files`;
  return `${manifest.database}: ${Object.keys(manifest.tables).length} tables, ${rows} rows; ${files}`;
};

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { file: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${usage}`);
  }
  // Neither command signs anything: a stand-in secret keeps loadConfig from writing a development secret.key into the
  // data folder, which would make an empty folder non-empty and replace the one a restore brings back.
  const config = loadConfig({ ...process.env, APP_SECRET: process.env.APP_SECRET || 'backup-and-restore-sign-nothing-0000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  const data: PortalData = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, filesInBucket: config.storage !== undefined };
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const archive = parsed.values.file ?? join(config.dataDir, 'backups', `portal-${stamp}.tar`);
    const manifest = await createBackup(data, archive);
    console.log(`backup written: ${archive} (${summary(manifest)})`);
  } else if (command === 'restore') {
    const [archive] = parsed.positionals;
    if (!archive) throw new CommandError(usage);
    const manifest = await restoreBackup(archive, data);
    console.log(`restored and checked against its manifest: ${archive} (${summary(manifest)})`);
  } else {
    throw new CommandError(usage);
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof CommandError || error instanceof RestoreError || error instanceof ConfigError) console.error(error.message);
  else throw error;
  process.exit(1);
}
