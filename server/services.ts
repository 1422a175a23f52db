// The services an app runs on, opened once by buildApp(): the database, tokens, captcha, mail outbox, files, rate-limit
// counters (shared through Redis when REDIS_URL is set), metrics and the scheduled jobs. Closed with the app.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database, type DatabaseTarget } from './db/client.ts';
import { AttemptLimiter, RedisAttemptLimiter } from './auth/attempt-limits.ts';
import { TokenService } from './auth/tokens.ts';
import { WorkQueue } from './auth/work-queue.ts';
import { CaptchaService } from './captcha/captcha.ts';
import { FileStorage } from './files/storage.ts';
import { loggableError } from './http/error-handler.ts';
import { OutboxWorker } from './mail/outbox.ts';
import { PortalMetrics } from './operations/metrics.ts';
import { ReminderJob } from './operations/reminders.ts';
import { RetentionJob } from './operations/retention.ts';

export interface Services {
  ctx: AppContext;
  metrics: PortalMetrics | undefined;
  /** Set when REDIS_URL is: the rate limits per address count there too. */
  redis: Redis | undefined;
  /** Starts the outbox, retention and reminders: once the app is built. */
  startJobs(): void;
  /** Waits for work after answers, stops the jobs, closes the database and Redis. */
  close(): Promise<void>;
}

export async function openServices(
  config: Config,
  options: { database?: DatabaseTarget | undefined; now: () => Date; log: FastifyBaseLogger },
): Promise<Services> {
  const { now, log } = options;
  const database: Database = await openDatabase(
    options.database ?? (config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') }),
    {
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      poolMax: config.databasePoolMax,
      // The pool replaces the connection; requests meanwhile answer 503 (error-handler.ts).
      onConnectionError: (error) => log.warn({ err: loggableError(error) }, 'database connection lost'),
    },
  );
  const tokens = new TokenService(
    { secret: config.secret, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlSeconds: config.refreshTokenTtlSeconds },
    now,
  );
  const captcha = new CaptchaService(database.db, config.secret, config.captchaCost, now);
  const outbox = new OutboxWorker({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log,
    now,
    logBodies: !config.production,
  });
  const work = new WorkQueue(log);
  // REDIS_URL: every process and server counts rate limits together (docs/decisions/026-several-servers.md). A
  // request never waits long for Redis, and a Redis away lets requests through (logged) rather than refusing everyone.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => log.warn({ err: loggableError(error) }, 'redis unavailable: rate limits are not shared meanwhile'));
  const accountLimit = (name: string, max: number) =>
    redis
      ? new RedisAttemptLimiter(redis, `${config.redisPrefix}account:${name}:`, { max, windowMs: config.accountLimits.windowMs }, now, (error) =>
          log.warn({ err: loggableError(error) }, 'redis unavailable: account limit not applied'),
        )
      : new AttemptLimiter({ max, windowMs: config.accountLimits.windowMs }, now);
  // The AWS SDK loads only when files go to a bucket.
  const objects = config.storage ? new (await import('./files/object-store.ts')).S3ObjectStore(config.storage) : undefined;
  const files = new FileStorage(join(config.dataDir, 'files'), undefined, objects);
  // An upload cut short by a crash left its temp file: no request can finish it now.
  await files.removeTempFiles();
  const { staffSecondFactorExempt: exempt } = config;
  if (exempt.all || exempt.emails.length > 0) {
    log.warn(
      { staff: exempt.all ? 'every staff account' : exempt.emails },
      'development only: these staff accounts may use the admin area without a second factor (STAFF_SECOND_FACTOR_EXEMPT); production refuses this',
    );
  }
  if (!config.smtpUrl) log.warn('SMTP_URL is not set: e-mail is written to the log instead of being sent');
  const ctx: AppContext = {
    config,
    db: database.db,
    tokens,
    captcha,
    outbox,
    files,
    now,
    auth: {
      db: database.db,
      tokens,
      captcha,
      secret: config.secret,
      publicUrl: config.publicUrl,
      now,
      work,
      loginFailures: accountLimit('login', config.accountLimits.loginFailures),
      resetMails: accountLimit('reset', config.accountLimits.resetMails),
      emailChanges: accountLimit('email-change', config.accountLimits.emailChangeMails),
      secondFactorAttempts: accountLimit('second-factor', config.accountLimits.secondFactorAttempts),
      passkeys: config.passkeys,
    },
  };
  const metrics = config.metrics ? new PortalMetrics({ db: database.db, pendingWork: () => work.pending, now }) : undefined;
  if (metrics) files.onStored = (bytes) => metrics.uploadStored(bytes);
  const retention = new RetentionJob({ db: database.db, files, log, now }, config.retention);
  const reminders = new ReminderJob({ db: database.db, publicUrl: config.publicUrl, log, now });
  return {
    ctx,
    metrics,
    redis,
    startJobs() {
      outbox.start(config.mailPollMs);
      retention.startHourly(config.retention.intervalHours);
      reminders.startEvery(config.remindersIntervalMinutes);
    },
    async close() {
      await work.drain();
      await outbox.stop();
      await retention.stop();
      await reminders.stop();
      await database.close();
      await redis?.quit().catch(() => redis.disconnect());
      objects?.close();
    },
  };
}
