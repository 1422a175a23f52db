// `npm run bench`: the hot API calls over real sockets (autocannon against `server/server.ts` in its own process), next
// to a bare node:http server answering the same JSON, on PGlite and, when TEST_DATABASE_URL or DATABASE_URL is set,
// on PostgreSQL with one worker per core; then the landing assets, uploads, Lighthouse pages and the staff list at
// 100,000, all written to bench/results.md. A measurement to compare runs on one machine, never a pass/fail test.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { applicationsPart } from './admin-applications.ts';
import { dashboardPart } from './admin-dashboard.ts';
import { lighthousePart } from './lighthouse.ts';
import { freePort, root, startProcess, stop } from './processes.ts';
import { runPart, startRun, writeResults, type Part } from './results.ts';
import { uploadsPart } from './uploads.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const json = { 'content-type': 'application/json' };

interface Row {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function load(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

/** The bare node:http baseline: the same JSON as /api/health, nothing else. */
const bareServer = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); s.end('{"status":"ok","database":"ok"}'); }).listen(Number(process.env.PORT), '127.0.0.1');`;

async function benchDatabase(env: Record<string, string>, workers: number): Promise<string> {
  const rows: Row[] = [];
  const barePort = await freePort();
  const bare = await startProcess(['-e', bareServer], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  try {
    rows.push(await load('bare node:http', { url: `http://127.0.0.1:${barePort}/api/health` }));
  } finally {
    await stop(bare.child);
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  // BENCH_CPU_PROFILE=<dir>: each server process writes a V8 CPU profile there when it stops (bench/profile-top.ts reads them).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const server = await startProcess(
    [...profile, '--import', 'tsx', join(root, 'server/server.ts')],
    {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SPA_DIR: '',
      LOG_LEVEL: 'warn',
      MAIL_POLL_MS: '0',
      WEB_CONCURRENCY: String(workers),
      RATE_LIMIT_LOGIN: '1000000',
      // autocannon keeps sending on a connection the server asked to close; Node answers those with 503.
      MAX_REQUESTS_PER_SOCKET: '0',
      ACCOUNT_LOGIN_ATTEMPTS: '1000000',
    },
    `${base}/api/health`,
    workers * 4,
  );
  try {
    const password = /password:\s+(\S+)/.exec(server.stdout())?.[1];
    if (!password) throw new Error(`no demo staff password in the server's output: ${server.stdout()}`);
    const credentials = JSON.stringify({ email: 'staff@incubadora.example', password });
    const signIn = (await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: credentials })).json()) as {
      access: string;
      refresh: string;
    };
    const auth = { authorization: `Bearer ${signIn.access}` };
    // Step saves: one application per open program, steps 2 to 6 of each shared out among the connections; each
    // save sends the version last seen for its step, so conflicts (409) only come from two connections on one step.
    const programs = (await (await fetch(`${base}/api/programs`, { headers: auth })).json()) as { results: Array<{ id: number; status: string }> };
    const steps: Array<{ path: string; version: number }> = [];
    for (const program of programs.results.filter((p) => p.status === 'open')) {
      const response = await fetch(`${base}/api/applications`, { method: 'POST', headers: { ...json, ...auth }, body: JSON.stringify({ program_id: program.id }) });
      const application = (await response.json()) as { id: number; steps: Array<{ step: number; version: number }> };
      for (const step of application.steps.filter((s) => s.step > 1)) {
        steps.push({ path: `/api/applications/${application.id}/steps/${step.step}`, version: step.version });
      }
    }
    let nextStep = 0;
    const stepOfConnection = new WeakMap<object, { path: string; version: number }>();

    rows.push(await load('GET /api/health', { url: `${base}/api/health` }));
    rows.push(await load('POST /api/auth/session/ (refresh)', { url: `${base}/api/auth/session/`, method: 'POST', headers: json, body: JSON.stringify({ refresh: signIn.refresh }) }));
    rows.push(await load('GET /api/me', { url: `${base}/api/me`, headers: auth }));
    rows.push(await load('GET /api/programs', { url: `${base}/api/programs`, headers: auth }));
    rows.push(
      await load('PUT step (save a draft)', {
        url: base,
        requests: [
          {
            setupRequest: (request, connection) => {
              let step = stepOfConnection.get(connection);
              if (!step) {
                step = steps[nextStep++ % steps.length]!;
                stepOfConnection.set(connection, step);
              }
              return { ...request, method: 'PUT', path: step.path, headers: { ...json, ...auth }, body: JSON.stringify({ data: { idea: 'Café de Utuado' }, version: step.version }) };
            },
            onResponse: (_status, body, connection) => {
              const step = stepOfConnection.get(connection);
              const answer = JSON.parse(body) as { version?: number; current?: { version: number } };
              if (step) step.version = answer.version ?? answer.current?.version ?? step.version;
            },
          },
        ],
      }),
    );
    // Argon2 by design (about 13 ms of one core per attempt): the ceiling is cores / hash time.
    rows.push(await load('POST /api/auth/login (argon2)', { url: `${base}/api/auth/login`, method: 'POST', headers: json, body: credentials }));
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return `${workers === 1 ? 'One process' : `${workers} workers (WEB_CONCURRENCY)`}, ${connections} connections (BENCH_CONNECTIONS), ${seconds} s per call (BENCH_SECONDS).\n\n${table(rows)}`;
}

function table(rows: Row[]): string {
  const bare = rows[0]!.requestsPerSecond;
  const health = rows.find((row) => row.name === 'GET /api/health')?.requestsPerSecond ?? bare;
  const ratio = (row: Row, base: number) => (row.requestsPerSecond / base).toFixed(2);
  return [
    '| call | req/s | p99 ms | vs bare | vs health | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p99} | ${ratio(row, bare)} | ${ratio(row, health)} | ${row.errors} |`),
  ].join('\n');
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped after the run. */
async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** On a fresh database of the PostgreSQL server that TEST_DATABASE_URL or DATABASE_URL names, dropped after. */
async function benchPostgres(): Promise<string> {
  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!postgresUrl) return 'skipped: needs PostgreSQL (set TEST_DATABASE_URL or DATABASE_URL).';
  const database = await freshPostgres(postgresUrl);
  try {
    return await benchDatabase({ DATABASE_URL: database.url }, Number(process.env.WEB_CONCURRENCY || availableParallelism()));
  } finally {
    await database.drop();
  }
}

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
  { title: 'API calls, PGlite', measure: () => benchDatabase({}, 1) },
  { title: 'API calls, PostgreSQL', measure: benchPostgres },
  { title: 'Landing assets', measure: landingAssets },
  uploadsPart,
  lighthousePart,
  applicationsPart,
  dashboardPart,
];

const context = startRun();
const sections = [];
for (const part of parts) sections.push(await runPart(part));
writeResults(context, sections);
if (sections.some((section) => section.failed)) process.exitCode = 1;
