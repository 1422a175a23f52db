// Test harness for the API: a real app over a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set),
// a real SMTP server on loopback, and a captcha solved the way the browser widget solves it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, pgliteExtensions, type DatabaseTarget } from '#server/db/client.ts';
import { componentSchema } from '#server/http/contract.ts';
import { freePort, freshDatabase } from './processes.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it; so does `npm test`). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  kind: DatabaseKind;
  /**
   * Calls the API through Fastify's inject; `path` is under /api. Returns once the work queued after the answer
   * (the password-reset lookup and e-mail) is done too, so a test reads its outcome at once; app.inject does not wait.
   */
  call(method: InjectOptions['method'], path: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  /** Receives every log line (pino JSON) of the app; pair with `env: { LOG_LEVEL: 'info' }` and captureLogs(). */
  logStream?: { write(line: string): void };
  /**
   * The data stays where the caller says and outlives close(): DATA_DIR (the embedded database on disk in its db/),
   * or `databaseUrl` for PostgreSQL (a backup test reads them after the app has stopped).
   */
  persist?: { dataDir: string; databaseUrl?: string };
}

/** A fresh, empty PostgreSQL database for one test file, dropped on close. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return freshDatabase(adminUrl, `portal_test_${randomBytes(6).toString('hex')}`);
}

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const pgliteDist = (file: string) => fileURLToPath(new URL(`../../node_modules/@electric-sql/pglite/dist/${file}`, import.meta.url));

/** A key of the migrations' names and contents (and `extra`), naming the templates below: a new migration, a new template. */
function migrationsKey(extra: Buffer[] = []): string {
  const hash = createHash('sha256');
  for (const bytes of extra) hash.update(bytes);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  for (const file of walk(migrationsDir).sort()) hash.update(file.slice(migrationsDir.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * An empty, migrated PGlite data directory to start each test database from: a new PGlite runs initdb (2-5 s
 * on a loaded machine), loading this copy takes about 1 s. Kept in the temp directory under a key of the PGlite
 * version and the migrations, so every test file (each its own process) shares it; buildApp() still migrates.
 * Handed over as a plain tar: PGlite unpacks a gzip archive of the 40 MB directory in JavaScript, a second or more
 * per database, where node's zlib takes a tenth of that once per process.
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = join(tmpdir(), `portal-pglite-template-${migrationsKey([readFileSync(fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)))])}.tar.gz`);
    const tar = { type: 'application/x-tar' };
    if (existsSync(file)) return new Blob([gunzipSync(readFileSync(file))], tar);
    const client = new PGlite({ extensions: pgliteExtensions });
    const database = await openDatabase({ pglite: client });
    const dump = await client.dumpDataDir('gzip');
    await database.close();
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Another test file may be writing the same template: write aside, then rename (atomic).
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return new Blob([gunzipSync(bytes)], tar);
  })();
  return pgliteTemplate;
}

/**
 * A data folder whose embedded database starts as the migrated template (`<dataDir>/db`, where the server opens it),
 * for a server started in a process of its own: its start then only checks the migrations, which on a fresh folder
 * would take a minute on a loaded machine. Nothing is done when the folder already holds a database.
 */
export async function withMigratedPglite(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'db'))) return;
  const database = new PGlite(join(dataDir, 'db'), { loadDataDir: await migratedPgliteTemplate(), ...pgliteOptions() });
  await database.waitReady;
  await database.close();
}

let pgliteCode: { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob } | undefined;

/** PGlite's compiled code and its file bundle, read once per process instead of once per database. */
function pgliteOptions() {
  pgliteCode ??= { pgliteWasmModule: new WebAssembly.Module(readFileSync(pgliteDist('pglite.wasm'))), fsBundle: new Blob([readFileSync(pgliteDist('pglite.data'))]) };
  return { ...pgliteCode, extensions: pgliteExtensions };
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated database on the server of TEST_DATABASE_URL that each test app's database is copied from
 * (CREATE DATABASE ... TEMPLATE): running the migrations took a second or more per app, the copy a fraction of
 * that. Named by the migrations' key and made once for every process of every run, under an advisory lock, built
 * under another name and renamed when done, so no process copies one half migrated. buildApp() still migrates.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `portal_template_${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount === 0) {
        const building = await freshDatabase(adminUrl, `${name}_building`);
        const database = await openDatabase({ url: building.url });
        await database.close();
        // pg-pool's end() resolves before its connections have closed, and a database in use cannot be renamed.
        while ((await admin.query('select 1 from pg_stat_activity where datname = $1', [`${name}_building`])).rowCount !== 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`alter database ${name}_building rename to ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/** pg_advisory_lock's key while the PostgreSQL template is made: any number no server process takes. */
const TEMPLATE_LOCK_KEY = 4_711_026;

/** A fresh PostgreSQL database for one test app, migrated (a copy of the template above), dropped on close. */
async function migratedPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return freshDatabase(adminUrl, `portal_test_${randomBytes(6).toString('hex')}`, await migratedPostgresTemplate(adminUrl));
}

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.persist?.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SPA_DIR: '',
    MAIL_POLL_MS: '0',
    // The daily retention run would start ten minutes in: suites run it themselves (tests/server/retention.test.ts).
    RETENTION_INTERVAL_HOURS: '0',
    // The same for the hourly reminders (tests/server/reminders.test.ts runs them).
    REMINDERS_INTERVAL_MINUTES: '0',
    CAPTCHA_COST: '50',
    PUBLIC_URL: 'http://portal.test',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_REGISTER: '100000',
    RATE_LIMIT_PASSWORD_RESET: '100000',
    RATE_LIMIT_EVENT_REGISTRATION: '100000',
    RATE_LIMIT_EMAIL_CHANGE: '100000',
    // Per-account limits too: suites that test a limit set their own.
    ACCOUNT_LOGIN_ATTEMPTS: '100000',
    ACCOUNT_RESET_MAILS: '100000',
    ACCOUNT_EMAIL_CHANGE_MAILS: '100000',
    ACCOUNT_SECOND_FACTOR_ATTEMPTS: '100000',
    // Staff of the suites use the admin area without a second factor, as development allows; config.ts refuses this in
    // production, so a suite that runs the app as production gets none (docs/decisions/049-second-factor.md);
    // tests/server/second-factor.test.ts sets it empty to test the rule.
    ...(options.env?.NODE_ENV === 'production' ? {} : { STAFF_SECOND_FACTOR_EXEMPT: '*' }),
    ...options.env,
  });
  let database: DatabaseTarget;
  let dropDatabase = async () => {};
  if (options.persist) {
    database = options.persist.databaseUrl ? { url: options.persist.databaseUrl } : { dataDir: join(dataDir, 'db') };
  } else if (kind === 'postgres') {
    const fresh = await migratedPostgres();
    database = { url: fresh.url };
    dropDatabase = fresh.drop;
  } else {
    database = { pglite: new PGlite({ loadDataDir: await migratedPgliteTemplate(), ...pgliteOptions() }) };
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      ...(options.now ? { now: options.now } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
  } catch (error) {
    // Leave nothing behind when the app cannot start (e.g. a route missing for the contract).
    if ('pglite' in database) await database.pglite.close().catch(() => undefined);
    await dropDatabase().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    kind,
    call: async (method, path, body, headers = {}) => {
      const response = await app.inject({
        method,
        url: `/api${path}`,
        headers,
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as Record<string, unknown> }),
      });
      await app.ctx.auth.work.drain();
      assertContractErrorCode(`${method} ${path}`, response);
      return response;
    },
    close: async () => {
      await app.close();
      if (options.persist) return;
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The error codes of the contract (components/schemas/ErrorCode in openapi.yaml). */
export const contractErrorCodes: readonly string[] = (componentSchema('ErrorCode').enum as string[] | undefined) ?? [];

/**
 * Every error a server test provokes through `call` carries a `code` of the contract's enum: the robustness, limits
 * and outage suites walk the error paths, so none can answer a code the machines were not typed for.
 */
function assertContractErrorCode(request: string, response: LightMyRequestResponse): void {
  if (response.statusCode < 400 || !String(response.headers['content-type'] ?? '').startsWith('application/json')) return;
  if (response.body === '') return; // HEAD
  const body: unknown = response.json();
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  if (typeof code !== 'string' || !contractErrorCodes.includes(code)) {
    throw new Error(`${request} answered ${response.statusCode} with code ${String(code)}, not one of openapi.yaml's ErrorCode: ${response.body}`);
  }
}

/** Fetches a challenge from the API and solves it as the ALTCHA widget does; returns the form value. */
export async function solveCaptcha(test: TestApp): Promise<string> {
  const response = await test.call('GET', '/captcha');
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the first message matching, waiting up to `ms`. */
  waitFor(match: (mail: CapturedMail) => boolean, ms?: number): Promise<CapturedMail>;
  /**
   * While set, every recipient is refused with a permanent 550 and this text (as a real relay does,
   * it names the address). `null` accepts mail again.
   */
  rejectWith(reason: string | null): void;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Listen on this port (e.g. one a test found closed earlier); 0 or absent picks a free one. */
  port?: number;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const messages: CapturedMail[] = [];
  let rejection: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    // smtp-server's built-in certificate has expired (docs/stack.md): plain SMTP on loopback.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejection === null) return callback();
      const error = Object.assign(new Error(`${rejection} <${address.address}>`), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor: async (match, ms = 10_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching e-mail arrived');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    rejectWith: (reason) => {
      rejection = reason;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (it was free a moment ago): connections to it are refused. */
export const closedPort = freePort;

function splitMessage(mail: CapturedMail): { headers: Map<string, string>; body: string } {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then one header per line.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\n\n') };
}

const quotedPrintableBytes = (text: string): Buffer => {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
};

/** A part's body with its transfer encoding undone. */
function decodedBody(headers: Map<string, string>, body: string): Buffer {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintableBytes(body);
  return Buffer.from(body, 'utf8');
}

/** The parts of a multipart message (one level: nodemailer's multipart/mixed of a text and its attachments). */
function partsOf(mail: CapturedMail): { headers: Map<string, string>; body: string }[] {
  const { headers, body } = splitMessage(mail);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => splitMessage({ from: '', to: [], raw: part.replace(/^\r?\n/, '').replace(/\r?\n$/, '') }));
}

/** The text of a captured UTF-8 e-mail (its text part when it has attachments) with its transfer encoding undone. */
/** Matches a captured message addressed to `address` (addresses compared without case), for `smtp.waitFor`. */
export const sentTo = (address: string) => (mail: CapturedMail): boolean => mail.to.some((to) => to.toLowerCase() === address.toLowerCase());

export function mailText(mail: CapturedMail): string {
  const parts = partsOf(mail);
  const text = parts.find((part) => (part.headers.get('content-type') ?? 'text/plain').startsWith('text/plain')) ?? parts[0];
  return text ? decodedBody(text.headers, text.body).toString('utf8') : '';
}

/** The files attached to a captured e-mail: name, type and bytes. */
export function mailAttachments(mail: CapturedMail): { filename: string; contentType: string; content: Buffer }[] {
  return partsOf(mail)
    .filter((part) => /attachment/i.test(part.headers.get('content-disposition') ?? ''))
    .map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1] ?? '',
      contentType: (part.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '',
      content: decodedBody(part.headers, part.body),
    }));
}

/** A header of a captured e-mail with RFC 2047 encoded words (`=?UTF-8?Q?...?=`) decoded. */
export function mailHeader(mail: CapturedMail, name: string): string {
  const value = splitMessage(mail).headers.get(name.toLowerCase()) ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintableBytes(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** The password-reset link of an e-mail text: its address with the uid and token to confirm with. */
export function resetLink(text: string): { url: URL; uid: string; token: string } {
  const match = /https?:\/\/\S+\/password\/reset\/confirm\?\S+/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  const url = new URL(match[0]);
  return { url, uid: url.searchParams.get('uid') ?? '', token: url.searchParams.get('token') ?? '' };
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** A clock the app reads (pass `now: clock.now` to startTestApp) that tests move forward. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  reset(): void;
}

export function testClock(): TestClock {
  // Real time plus an offset: rows stamped by the database's own now() stay comparable.
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

export interface CapturedLogs {
  stream: { write(line: string): void };
  /** Every line so far, parsed. */
  entries(): Array<Record<string, unknown>>;
  /** Every line so far, as written. */
  text(): string;
  clear(): void;
}

/** Collects the app's pino output (use with `env: { LOG_LEVEL: 'trace' }` and `logStream: logs.stream`). */
export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  return {
    stream: { write: (line) => void lines.push(line) },
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join(''),
    clear: () => {
      lines.length = 0;
    },
  };
}

export interface Account {
  id: number;
  email: string;
  password: string;
}

let accountCounter = 0;
/** A unique address for one test; upper case letters check that addresses are compared case-insensitively. */
export const uniqueEmail = (label = 'person'): string =>
  `${label}.${process.pid}.${Date.now().toString(36)}.${(accountCounter += 1)}@Example.org`;

/** Creates an account through POST /auth/register/ (captcha solved, conditions accepted). */
export async function registerAccount(
  test: TestApp,
  fields: Partial<{ email: string; password: string; first_name: string; last_name: string; language: 'es' | 'en' }> = {},
): Promise<Account> {
  const body = {
    email: fields.email ?? uniqueEmail(),
    password: fields.password ?? 'Correct-Horse-7-Battery',
    first_name: fields.first_name ?? 'Ana',
    last_name: fields.last_name ?? 'Rivera',
    language: fields.language ?? 'es',
    conditions: true,
    captcha: await solveCaptcha(test),
  };
  const response = await test.call('POST', '/auth/register/', body);
  if (response.statusCode !== 201) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  const created = response.json() as { id: number };
  return { id: created.id, email: body.email, password: body.password };
}

export interface Session {
  access: string;
  refresh: string;
  is_staff: boolean;
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
}

/** Signs in through POST /auth/login; throws unless it answers 200. */
export async function signIn(test: TestApp, account: Pick<Account, 'email' | 'password'>): Promise<Session> {
  const response = await test.call('POST', '/auth/login', { email: account.email, password: account.password });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return response.json() as Session;
}

/**
 * Why a response body is not one of the error shapes the SPA reads (docs/decisions/011-error-codes-in-the-contract.md):
 * `{detail, code}` or `{field: [strings], code}` (incl. non_field_errors), `code` from the contract's ErrorCode.
 * Undefined when it is one.
 */
export function errorShapeProblem(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  const strings = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item !== '');
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return `not an object: ${body.slice(0, 200)}`;
  const record = parsed as Record<string, unknown>;
  if (typeof record.code !== 'string' || !contractErrorCodes.includes(record.code)) return `no code of the contract: ${body.slice(0, 200)}`;
  if ('detail' in record) {
    const extra = Object.keys(record).filter((key) => key !== 'detail' && key !== 'code');
    if (typeof record.detail !== 'string' || record.detail === '') return `detail is not a message: ${body.slice(0, 200)}`;
    if (extra.length > 0) return `detail with other keys: ${body.slice(0, 200)}`;
    return undefined;
  }
  const keys = Object.keys(record).filter((key) => key !== 'code');
  if (keys.length === 0) return 'a code without messages';
  const bad = keys.filter((key) => !strings(record[key]));
  return bad.length > 0 ? `fields without messages (${bad.join(', ')}): ${body.slice(0, 200)}` : undefined;
}

/** What a response body must never carry: a password hash, an argon2 hash, a stack trace, a file path, an `Error:`. */
export function leakProblem(body: string): string | undefined {
  const checks: Array<[RegExp, string]> = [
    [/password_hash/i, 'password_hash'],
    [/\$argon2/, 'an argon2 hash'],
    [/\n\s*at\s|\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)/, 'a stack trace'],
    [/(\/work\/|\/home\/|node_modules|\.ts:\d+|\.js:\d+)/, 'a file path'],
    [/Error:/, 'the word Error:'],
  ];
  for (const [pattern, what] of checks) if (pattern.test(body)) return `${what} in ${body.slice(0, 300)}`;
  return undefined;
}

/** Runs a server script (e.g. `server/create-staff.ts`) as `npm run` does, with only PATH and `env`; resolves on exit. */
export async function runServerScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}
