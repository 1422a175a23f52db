// `npm run bench:web`: Lighthouse 12.8's mobile settings (a mid-range phone: 4x CPU slowdown and slow 4G, simulated)
// on the signed-in screens, each a cold visit (the browser cache emptied) with the session kept (the sign-in's record
// in localStorage, as the SPA stores it), the median of three runs, with the machine's load average beside each
// figure. A measurement to compare runs on one machine, never a pass/fail test (docs/decisions/058-phone-speed.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { SESSION_STORAGE_KEYS } from '#machines/session/session.machine';
import { root } from '#test-support/processes.ts';
import { withAppAndChrome } from './lighthouse.ts';
import { isMain, median, runAlone, type Part } from './results.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** Another build to measure in alternation with this one (`dist/` of an earlier commit): run by run, so load hits both alike. */
const COMPARE = process.env.BENCH_WEB_COMPARE;
/** A folder to keep each run's Lighthouse report in (its long-tasks, bootup-time and main-thread audits say where TBT goes). */
const REPORTS = process.env.BENCH_WEB_JSON;

interface Screen {
  path: string;
  who: 'applicant' | 'staff';
  /** A repeat visit: the screen opened twice before, so the service worker and its caches are in place. */
  repeat?: boolean;
}

interface RunFigures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  /** The 1-minute load average as the run ended. */
  load: number;
  benchmarkIndex: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** What the bench signs in as: the record POST /api/auth/login answers, which the SPA keeps under `user`. */
type Credentials = { email: string; password: string };

const json = async <T>(response: Response, what: string): Promise<T> => {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
};

export async function signIn(base: string, account: Credentials): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return json(response, 'login');
}

/** An applicant made through the real API (captcha solved in Node), with the survey answered and one application. */
export async function newApplicant(base: string): Promise<{ account: Credentials; applicationId: number }> {
  const account = { email: `bench-web-${Date.now()}@example.com`, password: 'Bench-web-password-1' };
  const challenge = await json<Challenge>(await fetch(`${base}/api/captcha`), 'captcha');
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  await json(
    await fetch(`${base}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...account,
        first_name: 'Marisol',
        last_name: 'Quiñones',
        language: 'es',
        conditions: true,
        captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      }),
    }),
    'register',
  );
  const { access } = (await signIn(base, account)) as { access: string };
  const call = async <T>(method: string, path: string, body: unknown): Promise<T> =>
    json<T>(
      await fetch(`${base}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      `${method} ${path}`,
    );
  await call('PUT', '/me/survey', { has_business: true, operating_time: 'years_1_to_2', third_year_student: false });
  // The demo seed's incubator (program 3) is open.
  const { id } = await call<{ id: number }>('POST', '/applications', { program_id: 3 });
  return { account, applicationId: id };
}

/**
 * One cold, signed-in visit: storage holds the session, the HTTP cache is empty, no service worker or cache of it is
 * left from an earlier run (the offline shell would answer the visit: docs/decisions/060-offline-shell.md), and
 * Lighthouse leaves storage alone. A repeat visit starts the same way, then opens the screen twice (the first
 * installs the service worker and its precache, the second runs under it and fills its runtime cache) before
 * Lighthouse opens it a third time, with the caches kept.
 */
async function visit(browser: Browser, base: string, path: string, record: Record<string, unknown>, report?: string, repeat = false): Promise<RunFigures> {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/api/health`);
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage' });
    await page.evaluate((key, value) => localStorage.setItem(key, value), SESSION_STORAGE_KEYS.user, JSON.stringify(record));
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    if (repeat) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
      // Registered once the page is idle (src/app/main.tsx); `ready` waits for the worker to be active, its precache done.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
      const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      if (!controlled) throw new Error(`${path}: the service worker does not control the repeat visit`);
    }
    const result = await lighthouse(
      `${base}${path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = result;
    if (report) writeFileSync(report, result.report as string);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
    const scripts = (details?.items ?? []).filter((item) => item.resourceType === 'Script' && item.url.startsWith(base));
    // A screen that sent the visitor elsewhere (the session refused, a guard) measured the wrong page.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== path) throw new Error(`${path} ended on ${landed}`);
    // Nor may a run measure the frame alone (docs/decisions/067-the-frame-before-the-app.md): it paints without the app,
    // so an app that never started would look fast. The app marks <html data-hydrated> on its first commit.
    const rendered = await page.evaluate(() => document.documentElement.dataset.hydrated !== undefined);
    if (!rendered) throw new Error(`${path}: the app never rendered; only the frame was measured`);
    return {
      score: lhr.categories.performance?.score ?? 0,
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      load: loadavg()[0] ?? Number.NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await page.close();
  }
}

/** A figure's median and, beside it, the load average of the run that gave it. */
function cell(runs: RunFigures[], pick: (run: RunFigures) => number, format: (value: number) => string): string {
  const value = median(runs.map(pick));
  const run = runs.find((item) => pick(item) === value) ?? runs[0];
  return `${format(value)} (${run ? run.load.toFixed(1) : '?'})`;
}

function table(rows: { screen: string; build: string; runs: RunFigures[] }[]): string {
  return [
    '| screen | build | score | LCP | CLS | TBT | JS transferred | CPU index | load (1 min) of the runs |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(({ screen, build, runs }) =>
      [
        screen,
        build,
        cell(runs, (run) => run.score, (value) => value.toFixed(2)),
        cell(runs, (run) => run.lcpMs, (value) => `${(value / 1000).toFixed(1)} s`),
        cell(runs, (run) => run.cls, (value) => value.toFixed(3)),
        cell(runs, (run) => run.tbtMs, (value) => `${Math.round(value)} ms`),
        cell(runs, (run) => run.jsBytes, (value) => `${Math.round(value / 1024)} KiB`),
        String(Math.round(median(runs.map((run) => run.benchmarkIndex)))),
        runs.map((run) => run.load.toFixed(1)).join(', '),
      ].join(' | ').replace(/^/, '| ').concat(' |'),
    ),
  ].join('\n');
}

/** The server's settings for a bench that signs people in many times: cheap captcha, no rate limits, long tokens. */
export const signedInBenchEnv: Record<string, string> = {
  REMINDERS_INTERVAL_MINUTES: '0',
  // The seeded staff account uses the admin area without a second factor, as development allows.
  STAFF_SECOND_FACTOR_EXEMPT: '*',
  CAPTCHA_COST: '2000',
  RATE_LIMIT_LOGIN: '10000',
  RATE_LIMIT_REGISTER: '10000',
  ACCOUNT_LOGIN_ATTEMPTS: '10000',
  ACCESS_TOKEN_TTL: '3600',
};

/** A built SPA to measure: this worktree's `dist/`, or another commit's. */
export interface Build {
  label: string;
  dist: string;
}

/** This build, after the one `compare` names (a `dist/` folder, relative to the repository or absolute) if any. */
export function buildsToMeasure(compare: string | undefined): Build[] {
  const builds: Build[] = [{ label: 'this build', dist: join(root, 'dist') }];
  if (compare) builds.unshift({ label: 'compared build', dist: isAbsolute(compare) ? compare : join(root, compare) });
  return builds;
}

/** Nests one server and browser per build, so their runs can alternate. */
export async function withBuilds(
  builds: Build[],
  use: (apps: { build: Build; base: string; browser: Browser; stdout: () => string }[]) => Promise<string>,
): Promise<string> {
  type App = { build: Build; base: string; browser: Browser; stdout: () => string };
  const open = async (at: number, apps: App[]): Promise<string> => {
    const build = builds[at];
    if (!build) return use(apps);
    return withAppAndChrome(
      signedInBenchEnv,
      async ({ base, chromePort, stdout }) => {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
        try {
          return await open(at + 1, [...apps, { build, base, browser, stdout }]);
        } finally {
          await browser.disconnect();
        }
      },
      build.dist,
    );
  };
  return open(0, []);
}

/** The accounts a build's server measures with: its demo seed's staff account and a new applicant with an application. */
async function accountsOf(base: string, stdout: () => string): Promise<{ staff: Credentials; applicant: Credentials; applicationId: number }> {
  const staff = { email: /e-mail:\s+(\S+)/.exec(stdout())?.[1] ?? '', password: /password:\s+(\S+)/.exec(stdout())?.[1] ?? '' };
  if (staff.password === '') throw new Error(`no seeded staff account in the server's output: ${stdout()}`);
  const { account, applicationId } = await newApplicant(base);
  return { staff, applicant: account, applicationId };
}

/**
 * Starts the server on a fresh PGlite with the built SPA and the demo seed (and another for the compared build), then
 * measures each signed-in screen, the builds in alternation run by run.
 */
export function benchWeb(): Promise<string> {
  const builds = buildsToMeasure(COMPARE);
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  return withBuilds(builds, async (apps) => {
    const servers = await Promise.all(apps.map(async (app) => ({ ...app, accounts: await accountsOf(app.base, app.stdout) })));
    const screens: Screen[] = [
      { path: '/panel/programs', who: 'applicant' },
      { path: '/panel/programs/my', who: 'applicant' },
      { path: '/panel/application/:id/3', who: 'applicant' },
      { path: '/profile', who: 'applicant' },
      { path: '/admin/applications', who: 'staff' },
      { path: '/admin/dashboard', who: 'staff' },
      { path: '/panel/programs', who: 'applicant', repeat: true },
    ];
    const only = process.env.BENCH_WEB_SCREENS;
    const label = (screen: Screen) => (screen.repeat ? `${screen.path} (repeat visit)` : screen.path);
    const chosen = only ? screens.filter((screen) => only.split(',').some((part) => label(screen).includes(part))) : screens;
    const rows: { screen: string; build: string; runs: RunFigures[] }[] = [];
    for (const screen of chosen) {
      const runs = servers.map(() => [] as RunFigures[]);
      for (let run = 0; run < RUNS; run++) {
        for (const [at, { build, base, browser, accounts }] of servers.entries()) {
          const path = screen.path.replace(':id', String(accounts.applicationId));
          const record = await signIn(base, screen.who === 'staff' ? accounts.staff : accounts.applicant);
          const report = REPORTS ? join(REPORTS, `${build.label.replace(/\W+/g, '-')}${label(screen).replace(/\W+/g, '-')}-${run + 1}.json`) : undefined;
          const figures = await visit(browser, base, path, record, report, screen.repeat);
          runs[at]?.push(figures);
          console.log(`  ${build.label} ${label(screen)} run ${run + 1}: score ${figures.score}, TBT ${Math.round(figures.tbtMs)} ms, LCP ${Math.round(figures.lcpMs)} ms, load ${figures.load.toFixed(2)}`);
        }
      }
      servers.forEach(({ build }, at) => rows.push({ screen: label(screen), build: build.label, runs: runs[at] ?? [] }));
    }
    return (
      `Lighthouse 12.8, mobile settings (simulated: 4x CPU slowdown, slow 4G), performance only, on the built SPA\n` +
      `(\`npm run build\`), Debian's Chromium, offline; each screen a cold visit (HTTP cache, service worker and its caches\n` +
      `emptied) with the session kept (the sign-in's record in localStorage), the median of ${RUNS} runs` +
      (COMPARE ? `,\nthe builds in alternation run by run (compared build: ${COMPARE})` : '') +
      `.\nBeside each figure: the 1-minute load average as the run that gave it ended (2 cores: above 2 the machine was\n` +
      `busy and LCP and TBT grow). JS transferred:\n` +
      `the bytes on the wire (brotli) of every script the screen loaded. Targets: LCP <= 2.5 s, CLS <= 0.1, TBT <= 200 ms,\n` +
      `JS <= 150 KB; the dashboard LCP <= 3 s and TBT <= 300 ms. The repeat visit (the screen opened twice before, the\n` +
      `service worker and its caches kept): LCP <= 1.5 s.\n\n${table(rows)}`
    );
  });
}

export const webPart: Part = { title: 'Signed-in screens on a phone (Lighthouse)', measure: benchWeb };

if (isMain(import.meta.url)) await runAlone(webPart);
