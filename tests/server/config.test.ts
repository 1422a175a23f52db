// loadConfig(): sane defaults for development and tests, and one clear message for each bad value, all at once.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const secret = 'a-test-secret-that-is-long-enough-123456';

describe('loadConfig', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret, ...env });
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error('loadConfig accepted the configuration');
  };

  it('gives the documented defaults', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir,
      secret,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 86_400,
      rateLimits: { login: 10, register: 5, passwordReset: 5, windowMs: 60_000 },
      logLevel: 'info',
      seedDemoData: true,
      trustProxy: [],
      http: { requestTimeoutMs: 120_000, bodyTimeoutMs: 20_000, headersTimeoutMs: 15_000, keepAliveTimeoutMs: 72_000, maxConnections: 2000, maxRequestsPerSocket: 1000 },
      databaseConnectTimeoutMs: 5000,
      production: false,
      programContact: { email: 'programa@incubadora.example', phone: '+1 787-555-0100' },
    });
    expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret, NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('reads good values, and drops a trailing slash from PUBLIC_URL', () => {
    const config = load({
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db.internal:5432/portal',
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      PUBLIC_URL: 'https://portal.example.org/',
      ACCESS_TOKEN_TTL: '120',
      RATE_LIMIT_LOGIN: '3',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://app@db.internal:5432/portal',
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      publicUrl: 'https://portal.example.org',
      accessTokenTtlSeconds: 120,
      rateLimits: { login: 3 },
      logLevel: 'warn',
      production: true,
    });
  });

  it.each([
    ['PORT=abc', { PORT: 'abc' }, 'PORT must be a whole number from 1 to 65535 (got "abc")'],
    ['PORT=0', { PORT: '0' }, 'PORT must be a whole number from 1 to 65535 (got "0")'],
    ['PORT=70000', { PORT: '70000' }, 'PORT must be a whole number from 1 to 65535 (got "70000")'],
    ['PORT=80.5', { PORT: '80.5' }, 'PORT must be a whole number from 1 to 65535 (got "80.5")'],
    ['DATABASE_URL=mysql://...', { DATABASE_URL: 'mysql://root@localhost/portal' }, 'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://...")'],
    ['DATABASE_URL not a URL', { DATABASE_URL: 'localhost:5432' }, 'DATABASE_URL must start with postgres:// or postgresql:// (got "localhost://...")'],
    ['DATABASE_URL unparseable', { DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    ['SMTP_URL=http://...', { SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL must start with smtp:// or smtps:// (got "http://...")'],
    ['PUBLIC_URL=ftp://...', { PUBLIC_URL: 'ftp://portal.example.org' }, 'PUBLIC_URL must start with http:// or https:// (got "ftp://...")'],
    ['APP_SECRET too short', { APP_SECRET: 'short-secret' }, 'APP_SECRET must be at least 32 characters long'],
    ['NODE_ENV=production without APP_SECRET', { NODE_ENV: 'production', APP_SECRET: '' }, 'APP_SECRET is required when NODE_ENV=production'],
    ['LOG_LEVEL=loud', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['MAIL_FROM without address', { MAIL_FROM: 'The Incubator' }, 'MAIL_FROM must contain an e-mail address'],
    ['ACCESS_TOKEN_TTL=0', { ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL must be a whole number from 5 to 86400 (got "0")'],
    ['RATE_LIMIT_LOGIN=-1', { RATE_LIMIT_LOGIN: '-1' }, 'RATE_LIMIT_LOGIN must be a whole number from 1 to 1000000 (got "-1")'],
    ['TRUST_PROXY=private', { TRUST_PROXY: '10.0.0.1, uniquelocal' }, 'TRUST_PROXY must list IP addresses or CIDR ranges separated by commas (got "uniquelocal")'],
    ['TRUST_PROXY=10.0.0.0/33', { TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must list IP addresses or CIDR ranges separated by commas (got "10.0.0.0/33")'],
    ['SEED_DEMO_DATA=yes', { SEED_DEMO_DATA: 'yes' }, 'SEED_DEMO_DATA must be true or false (got "yes")'],
    ['REQUEST_TIMEOUT_MS=0', { REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS must be a whole number from 1000 to 3600000 (got "0")'],
    ['MAX_CONNECTIONS=none', { MAX_CONNECTIONS: 'none' }, 'MAX_CONNECTIONS must be a whole number from 1 to 1000000 (got "none")'],
    [
      'BODY_TIMEOUT_MS over REQUEST_TIMEOUT_MS',
      { BODY_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' },
      'BODY_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS',
    ],
  ])('refuses %s with a clear message', (_case, env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('seeds demo data by default outside production only; production seeds when SEED_DEMO_DATA=true', () => {
    expect(load({}).seedDemoData).toBe(true);
    expect(load({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(load({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(load({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('reads the trusted proxies and the HTTP limits', () => {
    const config = load({
      TRUST_PROXY: ' 10.0.0.0/8,192.168.1.7 , ::1, fd00::/8',
      REQUEST_TIMEOUT_MS: '90000',
      BODY_TIMEOUT_MS: '10000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '10000',
      MAX_CONNECTIONS: '500',
      MAX_REQUESTS_PER_SOCKET: '0',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
    expect(config.http).toEqual({ requestTimeoutMs: 90_000, bodyTimeoutMs: 10_000, headersTimeoutMs: 5000, keepAliveTimeoutMs: 10_000, maxConnections: 500, maxRequestsPerSocket: 0 });
    expect(load({}).http.maxRequestsPerSocket).toBe(1000);
    expect(config.databaseConnectTimeoutMs).toBe(2000);
  });

  it('reads the program contact shown to applicants, and refuses what is not an address or a phone number', () => {
    expect(load({ PROGRAM_CONTACT_EMAIL: ' ayuda@incubadora.pr ', PROGRAM_CONTACT_PHONE: '(787) 555-0123' }).programContact).toEqual({
      email: 'ayuda@incubadora.pr',
      phone: '(787) 555-0123',
    });
    expect(problemsOf({ PROGRAM_CONTACT_EMAIL: 'not an address', PROGRAM_CONTACT_PHONE: 'call us' })).toEqual([
      'PROGRAM_CONTACT_EMAIL must be one e-mail address (got "not an address")',
      'PROGRAM_CONTACT_PHONE must be a phone number: digits, spaces, "+", "-", "." and parentheses (got "call us")',
    ]);
  });

  it('lists every problem in one error, so one start shows them all', () => {
    let caught: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: 'abc', DATABASE_URL: 'mysql://x', APP_SECRET: 'short', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(4);
    expect(error.message).toBe(
      [
        'Invalid configuration:',
        '  - PORT must be a whole number from 1 to 65535 (got "abc")',
        '  - DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://...")',
        '  - APP_SECRET must be at least 32 characters long',
        '  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      ].join('\n'),
    );
    // The message never repeats a secret or a password of a URL.
    const leaky = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'hunter2-short', DATABASE_URL: 'mysql://root:s3cr3t@db/x' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(leaky).not.toContain('hunter2');
    expect(leaky).not.toContain('s3cr3t');
  });

  it('outside production, makes up a secret once and keeps it in the data directory (owner-only)', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8')).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).secret).toBe(first.secret);
  });
});
