// Step 6's upload messages agree with each other: a successful upload clears the "upload the form"
// error it answers, and a file refused for what it is offers "choose another file", while only a failed transfer
// offers "try again".
import { expect, test, type Page } from '@playwright/test';
import { applicationPath, applyTo, newApplicant, seededPrograms, solveStepCaptcha, stepSection, tinyPdf } from './support/apply.ts';
import { fieldLabel, shotPath, signIn, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

async function openStep6(page: Page, label: string, locale: Locale): Promise<void> {
  const { account, api } = await newApplicant(label, locale);
  const id = await applyTo(api, seededPrograms.incubator.id);
  await signIn(page, account, 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  await page.goto(applicationPath(id, 6));
  await expect(page.getByLabel(fieldLabel(t(locale, 'application.upload.label')))).toBeVisible();
}

for (const locale of languagesOf('es')) {
  test(`a successful upload clears the "upload the form" error it answers (${locale})`, async ({ page }) => {
    await openStep6(page, `upload-clears-${locale}`, locale);
    const L = (id: string, values?: Record<string, string>) => t(locale, id, values);
    // Everything but the form: the server's only complaint is the missing intake form.
    await page.getByRole('checkbox', { name: L('application.agreement.conditions') }).check();
    await solveStepCaptcha(page, locale);
    await stepSection(page, 6).getByRole('button', { name: L('application.step.submit', { step: '6' }) }).click();
    const fieldError = page.locator('#step6-intake-form-error');
    const summary = page.locator('#step-6-errors');
    await expect(fieldError).toHaveText(L('api.application.intakeFormRequired'));
    await expect(summary).toContainText(L('api.application.intakeFormRequired'));

    await page.getByLabel(fieldLabel(L('application.upload.label'))).setInputFiles({
      name: 'formulario-firmado.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await expect(page.getByText(L('application.upload.done'))).toBeVisible();
    // The success and the error it answers are never on screen together.
    await expect(fieldError).toHaveCount(0);
    await expect(summary).toHaveCount(0);
    await expect(page.getByText(L('api.application.intakeFormRequired'))).toHaveCount(0);
    await expect(page.getByLabel(fieldLabel(L('application.upload.label')))).not.toHaveAttribute('aria-invalid');
    await page.screenshot({ path: shotPath(`upload-cleared-${locale}`), fullPage: true });
  });

  test(`a refused file offers another file; only a failed transfer offers to try again (${locale})`, async ({ page }) => {
    await openStep6(page, `upload-remedy-${locale}`, locale);
    const L = (id: string, values?: Record<string, string>) => t(locale, id, values);
    const input = page.getByLabel(fieldLabel(L('application.upload.label')));
    const error = page.locator('#step6-intake-form-error');
    const chooseAnother = page.getByRole('button', { name: L('application.upload.chooseAnother') });
    const retryButton = (name: string) => page.getByRole('button', { name: L('application.upload.retry', { name }) });

    // Over 20MB: refused in the browser; another file is what helps.
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    tinyPdf().copy(big);
    await input.setInputFiles({ name: 'escaneo-grande.pdf', mimeType: 'application/pdf', buffer: big });
    await expect(error).toHaveText(L('application.upload.tooLarge'));
    await expect(chooseAnother).toBeVisible();
    await expect(retryButton('escaneo-grande.pdf')).toHaveCount(0);

    // A PNG named .pdf whose picture no decoder can read: the server reads the bytes and refuses the file.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await input.setInputFiles({ name: 'foto-del-formulario.pdf', mimeType: 'application/pdf', buffer: png });
    await expect(error).toHaveText(L('api.upload.unreadablePhoto'));
    await expect(chooseAnother).toBeVisible();
    await expect(retryButton('foto-del-formulario.pdf')).toHaveCount(0);
    await page.screenshot({ path: shotPath(`upload-choose-another-${locale}`), fullPage: true });
    // The button opens the file chooser.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), chooseAnother.click()]);
    await chooser.setFiles({ name: 'formulario.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(page.getByText(L('application.upload.done'))).toBeVisible();
    await expect(error).toHaveCount(0);
    await expect(chooseAnother).toHaveCount(0);

    // The connection drops mid-upload: the same file can be tried again, and then goes through.
    // The upload is resumable (docs/decisions/061): it tries three times on its own before it says it failed.
    await page.route('**/api/uploads/resumable', (route) => route.abort('connectionreset'), { times: 3 });
    await input.setInputFiles({ name: 'segundo.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(error).toHaveText(L('application.upload.network'));
    await expect(chooseAnother).toHaveCount(0);
    await retryButton('segundo.pdf').click();
    await expect(page.getByText(L('application.upload.done'))).toBeVisible();
    await expect(error).toHaveCount(0);
  });
}

// The documents fields (owners' identification, income documents, the no-income form) read failures as the intake
// form does: a file refused for what it is (in the browser or by the server) offers another file and never "try
// again"; a transfer that failed (no answer, or the server failed) offers to try the same file again.
for (const locale of languagesOf('en')) {
  test(`a documents field: a refused file offers another file, a failed upload offers to try again (${locale})`, async ({ page }) => {
    const L = (id: string, values?: Record<string, string>) => t(locale, id, values);
    const { account, api } = await newApplicant(`documents-remedy-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.incubator.id);
    await signIn(page, account, 'es');
    if (locale === 'en') await switchLanguage(page, 'en');
    await page.goto(applicationPath(id, 3));
    const household = stepSection(page, 4);
    await household
      .getByRole('group', { name: new RegExp(`^\\s*${L('application.household.incomeSources')}`) })
      .getByRole('checkbox', { name: L('application.household.incomeWork'), exact: true })
      .check();
    const field = household.getByRole('group', { name: new RegExp(`^\\s*${L('application.field.income_documents')}`) });
    const input = field.locator('input[type=file]');
    const error = field.locator('[id$="-error"]');
    const chooseAnother = field.getByRole('button', { name: L('application.upload.chooseAnother') });
    const retryButton = (name: string) => field.getByRole('button', { name: L('application.upload.retry', { name }) });

    // Neither a PDF nor a photo by its type: refused in the browser, nothing sent.
    await input.setInputFiles({ name: 'foto.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a', 'latin1') });
    await expect(error).toHaveText(L('application.upload.notPdf'));
    await expect(chooseAnother).toBeVisible();
    await expect(retryButton('foto.gif')).toHaveCount(0);

    // A PNG named .pdf whose picture no decoder can read: the server reads the bytes and refuses the file itself.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await input.setInputFiles({ name: 'talonario-foto.pdf', mimeType: 'application/pdf', buffer: png });
    await expect(error).toHaveText(L('api.upload.unreadablePhoto'));
    await expect(chooseAnother).toBeVisible();
    await expect(retryButton('talonario-foto.pdf')).toHaveCount(0);
    await page.screenshot({ path: shotPath(`documents-choose-another-${locale}`), fullPage: true });
    // "Choose another file" opens the field's file chooser; the good file is stored.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), chooseAnother.click()]);
    await chooser.setFiles({ name: 'talonario-enero.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(field.getByRole('listitem').filter({ hasText: 'talonario-enero.pdf' })).toHaveCount(1);
    await expect(error).toHaveCount(0);
    await expect(chooseAnother).toHaveCount(0);

    // The server fails (503): the same file can be tried again, and then goes through.
    // The upload is resumable (docs/decisions/061): it tries three times on its own before it says it failed.
    await page.route('**/api/uploads/resumable', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: L('api.error.unavailable'), code: 'database_unavailable' }) }),
      { times: 3 },
    );
    await input.setInputFiles({ name: 'talonario-febrero.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(error).toHaveText(L('api.error.unavailable'));
    await expect(retryButton('talonario-febrero.pdf')).toBeVisible();
    await expect(chooseAnother).toHaveCount(0);
    // The connection drops on the retry: still "try again".
    await page.route('**/api/uploads/resumable', (route) => route.abort('connectionreset'), { times: 3 });
    await retryButton('talonario-febrero.pdf').click();
    await expect(error).toHaveText(L('application.upload.network'));
    await expect(chooseAnother).toHaveCount(0);
    await retryButton('talonario-febrero.pdf').click();
    await expect(field.getByRole('listitem').filter({ hasText: 'talonario-febrero.pdf' })).toHaveCount(1);
    await expect(error).toHaveCount(0);
  });
}
