// Staff's program drive in the browser (docs/decisions/024): staff create a folder in the shared materials and upload
// a file into it, the applicant finds both read-only in their program drive, and staff open the applicant's space
// (read-only) and download from it; none of staff's drive calls reach the applicant's browser. axe clean in Spanish
// and English, and at 360 px.
import { expect, test, type Page } from '@playwright/test';
import { applyTo, createProgram, newApplicant, tinyPdf, type Applicant } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { newStaff } from './support/admin.ts';
import { baseURL } from './support/ports.ts';
import { expectNoHorizontalScroll, shotPath, signIn, switchLanguage, t, toastRegion, type Locale } from './support/shell.ts';

/** A program of its own, an applicant who applied and keeps a file in their space. */
async function setUp(label: string) {
  const token = Date.now().toString(36);
  const name = `Incubadora ${label} ${token}`;
  const programId = await createProgram(name, 'incubator');
  const applicant = await newApplicant(`${label}-applicant`, 'es');
  await applyTo(applicant.api, programId);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), 'plan-propio.pdf');
  const stored = await fetch(`${baseURL}/api/programs/${programId}/drive/files?space=personal`, {
    method: 'POST',
    headers: { authorization: `Bearer ${applicant.api.token}` },
    body: form,
  });
  expect(stored.status).toBe(201);
  return { name, programId, applicant };
}

const personName = (applicant: Applicant) => `${applicant.account.first_name} ${applicant.account.last_name}`;

async function openAdminDrive(page: Page, programId: number, locale: Locale): Promise<void> {
  // A staff account of this test's own: switching the language while signed in is saved to the profile, and the
  // shared seeded account must stay in Spanish for the tests that read its headings.
  await signIn(page, await newStaff(`admin-drive-${locale}`), 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  await page.goto(`/admin/programs/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.drive.title') })).toBeVisible();
}

test('staff share a folder and a file; the applicant reads them only; staff open the applicant’s space (es)', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const { name, programId, applicant } = await setUp('admin-drive');
  await openAdminDrive(page, programId, 'es');
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: es('drive.space.shared') })).toBeVisible();
  await expect(page.getByText(es('drive.emptyWritable'))).toBeVisible();
  await expectNoAxeViolations(page, 'admin drive, shared materials (es)');

  // A folder in the shared materials, then a file uploaded into it.
  await page.getByRole('button', { name: es('drive.newFolder') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(es('drive.name.folderName')).fill('Guías del taller');
  await dialog.getByRole('button', { name: es('drive.create') }).click();
  await expect(toastRegion(page, 'bottom-right')).toContainText(es('drive.toast.folderCreated'));
  await page.getByRole('button', { name: es('drive.openFolder', { name: 'Guías del taller' }) }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Guías del taller' })).toBeVisible();
  await page.getByLabel(es('drive.upload.label')).setInputFiles({ name: 'agenda.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(toastRegion(page, 'bottom-right')).toContainText(es('application.documents.uploaded'));
  await expect(page.getByRole('button', { name: es('drive.download', { name: 'agenda.pdf' }) })).toBeVisible();
  await page.screenshot({ path: shotPath('admin-drive-shared-es'), fullPage: true });

  // The applicant's space: listed with what it holds, opened read-only, its file downloadable.
  const who = personName(applicant);
  // (The count is a plural message: its "one" form.)
  await expect(page.getByText('1 solicitante con espacio', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: es('admin.drive.openSpace', { name: who }) }).click();
  await expect(page.getByRole('heading', { level: 2, name: es('admin.drive.spaceOf', { name: who }) })).toBeVisible();
  await expect(page.getByText(es('admin.drive.readOnlyPersonal', { name: who }))).toBeVisible();
  await expect(page.getByRole('button', { name: es('drive.newFolder') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `${es('drive.delete')} plan-propio.pdf` })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: es('drive.download', { name: 'plan-propio.pdf' }) }).click();
  expect((await download).suggestedFilename()).toBe('plan-propio.pdf');
  await expectNoAxeViolations(page, "admin drive, an applicant's space (es)");
  await page.screenshot({ path: shotPath('admin-drive-applicant-es'), fullPage: true });

  // The applicant, in their own browser, finds the shared folder and file, read-only.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  const scripts: Array<Promise<string>> = [];
  theirs.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await signIn(theirs, applicant.account, 'es');
  await theirs.goto(`/panel/programs/my/drive/${programId}`);
  await theirs.getByRole('button', { name: es('drive.space.shared') }).click();
  await theirs.getByRole('button', { name: es('drive.openFolder', { name: 'Guías del taller' }) }).click();
  await expect(theirs.getByRole('button', { name: es('drive.download', { name: 'agenda.pdf' }) })).toBeVisible();
  await expect(theirs.getByText(es('drive.readOnly'))).toBeVisible();
  await expect(theirs.getByRole('button', { name: es('drive.newFolder') })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: `${es('drive.delete')} agenda.pdf` })).toHaveCount(0);
  // The drive's views are shared, staff's calls are not: no script the applicant loaded names them.
  expect(scripts.length).toBeGreaterThan(1);
  for (const body of await Promise.all(scripts)) expect(body).not.toContain('/admin/programs/{id}/drive');
  await context.close();
});

test('the staff drive in English at 360 px: axe clean, no sideways scroll, search by name without accents', async ({ page }) => {
  test.setTimeout(120_000);
  const en = (id: string, values?: Record<string, string | number>) => t('en', id, values);
  const { programId, applicant } = await setUp('admin-drive-en');
  await page.setViewportSize({ width: 360, height: 800 });
  await openAdminDrive(page, programId, 'en');
  await expect(page.getByRole('heading', { level: 2, name: en('drive.space.shared') })).toBeVisible();
  await expectNoAxeViolations(page, 'admin drive (en, 360 px)');
  await expectNoHorizontalScroll(page);

  // 'Quinones' finds 'Quiñones'; a search with no match says so.
  await page.getByLabel(en('admin.drive.search')).fill('nobody-at-all');
  await page.getByRole('button', { name: en('admin.drive.searchButton') }).click();
  await expect(page.getByText('No applicant has a space in this program', { exact: true })).toBeVisible();
  await page.getByLabel(en('admin.drive.search')).fill(applicant.account.last_name.normalize('NFD').replace(/\p{M}/gu, ''));
  await page.getByRole('button', { name: en('admin.drive.searchButton') }).click();
  const who = personName(applicant);
  await page.getByRole('button', { name: en('admin.drive.openSpace', { name: who }) }).click();
  await expect(page.getByRole('heading', { level: 2, name: en('admin.drive.spaceOf', { name: who }) })).toBeVisible();
  await expect(page.getByRole('button', { name: en('drive.download', { name: 'plan-propio.pdf' }) })).toBeVisible();
  await expectNoAxeViolations(page, "an applicant's space (en, 360 px)");
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: shotPath('admin-drive-applicant-en-360'), fullPage: true });
});
