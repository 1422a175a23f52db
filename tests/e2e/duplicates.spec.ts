// The duplicate check in the browser (docs/decisions/038-duplicate-check-and-unduplicated-counts.md): a second account
// that gives the first one's phone and e-mail is flagged; staff see the marker in the applications list and the flag
// with its reasons on the review page, mark the pair "not the same" with the keyboard alone (a dialog asks; Escape
// cancels and gives focus back), read who marked it, and the list's marker is gone. axe clean in es and en, and at 360 px.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBoth, newStaff } from './support/admin.ts';
import { applyTo, completeStepData, completeSteps, createProgram, newApplicant, ownAnswers, saveStep } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { openAs } from './support/review.ts';
import { expectNoHorizontalScroll, t, tabTo, type Locale } from './support/shell.ts';

const SHOTS = '/tmp/shots-duplicates';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
/** The list's marker for one possible duplicate (admin.applications.duplicates, a plural the test's t() does not format). */
const MARKER: Record<Locale, string> = { es: 'Posible duplicado (1)', en: 'Possible duplicate (1)' };

test('staff see a flagged duplicate in the list and on the review page and mark it "not the same" with the keyboard', async ({ browser }) => {
  test.setTimeout(180_000);
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Duplicados ${token}`, 'incubator', `Duplicates ${token}`);
  const otherProgramId = await createProgram(`Duplicados B ${token}`, 'accelerator', `Duplicates B ${token}`);
  const first = await newApplicant(`dup-a-${token}`, 'es');
  const firstId = await applyTo(first.api, programId);
  await completeSteps(first.api, firstId, [1, 2, 3, 4, 5, 6]);
  await first.api.call('POST', `/applications/${firstId}/submit`);
  // The second account, in another program, gives the first one's phone and e-mail (the rest its own).
  const second = await newApplicant(`dup-b-${token}`, 'es');
  const secondId = await applyTo(second.api, otherProgramId);
  await completeSteps(second.api, secondId, [1, 2, 3, 4, 5, 6]);
  const shared = ownAnswers(firstId)[1] ?? {};
  await saveStep(second.api, secondId, 1, { ...completeStepData[1], ...ownAnswers(secondId)[1], phone: shared.phone, email: shared.email });
  await second.api.call('POST', `/applications/${secondId}/steps/1/submit`);
  await second.api.call('POST', `/applications/${secondId}/submit`);
  const staff = await newStaff(`dup-${token}`, { first_name: 'Rita', last_name: `Duplicados ${token}` });
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

  // The list marks both applications.
  const page = await openAs(browser, staff, 'es');
  await page.goto(`/admin/applications?q=${encodeURIComponent(second.account.email)}`);
  const row = page.getByRole('row').filter({ hasText: second.account.email });
  await expect(row.getByText(MARKER.es, { exact: true })).toBeVisible();
  await expectNoAxeViolationsInBoth(page, 'applications list with a possible duplicate', (locale) => row.getByText(MARKER[locale], { exact: true }));
  await shot(page, 'list-es');

  // The review page names the other application and why.
  await page.goto(`/admin/applications/${secondId}/1`);
  const region = page.getByRole('region', { name: es('admin.duplicates.title') });
  const flag = region.getByRole('listitem').filter({ hasText: first.account.email });
  await expect(flag).toContainText(es('admin.duplicates.reasons', { reasons: `${es('admin.duplicates.reason.email')} y ${es('admin.duplicates.reason.phone')}` }));
  await expect(flag.getByRole('link', { name: es('admin.duplicates.application', { id: firstId, name: `${completeStepData[1].first_name} ${completeStepData[1].last_name}` }) })).toBeVisible();
  await expectNoAxeViolationsInBoth(page, 'review page with a possible duplicate', (locale) => page.getByRole('heading', { name: t(locale, 'admin.duplicates.title') }));
  await shot(page, 'review-es');
  await region.screenshot({ path: `${SHOTS}/region-es.png` });

  // Keyboard alone: the button opens the dialog; Escape cancels and focus comes back; Enter on the confirm button marks.
  const mark = region.getByRole('button', { name: es('admin.duplicates.mark', { id: firstId }) });
  await tabTo(page, mark, 120);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: es('admin.duplicates.markTitle') });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'not-the-same dialog (es)');
  await shot(page, 'dialog-es');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(mark).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: es('admin.duplicates.markConfirm') }), 5);
  await page.keyboard.press('Enter');
  await expect(page.getByText(es('admin.duplicates.done.marked')).first()).toBeVisible();
  await expect(flag).toContainText(`Rita Duplicados ${token}`);
  const unmark = region.getByRole('button', { name: es('admin.duplicates.unmark', { id: firstId }) });
  await expect(unmark).toBeFocused();
  await shot(page, 'marked-es');
  await region.screenshot({ path: `${SHOTS}/region-marked-es.png` });

  // The list no longer marks it; the first application's page reads the same mark (on the two accounts).
  await page.goto(`/admin/applications?q=${encodeURIComponent(second.account.email)}`);
  await expect(page.getByRole('row').filter({ hasText: second.account.email })).toBeVisible();
  await expect(page.getByText(MARKER.es, { exact: true })).toHaveCount(0);
  await page.context().close();

  // English at 360 px: the first application shows the mark and offers to take it back.
  const small = await openAs(browser, staff, 'en', 360);
  await small.goto(`/admin/applications/${firstId}/1`);
  const english = small.getByRole('region', { name: t('en', 'admin.duplicates.title') });
  await expect(english.getByRole('button', { name: t('en', 'admin.duplicates.unmark', { id: secondId }) })).toBeVisible();
  await expect(english).toContainText(`Rita Duplicados ${token}`);
  await expectNoHorizontalScroll(small);
  await expectNoAxeViolations(small, 'review page with a marked pair (en, 360 px)');
  await shot(small, 'review-en-360');
  await english.screenshot({ path: `${SHOTS}/region-en-360.png` });
  await small.context().close();
});
