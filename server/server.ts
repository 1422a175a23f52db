// Starts the API (and the built SPA) on PORT: migrations run in buildApp(); the demo seed runs once. On PostgreSQL,
// one process per core (WEB_CONCURRENCY) under node:cluster: the primary migrates and seeds, then forks the workers.
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseUnreachableError, whileStartupLocked } from './db/client.ts';
import { seedDemoData } from './seed.ts';
import { clusterSource, serveMetrics, shareWithPrimary } from './operations/metrics.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // webConcurrency is 1 on PGlite: its data directory belongs to one process.
  const primaryOfWorkers = cluster.isPrimary && config.webConcurrency > 1;
  if (primaryOfWorkers) config = { ...config, mailPollMs: 0 };
  if (cluster.isWorker) {
    // Every worker delivers the outbox: each claims its messages first (server/mail/outbox.ts).
    config = { ...config, seedDemoData: false };
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({ config });
  } catch (error) {
    // One line the operator can act on (`cannot reach the database at host:port: connection refused`), not a stack.
    if (error instanceof DatabaseUnreachableError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Another server starting on the same database at this moment waits for this seed, then finds it written.
  if (config.seedDemoData) await whileStartupLocked(app.ctx.db, () => seedDemoData(app.ctx, (line) => console.log(line)));
  if (primaryOfWorkers) {
    // The schema is up to date and the seed written: the workers start on a ready database, none racing another.
    await app.close();
    // One scrape for the whole cluster: the primary asks every worker and adds their figures up.
    if (config.metrics) await listenForMetrics(config, clusterSource());
    runWorkers(config.webConcurrency);
    return;
  }
  const { metrics } = app;
  if (metrics && cluster.isWorker) shareWithPrimary(metrics);
  let closing: Promise<void> | undefined;
  // Its own port, before the API's: a taken METRICS_PORT stops the start with one line, nothing half served.
  const metricsServer = metrics && config.metrics && !cluster.isWorker ? await listenForMetrics(config, () => metrics.text(), () => app.close()) : undefined;
  const close = () => {
    // Once: under the cluster a Ctrl-C reaches the worker and its primary, which passes it on.
    metricsServer?.close();
    closing ??= app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use: stop what runs there, or start with PORT=<another port>.`);
      await app.close();
      process.exit(1);
    }
    throw error;
  }
}

/** The metrics listener on METRICS_PORT, or one clear line and exit 1 when the port is taken. */
async function listenForMetrics(config: Config, source: () => Promise<string>, cleanUp: () => Promise<unknown> = async () => undefined) {
  const settings = config.metrics!;
  try {
    const server = await serveMetrics(settings, source);
    console.log(`Metrics listening at http://${settings.host}:${server.port}/metrics${settings.token ? ' (bearer token required)' : ''}`);
    return server;
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      console.error(`METRICS_PORT ${settings.port} is already in use: stop what runs there, or set METRICS_PORT to another port.`);
      await cleanUp();
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Forks `count` workers sharing the port. Worker 1 delivers the e-mail. A worker that stops after it listened is
 * replaced; one that could not start (port taken, database away) stops them all, with its exit code.
 */
function runWorkers(count: number) {
  const slots = new Map<number, number>();
  let stopping = false;
  let exitCode = 0;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  const fork = (slot: number) => {
    const worker = cluster.fork();
    slots.set(worker.id, slot);
    let listening = false;
    worker.once('listening', () => (listening = true));
    worker.once('exit', (code, signal) => {
      slots.delete(worker.id);
      if (!stopping && !listening) {
        exitCode = code || 1;
        stopAll('SIGTERM');
      } else if (!stopping) {
        console.error(`worker ${slot + 1} stopped (${signal ?? `exit code ${code}`}); starting another`);
        fork(slot);
      }
      if (stopping && slots.size === 0) process.exit(exitCode);
    });
  };
  for (let slot = 0; slot < count; slot += 1) fork(slot);
  process.once('SIGINT', () => stopAll('SIGINT'));
  process.once('SIGTERM', () => stopAll('SIGTERM'));
}

await main();
