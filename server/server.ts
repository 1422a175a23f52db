// Starts the API (and the built SPA) on PORT: migrations run in buildApp(); the demo seed runs once.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnreachableError } from './db/client.ts';
import { seedDemoData } from './seed.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
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
  if (config.seedDemoData) await seedDemoData(app.ctx, (line) => console.log(line));
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
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

await main();
