// `npm run bench:api`: the hot API calls over real sockets (autocannon against `server/server.ts` in its own process),
// each next to a bare node:http server answering the same JSON in the same run, on PGlite (one process) and, when
// TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL with one worker per core (docs/decisions/012-speed.md).
// Also the first two parts of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from '#server/auth/passwords.ts';
import { openDatabase, type DatabaseTarget } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { freePort, freshDatabase, root, startProcess, stop } from '#test-support/processes.ts';
import { isMain, median, runAlone, type Part } from './results.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const json = { 'content-type': 'application/json' };

interface Row {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

/** BENCH_CALLS=<text>: only the calls whose name contains it (the bare server and health always run), e.g. to profile one. */
const only = process.env.BENCH_CALLS;

/** One call loaded for BENCH_SECONDS over BENCH_CONNECTIONS connections. */
async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

/** `measure`, unless BENCH_CALLS leaves the call out. */
async function load(name: string, options: autocannon.Options): Promise<Row | undefined> {
  if (only && !name.includes(only) && ![BARE_HTTP, BARE_FASTIFY, 'GET /api/health'].includes(name)) return undefined;
  return measure(name, options);
}

/** BENCH_HEALTH_TURNS: how many turns the bare Fastify route and the portal's health each take (alternating; even keeps the order balanced). */
const healthTurns = Number(process.env.BENCH_HEALTH_TURNS ?? 6);

/**
 * The calls `a` and `b` loaded in turn, `healthTurns` times each: their turns' rows. The order swaps every turn (a b,
 * b a, a b...): the machine's speed drifts within a run, and with one fixed order the second call of every pair would
 * always meet the drift later than the first.
 */
async function takeTurns(a: [string, autocannon.Options], b: [string, autocannon.Options]): Promise<[Row[], Row[]]> {
  const turns: [Row[], Row[]] = [[], []];
  for (let turn = 0; turn < healthTurns; turn += 1) {
    const order = turn % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const [name, options] = index === 0 ? a : b;
      turns[index]?.push(await measure(name, options));
    }
  }
  return turns;
}

/** One row of the turns' medians (req/s and p99 each), and their non-2xx answers summed. */
function medianRow(turns: Row[]): Row {
  return {
    name: turns[0]?.name ?? '',
    requestsPerSecond: median(turns.map((turn) => turn.requestsPerSecond)),
    p99: median(turns.map((turn) => turn.p99)),
    errors: turns.reduce((sum, turn) => sum + turn.errors, 0),
  };
}

const BARE_HTTP = 'bare node:http';
const BARE_FASTIFY = 'bare Fastify (same JSON and headers)';

/** The bare node:http baseline: the same JSON as /api/health, nothing else. */
const bareServer = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); s.end('{"status":"ok"}'); }).listen(Number(process.env.PORT), '127.0.0.1');`;

/**
 * The target's baseline for GET /api/health (docs/decisions/047-metrics-and-hot-calls.md): Fastify with no plugin and
 * no hook, one route answering the same JSON with the same headers as the portal's health (HEADERS, read from one of
 * its answers), a new request id included.
 */
const bareFastifyRoute = `const { randomUUID } = require('node:crypto');
const headers = JSON.parse(process.env.HEADERS);
const app = require('fastify')();
app.get('/api/health', (request, reply) => { reply.headers(headers).header('x-request-id', randomUUID()).send({ status: 'ok' }); });`;
const listen = `app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;
const bareFastify = `${bareFastifyRoute}\n${listen}`;

/**
 * The same bare Fastify route in a process that, once Fastify was loaded and the route made, used other kinds of
 * stream (files read through `fs` streams, a gzip pipeline, object-mode readables), as any server does that reads a
 * file, a body or a database answer: V8's inline caches and object shapes in Node's stream and `process.nextTick` code,
 * which every HTTP request goes through, then serve several kinds of object. The same work done before Fastify is
 * loaded costs the route little. `BENCH_HEALTH_CONTROL=1` loads it in turns with the portal's health
 * (bench/results.md has the figures; docs/decisions/064-liveness-before-the-framework.md what they mean).
 */
const bareFastifyAfterStreams = `${bareFastifyRoute}
const { createReadStream, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { PassThrough, Readable, Transform } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const { createGzip } = require('node:zlib');
(async () => {
  for (const name of readdirSync(process.env.FILES).filter((n) => n.endsWith('.sql'))) {
    for await (const chunk of createReadStream(join(process.env.FILES, name), { highWaterMark: 256 })) void chunk;
  }
  for (let i = 0; i < 200; i += 1) {
    await pipeline(Readable.from([Buffer.alloc(1000, 97), 'b']), new Transform({ transform(c, e, done) { done(null, c); } }), createGzip(), new PassThrough().resume());
    const objects = new Readable({ objectMode: i % 2 === 0, read() {} });
    objects.push(i % 2 ? 'x' : { a: 1 });
    objects.push(null);
    for await (const item of objects) void item;
  }
})().then(() => {
${listen}
});`;
const BARE_AFTER_STREAMS = 'bare Fastify, other streams used after its start (control)';

/** The headers of a health answer that its handler or hooks set (not those Node adds to every answer). */
async function healthHeaders(url: string): Promise<Record<string, string>> {
  const answer = await fetch(url);
  await answer.arrayBuffer();
  const perAnswer = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id', 'content-type']);
  return Object.fromEntries([...answer.headers].filter(([name]) => !perAnswer.has(name)));
}

/** A draft being saved: its step's path, the version last answered, and its owner's access token. */
interface Draft {
  path: string;
  version: number;
  authorization: string;
}

const APPLICANT_PASSWORD = `bench-${process.pid}-Aa1`;

/**
 * `count` applicant accounts written straight into the database before the server starts (no sign-up e-mail to
 * follow), sharing one password hashed once. Returns their e-mail addresses.
 */
async function addApplicants(target: DatabaseTarget, count: number): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    const password_hash = await hashPassword(APPLICANT_PASSWORD);
    const emails = Array.from({ length: count }, (_, index) => `bench-applicant-${index}@example.com`);
    await database.db.insert(users).values(
      emails.map((email, index) => ({ email, password_hash, first_name: 'Bench', last_name: `Applicant ${index}`, conditions_accepted_at: new Date() })),
    );
    return emails;
  } finally {
    await database.close();
  }
}

/** Signs the applicant in, applies to the program, and answers their step 2 as a draft to save. */
async function startDraft(base: string, email: string, programId: number): Promise<Draft> {
  const answer = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: APPLICANT_PASSWORD }) });
  if (!answer.ok) throw new Error(`signing ${email} in answered ${answer.status}: ${await answer.text()}`);
  const signIn = (await answer.json()) as { access: string };
  const authorization = `Bearer ${signIn.access}`;
  const response = await fetch(`${base}/api/applications`, { method: 'POST', headers: { ...json, authorization }, body: JSON.stringify({ program_id: programId }) });
  if (!response.ok) throw new Error(`applying answered ${response.status}: ${await response.text()}`);
  const application = (await response.json()) as { id: number; steps: Array<{ step: number; version: number }> };
  const step = application.steps.find((s) => s.step === 2);
  if (!step) throw new Error('the application has no step 2');
  return { path: `/api/applications/${application.id}/steps/2`, version: step.version, authorization };
}

/**
 * A bare route (`code`, run with `node -e`) and the portal's health at `base` in turns, one loaded while the other
 * waits idle: their two rows (each the median of its turns) and the portal's answers over the bare route's, turn by
 * turn. Turns, because this machine's own speed drifts by a third within minutes (two measures one after the other
 * compared the drift as much as the servers).
 */
async function healthPair(base: string, bareName: string, code: string, portalName: string): Promise<{ rows: Row[]; ratios: number[] }> {
  const port = await freePort();
  const env = { PORT: String(port), FILES: join(root, 'server/db/migrations'), HEADERS: JSON.stringify(await healthHeaders(`${base}/api/health`)) };
  const bare = await startProcess(['-e', code], env, `http://127.0.0.1:${port}/api/health`);
  try {
    const [bareTurns, portalTurns] = await takeTurns([bareName, { url: `http://127.0.0.1:${port}/api/health` }], [portalName, { url: `${base}/api/health` }]);
    return {
      rows: [medianRow(bareTurns), medianRow(portalTurns)],
      ratios: portalTurns.map((turn, index) => turn.requestsPerSecond / (bareTurns[index]?.requestsPerSecond ?? Number.NaN)),
    };
  } finally {
    await stop(bare.child);
  }
}

async function benchDatabase(env: Record<string, string>, workers: number): Promise<string> {
  const rows: Array<Row | undefined> = [];
  /** The health's answers over the bare Fastify route's, turn by turn. */
  let healthRatios: number[] = [];
  /** The same against the control (BENCH_HEALTH_CONTROL=1), turn by turn. */
  let controlRatios: number[] = [];
  const barePort = await freePort();
  const bare = await startProcess(['-e', bareServer], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  try {
    rows.push(await load(BARE_HTTP, { url: `http://127.0.0.1:${barePort}/api/health` }));
  } finally {
    await stop(bare.child);
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const applicants = await addApplicants(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(dataDir, 'db') }, connections);
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
    // Step saves as people make them: one applicant per connection, each saving step 2 of their own application with
    // the version their last save answered, so no two saves ever race on one application (a person's autosave sends
    // one save at a time). autocannon hands setupRequest a fresh context object after every answer, so the drafts are
    // lent from a pool: taken when a request is built, given back with the new version when its answer arrives.
    const programs = (await (await fetch(`${base}/api/programs`, { headers: auth })).json()) as { results: Array<{ id: number; status: string }> };
    const openProgram = programs.results.find((p) => p.status === 'open');
    if (!openProgram) throw new Error('the demo seed has no open program');
    const drafts: Draft[] = [];
    for (const email of applicants) drafts.push(await startDraft(base, email, openProgram.id));
    const lent = new WeakMap<object, Draft>();
    // The first refused save, printed after the table: a save benchmark that measures refusals measures nothing.
    let refusedSave: string | undefined;
    const plainPair = await healthPair(base, BARE_FASTIFY, bareFastify, 'GET /api/health');
    rows.push(...plainPair.rows);
    healthRatios = plainPair.ratios;
    if (process.env.BENCH_HEALTH_CONTROL === '1' && workers === 1) {
      const controlPair = await healthPair(base, BARE_AFTER_STREAMS, bareFastifyAfterStreams, 'GET /api/health (beside the control)');
      rows.push(...controlPair.rows);
      controlRatios = controlPair.ratios;
    }
    rows.push(await load('POST /api/auth/session/ (refresh)', { url: `${base}/api/auth/session/`, method: 'POST', headers: json, body: JSON.stringify({ refresh: signIn.refresh }) }));
    rows.push(await load('GET /api/me', { url: `${base}/api/me`, headers: auth }));
    rows.push(await load('GET /api/programs', { url: `${base}/api/programs`, headers: auth }));
    rows.push(
      await load('PUT step (save a draft)', {
        url: base,
        requests: [
          {
            setupRequest: (request, context) => {
              const draft = drafts.pop();
              if (!draft) throw new Error('more saves in flight than drafts: one draft per connection');
              lent.set(context, draft);
              return { ...request, method: 'PUT', path: draft.path, headers: { ...json, authorization: draft.authorization }, body: JSON.stringify({ data: { business_name: 'Café de Utuado' }, version: draft.version }) };
            },
            onResponse: (status, body, context) => {
              if (status >= 300 && !refusedSave) refusedSave = `${status} ${body.slice(0, 300)}`;
              const draft = lent.get(context);
              if (!draft) return;
              const answer = JSON.parse(body) as { version?: number; current?: { version: number } };
              draft.version = answer.version ?? answer.current?.version ?? draft.version;
              drafts.push(draft);
            },
          },
        ],
      }),
    );
    // Argon2 by design (about 13 ms of one core per attempt): the ceiling is cores / hash time.
    if (refusedSave) console.error(`a step save was refused: ${refusedSave}`);
    rows.push(await load('POST /api/auth/login (argon2)', { url: `${base}/api/auth/login`, method: 'POST', headers: json, body: credentials }));
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const measured = rows.filter((row): row is Row => row !== undefined);
  const rate = (name: string) => measured.find((row) => row.name === name)?.requestsPerSecond ?? 0;
  // The target compares one process with one process: the PGlite run (several workers share the cores differently).
  const verdict =
    workers === 1
      ? `GET /api/health answers ${(rate('GET /api/health') / rate(BARE_FASTIFY)).toFixed(2)} of the bare Fastify route, medians of ${healthRatios.length} turns each (target >= 0.90, one process each); turn by turn (each turn's pair back to back): ${healthRatios.map((r) => r.toFixed(2)).join(', ')}, their median ${median(healthRatios).toFixed(2)}.`
      : 'The health target compares one process with one bare Fastify process: see the PGlite run.';
  const control =
    controlRatios.length > 0
      ? `\n\nAgainst the control (the bare route in a process that used other streams after its start): turn by turn ${controlRatios.map((r) => r.toFixed(2)).join(', ')}, their median ${median(controlRatios).toFixed(2)}.`
      : '';
  return `${workers === 1 ? 'One process' : `${workers} workers (WEB_CONCURRENCY)`}, ${connections} connections (BENCH_CONNECTIONS), ${seconds} s per call (BENCH_SECONDS)${only ? `, only the calls named with "${only}" (BENCH_CALLS)` : ''}.\n\n${table(measured)}\n\n${verdict}${control}`;
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


/** On a fresh database of the PostgreSQL server that TEST_DATABASE_URL or DATABASE_URL names, dropped after. */
async function benchPostgres(): Promise<string> {
  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!postgresUrl) return 'skipped: needs PostgreSQL (set TEST_DATABASE_URL or DATABASE_URL).';
  const database = await freshDatabase(postgresUrl, `portal_bench_${process.pid}`);
  try {
    return await benchDatabase({ DATABASE_URL: database.url }, Number(process.env.WEB_CONCURRENCY || availableParallelism()));
  } finally {
    await database.drop();
  }
}

export const apiPglitePart: Part = { title: 'API calls, PGlite', measure: () => benchDatabase({}, 1) };
export const apiPostgresPart: Part = { title: 'API calls, PostgreSQL', measure: benchPostgres };

if (isMain(import.meta.url)) {
  await runAlone(apiPglitePart);
  await runAlone(apiPostgresPart);
}
