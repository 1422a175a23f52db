// The real server as its own process (server/server.ts, the demo seed), for tests that kill it with SIGKILL and start
// it again on the same DATA_DIR (tests/server/durability.test.ts, faults.test.ts), or run several side by side
// (tests/server/several-servers.test.ts).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { root, stop } from './processes.ts';

export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
}

/**
 * Starts the server on `port` with `dataDir` (and `env` on top, e.g. DATABASE_URL) and resolves once it listens
 * (pino's "Server listening" line).
 */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/server.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SPA_DIR: '', LOG_LEVEL: 'info', MAIL_POLL_MS: '0', ...env },
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('Server listening')) resolve({ child, stdout: () => stdout });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${stderr || stdout}`)));
  });
}

/** SIGKILL: no shutdown hook runs, as in a crash or an out-of-memory kill. Resolves once the process is gone. */
export const kill9 = (server: RunningServer): Promise<void> => stop(server.child, 'SIGKILL');
