// Builds the SPA (vite build) when dist/ is missing or older than its sources; used by `npm start` and the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');

function newestChange(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), info.mtimeMs);
}

export function buildSpaIfStale() {
  // package.json: its "imports" resolve the path aliases the SPA's sources use
  const sources = ['src', 'machines', 'shared', 'locales', 'index.html', 'vite.config.ts', 'scripts', 'public', 'package.json', 'package-lock.json']
    .map((p) => join(root, p))
    .filter(existsSync);
  const stale = !existsSync(built) || sources.some((p) => newestChange(p) > statSync(built).mtimeMs);
  if (!stale) return;
  console.log('Building the SPA (vite build)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === new URL(import.meta.url).pathname) buildSpaIfStale();
