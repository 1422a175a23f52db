// Several servers on one PostgreSQL behave as one (docs/decisions/026-several-servers.md): two server processes,
// started at the same moment (migrations and the seed take turns under an advisory lock), behind a proxy that sends
// each request to the next one in turn, with one Redis and one S3-compatible bucket (each server its own DATA_DIR, as
// on two machines). A whole application goes through them, each step landing on either server, every document reads
// back from either, and every e-mail leaves exactly once although both deliver.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { completeAllSteps, signUp } from '../support/applicants.ts';
import { startObjectStorage, type TestObjectStorage } from '../support/object-storage.ts';
import { describeOnPostgres } from '../support/postgres-suites.ts';
import { kill9, startServer, type RunningServer } from '../support/server-process.ts';
import { closedPort, freshPostgres, startSmtp, type TestApp, type TestSmtp } from '../support/server.ts';

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- as light-my-request's json()
}

/** A proxy that sends each request to the next upstream port in turn, and counts what each received. */
async function roundRobin(ports: number[]): Promise<{ port: number; served: number[]; close(): Promise<void> }> {
  const served = ports.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % ports.length;
    served[index] = (served[index] ?? 0) + 1;
    const upstream = forward({ host: '127.0.0.1', port: ports[index], method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no proxy port');
  return { port: address.port, served, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The test helpers' TestApp, over HTTP through the proxy instead of Fastify's inject. */
function overHttp(base: string): TestApp {
  const send = async (method: string, url: string, body: Buffer | string | undefined, headers: Record<string, string>): Promise<Answer> => {
    const response = await fetch(`${base}${url}`, { method, headers, body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body) });
    const text = await response.text();
    return { statusCode: response.status, body: text, headers: Object.fromEntries(response.headers), json: () => JSON.parse(text) };
  };
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    send(method, `/api${path}`, body === undefined ? undefined : JSON.stringify(body), body === undefined ? headers : { 'content-type': 'application/json', ...headers });
  const inject = (options: InjectOptions) =>
    send(String(options.method), String(options.url), options.payload as Buffer, (options.headers ?? {}) as Record<string, string>);
  return { call, app: { inject }, kind: 'postgres', close: async () => undefined } as unknown as TestApp;
}

describeOnPostgres('two servers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let smtp: TestSmtp;
  let servers: RunningServer[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let storage: TestObjectStorage;
  let dataDirs: string[] = [];

  beforeAll(async () => {
    database = await freshPostgres();
    smtp = await startSmtp();
    storage = await startObjectStorage();
    dataDirs = [mkdtempSync(join(tmpdir(), 'portal-several-')), mkdtempSync(join(tmpdir(), 'portal-several-'))];
    const env = {
      STORAGE_URL: storage.url,
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      WEB_CONCURRENCY: '1',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '100',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
      CAPTCHA_COST: '50',
    };
    const ports = [await closedPort(), await closedPort()];
    // Both at once, on an empty database: the second waits for the first's migrations and seed.
    servers = await Promise.all(ports.map((port, index) => startServer(dataDirs[index] ?? '', port, env)));
    proxy = await roundRobin(ports);
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => kill9(server)));
    await smtp?.close();
    await database?.drop();
    await storage?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('migrated and seeded once although both started together', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const programs = await client.query<{ name_en: string; n: string }>('select name_en, count(*) as n from programs group by name_en');
      expect(programs.rows.length).toBeGreaterThan(0);
      expect(programs.rows.every((row) => row.n === '1')).toBe(true);
      const staff = await client.query<{ n: string }>('select count(*) as n from users where is_staff');
      expect(staff.rows[0]?.n).toBe('1');
    } finally {
      await client.end();
    }
  });

  it('takes a whole application across both servers, and sends its confirmation exactly once', async () => {
    const test = overHttp(`http://127.0.0.1:${proxy.port}`);
    const ana = await signUp(test, { first_name: 'Ana', last_name: 'Repartida' });
    const programs = await test.call('GET', '/programs', undefined, ana.headers);
    // An open incubator program of the demo seed: the helpers' step data is an incubator applicant's.
    const open = (programs.json() as { results: Array<{ id: number; status: string; sub_program: string }> }).results.find(
      (program) => program.status === 'open' && program.sub_program === 'incubator',
    );
    expect(open).toBeDefined();
    const applied = await test.call('POST', '/applications', { program_id: open?.id }, ana.headers);
    expect(applied.statusCode, applied.body).toBe(201);
    const id = (applied.json() as { id: number }).id;
    await completeAllSteps(test, ana, id);
    const submitted = await test.call('POST', `/applications/${id}/submit`, undefined, ana.headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Every document reads back whole from either server (they share the bucket, not a directory).
    const application = (await test.call('GET', `/applications/${id}`, undefined, ana.headers)).json() as { files: Array<{ id: number; size: number }> };
    for (const file of application.files) {
      for (let twice = 0; twice < 2; twice += 1) {
        const download = await fetch(`http://127.0.0.1:${proxy.port}/api/applications/${id}/files/${file.id}`, { headers: ana.headers });
        expect(download.status).toBe(200);
        expect((await download.arrayBuffer()).byteLength).toBe(file.size);
      }
    }
    expect(proxy.served.every((count) => count > 10)).toBe(true);
    expect((await storage.keys()).length).toBe(application.files.length + 1);

    // Both servers poll the outbox every 100 ms; each message is claimed by one of them.
    await smtp.waitFor((mail) => mail.to.includes(ana.email), 30_000);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await expect
        .poll(async () => (await client.query<{ n: string }>('select count(*) as n from mail_outbox where sent_at is null and failed_at is null')).rows[0]?.n, { timeout: 30_000 })
        .toBe('0');
      const queued = await client.query<{ to_address: string; subject: string }>('select to_address, subject from mail_outbox where to_address = $1', [ana.email]);
      const received = smtp.messages.filter((mail) => mail.to.includes(ana.email));
      expect(queued.rows.length).toBeGreaterThan(0);
      expect(received).toHaveLength(queued.rows.length);
    } finally {
      await client.end();
    }
  });
});
