// Configuration read from the environment once at start, checked, with one clear message per bad value.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface RateLimits {
  /** Attempts per window on each rate-limited auth call, per client address. */
  login: number;
  register: number;
  passwordReset: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

/** Limits per account (per e-mail address typed), whatever client address the attempts come from. */
export interface AccountLimits {
  /** Sign-in attempts per account in the window before every attempt, a right password too, gets 429. */
  loginFailures: number;
  /** Password-reset e-mails asked for per address in the window. */
  resetMails: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `dataDir/db` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Secret that signs JWTs, password-reset tokens and captcha challenges. */
  secret: string;
  /** Public address of the SPA, used to build links in e-mails. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the outbox worker looks for mail to send (ms); 0 turns the worker off. */
  mailPollMs: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  captchaCost: number;
  rateLimits: RateLimits;
  accountLimits: AccountLimits;
  logLevel: string;
  /** Directory of the built SPA served with an index.html fallback; absent: API only. */
  spaDir: string | undefined;
  seedDemoData: boolean;
  production: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads and checks the environment. Collects every problem before failing, so one start shows them all. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${parsed.protocol}//...")`);
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return undefined;
    }
  };

  const port = int('PORT', 3000, 1, 65535);
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;

  const secret = env.APP_SECRET ?? '';
  if (secret !== '' && secret.length < 32) problems.push('APP_SECRET must be at least 32 characters long');
  if (secret === '' && production) problems.push('APP_SECRET is required when NODE_ENV=production');

  const logLevel = env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }
  const mailFrom = env.MAIL_FROM || 'Incubadora <no-reply@localhost>';
  if (!/<?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom)) problems.push('MAIL_FROM must contain an e-mail address');

  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    secret,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtpUrl,
    mailFrom,
    mailPollMs: int('MAIL_POLL_MS', 2000, 0, 3_600_000),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL', 300, 5, 86_400),
    refreshTokenTtlSeconds: int('REFRESH_TOKEN_TTL', 86_400, 60, 2_592_000),
    captchaCost: int('CAPTCHA_COST', 5000, 1, 10_000_000),
    rateLimits: {
      login: int('RATE_LIMIT_LOGIN', 10, 1, 1_000_000),
      register: int('RATE_LIMIT_REGISTER', 5, 1, 1_000_000),
      passwordReset: int('RATE_LIMIT_PASSWORD_RESET', 5, 1, 1_000_000),
      windowMs: int('RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    accountLimits: {
      loginFailures: int('ACCOUNT_LOGIN_ATTEMPTS', 10, 1, 1_000_000),
      resetMails: int('ACCOUNT_RESET_MAILS', 5, 1, 1_000_000),
      windowMs: int('ACCOUNT_LIMIT_WINDOW_MS', 900_000, 1000, 86_400_000),
    },
    logLevel,
    spaDir: env.SPA_DIR === '' ? undefined : resolve(env.SPA_DIR ?? 'dist'),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    production,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  if (secret === '') config.secret = persistentDevSecret(dataDir);
  return config;
}

/**
 * Development only: a random secret kept in the data directory, so sessions survive a restart
 * without anyone committing a fixed secret. Production must set APP_SECRET.
 */
function persistentDevSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
