// Faults in the browser: a server of this test's own (server/server.ts in its own process, the
// built SPA, PGlite on its own DATA_DIR) is killed with SIGKILL while a person types in a step, then started again.
// The step keeps what was typed (the browser's copy, then saved once the server answers); the server never holds a
// mix. The same for the intake form's upload cut by the kill: nothing half-stored is listed, and the file goes up
// whole once sent again.
// The API side of the same faults: tests/server/faults.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { closedPort, withMigratedPglite } from '../support/server.ts';
import { kill9, startServer, type RunningServer } from '../support/server-process.ts';
import { applicationPath, expectSaved, savingStatus, type ApiStep } from './support/apply.ts';
import { fieldLabel, signIn, t } from './support/shell.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
const STAFF_EMAIL = 'staff@incubadora.example';

/** The killed server's own state: its port and data directory outlive each process. */
interface OwnServer {
  base: string;
  dataDir: string;
  port: number;
  running: RunningServer;
  password: string;
}

const serverEnv = { SPA_DIR: join(root, 'dist'), LOG_LEVEL: 'info', CAPTCHA_COST: '2000' };

async function startOwnServer(): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-faults-'));
  await withMigratedPglite(dataDir);
  const port = await closedPort();
  const running = await startServer(dataDir, port, serverEnv);
  const password = /password:\s+(\S+)/.exec(running.stdout())?.[1];
  if (!password) throw new Error('the demo seed did not print the staff password');
  return { base: `http://127.0.0.1:${port}`, dataDir, port, running, password };
}

/** Calls the API of `server` as the seeded staff member (who may apply, as anyone). */
async function staffApi(server: OwnServer) {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF_EMAIL, password: server.password }),
  });
  expect(login.status).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.base}/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
}

async function openApplication(server: OwnServer): Promise<{ id: number; call: Awaited<ReturnType<typeof staffApi>> }> {
  const call = await staffApi(server);
  const programs = await call<{ results: Array<{ id: number; status: string }> }>('GET', '/programs');
  const open = programs.results.find((program) => program.status === 'open');
  if (!open) throw new Error('the demo seed has no open program');
  const { id } = await call<{ id: number }>('POST', '/applications', { program_id: open.id });
  return { id, call };
}

/** A new application of the seeded staff member, opened on `screen` in a browser signed in to `server`. */
async function openScreen(browser: Browser, server: OwnServer, screen: 1 | 6) {
  const { id, call } = await openApplication(server);
  const context = await browser.newContext({ baseURL: server.base, locale: 'es-PR' });
  const page = await context.newPage();
  await signIn(page, { email: STAFF_EMAIL, password: server.password });
  await page.goto(applicationPath(id, screen));
  return { id, call, context, page };
}

const field = (page: Page, id: string) => page.getByLabel(fieldLabel(es(id)));

/** A readable PDF of `size` bytes: a catalog and an empty page tree, a comment of spaces, its cross-reference table. */
function paddedPdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n%');
  const tail = Buffer.from('\nxref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n' + String(size - 200) + '\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

test.describe('the server killed with SIGKILL while a person works, then started again', () => {
  let server: OwnServer | undefined;

  test.afterEach(async () => {
    if (!server) return;
    await kill9(server.running);
    rmSync(server.dataDir, { recursive: true, force: true });
    server = undefined;
  });

  test('a step being saved keeps what was typed: the browser keeps its copy and saves it once the server is back', async ({ browser }) => {
    test.setTimeout(240_000);
    server = await startOwnServer();
    const { id, call, context, page } = await openScreen(browser, server, 1);

    // An acknowledged save, then the server dies and the person goes on typing.
    await field(page, 'profile.person.city').fill('Ponce');
    await expectSaved(page, 1);
    await kill9(server.running);
    await field(page, 'profile.person.city').fill('Mayagüez');
    await field(page, 'profile.person.physicalLine1').fill('Calle Post 7');
    await expect(savingStatus(page, 1)).toHaveText(new RegExp(`^(${es('application.autosave.retrying')}|${es('application.autosave.offline')}|${es('application.autosave.failed')})`));
    const copy = await page.evaluate((key) => window.localStorage.getItem(key), `applicationDraft:${id}:1`);
    expect(copy).toContain('Mayagüez');
    expect(copy).toContain('Calle Post 7');

    // The server starts again on the same data: a reload shows what was typed (the browser's copy) and saves it.
    server.running = await startServer(server.dataDir, server.port, serverEnv);
    await page.reload();
    await expect(field(page, 'profile.person.city')).toHaveValue('Mayagüez');
    await expect(field(page, 'profile.person.physicalLine1')).toHaveValue('Calle Post 7');
    const stepOne = async () => (await call<{ steps: ApiStep[] }>('GET', `/applications/${id}`)).steps.find((s) => s.step === 1)?.data ?? {};
    await expect.poll(stepOne, { timeout: 60_000 }).toMatchObject({ city: 'Mayagüez', physical_line1: 'Calle Post 7' });
    // Saved: the browser's copy is gone.
    await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), `applicationDraft:${id}:1`)).toBeNull();
    await context.close();
  });

  test('an upload cut by the kill leaves nothing listed, and the same file goes up once the server is back', async ({ browser }) => {
    test.setTimeout(240_000);
    server = await startOwnServer();
    const { id, call, context, page } = await openScreen(browser, server, 6);

    // The intake form, 8 MB, sent at 256 KB/s (Chromium's network emulation), so the kill lands mid-upload.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const pdf = paddedPdf(8 * 1024 * 1024);
    const input = page.getByLabel(fieldLabel(es('application.upload.label')));
    await input.setInputFiles({ name: 'formulario.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('progressbar')).toBeVisible();
    await kill9(server.running);
    await expect(page.getByRole('progressbar')).toBeHidden({ timeout: 60_000 });

    // Back up: nothing of the cut upload is listed, in the browser or by the API.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    server.running = await startServer(server.dataDir, server.port, serverEnv);
    await page.reload();
    const intakeForm = async () => (await call<{ intake_form: { file_name: string; size: number } | null }>('GET', `/applications/${id}`)).intake_form;
    expect(await intakeForm()).toBeNull();
    await expect(input).toBeVisible();
    await expect(page.getByText('formulario.pdf')).toHaveCount(0);

    // Sent again, it is stored whole.
    await input.setInputFiles({ name: 'formulario.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText('formulario.pdf').first()).toBeVisible({ timeout: 60_000 });
    await expect.poll(intakeForm, { timeout: 60_000 }).toEqual(expect.objectContaining({ file_name: 'formulario.pdf', size: pdf.length }));
    await context.close();
  });
});
