// The Prometheus endpoint (server/operations/metrics.ts): its token, its names, what each counts; the request id
// (server/http/request-id.ts) on answers and log lines, taken from a trusted proxy only; readable development logs;
// and, on PostgreSQL, one scrape adding up the workers of a cluster (docs/operations.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { logTransport } from '#server/operations/logging.ts';
import { serveMetrics } from '#server/operations/metrics.ts';
import { createProgram, samplePdf, signUp, upload } from '../support/applicants.ts';
import { describeOnPostgres } from '../support/postgres-suites.ts';
import { kill9, startServer, type RunningServer } from '../support/server-process.ts';
import { captureLogs, closedPort, databaseKinds, freshPostgres, startTestApp, uniqueEmail, type TestApp } from '../support/server.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A sample's value in Prometheus's text format (`name{a="b",...} value`), 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

const names = (text: string) => new Set(text.split('\n').filter((line) => line.startsWith('# TYPE ')).map((line) => line.split(' ')[2]));

describe.each(databaseKinds)('metrics and request ids (%s)', (kind) => {
  let test: TestApp;
  let endpoint: string;
  let close: () => Promise<void>;
  const logs = captureLogs();

  beforeAll(async () => {
    test = await startTestApp(kind, {
      // METRICS_PORT turns the metrics on; the test serves them itself on a free port (server.ts does on this one).
      env: { METRICS_PORT: '9', METRICS_TOKEN: TOKEN, TRUST_PROXY: '10.0.0.0/8', ACCOUNT_LOGIN_ATTEMPTS: '2', LOG_LEVEL: 'info', DATABASE_POOL_MAX: '4' },
      logStream: logs.stream,
    });
    const server = await serveMetrics({ port: 0, host: '127.0.0.1', token: TOKEN }, () => test.app.metrics!.text());
    endpoint = `http://127.0.0.1:${server.port}/metrics`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
    await test?.close();
  });

  const scrape = async () => {
    const response = await fetch(endpoint, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it('answers 401 without the token or with a wrong one, 404 elsewhere, and the exposition with the token', async () => {
    const status = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      return response.status;
    };
    const none = await fetch(endpoint);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.text()).toBe('unauthorized\n');
    expect(await status(endpoint, { authorization: `Bearer ${TOKEN}x` })).toBe(401);
    expect(await status(endpoint, { authorization: TOKEN })).toBe(401);
    expect(await status(endpoint.replace('/metrics', '/'), { authorization: `Bearer ${TOKEN}` })).toBe(404);
    const response = await fetch(endpoint, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const exposed = names(await response.text());
    for (const name of [
      'portal_http_requests_total',
      'portal_http_request_duration_seconds',
      'portal_upload_bytes_total',
      'portal_upload_refusals_total',
      'portal_signin_failures_total',
      'portal_signin_lockouts_total',
      'portal_mail_outbox_depth',
      'portal_mail_outbox_oldest_age_seconds',
      'portal_work_queue_pending',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(exposed, name).toContain(name);
    }
    // The pool is PostgreSQL's; PGlite is one in-process connection.
    for (const name of ['portal_db_pool_total', 'portal_db_pool_idle', 'portal_db_pool_waiting', 'portal_db_pool_max']) {
      expect(exposed.has(name), name).toBe(kind === 'postgres');
    }
  });

  it('counts answers and their time per contract operation and status, not-found answers apart', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) expect((await test.call('GET', '/health')).statusCode).toBe(200);
    expect((await test.call('GET', '/me')).statusCode).toBe(401);
    expect((await test.call('GET', '/no-such-route')).statusCode).toBe(404);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('portal_http_requests_total', { operation: 'getHealth', status: '200' })).toBe(3);
    expect(delta('portal_http_request_duration_seconds_count', { operation: 'getHealth', status: '200' })).toBe(3);
    expect(delta('portal_http_request_duration_seconds_bucket', { operation: 'getHealth', status: '200', le: '+Inf' })).toBe(3);
    expect(delta('portal_http_request_duration_seconds_sum', { operation: 'getHealth', status: '200' })).toBeGreaterThan(0);
    expect(delta('portal_http_requests_total', { operation: 'getMe', status: '401' })).toBe(1);
    expect(delta('portal_http_requests_total', { operation: 'unmatched', status: '404' })).toBe(1);
  });

  it('counts sign-in failures and lockouts', async () => {
    const before = await scrape();
    const email = uniqueEmail('locked');
    // ACCOUNT_LOGIN_ATTEMPTS=2: two wrong passwords answer 401, the third attempt 429.
    for (const status of [401, 401, 429]) {
      expect((await test.call('POST', '/auth/login', { email, password: 'Not-The-Password-1' })).statusCode).toBe(status);
    }
    const after = await scrape();
    expect(sample(after, 'portal_signin_failures_total') - sample(before, 'portal_signin_failures_total')).toBe(2);
    expect(sample(after, 'portal_signin_lockouts_total') - sample(before, 'portal_signin_lockouts_total')).toBe(1);
  });

  it('counts the bytes of kept uploads, and refusals by error code', async () => {
    const ana = await signUp(test);
    const program = await createProgram(test, { name_es: 'Métricas', name_en: 'Metrics', period: '2027-1' });
    const id = (await test.call('POST', '/applications', { program_id: program.id }, ana.headers)).json().id as number;
    const before = await scrape();
    expect((await upload(test, ana, id, samplePdf(5000))).statusCode).toBe(200);
    const refused = await upload(test, ana, id, Buffer.from('not a pdf at all'), 'fake.pdf');
    expect(refused.statusCode).toBe(400);
    const code = refused.json().code as string;
    const after = await scrape();
    expect(sample(after, 'portal_upload_bytes_total') - sample(before, 'portal_upload_bytes_total')).toBe(5000);
    const refusals = { operation: 'uploadIntakeForm', code };
    expect(sample(after, 'portal_upload_refusals_total', refusals) - sample(before, 'portal_upload_refusals_total', refusals)).toBe(1);
  });

  it("reads the outbox's depth and the age of its oldest message at each scrape, and the pool's figures", async () => {
    const { db } = test.app.ctx;
    const depth = sample(await scrape(), 'portal_mail_outbox_depth');
    await enqueueMail(db, { template: 'passwordReset', to: 'old@metrics.test', language: 'es', params: { link: 'http://portal.test/x', name: 'x', days: 3 } }, new Date(Date.now() - 120_000));
    const after = await scrape();
    expect(sample(after, 'portal_mail_outbox_depth')).toBe(depth + 1);
    expect(sample(after, 'portal_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(120);
    if (kind === 'postgres') {
      expect(sample(after, 'portal_db_pool_max')).toBe(4);
      expect(sample(after, 'portal_db_pool_total')).toBeGreaterThanOrEqual(1);
      expect(sample(after, 'portal_db_pool_waiting')).toBe(0);
    }
  });

  it('sends a new request id on every answer, errors included, and logs each line of the request with it', async () => {
    logs.clear();
    const answers = [await test.call('GET', '/health'), await test.call('GET', '/me'), await test.call('GET', '/no-such-route')];
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(3);
    const lines = logs.entries().filter((entry) => 'req' in entry || 'res' in entry);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(ids).toContain(line.reqId);
  });

  it("takes the client's X-Request-Id only from a trusted proxy, and only a well-formed one", async () => {
    const through = (remoteAddress: string, id: string) =>
      test.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'x-request-id': id } });
    logs.clear();
    const trusted = await through('10.1.2.3', 'lb-7f3a.42:9');
    expect(trusted.headers['x-request-id']).toBe('lb-7f3a.42:9');
    expect(logs.entries().filter((entry) => entry.reqId === 'lb-7f3a.42:9').map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    // A trusted proxy reached over a dual-stack socket.
    expect((await through('::ffff:10.9.9.9', 'dual-stack-1')).headers['x-request-id']).toBe('dual-stack-1');
    for (const [address, id] of [
      ['203.0.113.7', 'chosen-by-a-stranger'],
      ['127.0.0.1', 'chosen-by-a-stranger'],
      ['10.1.2.3', 'a\nforged log line'],
      ['10.1.2.3', 'x'.repeat(129)],
    ] as const) {
      const answer = await through(address, id);
      expect(answer.headers['x-request-id']).not.toBe(id);
      expect(answer.headers['x-request-id']).toMatch(uuid);
    }
  });
});

describe('configuration of logs and metrics', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmpdir(), APP_SECRET: 'a-test-secret-that-is-long-enough-123456', ...env });

  it('keeps metrics off unless METRICS_PORT is set, on HOST unless METRICS_HOST says otherwise', () => {
    expect(load({}).metrics).toBeUndefined();
    expect(load({ METRICS_PORT: '9464', HOST: '127.0.0.1' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: undefined });
    expect(load({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.2', METRICS_TOKEN: TOKEN }).metrics).toEqual({ port: 9464, host: '10.0.0.2', token: TOKEN });
  });

  it('refuses a short or spaced token, a port out of range, the API port, and an unknown LOG_PRETTY', () => {
    expect(() => load({ METRICS_PORT: '3000', METRICS_TOKEN: 'short', LOG_PRETTY: 'yes' })).toThrow(
      /METRICS_TOKEN must be at least 16 printable characters[\s\S]*METRICS_PORT must differ from PORT/,
    );
    expect(() => load({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a whole number from 0 to 65535/);
    expect(() => load({ METRICS_TOKEN: 'has spaces in the token value' })).toThrow(/METRICS_TOKEN/);
    expect(() => load({ LOG_PRETTY: 'yes' })).toThrow(/LOG_PRETTY must be 1 or 0/);
  });

  it('writes readable lines only outside production, and JSON in production whatever LOG_PRETTY says', () => {
    expect(load({ LOG_PRETTY: '1' }).logPretty).toBe(true);
    expect(load({ LOG_PRETTY: '0' }).logPretty).toBe(false);
    expect(load({ LOG_PRETTY: '1', NODE_ENV: 'production' }).logPretty).toBe(false);
    expect(logTransport({ logPretty: true, logLevel: 'info' })).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(logTransport({ logPretty: false, logLevel: 'info' })).toEqual({});
    expect(logTransport({ logPretty: true, logLevel: 'silent' })).toEqual({});
  });

  it('prints readable lines from the real server with LOG_PRETTY=1 (JSON without it: tests/support/server-process.ts reads those)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-pretty-'));
    let server: RunningServer | undefined;
    try {
      server = await startServer(dataDir, await closedPort(), { LOG_PRETTY: '1', SEED_DEMO_DATA: 'false' });
      const listening = server.stdout().split('\n').find((line) => line.includes('Server listening'));
      expect(listening).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Server listening at http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      if (server) await kill9(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

// PostgreSQL only (PGlite runs one process): the primary's scrape adds up what each worker counted.
describeOnPostgres('metrics of a cluster of two workers', () => {
  it('answers one scrape for both workers: their requests and their pools summed, the outbox not doubled', async () => {
    const database = await freshPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-metrics-cluster-'));
    const [port, metricsPort] = [await closedPort(), await closedPort()];
    let server: RunningServer | undefined;
    try {
      server = await startServer(dataDir, port, {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        DATABASE_POOL_MAX: '3',
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: TOKEN,
        SEED_DEMO_DATA: 'false',
      });
      const running = server;
      // startServer resolves at the first worker's line; the scrape needs both.
      await expect.poll(() => running.stdout().split('Server listening').length - 1, { timeout: 60_000 }).toBe(2);
      for (let i = 0; i < 20; i += 1) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(sample(text, 'portal_http_requests_total', { operation: 'getHealth', status: '200' })).toBe(20);
      // Each worker's pool may open 3: summed, 6.
      expect(sample(text, 'portal_db_pool_max')).toBe(6);
      expect(sample(text, 'portal_mail_outbox_depth')).toBe(0);
      expect(names(text)).toContain('process_cpu_seconds_total');
      const refused = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      await refused.arrayBuffer();
      expect(refused.status).toBe(401);
    } finally {
      const child = server?.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 180_000);
});
