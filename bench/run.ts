// `npm run bench`: latency of the hot API calls on the embedded database, and the size of the landing bundle.
// A measurement to compare runs on one machine, never a pass/fail test.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { seedDemoData } from '#server/seed.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SPA_DIR: '', MAIL_POLL_MS: '0', RATE_LIMIT_LOGIN: '1000000' });
const app = await buildApp({ config });
let password = '';
await seedDemoData(app.ctx, (line) => {
  const found = line.match(/password:\s+(\S+)/);
  if (found?.[1]) password = found[1];
});

async function measure(name: string, runs: number, call: () => Promise<{ statusCode: number }>) {
  for (let i = 0; i < Math.min(20, runs); i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    const response = await call();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (response.statusCode >= 400) throw new Error(`${name}: HTTP ${response.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${name.padEnd(28)} runs ${String(runs).padStart(5)}  p50 ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms`);
}

const json = { 'content-type': 'application/json' };
const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: { email: 'staff@incubadora.example', password } });
const { access, refresh } = login.json() as { access: string; refresh: string };

await measure('GET /api/health', 2000, () => app.inject({ method: 'GET', url: '/api/health' }));
await measure('GET /api/me', 2000, () => app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access}` } }));
await measure('POST /api/auth/session/', 1000, () => app.inject({ method: 'POST', url: '/api/auth/session/', headers: json, payload: { refresh } }));
await measure('POST /api/auth/login (argon2)', 100, () =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: { email: 'staff@incubadora.example', password } }),
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });

// The landing page's weight: the entry chunk and what index.html loads before any lazy route.
try {
  const html = readFileSync('dist/index.html', 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const asset of assets) {
    const bytes = readFileSync(join('dist', asset));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  const all = readdirSync('dist/assets').filter((f) => f.endsWith('.js'));
  const total = all.reduce((sum, f) => sum + statSync(join('dist/assets', f)).size, 0);
  console.log(`landing assets (${assets.length} files): ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip; all JS ${(total / 1024).toFixed(1)} KiB in ${all.length} chunks`);
} catch {
  console.log('landing assets: run `npm run build` first to measure the bundle');
}
