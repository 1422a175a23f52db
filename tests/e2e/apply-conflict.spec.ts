// Two tabs on the same step (issue "Apply: programs, My Programs, the survey, and the application and step machines",
// test 3): one saves, the other's later save meets the version conflict and asks; "Keep mine" and "Use theirs" each
// do what they say, checked on the server by reloading.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import {
  applicationPath,
  applyTo,
  completeStepData,
  expectSaved,
  expectStepStatus,
  newApplicant,
  saveStep,
  seededPrograms,
  stepOf,
  stepSection,
  uploadDocument,
} from './support/apply.ts';
import { fieldLabel, shotPath, signIn, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

const businessName = (page: Page) => page.getByLabel(fieldLabel(es('application.business.name')));
const conflictDialog = (page: Page) => page.getByRole('alertdialog', { name: es('application.conflict.title') });

test('a save from another tab is never overwritten silently: keep mine, or use theirs', async ({ context }) => {
  test.setTimeout(90_000);
  const { account, api } = await newApplicant('apply-conflict');
  const id = await applyTo(api, seededPrograms.pre_incubator.id);
  const first = await context.newPage();
  await signIn(first, account, 'es');
  const second = await context.newPage();
  // Both tabs open step 2 at the same version.
  for (const page of [first, second]) {
    await page.goto(applicationPath(id, 2));
    await expect(businessName(page)).toHaveValue('');
  }

  // The first tab saves; the second, still on the old version, saves later: it is asked, not overwritten.
  await businessName(first).fill('Panadería Primera');
  await expectSaved(first, 2);
  await businessName(second).fill('Panadería Segunda');
  const dialog = conflictDialog(second);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(es('application.conflict.step', { step: 2, name: es('application.step.name2') }));
  await expect(second.locator('#step-2-saving')).toHaveText(es('application.autosave.conflict'));
  // Escape does not dismiss it: a choice is required.
  await second.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  expect((await stepOf(api, id, 2)).data.business_name).toBe('Panadería Primera');
  await expectNoAxeViolations(second, '(conflict dialog)');
  await second.screenshot({ path: shotPath('apply-conflict-dialog-es') });

  // "Keep mine": what this tab shows is saved over the other version.
  await dialog.getByRole('button', { name: es('application.conflict.mine') }).click();
  await expect(dialog).toBeHidden();
  await expectSaved(second, 2);
  await expect(second.getByRole('heading', { level: 1 })).toBeFocused();
  await first.reload();
  await expect(businessName(first)).toHaveValue('Panadería Segunda');
  expect((await stepOf(api, id, 2)).data.business_name).toBe('Panadería Segunda');

  // Now the first tab saves again, and the second tab, behind once more, chooses "Use theirs".
  await businessName(first).fill('Panadería Tercera');
  await expectSaved(first, 2);
  await businessName(second).fill('Panadería Cuarta');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: es('application.conflict.theirs') }).click();
  await expect(dialog).toBeHidden();
  await expect(businessName(second)).toHaveValue('Panadería Tercera');
  await expectSaved(second, 2);
  await second.reload();
  await expect(businessName(second)).toHaveValue('Panadería Tercera');
  expect((await stepOf(api, id, 2)).data.business_name).toBe('Panadería Tercera');
  // Nothing waits to be saved in this browser any more.
  expect(await second.evaluate((key) => window.localStorage.getItem(key), `applicationDraft:${id}:2`)).toBeNull();

  // Elsewhere (another device, here the API) the step is completed and submitted; this tab, behind, types and takes
  // theirs: the step is shown submitted, as the server holds it, without a reload.
  await saveStep(api, id, 2, completeStepData[2]);
  await api.call('POST', `/applications/${id}/steps/2/submit`);
  await expectStepStatus(second, 2, 'incomplete');
  await businessName(second).fill('Panadería Quinta');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: es('application.conflict.theirs') }).click();
  await expect(dialog).toBeHidden();
  await expect(businessName(second)).toHaveValue(String(completeStepData[2].business_name));
  await expectStepStatus(second, 2, 'submitted');
  expect((await stepOf(api, id, 2)).status).toBe('submitted');
});

test('"use theirs" on step 4 shows the pay stub the other device uploaded and named there', async ({ page }) => {
  const { account, api } = await newApplicant('apply-conflict-files');
  const id = await applyTo(api, seededPrograms.pre_incubator.id);
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id, 3));
  const household = stepSection(page, 4);
  const size = household.getByLabel(new RegExp(es('application.household.size')));
  await expect(size).toHaveValue('');

  // Elsewhere (another device, here the API), a pay stub is uploaded and named in step 4's draft.
  const stub = await uploadDocument(api, id, 'income_document', 'talonario-de-la-biblioteca.pdf');
  await saveStep(api, id, 4, { household_size: 2, income_sources: ['work'], income_documents: [stub] });

  await size.fill('3');
  const dialog = conflictDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: es('application.conflict.theirs') }).click();
  await expect(dialog).toBeHidden();
  await expect(size).toHaveValue('2');
  await expect(household.getByText('talonario-de-la-biblioteca.pdf', { exact: true })).toBeVisible();
  await expectSaved(page, 4);
  expect((await stepOf(api, id, 4)).data.income_documents).toEqual([stub]);
});

test('a save whose answer was lost on the way back is not a conflict with itself', async ({ page }) => {
  const { account, api } = await newApplicant('apply-lost-answer');
  const id = await applyTo(api, seededPrograms.pre_incubator.id);
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id, 2));
  // The first save reaches the server and is stored, but its answer never comes back (the connection drops).
  let dropped = 0;
  await page.route(`**/api/applications/${id}/steps/2`, async (route) => {
    if (route.request().method() !== 'PUT' || dropped > 0) return route.continue();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await businessName(page).fill('Panadería Perdida');
  // The retry meets the version the lost save made, with the very same data: saved, no dialog.
  await expectSaved(page, 2);
  expect(dropped).toBe(1);
  await expect(conflictDialog(page)).toHaveCount(0);
  const saved = await stepOf(api, id, 2);
  expect(saved.data.business_name).toBe('Panadería Perdida');
  // The screen knows the server's version: the next change saves without a conflict.
  await businessName(page).fill('Panadería Encontrada');
  await expectSaved(page, 2);
  await expect(conflictDialog(page)).toHaveCount(0);
  expect((await stepOf(api, id, 2)).data.business_name).toBe('Panadería Encontrada');
});
