// Photos are documents, on a phone (360 px, touch): two photos chosen at once become one document of an owner's
// identification, the camera's button takes a HEIC, and a photo goes into the drive as a PDF; axe in es or en (both:
// E2E_ALL=1) (docs/decisions/054-photos-are-documents.md).
import { expect, test, type Page } from '@playwright/test';
import { applicationPath, applyTo, newApplicant, photos, seededPrograms, stepSection } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { expectNoHorizontalScroll, signIn, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

const { jpeg: JPEG, png: PNG, heic: HEIC } = photos;

// A phone: a finger for a pointer, where the "take a photo" button shows.
test.use({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });

async function openAs(page: Page, label: string, locale: Locale): Promise<number> {
  const { account, api } = await newApplicant(label, locale);
  const id = await applyTo(api, seededPrograms.incubator.id);
  await signIn(page, account, 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  return id;
}

for (const locale of languagesOf('en')) {
  const L = (id: string, values?: Record<string, string | number>) => t(locale, id, values);

  test(`photos of an ID make one document, and the camera adds another (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const id = await openAs(page, `photos-${locale}`, locale);
    await page.goto(applicationPath(id, 3));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const owners = stepSection(page, 3);
    await owners.getByRole('button', { name: L('application.owners.addFirst') }).click();

    // The file chooser takes PDFs and photos, several at once; the camera's input opens the back camera.
    const chooser = owners.getByLabel(L('application.documents.choose'));
    await expect(chooser).toHaveAttribute('accept', /image\/heic/);
    await expect(chooser).toHaveAttribute('multiple', '');
    await chooser.setInputFiles([JPEG, PNG]);
    await expect(owners.getByText('licencia.pdf', { exact: true })).toBeVisible();
    await expect(owners.getByRole('button', { name: L('application.documents.remove', { name: 'licencia.pdf' }) })).toBeVisible();

    const camera = owners.getByLabel(L('application.documents.takePhoto'));
    await expect(camera).toHaveAttribute('capture', 'environment');
    await camera.setInputFiles(HEIC);
    await expect(owners.getByText('camara.pdf', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `step 3 with photos (${locale})`);

    // An empty file is told as such.
    await owners.getByLabel(L('application.documents.chooseMore')).setInputFiles({ name: 'vacio.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) });
    await expect(owners.getByText(L('api.upload.empty'))).toBeVisible();
    await expectNoAxeViolations(page, `step 3 with an empty file refused (${locale})`);
  });

  test(`a photo goes into the drive as a PDF (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await openAs(page, `photos-drive-${locale}`, locale);
    await page.goto(`/panel/programs/my/drive/${seededPrograms.incubator.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.getByLabel(L('drive.upload.label')).setInputFiles(JPEG);
    await expect(page.getByRole('row').filter({ hasText: 'licencia.pdf' })).toBeVisible();
    await expect(page.getByLabel(L('application.documents.takePhoto'))).toHaveAttribute('capture', 'environment');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `drive with a photo (${locale})`);
  });
}
