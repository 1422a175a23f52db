// Where log lines go: JSON on stdout (production, pipes, log collectors), or readable text through pino-pretty for a
// person at a terminal in development (config.logPretty). pino-pretty is a development package: without it, JSON.
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
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

/** The path of a request URL without its query string: reset links carry their uid and token there. */
export const pathOnly = (url: string): string => url.split('?', 1)[0] ?? '';

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.current_password',
  '*.email',
  '*.to_address',
  '*.access',
  '*.refresh',
  '*.token',
  '*.challenge',
  '*.recovery_code',
  '*.recovery_codes',
  '*.secret',
  '*.otpauth_uri',
  '*.ssn_last4',
  '*.captcha',
];

/** Fastify's logger options: secrets redacted, request URLs without their query, to `stream` when given (tests). */
export function loggerOptions(config: Pick<Config, 'logPretty' | 'logLevel'>, stream: { write(line: string): void } | undefined) {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      // Paths only: a query string may hold a reset link's uid and token (the SPA route /password/reset/confirm).
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: pathOnly(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : logTransport(config)),
  };
}
