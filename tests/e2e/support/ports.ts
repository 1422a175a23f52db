// Ports of the browser tests' server (the app) and of its side door (caught e-mail, seeded staff account): the ones
// E2E_PORT and E2E_SIDE_PORT name, else two ports free now. The first import (Playwright's runner, reading
// playwright.config.ts) picks them and writes them into process.env, which the web server and the test workers inherit,
// so every process agrees on them, and another program listening on a fixed port cannot fail the run.
import { execFileSync } from 'node:child_process';

/** Two free TCP ports on 127.0.0.1, asked of the kernel (listen on port 0) in a child process: this module is synchronous. */
export function freePorts(): [number, number] {
  const script = `
    const net = require('node:net');
    const open = () => new Promise((resolve) => { const server = net.createServer(); server.listen(0, '127.0.0.1', () => resolve(server)); });
    Promise.all([open(), open()]).then((servers) => {
      process.stdout.write(servers.map((server) => server.address().port).join(' '));
      for (const server of servers) server.close();
    });`;
  const [app, side] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
  if (!app || !side) throw new Error('could not find two free ports for the browser tests');
  return [app, side];
}

if (!process.env.E2E_PORT || !process.env.E2E_SIDE_PORT) {
  const [app, side] = freePorts();
  process.env.E2E_PORT ??= String(app);
  process.env.E2E_SIDE_PORT ??= String(side === Number(process.env.E2E_PORT) ? app : side);
}

export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_SIDE_PORT = Number(process.env.E2E_SIDE_PORT);
export const baseURL = `http://127.0.0.1:${E2E_PORT}`;
