// Step status and file checks (issue "Apply: programs, My Programs, the survey, and the application and step
// machines", tests 4 and 6): a submitted step that is edited is incomplete until submitted again, the application
// cannot be submitted before all six steps are; the intake form over 20MB or not a PDF is refused in the browser
// before a byte is sent, and a file that only claims to be a PDF is refused by the server, shown as it answered.
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  applicationPath,
  applyTo,
  completeSteps,
  confirmSubmitApplication,
  expectSaved,
  expectStepStatus,
  indicatorSegment,
  newApplicant,
  seededPrograms,
  stepOf,
  submitStepInBrowser,
  tinyPdf,
} from './support/apply.ts';
import { fieldLabel, shotPath, signIn, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

/** The error summary of "check your answers", and the item it lists for a step not submitted. */
const submitSummary = (page: Page) => page.locator('#submit-errors');
const notSubmittedItem = (page: Page, step: number) =>
  submitSummary(page).getByRole('link', {
    name: es('ui.errorSummary.item', { field: es(`application.step.name${step}`), message: es('application.submit.stepNotSubmitted') }),
  });

test('an edited step is incomplete until submitted again; submit waits for all six steps', async ({ page }) => {
  test.setTimeout(90_000);
  const { account, api } = await newApplicant('apply-steps');
  const id = await applyTo(api, seededPrograms.accelerator.id);
  await completeSteps(api, id, [1, 2, 3, 4, 5]);
  await signIn(page, account, 'es');

  // Five of six: "Submit application" is refused, naming the step that is missing; the server refuses it too.
  await page.goto(applicationPath(id, 'submit'));
  await expect(indicatorSegment(page, 6)).toContainText(es('application.step.incomplete'));
  await page.getByRole('button', { name: es('application.submit.button') }).click();
  await expect(submitSummary(page)).toBeFocused();
  await expect(notSubmittedItem(page, 6)).toBeVisible();
  await expect(submitSummary(page).getByRole('link')).toHaveCount(1);
  await expect(page).toHaveURL(applicationPath(id, 'submit'));
  await api.call('POST', `/applications/${id}/submit`, undefined, [400]);

  // Step 2 was submitted; editing it makes it incomplete at once (status line and step indicator), on the server too.
  await page.getByRole('link', { name: new RegExp(`^${es('application.submit.change')} .*${es('application.step.name2')}`) }).click();
  await expect(page).toHaveURL(applicationPath(id, 2));
  await expectStepStatus(page, 2, 'submitted');
  await expect(indicatorSegment(page, 2)).toContainText(es('application.step.submitted'));
  await expect(page.getByText(es('application.step.submittedNote'))).toBeVisible();
  await page.getByLabel(fieldLabel(es('application.business.name'))).fill('Café del Norte');
  await expectStepStatus(page, 2, 'incomplete');
  await expect(indicatorSegment(page, 2)).toContainText(es('application.step.incomplete'));
  await expect(page.getByText(es('application.indicator.progress', { done: 4, total: 6 }))).toBeVisible();
  await expectSaved(page, 2);
  expect((await stepOf(api, id, 2)).status).toBe('incomplete');
  await page.screenshot({ path: shotPath('apply-step2-edited-es'), fullPage: true });

  // Submit now names both steps.
  await page.getByRole('link', { name: es('application.indicator.review') }).click();
  await expect(page).toHaveURL(applicationPath(id, 'submit'));
  await page.getByRole('button', { name: es('application.submit.button') }).click();
  await expect(submitSummary(page)).toBeFocused();
  await expect(notSubmittedItem(page, 2)).toBeVisible();
  await expect(notSubmittedItem(page, 6)).toBeVisible();

  // Submitted again, step 2 is back; with step 6 submitted too, the application goes.
  await page.goto(applicationPath(id, 2));
  await submitStepInBrowser(page, 2);
  await expect(indicatorSegment(page, 2)).toContainText(es('application.step.submitted'));
  await page.goto(applicationPath(id, 2));
  await expect(page.getByText(es('application.step.submittedNote'))).toBeVisible();
  await completeSteps(api, id, [6]);
  await page.goto(applicationPath(id, 'submit'));
  await page.getByRole('button', { name: es('application.submit.button') }).click();
  await confirmSubmitApplication(page);
  await expect(page).toHaveURL(applicationPath(id, 'confirmation'));
});

test('the intake form: over 20MB or not a PDF is refused before sending; a fake PDF is refused by the server', async ({ page }) => {
  const { account, api } = await newApplicant('apply-upload');
  const id = await applyTo(api, seededPrograms.incubator.id);
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id, 6));
  const uploads: Request[] = [];
  // An upload begins with its resumable creation (docs/decisions/061-resumable-uploads.md), or a direct POST.
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'POST') return;
    if (pathname === '/api/uploads/resumable' || pathname === `/api/applications/${id}/intake-form`) uploads.push(request);
  });
  const input = page.getByLabel(fieldLabel(es('application.upload.label')));
  const error = page.locator('#step6-intake-form-error');

  // 20MB and one byte (the limit is 20 MiB, as the server counts it).
  const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
  tinyPdf().copy(big);
  await input.setInputFiles({ name: 'formulario-grande.pdf', mimeType: 'application/pdf', buffer: big });
  await expect(error).toHaveText(es('application.upload.tooLarge'));
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', /step6-intake-form-error/);
  await page.screenshot({ path: shotPath('apply-upload-too-large-es') });

  // Neither a PDF nor a photo.
  await input.setInputFiles({ name: 'foto.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a', 'latin1') });
  await expect(error).toHaveText(es('application.upload.notPdf'));
  expect(uploads).toHaveLength(0);

  // Named and typed as a PDF, but not one: the server reads the bytes and refuses, in the person's language.
  await input.setInputFiles({ name: 'no-es-pdf.pdf', mimeType: 'application/pdf', buffer: Buffer.from('solo texto') });
  await expect(error).toHaveText(t('es', 'api.upload.notPdf'));
  expect(uploads).toHaveLength(1);
  // Sending it again cannot help: another file is offered, not a retry.
  await expect(page.getByRole('button', { name: es('application.upload.chooseAnother') })).toBeVisible();
  await expect(page.getByRole('button', { name: es('application.upload.retry', { name: 'no-es-pdf.pdf' }) })).toHaveCount(0);

  // A real one goes through, and the error is gone.
  await input.setInputFiles({ name: 'formulario.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(page.getByText(es('application.upload.done'))).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-invalid');
  expect(uploads).toHaveLength(2);
});
