// The document checklist in the browser (docs/decisions/032-document-checklist.md): a reviewer starts
// the review, verifies the income document and rejects the owner's ID with a reason (a blank reason is refused in the
// dialog); the application goes to changes requested and the applicant reads the reason on the reopened step 3.
// axe clean on the checklist and its dialog and on the applicant's step, es and en, 1280 and 360 px.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { apiSignIn, applicationPath, stepSection } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { expectNoHorizontalScroll, fieldLabel, t, type Locale } from './support/shell.ts';
import { checklist, checklistItem as item, expectReopenedStep, openAs, seedSubmitted, type Seeded } from './support/review.ts';

const SHOTS = '/tmp/shots-document-checklist';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const REASON = 'La identificación está vencida: suba una vigente.';


/** Opens the review page and starts the review (verdicts are given in review only). */
async function startReview(page: Page, locale: Locale, seeded: Seeded): Promise<void> {
  await page.goto(`/admin/applications/${seeded.applicationId}/1`);
  await expect(item(page, locale, 'owner_id.pdf')).toContainText(t(locale, 'admin.review.documents.unchecked'));
  // Submitted: the checklist offers no verdict before the review starts, only "view" on each document.
  await expect(checklist(page, locale).getByRole('button', { name: t(locale, 'admin.review.documents.verify', { name: 'owner_id.pdf' }) })).toHaveCount(0);
  await expect(checklist(page, locale).getByRole('button', { name: t(locale, 'admin.review.documents.reject', { name: 'owner_id.pdf' }) })).toHaveCount(0);
  await expect(checklist(page, locale).getByRole('button', { name: t(locale, 'admin.review.view', { name: 'owner_id.pdf' }) })).toHaveCount(1);
  await page.getByRole('button', { name: t(locale, 'admin.review.startReview') }).click();
  await expect(checklist(page, locale).getByRole('button', { name: t(locale, 'admin.review.documents.verify', { name: 'owner_id.pdf' }) })).toBeVisible();
}

test('a reviewer verifies one document and rejects another; the applicant reads the reason on the reopened step', async ({ browser }) => {
  test.setTimeout(180_000);
  const es = (id: string, values: Record<string, string | number> = {}) => t('es', id, values);
  const seeded = await seedSubmitted('checklist', 'es');
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
  // The rejection waits in the checklist for the round's one change request (docs/decisions/036-review-rules.md),
  // sent here through the API until the review screen sends the collected request; then no more verdicts.
  await expect(staff.getByLabel(es('admin.review.facts'), { exact: true })).toContainText(es('programs.applicationStatus.in_review'));
  await (await apiSignIn(seeded.staff)).call('POST', `/admin/applications/${seeded.applicationId}/review/changes`, { message: REASON, steps: [3] });
  await staff.reload();
  await expect(staff.getByLabel(es('admin.review.facts'), { exact: true })).toContainText(es('programs.applicationStatus.changes_requested'));
  // No more verdicts until the applicant resubmits: each document keeps only its "view" button.
  const viewOnly = checklist(staff, 'es').getByRole('button');
  await expect(viewOnly).toHaveCount(3);
  for (const button of await viewOnly.all()) await expect(button).toHaveText(new RegExp(`^${es('admin.review.view', { name: '' }).trim()} `));
  await expectNoAxeViolations(staff, 'document checklist after a rejection (es)');
  await shot(staff, 'checklist-es');

  // The applicant reads the reason on step 3, the step that holds the owner's ID; never a verdict.
  const applicant = await expectReopenedStep(browser, seeded, 3, REASON);
  await expect(applicant.getByText(es('admin.review.documents.verified'))).toHaveCount(0);
  await applicant.goto(applicationPath(seeded.applicationId, 1));
  await expect(stepSection(applicant, 1).getByText(es('application.review.stepLocked'))).toBeVisible();
});

test('the checklist and its dialog in English at 360 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const en = (id: string, values: Record<string, string | number> = {}) => t('en', id, values);
  const seeded = await seedSubmitted('checklist-en', 'en');
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
