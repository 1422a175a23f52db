// `npm run dev`: the API (tsx, restarted on change) on port 3001 and Vite on port 3000, which proxies /api
// to it (vite.config.ts). Ctrl-C stops both; if either one dies, the other is stopped too.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';

const children = [
  {
    name: 'api',
    command: process.execPath,
    args: ['--import', 'tsx', '--watch', 'server/server.ts'],
    env: { ...process.env, PORT: apiPort },
  },
  {
    name: 'web',
    command: process.execPath,
    args: [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), '--port', webPort, '--strictPort'],
    // vite.config.ts reads PORT for itself and API_PORT for the proxy target.
    env: { ...process.env, PORT: webPort, API_PORT: apiPort },
  },
].map((spec) => {
  const child = spawn(spec.command, spec.args, { cwd: root, env: spec.env, stdio: 'inherit' });
  return { ...spec, child };
});

let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // A child that ignores SIGTERM must not keep the terminal hostage.
  setTimeout(() => {
    for (const { child } of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    process.exit(code);
  }, 5000).unref();
  Promise.all(children.map(({ child }) => new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', done))))).then(
    () => process.exit(code),
  );
}

for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stopAll(code ?? 1);
    }
  });
  child.on('error', (error) => {
    console.error(`[dev] ${name} could not start: ${error.message}`);
    stopAll(1);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

console.log(`[dev] API on http://127.0.0.1:${apiPort}/api, app on http://localhost:${webPort}`);
