// A 20 MB upload cut at about half (docs/decisions/061-resumable-uploads.md), by the browser going offline (the field
// says it waits, the bar keeps what was sent) or by the server stopping and starting again over the same data folder:
// the upload then asks the server its offset and sends only the rest, at most the remaining half plus one 5 MB chunk,
// counted from the offsets of the PATCHes the server answered. Staff's upload into the shared materials and several
// photos chosen at once for one document (sent as one body of parts) are cut offline the same way.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { applicationPath, applyTo, createProgram, newApplicant, seededPrograms, stepSection } from './support/apply.ts';
import { newStaff } from './support/admin.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';
import { signIn, t } from './support/shell.ts';

const MB = 1024 * 1024;
const SIZE = 20 * MB;
const CHUNK = 5 * MB;

/**
 * What the server took: each answered PATCH moved the offset from where it started to where it answers; and the
 * offsets the server answered to HEAD (where a resumed upload starts again).
 */
function countReceived(page: Page): { received: Array<{ from: number; to: number }>; heads: number[] } {
  const received: Array<{ from: number; to: number }> = [];
  const heads: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (!request.url().includes('/api/uploads/resumable/')) return;
    const answered = Number(response.headers()['upload-offset']);
    if (request.method() === 'HEAD') heads.push(answered);
    if (request.method() === 'PATCH' && response.ok()) received.push({ from: Number(request.headers()['upload-offset']), to: answered });
  });
  return { received, heads };
}

const sum = (patches: Array<{ from: number; to: number }>) => patches.reduce((total, patch) => total + patch.to - patch.from, 0);

/** The connection drops as the first PATCH that starts at `from` or later leaves. */
async function goOfflineAt(page: Page, context: BrowserContext, from: number): Promise<void> {
  let cut = false;
  await page.route('**/api/uploads/resumable/*', async (route) => {
    const request = route.request();
    if (!cut && request.method() === 'PATCH' && Number(request.headers()['upload-offset']) >= from) {
      cut = true;
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
}

/** Offline: the field says the upload waits, its bar stays; back online it goes on to `done`. */
async function waitOfflineThenResume(page: Page, context: BrowserContext, done: () => Promise<void>, what: string): Promise<void> {
  const es = (id: string) => t('es', id);
  await expect(page.getByRole('status').filter({ hasText: es('application.upload.offline') })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: es('application.upload.progress') })).toBeVisible();
  await expectNoAxeViolations(page, what);
  await context.setOffline(false);
  await done();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** Sent once, from the server's offset after the cut (its HEAD) to the end: nothing before the cut went twice. */
function expectResumedFrom(sent: ReturnType<typeof countReceived>, cutAt: number, size: number): void {
  expect(sent.heads.at(-1)).toBe(cutAt);
  const after = sum(sent.received.filter((patch) => patch.from >= cutAt));
  expect(after).toBe(size - cutAt);
  expect(after).toBeLessThanOrEqual(size - cutAt + CHUNK);
  expect(sum(sent.received)).toBe(size);
}

/** A photo of `width` pixels square that JPEG cannot shrink (noise): about 7 MB at 2400. */
const noisyPhoto = async (name: string, width: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width, height: width, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 100 }).toBuffer(),
});

/** The restart test's own server, stopped and its data removed after the test, passed or not. */
let ownServer: OwnServer | undefined;
test.afterEach(async () => {
  await ownServer?.dispose();
  ownServer = undefined;
});

test('a 20 MB drive upload cut offline at half resumes from the server’s offset and sends only the rest (es)', async ({ page, context }) => {
  test.setTimeout(120_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const programId = await createProgram(`Aceleradora resumable ${Date.now().toString(36)}`, 'accelerator');
  const applicant = await newApplicant('resumable-upload', 'es');
  await applyTo(applicant.api, programId);
  await signIn(page, applicant.account, 'es');
  await page.goto(`/panel/programs/my/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: es('panel.drive.title') })).toBeVisible();

  const { received, heads } = countReceived(page);
  // The connection drops as the PATCH that starts at half the file leaves.
  await goOfflineAt(page, context, SIZE / 2);

  await page.getByLabel(es('drive.upload.label')).setInputFiles({ name: 'informe.txt', mimeType: 'text/plain', buffer: Buffer.alloc(SIZE, 0x61) });
  await expect(page.getByRole('status').filter({ hasText: es('application.upload.offline') })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: es('application.upload.progress') })).toBeVisible();
  await expectNoAxeViolations(page, 'upload paused offline');
  expect(sum(received)).toBe(SIZE / 2);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: es('drive.download', { name: 'informe.txt' }) })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Resumed where the server stood (its HEAD), never from zero; the rest went once, at most half plus a chunk.
  expect(heads.at(-1)).toBe(SIZE / 2);
  const sentAfter = sum(received.filter((patch) => patch.from >= SIZE / 2));
  expect(sentAfter).toBe(SIZE / 2);
  expect(sentAfter).toBeLessThanOrEqual(SIZE / 2 + CHUNK);
  expect(sum(received)).toBe(SIZE);
});

test('a 20 MB drive upload whose server stops at half resumes where it stopped once the server is back (es)', async ({ browser }) => {
  test.setTimeout(300_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  // Stopping the run's shared server would fail every other spec: this one stops only a server of its own.
  const server = await OwnServer.started();
  ownServer = server;
  const programId = await server.createProgram(`Aceleradora reinicio ${Date.now().toString(36)}`, 'accelerator');
  const applicant = await newApplicant('resumable-restart', 'es', server.baseURL);
  await applyTo(applicant.api, programId);
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-PR', serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, applicant.account, 'es');
  await page.goto(`/panel/programs/my/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: es('panel.drive.title') })).toBeVisible();

  const { received, heads } = countReceived(page);
  // The server stops as the PATCH that starts at half the file leaves, which then finds no one listening.
  let stopped = false;
  await page.route('**/api/uploads/resumable/*', async (route) => {
    const request = route.request();
    if (!stopped && request.method() === 'PATCH' && Number(request.headers()['upload-offset']) >= SIZE / 2) {
      stopped = true;
      await server.stop();
    }
    return route.continue();
  });

  await page.getByLabel(es('drive.upload.label')).setInputFiles({ name: 'informe.txt', mimeType: 'text/plain', buffer: Buffer.alloc(SIZE, 0x61) });
  // Online but no server: the upload retries, then fails and offers to try again.
  const retry = page.getByRole('button', { name: es('application.upload.retry', { name: 'informe.txt' }) });
  await expect(retry).toBeVisible({ timeout: 30_000 });
  expect(sum(received)).toBe(SIZE / 2);

  await server.start();
  await retry.click();
  await expect(page.getByRole('button', { name: es('drive.download', { name: 'informe.txt' }) })).toBeVisible({ timeout: 60_000 });

  // The restarted server knew the upload and its offset (its HEAD); the rest went once, at most half plus a chunk.
  expect(heads.at(-1)).toBe(SIZE / 2);
  const sentAfter = sum(received.filter((patch) => patch.from >= SIZE / 2));
  expect(sentAfter).toBeLessThanOrEqual(SIZE / 2 + CHUNK);
  expect(sum(received)).toBe(SIZE);
  await context.close();
});

test('staff’s 12 MB upload into the shared materials, cut offline after its first chunk, resumes from there (es)', async ({ page, context }) => {
  test.setTimeout(120_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const size = 12 * MB;
  const programId = await createProgram(`Incubadora materiales ${Date.now().toString(36)}`, 'incubator');
  await signIn(page, await newStaff('resumable-shared'), 'es');
  await page.goto(`/admin/programs/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: es('admin.drive.title') })).toBeVisible();

  const sent = countReceived(page);
  await goOfflineAt(page, context, CHUNK);
  await page.getByLabel(es('drive.upload.label')).setInputFiles({ name: 'manual.txt', mimeType: 'text/plain', buffer: Buffer.alloc(size, 0x62) });
  await waitOfflineThenResume(
    page,
    context,
    () => expect(page.getByRole('button', { name: es('drive.download', { name: 'manual.txt' }) })).toBeVisible({ timeout: 60_000 }),
    'staff upload paused offline',
  );
  expectResumedFrom(sent, CHUNK, size);
});

test('two 7 MB photos of one ID, cut offline inside the first photo, resume and become one document (es)', async ({ page, context }) => {
  test.setTimeout(150_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const front = await noisyPhoto('frente.jpg', 2400);
  const back = await noisyPhoto('dorso.jpg', 2400);
  const { account, api } = await newApplicant('resumable-photos', 'es');
  const id = await applyTo(api, seededPrograms.incubator.id);
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id, 3));
  const owners = stepSection(page, 3);
  await owners.getByRole('button', { name: es('application.owners.addFirst') }).click();

  const sent = countReceived(page);
  await goOfflineAt(page, context, CHUNK);
  await owners.getByLabel(es('application.documents.choose')).setInputFiles([front, back]);
  await waitOfflineThenResume(
    page,
    context,
    () => expect(owners.getByRole('button', { name: es('application.documents.remove', { name: 'frente.pdf' }) })).toBeVisible({ timeout: 60_000 }),
    'photos upload paused offline',
  );
  // The body is both photos and their parts' headers, sent once in all.
  const size = sum(sent.received);
  expect(size).toBeGreaterThan(front.buffer.length + back.buffer.length);
  expect(size).toBeLessThan(front.buffer.length + back.buffer.length + 1024);
  expectResumedFrom(sent, CHUNK, size);
});
