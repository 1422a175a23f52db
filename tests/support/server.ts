// Test harness for the API: a real app over a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set),
// a real SMTP server on loopback, and a captcha solved the way the browser widget solves it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseTarget } from '../../server/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  kind: DatabaseKind;
  /** Calls the API through Fastify's inject; `path` is under /api. */
  call(method: InjectOptions['method'], path: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
}

/** A fresh, empty PostgreSQL database for one test file, dropped on close. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
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

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SPA_DIR: '',
    MAIL_POLL_MS: '0',
    CAPTCHA_COST: '50',
    PUBLIC_URL: 'http://portal.test',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_REGISTER: '100000',
    RATE_LIMIT_PASSWORD_RESET: '100000',
    ...options.env,
  });
  let database: DatabaseTarget;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const fresh = await freshPostgres();
    database = { url: fresh.url };
    dropDatabase = fresh.drop;
  } else {
    database = { pglite: new PGlite() };
  }
  const app = await buildApp({ config, database, ...(options.now ? { now: options.now } : {}) });
  return {
    app,
    kind,
    call: (method, path, body, headers = {}) =>
      app.inject({
        method,
        url: `/api${path}`,
        headers,
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as Record<string, unknown> }),
      }),
    close: async () => {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
  messages: CapturedMail[];
  /** Resolves with the first message matching, waiting up to `ms`. */
  waitFor(match: (mail: CapturedMail) => boolean, ms?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // smtp-server's built-in certificate has expired (STACK.md): plain SMTP on loopback.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a captured e-mail with quoted-printable soft breaks and escapes undone. */
export function mailText(mail: CapturedMail): string {
  const body = mail.raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
