// `npm run bench`'s page figures: Lighthouse 12.8 (its default mobile settings: a mid-range phone, throttled CPU and
// network, simulated) on `/` and `/login` of the built SPA served by the real server, in Debian's Chromium, offline.
// Gives performance, LCP, TBT, CLS, the initial JS and the accessibility, best-practices and SEO scores as the bench
// table's section; alone as `npm run bench:pages`. A measurement, never a pass/fail test (docs/decisions/020-news-and-a-light-landing-page.md).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, root, startProcess, stop } from '#test-support/processes.ts';
import { isMain, runAlone, type Part } from './results.ts';

const pages = ['/', '/login'];

interface PageFigures {
  path: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  initialJsGzip: number;
  scripts: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Lighthouse's measure of the machine's speed when it ran (an idle desktop: well over 1,000). */
  benchmarkIndex: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

/** gzip (level 9) bytes of a built file, the way the issue counts JavaScript; 0 for a file not in dist/. */
function gzipBytes(url: string): number {
  const file = join(root, 'dist', new URL(url).pathname);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

async function measure(base: string, path: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(`${base}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (process.env.BENCH_LIGHTHOUSE_JSON) writeFileSync(`${process.env.BENCH_LIGHTHOUSE_JSON}${path === '/' ? 'home' : path.slice(1)}.json`, result.report as string);
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // Every script the page loads while it starts (the entry, its preloads, the catalog and the page's own chunk):
  // with the HTML prerendered, that is what stands between the first paint and a page that answers clicks.
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === 'Script' && item.url.startsWith(base));
  return {
    path,
    performance: score('performance'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    initialJsGzip: scripts.reduce((sum, item) => sum + gzipBytes(item.url), 0),
    scripts: scripts.length,
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function table(rows: PageFigures[]): string {
  const lines = [
    '| page | CPU index | performance | FCP ms | LCP ms | TBT ms | CLS | initial JS (gzip) | accessibility | best practices | SEO |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.path} | ${Math.round(row.benchmarkIndex)} | ${row.performance.toFixed(2)} | ${Math.round(row.fcpMs)} | ${Math.round(row.lcpMs)} | ${Math.round(row.tbtMs)} | ${row.cls.toFixed(3)} | ` +
        `${(row.initialJsGzip / 1024).toFixed(1)} KiB in ${row.scripts} files | ${row.accessibility.toFixed(2)} | ` +
        `${row.bestPractices.toFixed(2)} | ${row.seo.toFixed(2)} |`,
    ),
  ];
  return lines.join('\n');
}

/** The running app and browser a Lighthouse part measures: the server's address, Chromium's debugging port, the server's output. */
export interface AppAndChrome {
  base: string;
  chromePort: number;
  stdout: () => string;
}

/**
 * Starts the server on a fresh PGlite with the built SPA (`env` added to its environment) and a headless Chromium,
 * runs `use` and stops both; a `skipped:` section when the build or the browser is missing. `spaDir` serves another
 * build (a bench comparing this one with an earlier commit's).
 */
export async function withAppAndChrome(
  env: Record<string, string>,
  use: (app: AppAndChrome) => Promise<string>,
  spaDir = join(root, 'dist'),
): Promise<string> {
  if (!existsSync(join(spaDir, 'pages'))) return `skipped: no built SPA in ${spaDir}: run \`npm run build\` first (the prerendered pages are part of the build).`;
  // chrome-launcher 1.x throws a missing browser from a child process's 'error' event, past any catch: ask first.
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) return `skipped: no Chromium at ${chromePath} (set CHROME_PATH).`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const server = await startProcess(
    ['--import', 'tsx', join(root, 'server/server.ts')],
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SPA_DIR: spaDir, LOG_LEVEL: 'warn', MAIL_POLL_MS: '0', ...env },
    `${base}/api/health`,
  );
  try {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      return await use({ base, chromePort: chrome.port, stdout: server.stdout });
    } finally {
      await chrome.kill();
    }
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts the server on a fresh PGlite with the built SPA, runs Lighthouse on each page and returns the section. */
export function benchLighthouse(): Promise<string> {
  return withAppAndChrome({}, async ({ base, chromePort }) => {
    const rows: PageFigures[] = [];
    for (const path of pages) rows.push(await measure(base, path, chromePort));
    return (
      'Lighthouse 12.8 with its mobile settings (simulated throttling) on the built SPA (`npm run build`), Debian\'s Chromium,\n' +
      'offline. Initial JS: gzip bytes (level 9) of every script the page loaded while it started. Targets:\n' +
      'performance >= 0.98, CLS 0, initial JS <= 100 KB, accessibility, best practices and SEO 1.0. CPU index: Lighthouse\'s\n' +
      'benchmark index of the machine as the page ran (an idle desktop scores well over 1,000; a loaded machine inflates TBT\n' +
      `and LCP).\n\n${table(rows)}`
    );
  });
}

export const lighthousePart: Part = { title: 'Landing and sign-in pages (Lighthouse)', measure: benchLighthouse };

if (isMain(import.meta.url)) await runAlone(lighthousePart);
