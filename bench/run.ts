// `npm run bench`: the hot API calls over real sockets (bench/api.ts: autocannon against `server/server.ts` next to a
// bare node:http server, on PGlite and, when TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL with one worker
// per core); then the landing assets, uploads, photos made into a PDF, Lighthouse pages, the signed-in screens on a phone, and the staff list,
// dashboard and duplicate check at
// 100,000 applications, and a backup and restore of 10,000 applications with their files, all written to bench/results.md. A measurement to compare runs on one machine, never a pass/fail test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applicationsPart } from './admin-applications.ts';
import { dashboardPart } from './admin-dashboard.ts';
import { duplicatesPart } from './admin-duplicates.ts';
import { inputPart } from './input.ts';
import { apiPglitePart, apiPostgresPart } from './api.ts';
import { backupPart } from './backup.ts';
import { lighthousePart } from './lighthouse.ts';
import { root } from '#test-support/processes.ts';
import { runPart, startRun, writeResults, type Part } from './results.ts';
import { uploadsPart } from './uploads.ts';
import { photosPart } from './photos.ts';
import { webPart } from './web.ts';

/** The landing page's weight on the wire: what index.html loads before any lazy route, as sent (brotli). */
async function landingAssets(): Promise<string> {
  if (!existsSync(join(root, 'dist/index.html'))) return 'skipped: run `npm run build` first to measure the bundle.';
  const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const size = (file: string) => (existsSync(file) ? readFileSync(file).length : 0);
  const raw = assets.reduce((sum, asset) => sum + size(join(root, 'dist', asset)), 0);
  const br = assets.reduce((sum, asset) => sum + size(join(root, 'dist', `${asset}.br`)), 0);
  return `What dist/index.html loads before any lazy route.\n\n| files | KiB | KiB as sent (brotli) |\n|---:|---:|---:|\n| ${assets.length} | ${(raw / 1024).toFixed(1)} | ${(br / 1024).toFixed(1)} |`;
}

const parts: Part[] = [
  apiPglitePart,
  apiPostgresPart,
  { title: 'Landing assets', measure: landingAssets },
  uploadsPart,
  photosPart,
  lighthousePart,
  webPart,
  inputPart,
  applicationsPart,
  dashboardPart,
  duplicatesPart,
  backupPart,
];

const context = startRun();
const sections = [];
for (const part of parts) sections.push(await runPart(part));
writeResults(context, sections);
if (sections.some((section) => section.failed)) process.exitCode = 1;
