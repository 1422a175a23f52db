// The browser tests' server: the real app (built SPA + API) on a fresh PGlite database, sending e-mail to a real
// SMTP server on loopback. A small side port lets tests read the caught e-mail and the seeded staff credentials.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { seedDemoData } from '../../../server/seed.ts';
import { mailText, startSmtp } from '../../support/server.ts';
import { E2E_PORT, E2E_SIDE_PORT } from './ports.ts';

const smtp = await startSmtp();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-')),
  DATABASE_URL: '',
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: '200',
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  CAPTCHA_COST: '2000',
  RATE_LIMIT_LOGIN: '10000',
  RATE_LIMIT_REGISTER: '10000',
  RATE_LIMIT_PASSWORD_RESET: '10000',
  SPA_DIR: 'dist',
});
const app = await buildApp({ config });
const staff = { email: '', password: '' };
await seedDemoData(app.ctx, (line) => {
  const email = line.match(/e-mail:\s+(\S+)/);
  const password = line.match(/password:\s+(\S+)/);
  if (email?.[1]) staff.email = email[1];
  if (password?.[1]) staff.password = password[1];
});
await app.listen({ port: config.port, host: config.host });

createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  if (request.url === '/staff') return response.end(JSON.stringify(staff));
  if (request.url === '/mail') {
    return response.end(JSON.stringify(smtp.messages.map((mail) => ({ to: mail.to, text: mailText(mail) }))));
  }
  response.statusCode = 404;
  response.end('{}');
}).listen(E2E_SIDE_PORT, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => smtp.close()).finally(() => process.exit(0));
  });
}
