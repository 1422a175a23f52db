// A 20 MB upload cut at about half by the browser going offline (docs/decisions/061-resumable-uploads.md): the field
// says it waits, the bar keeps what was sent, and back online the upload asks the server its offset and sends only the
// rest: at most the remaining half plus one 5 MB chunk, counted from the offsets of the PATCHes the server answered.
import { expect, test } from '@playwright/test';
import { applyTo, createProgram, newApplicant } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { signIn, t } from './support/shell.ts';

const MB = 1024 * 1024;
const SIZE = 20 * MB;
const CHUNK = 5 * MB;

test('a 20 MB drive upload cut offline at half resumes from the server’s offset and sends only the rest (es)', async ({ page, context }) => {
  test.setTimeout(120_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const programId = await createProgram(`Aceleradora resumable ${Date.now().toString(36)}`, 'accelerator');
  const applicant = await newApplicant('resumable-upload', 'es');
  await applyTo(applicant.api, programId);
  await signIn(page, applicant.account, 'es');
  await page.goto(`/panel/programs/my/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: es('panel.drive.title') })).toBeVisible();

  // What the server took: each answered PATCH moved the offset from where it started to where it answers.
  const received: Array<{ from: number; to: number }> = [];
  const heads: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (!request.url().includes('/api/uploads/resumable/')) return;
    const answered = Number(response.headers()['upload-offset']);
    if (request.method() === 'HEAD') heads.push(answered);
    if (request.method() === 'PATCH' && response.ok()) received.push({ from: Number(request.headers()['upload-offset']), to: answered });
  });
  // The connection drops as the PATCH that starts at half the file leaves.
  let cut = false;
  await page.route('**/api/uploads/resumable/*', async (route) => {
    const request = route.request();
    if (!cut && request.method() === 'PATCH' && Number(request.headers()['upload-offset']) >= SIZE / 2) {
      cut = true;
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });

  await page.getByLabel(es('drive.upload.label')).setInputFiles({ name: 'informe.txt', mimeType: 'text/plain', buffer: Buffer.alloc(SIZE, 0x61) });
  await expect(page.getByRole('status').filter({ hasText: es('application.upload.offline') })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: es('application.upload.progress') })).toBeVisible();
  await expectNoAxeViolations(page, 'upload paused offline');
  const sentBeforeCut = received.reduce((sum, patch) => sum + patch.to - patch.from, 0);
  expect(sentBeforeCut).toBe(SIZE / 2);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: es('drive.download', { name: 'informe.txt' }) })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Resumed where the server stood (its HEAD), never from zero; the rest went once, at most half plus a chunk.
  expect(heads.at(-1)).toBe(SIZE / 2);
  const after = received.filter((patch) => patch.from >= SIZE / 2);
  const sentAfter = after.reduce((sum, patch) => sum + patch.to - patch.from, 0);
  expect(sentAfter).toBe(SIZE / 2);
  expect(sentAfter).toBeLessThanOrEqual(SIZE / 2 + CHUNK);
  expect(received.reduce((sum, patch) => sum + patch.to - patch.from, 0)).toBe(SIZE);
});
