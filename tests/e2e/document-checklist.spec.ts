// The document checklist in the browser (issue 14 point 3; docs/decisions/032-document-checklist.md): a reviewer starts
// the review, verifies the income document and rejects the owner's ID with a reason (a blank reason is refused in the
// dialog); the application goes to changes requested and the applicant reads the reason on the reopened step 3.
// axe clean on the checklist and its dialog and on the applicant's step, es and en, 1280 and 360 px.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { newStaff } from './support/admin.ts';
import { applicationPath, applyTo, completeSteps, createProgram, newApplicant, stepSection } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { expectNoHorizontalScroll, fieldLabel, signIn, switchLanguage, t, type Account, type Locale } from './support/shell.ts';

const SHOTS = '/tmp/shots-document-checklist';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const REASON = 'La identificación está vencida: suba una vigente.';

interface Seeded {
  applicant: Account;
  applicationId: number;
  staff: Account;
}

/** A program of the test's own, an applicant with a submitted application (with its documents), and a reviewer. */
async function seed(label: string, locale: Locale): Promise<Seeded> {
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Lista ${token}`, 'incubator', `Checklist ${token}`);
  const { account, api } = await newApplicant(`${label}-${token}`, locale);
  const applicationId = await applyTo(api, programId);
  await completeSteps(api, applicationId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${applicationId}/submit`);
  const staff = await newStaff(`${label}-${token}`, { first_name: 'Revisora', last_name: `Lista ${token}` });
  return { applicant: account, applicationId, staff };
}

async function openAs(browser: Browser, account: Account, locale: Locale, width = 1280): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-PR', viewport: { width, height: 800 } });
  const page = await context.newPage();
  await signIn(page, account, 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  return page;
}

const checklist = (page: Page, locale: Locale) => page.getByRole('region', { name: t(locale, 'admin.review.documents.title') });
const item = (page: Page, locale: Locale, name: string) => checklist(page, locale).getByRole('listitem').filter({ hasText: name });

/** Opens the review page and starts the review (verdicts are given in review only). */
async function startReview(page: Page, locale: Locale, seeded: Seeded): Promise<void> {
  await page.goto(`/admin/applications/${seeded.applicationId}/1`);
  await expect(item(page, locale, 'owner_id.pdf')).toContainText(t(locale, 'admin.review.documents.unchecked'));
  // Submitted: the checklist offers no verdict before the review starts.
  await expect(checklist(page, locale).getByRole('button')).toHaveCount(0);
  await page.getByRole('button', { name: t(locale, 'admin.review.startReview') }).click();
  await expect(checklist(page, locale).getByRole('button', { name: t(locale, 'admin.review.documents.verify', { name: 'owner_id.pdf' }) })).toBeVisible();
}

test('a reviewer verifies one document and rejects another; the applicant reads the reason on the reopened step', async ({ browser }) => {
  test.setTimeout(180_000);
  const es = (id: string, values: Record<string, string | number> = {}) => t('es', id, values);
  const seeded = await seed('checklist', 'es');
  const staff = await openAs(browser, seeded.staff, 'es');
  await startReview(staff, 'es', seeded);
  await expectNoAxeViolations(staff, 'document checklist in review (es)');

  await checklist(staff, 'es').getByRole('button', { name: es('admin.review.documents.verify', { name: 'income_document.pdf' }) }).click();
  await expect(item(staff, 'es', 'income_document.pdf')).toContainText(es('admin.review.documents.verified'));
  await expect(staff.locator('#document-checklist')).toBeFocused();

  // Reject: a blank reason is refused in the dialog, then the reason is sent.
  await checklist(staff, 'es').getByRole('button', { name: es('admin.review.documents.reject', { name: 'owner_id.pdf' }) }).click();
  const dialog = staff.getByRole('dialog', { name: es('admin.review.documents.rejectTitle', { name: 'owner_id.pdf' }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: es('admin.review.documents.rejectSend') }).click();
  await expect(dialog.getByText(es('api.field.required'))).toBeVisible();
  await expect(dialog.getByLabel(fieldLabel(es('admin.review.decide.reason')))).toBeFocused();
  await expectNoAxeViolations(staff, 'reject dialog with an error (es)');
  await shot(staff, 'reject-dialog-es');
  await dialog.getByLabel(fieldLabel(es('admin.review.decide.reason'))).fill(REASON);
  await dialog.getByRole('button', { name: es('admin.review.documents.rejectSend') }).click();
  await expect(dialog).toBeHidden();
  await expect(item(staff, 'es', 'owner_id.pdf')).toContainText(es('admin.review.documents.rejected', { reason: REASON }));
  await expect(item(staff, 'es', 'income_document.pdf')).toContainText(es('admin.review.documents.verified'));
  // The rejection requested changes: no more verdicts until the applicant resubmits.
  await expect(checklist(staff, 'es').getByRole('button')).toHaveCount(0);
  await expect(staff.getByLabel(es('admin.review.facts'), { exact: true })).toContainText(es('programs.applicationStatus.changes_requested'));
  await expectNoAxeViolations(staff, 'document checklist after a rejection (es)');
  await shot(staff, 'checklist-es');

  // The applicant reads the reason on step 3, the step that holds the owner's ID; never a verdict.
  const applicant = await openAs(browser, seeded.applicant, 'es');
  await applicant.goto(applicationPath(seeded.applicationId, 3));
  const step3 = stepSection(applicant, 3);
  await expect(step3.getByRole('heading', { name: es('application.review.stepReopened') })).toBeVisible();
  await expect(step3.getByText(REASON)).toBeVisible();
  await expect(applicant.getByText(es('admin.review.documents.verified'))).toHaveCount(0);
  await expectNoAxeViolations(applicant, 'reopened step 3 (es)');
  await applicant.goto(applicationPath(seeded.applicationId, 1));
  await expect(stepSection(applicant, 1).getByText(es('application.review.stepLocked'))).toBeVisible();
});

test('the checklist and its dialog in English at 360 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const en = (id: string, values: Record<string, string | number> = {}) => t('en', id, values);
  const seeded = await seed('checklist-en', 'en');
  const staff = await openAs(browser, seeded.staff, 'en', 360);
  await startReview(staff, 'en', seeded);
  await expectNoHorizontalScroll(staff);
  await expectNoAxeViolations(staff, 'document checklist at 360 px (en)');
  await shot(staff, 'checklist-en-360');
  await checklist(staff, 'en').getByRole('button', { name: en('admin.review.documents.reject', { name: 'formulario-firmado.pdf' }) }).click();
  const dialog = staff.getByRole('dialog', { name: en('admin.review.documents.rejectTitle', { name: 'formulario-firmado.pdf' }) });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(staff, 'reject dialog at 360 px (en)');
  await shot(staff, 'reject-dialog-en-360');
  // Escape cancels: nothing changed, focus back on the button that opened it.
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(checklist(staff, 'en').getByRole('button', { name: en('admin.review.documents.reject', { name: 'formulario-firmado.pdf' }) })).toBeFocused();
  await expect(item(staff, 'en', 'formulario-firmado.pdf')).toContainText(en('admin.review.documents.unchecked'));
});
