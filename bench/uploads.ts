// Benchmark (not a test): ten 20MB documents uploaded at once to one server over real sockets. Gives the
// time and the server process's peak RSS growth over its idle RSS (target: at most 64 MB, docs/decisions/015), since
// uploads stream to disk and are never held in memory. Part of `npm run bench`; alone as `npm run bench:uploads` (PGlite).
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import { freePort, root, startProcess, stop } from '#test-support/processes.ts';
import { isMain, runAlone, type Part } from './results.ts';

const UPLOADS = 10;
const TARGET_MB = 64;

/** A PDF of exactly `size` bytes: a header, a comment padding it out, and the trailer the server's structure check reads. */
function bigPdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n%');
  const tail = Buffer.from(`\nxref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${size - 200}\n%%EOF\n`);
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

/** The resident set of a process, in bytes (Linux /proc). */
const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Starts the server on a fresh PGlite, uploads the documents at once and returns the section's table. */
export async function benchUploads(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-uploads-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['--import', 'tsx', join(root, 'server/server.ts')],
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SPA_DIR: '', LOG_LEVEL: 'warn', MAIL_POLL_MS: '0' },
    `${base}/api/health`,
  );
  try {
    const password = /password:\s+(\S+)/.exec(server.stdout())?.[1];
    if (!password) throw new Error(`no demo staff password in the server's output: ${server.stdout()}`);
    const login = (await (await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@incubadora.example', password }),
    })).json()) as { access: string };
    const auth = { authorization: `Bearer ${login.access}` };
    const applied = (await (await fetch(`${base}/api/applications`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ program_id: 1 }),
    })).json()) as { id: number };

    const file = join(dataDir, 'bench.pdf');
    writeFileSync(file, bigPdf(MAX_UPLOAD_BYTES));
    const pid = server.child.pid ?? 0;
    // Idle RSS: read after a second's rest, once the sign-in and the new application's work has settled.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, index) => {
        const form = new FormData();
        form.append('file', await openAsBlob(file, { type: 'application/pdf' }), `documento-${index}.pdf`);
        const response = await fetch(`${base}/api/applications/${applied.id}/files?kind=income_document`, { method: 'POST', headers: auth, body: form });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = (peak - idle) / (1024 * 1024);
    const statuses = [...new Set(answers)].map((status) => `${answers.filter((answer) => answer === status).length} × ${status}`).join(', ');
    return [
      `${UPLOADS} concurrent uploads of ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB to one server on PGlite; the server's peak RSS growth over its idle RSS.`,
      '',
      `| answers | time s | server RSS idle MB | peak growth MB | growth <= ${TARGET_MB} MB |`,
      '|---|---:|---:|---:|:---:|',
      `| ${statuses} | ${seconds.toFixed(2)} | ${(idle / 1048576).toFixed(1)} | ${growth.toFixed(1)} | ${growth <= TARGET_MB ? 'yes' : 'no'} |`,
    ].join('\n');
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const uploadsPart: Part = { title: 'Uploads', measure: benchUploads };

if (isMain(import.meta.url)) await runAlone(uploadsPart);
