// Uploads cut off mid-body, over real TCP, many at once: the server stays up, everyone else's downloads stay whole,
// and nothing of the broken uploads is left in the files folder or the database.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFiles } from '#server/db/schema.ts';
import { databaseKinds, errorShapeProblem, startTestApp, type TestApp } from '../support/server.ts';
import { filesUnder, samplePdf, startWithApplication, upload, type Person } from '../support/applicants.ts';

const CONCURRENT = 20;
const ROUNDS = 6;
const BROKEN_BODY = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024, 0x41)]);

type Ending = 'destroy' | 'half-close' | 'chunked-unterminated';

/**
 * One upload over a raw socket whose multipart body never reaches its closing boundary. `destroy` drops the
 * connection once the bytes are out, `half-close` ends the socket short of Content-Length, and
 * `chunked-unterminated` ends the HTTP body properly but leaves the multipart part open: that one gets an answer.
 */
function brokenUpload(port: number, path: string, headers: Record<string, string>, ending: Ending): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const boundary = '----storm';
    const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="storm.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(partHead), BROKEN_BODY]);
    const chunked = ending === 'chunked-unterminated';
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length + 4096}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer || undefined));
    socket.on('connect', () => {
      const payload = chunked
        ? Buffer.concat([Buffer.from(head), Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])
        : Buffer.concat([Buffer.from(head), body]);
      socket.write(payload, (error) => {
        if (error) return reject(error);
        if (ending === 'destroy') socket.destroy();
        if (ending === 'half-close') socket.end();
      });
    });
  });
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
function parseAnswer(raw: string): { status: number; body: string } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return { status, body };
}

async function waitFor(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(databaseKinds)('uploads cut off mid-body, many at once (%s)', (kind) => {
  let test: TestApp;
  let ana: Person;
  let id: number;
  let base: string;
  let filesDir: string;

  beforeAll(async () => {
    ({ test, ana, id, filesDir } = await startWithApplication(kind));
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await test?.close();
  });

  it('stays up, serves every other download whole, and keeps nothing of the broken uploads', async () => {
    const form = samplePdf(300_000);
    const stored = await upload(test, ana, id, form, 'formulario.pdf');
    expect(stored.statusCode, stored.body).toBe(200);
    const expectedHash = createHash('sha256').update(form).digest('hex');
    const port = (test.app.server.address() as AddressInfo).port;
    const path = `/api/applications/${id}/intake-form`;

    let storming = true;
    const downloadProblems: string[] = [];
    let downloads = 0;
    const downloader = async () => {
      while (storming) {
        try {
          const response = await fetch(`${base}${path}`, { headers: ana.headers });
          const bytes = Buffer.from(await response.arrayBuffer());
          const hash = createHash('sha256').update(bytes).digest('hex');
          if (response.status !== 200 || bytes.length !== form.length || hash !== expectedHash) {
            downloadProblems.push(`${response.status}: ${bytes.length} bytes ${bytes.subarray(0, 120).toString('latin1')}`);
          }
        } catch (error) {
          downloadProblems.push(String(error));
        }
        downloads += 1;
      }
    };
    const downloaders = Array.from({ length: 4 }, downloader);

    const endings: Ending[] = ['destroy', 'half-close', 'chunked-unterminated'];
    const answers: Array<{ ending: Ending; raw: string }> = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const storm = Array.from({ length: CONCURRENT }, async (_, n) => {
          const ending = endings[(n + round) % endings.length] ?? 'destroy';
          const raw = await brokenUpload(port, path, ana.headers, ending);
          if (raw) answers.push({ ending, raw });
        });
        await Promise.all(storm);
      }
      await waitFor(() => downloads >= 40, 'forty downloads');
    } finally {
      storming = false;
      await Promise.all(downloaders);
    }

    expect(downloadProblems).toEqual([]);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    // Whatever is answered is a 4xx; an HTTP body that ended with its multipart part still open gets one of the
    // usual shapes (a body cut short of its Content-Length is an HTTP-level error that Node answers itself).
    const chunkedSent = (CONCURRENT * ROUNDS) / endings.length;
    expect(answers.filter((answer) => answer.ending === 'chunked-unterminated')).toHaveLength(chunkedSent);
    for (const { ending, raw } of answers) {
      const { status, body } = parseAnswer(raw);
      expect(status, raw.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(status, raw.slice(0, 300)).toBeLessThan(500);
      if (ending === 'chunked-unterminated') expect(errorShapeProblem(body), raw.slice(0, 300)).toBeUndefined();
    }
    // Aborted requests finish in the background: wait until their temp files are gone, then only the form is left.
    await waitFor(() => filesUnder(filesDir).length === 1, 'the temp files of the broken uploads to go');
    expect(filesUnder(filesDir).filter((file) => file.endsWith('.part'))).toEqual([]);
    const rows = await test.app.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.application_id, id));
    expect(rows.map((row) => row.sha256)).toEqual([expectedHash]);
    const again = await fetch(`${base}${path}`, { headers: ana.headers });
    expect(createHash('sha256').update(Buffer.from(await again.arrayBuffer())).digest('hex')).toBe(expectedHash);
  });
});

describe('temp files a crash left behind', () => {
  it("are removed when the app starts (this host's, and any a day old); stored files stay", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    const tmp = join(dataDir, 'files', 'tmp');
    const stored = join(dataDir, 'files', 'applications', '1');
    mkdirSync(tmp, { recursive: true });
    mkdirSync(stored, { recursive: true });
    const cutShort = samplePdf(2_000).subarray(0, 700);
    const host = hostname().replace(/[^A-Za-z0-9-]/g, '_');
    writeFileSync(join(tmp, `${host}.a1b2c3.part`), cutShort);
    // Another server sharing the folder: its upload in progress stays, its file of two days ago goes.
    writeFileSync(join(tmp, 'other-server.d4e5f6.part'), cutShort);
    writeFileSync(join(tmp, 'other-server.0a0b0c.part'), cutShort);
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
    utimesSync(join(tmp, 'other-server.0a0b0c.part'), twoDaysAgo, twoDaysAgo);
    writeFileSync(join(stored, 'kept.pdf'), samplePdf());
    const test = await startTestApp('pglite', { env: { DATA_DIR: dataDir } });
    try {
      expect(filesUnder(join(dataDir, 'files')).sort()).toEqual([join(stored, 'kept.pdf'), join(tmp, 'other-server.d4e5f6.part')].sort());
    } finally {
      await test.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
