// The browser tests' server: the real app (built SPA + API) on a fresh PGlite database, sending e-mail to a real
// SMTP server on loopback. A small side port lets tests read the caught e-mail and the seeded staff credentials, and
// (test only, until staff have an API for it) create a program and set its status: POST /program, /program-status;
// and make an account staff: POST /make-staff.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { applications, programs, users } from '#server/db/schema.ts';
import { seedDemoData } from '#server/seed.ts';
import { mailText, startSmtp, withMigratedPglite } from '../../support/server.ts';
import { E2E_PORT, E2E_SIDE_PORT } from './ports.ts';

const smtp = await startSmtp();
// A spec's own server (tests/e2e/support/own-server.ts) keeps its data folder across a stop and a start, and begins
// from the server tests' migrated database rather than making and migrating one (a minute on a loaded machine).
const ownDataDir = process.env.E2E_DATA_DIR;
if (ownDataDir) await withMigratedPglite(ownDataDir);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: ownDataDir || mkdtempSync(join(tmpdir(), 'portal-e2e-')),
  DATABASE_URL: '',
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: '200',
  // Reminders would fire minutes in and add e-mails that specs count: tests/server/reminders.test.ts runs the job.
  REMINDERS_INTERVAL_MINUTES: '0',
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  CAPTCHA_COST: '2000',
  RATE_LIMIT_LOGIN: '10000',
  RATE_LIMIT_REGISTER: '10000',
  RATE_LIMIT_PASSWORD_RESET: '10000',
  ACCOUNT_LOGIN_ATTEMPTS: '10000',
  ACCOUNT_RESET_MAILS: '10000',
  RATE_LIMIT_EMAIL_CHANGE: '10000',
  ACCOUNT_EMAIL_CHANGE_MAILS: '10000',
  // The seeded and side-door staff accounts use the admin area without a second factor, as development allows
  // (production refuses it; docs/decisions/049-second-factor.md). tests/e2e/second-factor.spec.ts enrols applicants.
  STAFF_SECOND_FACTOR_EXEMPT: '*',
  SPA_DIR: 'dist',
  // Browsers refuse an address as a passkey's relying party: tests/e2e/passkeys.spec.ts opens the app on localhost.
  PASSKEY_RP_ID: 'localhost',
  PASSKEY_ORIGINS: `http://localhost:${E2E_PORT}`,
});
const app = await buildApp({ config });
const staff = { email: '', password: '' };
await seedDemoData(app.ctx, (line) => {
  const email = line.match(/e-mail:\s+(\S+)/);
  const password = line.match(/password:\s+(\S+)/);
  if (email?.[1]) staff.email = email[1];
  if (password?.[1]) staff.password = password[1];
});
await app.listen({ port: config.port, host: config.host });

const DAY_MS = 24 * 60 * 60 * 1000;
const programStatuses = ['open', 'closed', 'unavailable'];
const subProgramNames = ['student_incubator', 'pre_incubator', 'incubator', 'accelerator'];

/**
 * TEST ONLY (there is no staff API for programs yet): a program of the test's own, open, so that closing it or
 * withdrawing it touches no other test's applications. Written with drizzle on the real database.
 */
async function createProgram(query: URLSearchParams): Promise<{ id: number }> {
  const subProgram = query.get('sub_program') ?? 'incubator';
  if (!subProgramNames.includes(subProgram)) throw new Error(`no sub-program ${subProgram}`);
  const name = query.get('name') ?? 'Programa de prueba';
  const now = app.ctx.now();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(day.getTime() + 90 * DAY_MS);
  const [row] = await app.ctx.db
    .insert(programs)
    .values({
      sub_program: subProgram,
      name_es: name,
      name_en: query.get('name_en') ?? name,
      description_es: 'Un programa creado por una prueba.',
      description_en: 'A program a test created.',
      appeal_es: 'Puede pedir que se reconsidere escribiendo al programa en 30 días.',
      appeal_en: 'You may ask for reconsideration by writing to the program within 30 days.',
      period: `${start.getUTCFullYear()}-${start.getUTCMonth() < 6 ? 1 : 2}`,
      start_date: start.toISOString().slice(0, 10),
      end_date: new Date(day.getTime() + 270 * DAY_MS).toISOString().slice(0, 10),
      application_deadline: new Date(day.getTime() + 60 * DAY_MS),
      status: 'open',
      // One reviewer approves unless a spec asks for the second person (docs/decisions/036-review-rules.md).
      approval_needs_confirmation: query.get('approval_needs_confirmation') === 'true',
    })
    .returning({ id: programs.id });
  if (!row) throw new Error('program not created');
  return row;
}

/** TEST ONLY: sets a program's status (open, closed, unavailable) the way staff will, on the real database. */
async function setProgramStatus(query: URLSearchParams): Promise<{ id: number; status: string }> {
  const id = Number(query.get('id'));
  const status = query.get('status') ?? '';
  if (!Number.isInteger(id) || !programStatuses.includes(status)) throw new Error('id and status (open, closed, unavailable) needed');
  const [row] = await app.ctx.db
    .update(programs)
    .set({ status, updated_at: app.ctx.now() })
    .where(eq(programs.id, id))
    .returning({ id: programs.id, status: programs.status });
  if (!row) throw new Error(`no program ${id}`);
  return row;
}

/** TEST ONLY: makes an account staff, as `npm run create-staff` would, so a test has a staff member of its own. */
async function makeStaff(query: URLSearchParams): Promise<{ id: number }> {
  const email = (query.get('email') ?? '').toLowerCase();
  const [row] = await app.ctx.db.update(users).set({ is_staff: true }).where(eq(sql`lower(${users.email})`, email)).returning({ id: users.id });
  if (!row) throw new Error(`no account ${email}`);
  return row;
}

/** TEST ONLY: moves the time an application entered its status `days` back, as if it had waited that long. */
async function ageApplication(query: URLSearchParams): Promise<{ id: number }> {
  const id = Number(query.get('id'));
  const days = Number(query.get('days'));
  if (!Number.isInteger(id) || !Number.isInteger(days)) throw new Error('id and days needed');
  const [row] = await app.ctx.db
    .update(applications)
    .set({ status_since: new Date(app.ctx.now().getTime() - days * DAY_MS) })
    .where(eq(applications.id, id))
    .returning({ id: applications.id });
  if (!row) throw new Error(`no application ${id}`);
  return row;
}

createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  const url = new URL(request.url ?? '/', 'http://side');
  if (url.pathname === '/staff') return response.end(JSON.stringify(staff));
  if (url.pathname === '/mail') {
    return response.end(JSON.stringify(smtp.messages.map((mail) => ({ to: mail.to, text: mailText(mail) }))));
  }
  const work = request.method === 'POST' && url.pathname === '/program' ? createProgram(url.searchParams)
    : request.method === 'POST' && url.pathname === '/program-status' ? setProgramStatus(url.searchParams)
    : request.method === 'POST' && url.pathname === '/make-staff' ? makeStaff(url.searchParams)
    : request.method === 'POST' && url.pathname === '/age-application' ? ageApplication(url.searchParams)
    : undefined;
  if (work) {
    work.then(
      (body) => response.end(JSON.stringify(body)),
      (error: unknown) => {
        response.statusCode = 400;
        response.end(JSON.stringify({ detail: error instanceof Error ? error.message : String(error) }));
      },
    );
    return;
  }
  response.statusCode = 404;
  response.end('{}');
}).listen(E2E_SIDE_PORT, '127.0.0.1');

const shutDown = () => {
  void app.close().then(() => smtp.close()).finally(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutDown);
// A spec's own server ends with the test process that started it, even one stopped before it could stop the server:
// its standard input, a pipe from that process, closes then.
if (ownDataDir) process.stdin.on('end', shutDown).resume();
