// Where log lines go: JSON on stdout (production, pipes, log collectors), or readable text through pino-pretty for a
// person at a terminal in development (config.logPretty). pino-pretty is a development package: without it, JSON.
import { createRequire } from 'node:module';
import type { Config } from '#server/config.ts';

const require = createRequire(import.meta.url);

/** Whether pino-pretty is installed (`npm ci --omit=dev` leaves it out). */
function prettyInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** The pino transport for Fastify's logger options: pino-pretty in its worker thread, or none (JSON on stdout). */
export function logTransport(config: Pick<Config, 'logPretty' | 'logLevel'>): { transport?: { target: string; options: Record<string, unknown> } } {
  if (!config.logPretty || config.logLevel === 'silent' || !prettyInstalled()) return {};
  // The request id stays on each line (reqId), so a person can follow one request; pid and host are noise on one machine.
  return { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false } } };
}
