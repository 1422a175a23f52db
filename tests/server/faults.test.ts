// Faults: the server killed with SIGKILL in the middle of draft saves and in the middle of an
// upload, then started again on the same DATA_DIR. The stored draft is whole (one of the drafts sent, never a mix,
// and never older than the last acknowledged save), and a cut upload leaves no file: none listed, none on disk.
import { request } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, samplePdf } from '../support/applicants.ts';
import { closedPort } from '../support/server.ts';
import { kill9, startServer, type RunningServer } from '../support/server-process.ts';

/** Every file under `dir`, as paths relative to it ([] when it does not exist). */
function filesUnder(dir: string, prefix = ''): string[] {
  try {
    return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
    );
  } catch {
    return [];
  }
}

describe('the server killed with SIGKILL mid-request, then started again', () => {
  let dataDir: string;
  let port: number;
  let running: RunningServer | undefined;
  let headers: Record<string, string>;
  let applicationId: number;

  const api = (method: string, path: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const stepTwo = async () => {
    const application = (await (await api('GET', `/applications/${applicationId}`)).json()) as {
      steps: Array<{ step: number; version: number; data: Record<string, unknown> }>;
    };
    return application.steps.find((step) => step.step === 2)!;
  };
  let password: string | undefined;
  /** Signs the seeded staff member in; the seed prints the password on the first start only. */
  const signIn = async () => {
    password ??= /password:\s+(\S+)/.exec(running!.stdout())?.[1];
    expect(password, 'the demo seed prints the staff password').toBeDefined();
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@incubadora.example', password }),
    });
    expect(login.status).toBe(200);
    headers = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-faults-'));
    port = await closedPort();
    running = await startServer(dataDir, port);
    await signIn();
    const programs = (await (await api('GET', '/programs')).json()) as { results: Array<{ id: number; status: string }> };
    const open = programs.results.find((program) => program.status === 'open');
    expect(open, 'the demo seed has an open program').toBeDefined();
    const created = await api('POST', '/applications', { program_id: open!.id });
    expect(created.status).toBe(201);
    applicationId = ((await created.json()) as { id: number }).id;
  }, 240_000);
  afterAll(async () => {
    if (running) await kill9(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a whole draft: the last acknowledged save or one sent after it, never a mix', async () => {
    // A draft whose every field carries the same mark, so a mix of two saves shows.
    const draft = (mark: string) => ({ business_name: `Panadería ${mark}`, business_city: `Ciudad ${mark}`, tax_id: mark });
    let version = (await stepTwo()).version;
    for (let i = 0; i < 5; i += 1) {
      const saved = await api('PUT', `/applications/${applicationId}/steps/2`, { data: draft(`ack-${i}`), version });
      expect(saved.status).toBe(200);
      version = ((await saved.json()) as { version: number }).version;
    }
    const acknowledged = { mark: 'ack-4', version };
    // A burst of saves in flight (one after another, each on the version the last answer gave), killed mid-way.
    const sent = ['ack-4'];
    let stop = false;
    const burst = (async () => {
      for (let i = 0; !stop && i < 200; i += 1) {
        const mark = `burst-${i}`;
        sent.push(mark);
        const answer = await api('PUT', `/applications/${applicationId}/steps/2`, { data: draft(mark), version }).catch(() => undefined);
        if (!answer || answer.status !== 200) break;
        version = ((await answer.json()) as { version: number }).version;
      }
    })();
    await expect.poll(() => sent.length, { timeout: 60_000 }).toBeGreaterThan(5);
    await kill9(running!);
    stop = true;
    await burst;

    running = await startServer(dataDir, port);
    await signIn();
    const stored = await stepTwo();
    const mark = String(stored.data.tax_id);
    expect(sent).toContain(mark);
    expect(stored.data).toEqual(draft(mark));
    expect(stored.version).toBeGreaterThanOrEqual(acknowledged.version);
    // The kept draft is where the person goes on from: the next save on its version is taken.
    const next = await api('PUT', `/applications/${applicationId}/steps/2`, { data: draft('after'), version: stored.version });
    expect(next.status).toBe(200);
  }, 240_000);

  it('lists and keeps no file of an upload cut off by the kill, and its temp file is gone after the restart', async () => {
    const filesDir = join(dataDir, 'files');
    const before = filesUnder(filesDir).filter((name) => !name.startsWith('tmp'));
    const body = multipart(samplePdf(4 * 1024 * 1024), 'ingresos.pdf');
    // Half the body, then nothing: the server is streaming it to a temp file when it dies.
    const upload = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/applications/${applicationId}/files?kind=income_document`,
      headers: { ...headers, ...body.headers, 'content-length': String(body.payload.length) },
    });
    upload.on('error', () => undefined);
    upload.write(body.payload.subarray(0, body.payload.length / 2));
    await expect.poll(() => filesUnder(join(filesDir, 'tmp')).length, { timeout: 60_000 }).toBeGreaterThan(0);
    await kill9(running!);
    upload.destroy();

    running = await startServer(dataDir, port);
    await signIn();
    expect(filesUnder(join(filesDir, 'tmp'))).toEqual([]);
    expect(filesUnder(filesDir).filter((name) => !name.startsWith('tmp'))).toEqual(before);
    const application = (await (await api('GET', `/applications/${applicationId}`)).json()) as { files: unknown[] };
    expect(application.files).toEqual([]);
    // And the same upload, sent whole, is taken: the cut one left nothing in its way.
    const whole = await fetch(`http://127.0.0.1:${port}/api/applications/${applicationId}/files?kind=income_document`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: body.payload,
    });
    expect(whole.status).toBe(201);
  }, 240_000);
});
