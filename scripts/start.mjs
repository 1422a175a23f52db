// `npm start`: builds the SPA when its sources changed since the last build, then serves SPA + API on PORT (3000).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildSpaIfStale } from './build-spa.mjs';

const root = new URL('..', import.meta.url).pathname;
if (process.env.SKIP_SPA_BUILD !== 'true') buildSpaIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/server.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
