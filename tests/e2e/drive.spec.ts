// The program drive in the browser (docs/decisions/019-program-drive.md): an applicant reaches it from My Programs,
// creates a folder (a bad name refused with the contract's words), uploads with the progress on screen, renames, moves
// through the move dialog, downloads, and deletes after the confirmation dialog; the shared materials are read-only.
// axe clean in Spanish and English and at 360 px, and the same changes made with the keyboard alone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, applyTo, createProgram, newApplicant, tinyPdf, type Api } from './support/apply.ts';
import { expectNoAxeViolations, staffAccount } from './support/fixtures.ts';
import { expectNoHorizontalScroll, shotPath, signIn, t, toastRegion, type Locale } from './support/shell.ts';

/** A program the applicant applied to, with a folder and a file the staff shared. */
async function driveSetUp(label: string, locale: Locale) {
  const name = `Aceleradora ${label} ${Date.now().toString(36)}`;
  const programId = await createProgram(name, 'accelerator');
  const applicant = await newApplicant(label, locale);
  await applyTo(applicant.api, programId);
  const staff: Api = await apiSignIn(await staffAccount());
  const shared = await staff.call<{ id: number }>('POST', `/admin/programs/${programId}/drive/folders`, { space: 'shared', parent_id: null, name: 'Guías del taller' });
  return { name, programId, applicant, sharedFolderId: shared.id };
}

const row = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

test('an applicant uses the drive: folder, upload with progress, rename, move, download, delete (es)', async ({ page }) => {
  test.setTimeout(120_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const { name, programId, applicant } = await driveSetUp('drive-journey', 'es');
  await signIn(page, applicant.account, 'es');

  // My Programs links to the program's drive.
  await page.goto('/panel/programs/my');
  await page.getByRole('link', { name: es('programs.my.drive') + es('programs.action.context', { program: name }), exact: true }).click();
  await expect(page).toHaveURL(`/panel/programs/my/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: es('panel.drive.title') })).toBeVisible();
  await expect(page.getByText(es('drive.emptyWritable'))).toBeVisible();
  await expectNoAxeViolations(page, 'empty drive (es)');

  // A folder: a bad name is refused in the browser with the contract's message, then a good one is created.
  await page.getByRole('button', { name: es('drive.newFolder') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(es('drive.name.folderName')).fill('Facturas/2026');
  await dialog.getByRole('button', { name: es('drive.create') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(es('api.drive.nameInvalid'));
  await expectNoAxeViolations(page, 'folder dialog with an error');
  await dialog.getByLabel(es('drive.name.folderName')).fill('Facturas');
  await dialog.getByRole('button', { name: es('drive.create') }).click();
  await expect(dialog).toBeHidden();
  await expect(toastRegion(page, 'bottom-right')).toContainText(es('drive.toast.folderCreated'));
  await expect(page.getByRole('button', { name: es('drive.openFolder', { name: 'Facturas' }) })).toBeVisible();

  // An upload shows its progress until the server answers (held here until the bar is seen).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // A personal-space upload is resumable (docs/decisions/061): held at its creation.
  await page.route('**/api/uploads/resumable', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel(es('drive.upload.label')).setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(page.getByRole('progressbar', { name: es('application.upload.progress') })).toBeVisible();
  await expect(page.getByText(es('application.upload.uploading', { name: 'plan.pdf' }))).toBeVisible();
  await expectNoAxeViolations(page, 'upload under way');
  release();
  await expect(toastRegion(page, 'bottom-right')).toContainText(es('application.documents.uploaded'));
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/api/uploads/resumable');
  await expect(page.getByRole('button', { name: es('drive.download', { name: 'plan.pdf' }) })).toBeVisible();

  // A kind the drive does not take is refused before sending, in the application's words.
  await page.getByLabel(es('drive.upload.label')).setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(page.getByText(es('api.drive.typeNotAllowed'))).toBeVisible();

  // Rename.
  await row(page, 'plan.pdf').getByRole('button', { name: `${es('drive.rename')} plan.pdf` }).click();
  await dialog.getByLabel(es('drive.name.newName')).fill('plan de negocio.pdf');
  await dialog.getByRole('button', { name: es('drive.rename') }).click();
  await expect(toastRegion(page, 'bottom-right')).toContainText(es('drive.toast.renamed'));
  await expect(page.getByRole('button', { name: es('drive.download', { name: 'plan de negocio.pdf' }) })).toBeVisible();

  // Move into the folder, through the dialog's own browsing.
  await row(page, 'plan de negocio.pdf').getByRole('button', { name: `${es('drive.move')} plan de negocio.pdf` }).click();
  await expect(dialog.getByRole('heading', { name: es('drive.moveTitle', { name: 'plan de negocio.pdf' }) })).toBeVisible();
  await dialog.getByRole('button', { name: es('drive.openFolder', { name: 'Facturas' }) }).click();
  await expect(dialog.getByRole('status')).toHaveText(es('drive.moveHereIs', { name: 'Facturas' }));
  await expectNoAxeViolations(page, 'move dialog');
  await dialog.getByRole('button', { name: es('drive.moveHere') }).click();
  await expect(toastRegion(page, 'bottom-right')).toContainText(es('drive.toast.moved'));
  await expect(page.getByRole('button', { name: es('drive.download', { name: 'plan de negocio.pdf' }) })).toHaveCount(0);

  // Open the folder and download the file under its name.
  await page.getByRole('button', { name: es('drive.openFolder', { name: 'Facturas' }) }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Facturas' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: es('drive.download', { name: 'plan de negocio.pdf' }) }).click();
  expect((await download).suggestedFilename()).toBe('plan de negocio.pdf');

  // Back to the root; delete the folder after the confirmation dialog.
  await page.getByRole('navigation', { name: es('drive.breadcrumbs') }).getByRole('button', { name: es('drive.space.personal') }).click();
  await row(page, 'Facturas').getByRole('button', { name: `${es('drive.delete')} Facturas` }).click();
  await expect(dialog.getByRole('heading', { name: es('drive.deleteTitle', { name: 'Facturas' }) })).toBeVisible();
  await expect(dialog).toContainText(es('drive.deleteFolderWarning'));
  await expectNoAxeViolations(page, 'delete dialog');
  await page.screenshot({ path: shotPath('drive-delete-es') });
  await dialog.getByRole('button', { name: es('drive.delete'), exact: true }).click();
  await expect(toastRegion(page, 'bottom-right')).toContainText(es('drive.toast.folderDeleted'));
  await expect(page.getByText(es('drive.emptyWritable'))).toBeVisible();
  expect((await applicant.api.call<{ count: number }>('GET', `/programs/${programId}/drive/nodes?space=personal`)).count).toBe(0);

  // The shared materials: listed, read-only.
  await page.getByRole('button', { name: es('drive.space.shared') }).click();
  await expect(page.getByRole('button', { name: es('drive.openFolder', { name: 'Guías del taller' }) })).toBeVisible();
  await expect(page.getByText(es('drive.readOnly'))).toBeVisible();
  await expect(page.getByRole('button', { name: es('drive.newFolder') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `${es('drive.delete')} Guías del taller` })).toHaveCount(0);
});

test('another applicant’s drive answers "not found"', async ({ page }) => {
  const { programId } = await driveSetUp('drive-owner', 'es');
  const stranger = await newApplicant('drive-stranger', 'es');
  await signIn(page, stranger.account, 'es');
  await page.goto(`/panel/programs/my/drive/${programId}`);
  await expect(page.getByRole('alert')).toContainText(t('es', 'drive.unavailable'));
});

test('the drive in English at 360 px, with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const en = (id: string, values?: Record<string, string | number>) => t('en', id, values);
  const { programId, applicant } = await driveSetUp('drive-keyboard', 'en');
  await page.setViewportSize({ width: 360, height: 800 });
  // The login form is in Spanish on a new device; the applicant's profile language (English) applies once signed in.
  await signIn(page, applicant.account, 'es');
  await page.goto(`/panel/programs/my/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: en('panel.drive.title') })).toBeVisible();
  await expectNoAxeViolations(page, 'drive (en, 360 px)');
  await expectNoHorizontalScroll(page);

  // New folder: Tab to the button, Enter, type, Enter.
  const newFolder = page.getByRole('button', { name: en('drive.newFolder') });
  for (let presses = 0; presses < 40 && !(await newFolder.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(newFolder).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(en('drive.name.folderName'))).toBeFocused();
  await page.keyboard.type('Receipts');
  await page.keyboard.press('Enter');
  await expect(toastRegion(page, 'bottom-right')).toContainText(en('drive.toast.folderCreated'));
  // Focus returns to the button that opened the dialog.
  await expect(newFolder).toBeFocused();

  // Rename it: Tab to its Rename button; Escape first closes without a change.
  const rename = page.getByRole('button', { name: `${en('drive.rename')} Receipts` });
  for (let presses = 0; presses < 20 && !(await rename.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(rename).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rename).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Receipts 2026');
  await page.keyboard.press('Enter');
  await expect(toastRegion(page, 'bottom-right')).toContainText(en('drive.toast.renamed'));
  await expectNoAxeViolations(page, 'after a rename (en, 360 px)');

  // Delete it: Tab to Delete, Enter, Tab to the dialog's Delete, Enter; focus lands on the folder's heading.
  const remove = page.getByRole('button', { name: `${en('drive.delete')} Receipts 2026` });
  for (let presses = 0; presses < 10 && !(await remove.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = dialog.getByRole('button', { name: en('drive.delete'), exact: true });
  for (let presses = 0; presses < 5 && !(await confirm.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page, 'delete dialog (en, 360 px)');
  await page.screenshot({ path: shotPath('drive-delete-en-360') });
  await page.keyboard.press('Enter');
  await expect(toastRegion(page, 'bottom-right')).toContainText(en('drive.toast.folderDeleted'));
  await expect(page.locator('#drive-folder-heading')).toBeFocused();
  await expect(page.getByText(en('drive.emptyWritable'))).toBeVisible();
  await page.screenshot({ path: shotPath('drive-empty-en-360') });
});
