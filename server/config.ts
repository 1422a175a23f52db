// Configuration read from the environment once at start, checked, with one clear message per bad value.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseStorageUrl, type S3Settings } from './files/storage-url.ts';

export interface RateLimits {
  /** Attempts per window on each rate-limited auth call, per client address. */
  login: number;
  register: number;
  passwordReset: number;
  /** Registrations for an event or interest form (the public form with its captcha). */
  eventRegistration: number;
  /** Requests to change the sign-in e-mail (POST /me/email). */
  emailChange: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

/** Limits per account (per e-mail address typed), whatever client address the attempts come from. */
/** The staff account `npm start` seeds outside production (server/seed.ts); SEED_STAFF_EMAIL changes it. */
export const DEMO_STAFF_EMAIL = 'staff@incubadora.example';

export interface AccountLimits {
  /** Sign-in attempts per account in the window before every attempt, a right password too, gets 429. */
  loginFailures: number;
  /** Password-reset e-mails asked for per address in the window. */
  resetMails: number;
  /** E-mail change requests per account in the window (each sends a message to the new address). */
  emailChangeMails: number;
  /** Second-factor codes tried per account in the window (sign-in, enrolment, removal) before every try gets 429. */
  secondFactorAttempts: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

/**
 * How long a client may take to send its request, and how many connections the server holds
 * (docs/decisions/008-request-limits-and-database-outages.md).
 */
export interface HttpLimits {
  /** Whole request, body included, of any route (uploads of 20 MB on a slow link need the most). */
  requestTimeoutMs: number;
  /** Body of a JSON request (sign-in, saves): from the request's start until its body is read. */
  bodyTimeoutMs: number;
  /** The request line and headers. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection between two requests. */
  keepAliveTimeoutMs: number;
  /** Open connections at once; more are refused until some close. */
  maxConnections: number;
  /** Requests on one kept-alive connection before the server asks the client to reconnect (0: no limit). */
  maxRequestsPerSocket: number;
}

/** Where applicants write or call (the confirmation page, the password-changed e-mail); demo values by default. */
export interface ProgramContact {
  email: string;
  phone: string;
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
  /** Where rate-limit counts are shared by every process and server (docs/decisions/026); unset: each process counts alone. */
  redisUrl: string | undefined;
  /** S3-compatible object storage for uploaded files (docs/decisions/026); unset: DATA_DIR/files. */
  storage: S3Settings | undefined;
  /** Prefix of every Redis key, so deployments (or test runs) sharing one Redis keep their counts apart. */
  redisPrefix: string;
  mailFrom: string;
  /** How often the outbox worker looks for mail to send (ms); 0 turns the worker off. */
  mailPollMs: number;
  /** Readiness fails when the oldest unsent e-mail is older than this (seconds); 0: the outbox never fails it. */
  readyOutboxMaxAgeSeconds: number;
  /** What is disposed of, and when (server/operations/retention.ts): days kept (0: for good), and hours between runs (0: off). */
  retention: { draftDays: number; sentMailDays: number; auditDays: number; intervalHours: number };
  /** Minutes between runs of the reminders job (server/operations/reminders.ts); 0: no reminders. */
  remindersIntervalMinutes: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  captchaCost: number;
  rateLimits: RateLimits;
  accountLimits: AccountLimits;
  /**
   * Staff accounts that may use the admin area without a second factor, outside production only
   * (docs/decisions/049-second-factor.md): lower-case e-mail addresses, or every staff account.
   */
  staffSecondFactorExempt: { all: boolean; emails: string[] };
  /**
   * Where passkeys belong (docs/decisions/056-passkeys.md): the WebAuthn relying party id (a host name, never an IP
   * address) and the origins a browser may sign from; by default PUBLIC_URL's host name and origin.
   */
  passkeys: PasskeySettings;
  logLevel: string;
  /**
   * Log lines as readable text (pino-pretty) rather than JSON: outside production, on a terminal or with LOG_PRETTY=1
   * (server/operations/logging.ts).
   */
  logPretty: boolean;
  /** The Prometheus endpoint (server/operations/metrics.ts): its own listener, off (undefined) unless METRICS_PORT is set. */
  metrics: MetricsSettings | undefined;
  /** Directory of the built SPA served with an index.html fallback; absent: API only. */
  spaDir: string | undefined;
  /** Demo programs (and outside production a staff account with a generated password) written into an empty database. */
  seedDemoData: boolean;
  /** Addresses or CIDR ranges of the proxies whose X-Forwarded-For is believed; empty: none, the socket's address counts. */
  trustProxy: string[];
  http: HttpLimits;
  /** How long to wait for a new database connection before answering 503 (PostgreSQL). */
  databaseConnectTimeoutMs: number;
  /** Server processes on PostgreSQL (node:cluster, server/server.ts); PGlite always runs one. */
  webConcurrency: number;
  /** Connections each process's PostgreSQL pool may open: the server opens at most webConcurrency times this. */
  databasePoolMax: number;
  production: boolean;
  programContact: ProgramContact;
  /** What one person's own drive spaces may hold, over all programs (DRIVE_QUOTA_MB; docs/decisions/019). */
  driveQuotaBytes: number;
}

export interface PasskeySettings {
  rpId: string;
  origins: string[];
}

/** Where the metrics listener answers, and the bearer token it asks for (none: it answers whoever reaches it). */
export interface MetricsSettings {
  port: number;
  host: string;
  token: string | undefined;
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
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  let storage: S3Settings | undefined;
  if (env.STORAGE_URL) {
    try {
      storage = parseStorageUrl(env.STORAGE_URL);
    } catch (error) {
      problems.push(error instanceof TypeError ? 'STORAGE_URL is not a valid URL' : (error as Error).message);
    }
  }
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;

  const secret = env.APP_SECRET ?? '';
  if (secret !== '' && secret.length < 32) problems.push('APP_SECRET must be at least 32 characters long');
  if (secret === '' && production) problems.push('APP_SECRET is required when NODE_ENV=production');

  const logLevel = env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }
  const pretty = env.LOG_PRETTY ?? '';
  if (!['', '0', '1'].includes(pretty)) problems.push(`LOG_PRETTY must be 1 or 0 (got "${pretty}")`);
  const metricsPort = int('METRICS_PORT', 0, 0, 65535);
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 16 printable characters without spaces');
  }
  if (metricsPort !== 0 && metricsPort === port) problems.push('METRICS_PORT must differ from PORT');
  const mailFrom = env.MAIL_FROM || 'Incubadora <no-reply@localhost>';
  if (!/<?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom)) problems.push('MAIL_FROM must contain an e-mail address');

  const trustProxy = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of trustProxy) {
    if (!isAddressOrRange(entry)) problems.push(`TRUST_PROXY must list IP addresses or CIDR ranges separated by commas (got "${entry}")`);
  }
  const seed = env.SEED_DEMO_DATA ?? '';
  if (!['', 'true', 'false'].includes(seed)) problems.push(`SEED_DEMO_DATA must be true or false (got "${seed}")`);

  const http: HttpLimits = {
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    bodyTimeoutMs: int('BODY_TIMEOUT_MS', 20_000, 500, 3_600_000),
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', 15_000, 500, 3_600_000),
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', 72_000, 1000, 3_600_000),
    maxConnections: int('MAX_CONNECTIONS', 2000, 1, 1_000_000),
    maxRequestsPerSocket: int('MAX_REQUESTS_PER_SOCKET', 1000, 0, 1_000_000_000),
  };
  if (http.headersTimeoutMs > http.requestTimeoutMs) problems.push('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  if (http.bodyTimeoutMs > http.requestTimeoutMs) problems.push('BODY_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');

  const programContact: ProgramContact = {
    email: (env.PROGRAM_CONTACT_EMAIL ?? '').trim() || 'programa@incubadora.example',
    phone: (env.PROGRAM_CONTACT_PHONE ?? '').trim() || '+1 787-555-0100',
  };
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(programContact.email) || programContact.email.length > 254) {
    problems.push(`PROGRAM_CONTACT_EMAIL must be one e-mail address (got "${programContact.email}")`);
  }
  if (!/^\+?\(?[0-9][0-9 ().-]{5,30}$/.test(programContact.phone)) {
    problems.push(`PROGRAM_CONTACT_PHONE must be a phone number: digits, spaces, "+", "-", "." and parentheses (got "${programContact.phone}")`);
  }

  // Outside production the demo staff account of `npm start` (server/seed.ts) may skip the second factor unless told
  // otherwise; production refuses any exemption, so a staff session there always needs one.
  const exemptList = (env.STAFF_SECOND_FACTOR_EXEMPT ?? (production ? '' : env.SEED_STAFF_EMAIL || DEMO_STAFF_EMAIL))
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  if (production && exemptList.length > 0) problems.push('STAFF_SECOND_FACTOR_EXEMPT is refused when NODE_ENV=production: staff need a second factor');
  const staffSecondFactorExempt = { all: exemptList.includes('*'), emails: exemptList.filter((entry) => entry !== '*') };

  const passkeys = passkeySettings(env, publicUrl, problems);

  // One process per core on PostgreSQL; PGlite is one process's database, so it always runs one.
  const webConcurrency = databaseUrl ? int('WEB_CONCURRENCY', availableParallelism(), 1, 1024) : 1;

  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    secret,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtpUrl,
    redisUrl,
    storage,
    redisPrefix: (env.REDIS_PREFIX ?? '').trim() || 'portal:',
    mailFrom,
    mailPollMs: int('MAIL_POLL_MS', 2000, 0, 3_600_000),
    readyOutboxMaxAgeSeconds: int('READY_OUTBOX_MAX_AGE', 3600, 0, 2_592_000),
    retention: {
      draftDays: int('RETAIN_DRAFTS_DAYS', 365, 0, 36_500),
      sentMailDays: int('RETAIN_SENT_MAIL_DAYS', 180, 0, 36_500),
      auditDays: int('RETAIN_AUDIT_DAYS', 0, 0, 36_500),
      intervalHours: int('RETENTION_INTERVAL_HOURS', 24, 0, 8760),
    },
    remindersIntervalMinutes: int('REMINDERS_INTERVAL_MINUTES', 60, 0, 10_080),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL', 300, 5, 86_400),
    refreshTokenTtlSeconds: int('REFRESH_TOKEN_TTL', 86_400, 60, 2_592_000),
    captchaCost: int('CAPTCHA_COST', 5000, 1, 10_000_000),
    rateLimits: {
      login: int('RATE_LIMIT_LOGIN', 10, 1, 1_000_000),
      register: int('RATE_LIMIT_REGISTER', 5, 1, 1_000_000),
      passwordReset: int('RATE_LIMIT_PASSWORD_RESET', 5, 1, 1_000_000),
      eventRegistration: int('RATE_LIMIT_EVENT_REGISTRATION', 5, 1, 1_000_000),
      emailChange: int('RATE_LIMIT_EMAIL_CHANGE', 5, 1, 1_000_000),
      windowMs: int('RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    accountLimits: {
      loginFailures: int('ACCOUNT_LOGIN_ATTEMPTS', 10, 1, 1_000_000),
      resetMails: int('ACCOUNT_RESET_MAILS', 5, 1, 1_000_000),
      emailChangeMails: int('ACCOUNT_EMAIL_CHANGE_MAILS', 3, 1, 1_000_000),
      secondFactorAttempts: int('ACCOUNT_SECOND_FACTOR_ATTEMPTS', 5, 1, 1_000_000),
      windowMs: int('ACCOUNT_LIMIT_WINDOW_MS', 900_000, 1000, 86_400_000),
    },
    staffSecondFactorExempt,
    passkeys,
    logLevel,
    // Readable lines for a person at a terminal; JSON wherever a machine reads them (production, pipes, files).
    logPretty: !production && pretty !== '0' && (pretty === '1' || process.stdout.isTTY === true),
    metrics: metricsPort === 0 ? undefined : { port: metricsPort, host: env.METRICS_HOST || env.HOST || '0.0.0.0', token: metricsToken },
    spaDir: env.SPA_DIR === '' ? undefined : resolve(env.SPA_DIR ?? 'dist'),
    // Production seeds only when asked: demo programs in a live portal would take real applications.
    seedDemoData: production ? seed === 'true' : seed !== 'false',
    trustProxy,
    http,
    databaseConnectTimeoutMs: int('DATABASE_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
    webConcurrency,
    databasePoolMax: int('DATABASE_POOL_MAX', defaultPoolMax(webConcurrency), 1, 10_000),
    production,
    programContact,
    driveQuotaBytes: int('DRIVE_QUOTA_MB', 500, 1, 1_048_576) * 1024 * 1024,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  if (secret === '') config.secret = persistentDevSecret(dataDir);
  return config;
}

/**
 * PASSKEY_RP_ID and PASSKEY_ORIGINS, or PUBLIC_URL's host name and origin. A passkey is bound to its relying party id
 * for good: changing it later makes every registered passkey useless (recovery codes still sign in).
 */
function passkeySettings(env: Env, publicUrl: string, problems: string[]): PasskeySettings {
  let fallback: URL | undefined;
  try {
    fallback = new URL(publicUrl);
  } catch {
    fallback = undefined;
  }
  const explicitRpId = (env.PASSKEY_RP_ID ?? '').trim().toLowerCase();
  // Browsers refuse an IP address as relying party: with such a PUBLIC_URL and no PASSKEY_RP_ID, passkeys cannot be added.
  const rpId = explicitRpId || fallback?.hostname || 'localhost';
  if (explicitRpId !== '' && (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(rpId) || isIP(rpId) !== 0)) {
    problems.push(`PASSKEY_RP_ID must be a host name such as portal.example.org, not an address or URL (got "${rpId}")`);
  }
  const origins = (env.PASSKEY_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      problems.push(`PASSKEY_ORIGINS must list origins such as https://portal.example.org, separated by commas (got "${origin}")`);
    } else if (parsed.hostname !== rpId && !parsed.hostname.endsWith(`.${rpId}`)) {
      problems.push(`PASSKEY_ORIGINS: ${origin} is not on PASSKEY_RP_ID (${rpId}) or a subdomain of it`);
    }
  }
  return { rpId, origins: origins.length > 0 ? origins : [fallback?.origin ?? `http://${rpId}`] };
}

/**
 * Connections per process when DATABASE_POOL_MAX is not set: 10, fewer with many processes, so that all of them
 * together open at most 80, under PostgreSQL's default max_connections of 100 (which keeps some for superusers).
 */
export const defaultPoolMax = (processes: number): number => Math.max(2, Math.min(10, Math.floor(80 / processes)));

/** An IPv4/IPv6 address, or one with a /prefix (CIDR) within its family's bits. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
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
