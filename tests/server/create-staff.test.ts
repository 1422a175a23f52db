// The first staff account in production: `npm run create-staff` (server/create-staff.ts) run as a child process on
// PGlite and PostgreSQL, the sign-up password rules, no password as an argument; and a production seed prints none.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { programs, users } from '#server/db/schema.ts';
import { seedDemoData } from '#server/seed.ts';
import { databaseKinds, runServerScript, startTestApp, type TestApp } from '../support/server.ts';
import { describeOnPostgres } from '../support/postgres-suites.ts';

const secret = randomBytes(32).toString('hex');

/** `npm run create-staff -- <args>` in production, with only the given environment. */
const createStaff = (args: string[], env: Record<string, string>) =>
  runServerScript('server/create-staff.ts', args, { NODE_ENV: 'production', APP_SECRET: secret, ...env });

describe('npm run create-staff', () => {
  let dir: string;
  const password = 'First-Staff-Passw0rd-9';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-create-staff-'));
    writeFileSync(join(dir, 'password'), `${password}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'weak'), '12345678\n', { mode: 0o600 });
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('on PGlite (DATA_DIR): creates a staff user who can sign in', async () => {
    const dataDir = join(dir, 'data');
    const run = await createStaff(['--email', 'Director@Incubadora.example', '--password-file', join(dir, 'password')], { DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('staff account created: Director@Incubadora.example\n');
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(password);

    const again = await createStaff(['--email', 'director@incubadora.example', '--password-file', join(dir, 'password')], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('a user with the e-mail director@incubadora.example already exists\n');

    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_SECRET: secret, SPA_DIR: '', MAIL_POLL_MS: '0', LOG_LEVEL: 'silent' }),
    });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'director@incubadora.example', password } });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({ is_staff: true, email: 'Director@Incubadora.example' });
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses a weak password with the sign-up rules, and a password given as an argument', async () => {
    const dataDir = join(dir, 'refused');
    const weak = await createStaff(['--email', 'weak@incubadora.example', '--password-file', join(dir, 'weak')], { DATA_DIR: dataDir });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toBe('password refused: This password is too common. This password is entirely numeric.\n');
    const argument = await createStaff(['--email', 'arg@incubadora.example', '--password', password], { DATA_DIR: dataDir });
    expect(argument.code).toBe(1);
    expect(argument.stderr).toMatch(/^a password is never an argument: type it when asked, or pass --password-file <path>\n/);
    // No terminal and no file: it says how, rather than wait for input that never comes.
    const noTerminal = await createStaff(['--email', 'tty@incubadora.example'], { DATA_DIR: dataDir });
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.stderr).toBe('no terminal to type the password at: pass --password-file <path>\n');
  }, 60_000);

  it('asks for the password twice at a terminal, without echoing it', async () => {
    // script(1) (util-linux) gives the command a pseudo-terminal, as a person's shell would.
    const command = `${process.execPath} --import tsx server/create-staff.ts --email typed@incubadora.example`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: join(dir, 'typed') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const waiters: Array<{ text: string; resolve: () => void }> = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      for (const waiter of waiters.filter((w) => output.includes(w.text))) waiter.resolve();
    });
    const shown = (text: string) => new Promise<void>((resolve) => (output.includes(text) ? resolve() : waiters.push({ text, resolve })));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await shown('Password: ');
    child.stdin.write(`${password}\r`);
    await shown('Password again: ');
    child.stdin.write(`${password}\r`);
    await shown('staff account created: typed@incubadora.example');
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(output).not.toContain(password);
  }, 120_000);

  describeOnPostgres('on PostgreSQL (DATABASE_URL)', () => {
    let test: TestApp;

    beforeAll(async () => {
      test = await startTestApp('postgres');
    });
    afterAll(async () => {
      await test?.close();
    });

    it('creates a staff user who can sign in', async () => {
      const { rows } = (await test.app.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${rows[0]?.name ?? ''}`;
      const run = await createStaff(['--email', 'pg.staff@incubadora.example', '--password-file', join(dir, 'password'), '--language', 'en'], {
        DATABASE_URL: url.toString(),
        DATA_DIR: join(dir, 'unused'),
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const login = await test.call('POST', '/auth/login', { email: 'pg.staff@incubadora.example', password });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({ is_staff: true, language: 'en' });
    }, 60_000);
  });
});

describe.each(databaseKinds)('the demo seed in production (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind, { env: { NODE_ENV: 'production', SEED_DEMO_DATA: 'true' } });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('writes the demo programs when asked, but no staff account and no password', async () => {
    const printed: string[] = [];
    await seedDemoData(test.app.ctx, (line) => printed.push(line));
    expect(await test.app.ctx.db.select().from(programs)).toHaveLength(5);
    expect(await test.app.ctx.db.select().from(users).where(eq(users.is_staff, true))).toEqual([]);
    expect(printed).toEqual(['No staff account yet: create the first one with `npm run create-staff -- --email <address>` (README.md).']);
  });
});
