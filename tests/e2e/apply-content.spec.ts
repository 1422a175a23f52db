// Steps 2 to 5 in full in the browser (docs/decisions/015): the student sub-program from an empty account
// with no business yet, the no-income path (the no-income form downloaded, signed and uploaded) and a reload midway;
// the accelerator with two owners and income documents, a document deleted; axe clean with every step's errors shown,
// in es or en (both: E2E_ALL=1) and at 360 px.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import {
  applicationPath,
  applyTo,
  completeSteps,
  expectSaved,
  fillBusinessStep,
  fillHouseholdStep,
  fillOwner,
  fillTrainingStep,
  newApplicant,
  seededPrograms,
  stepOf,
  stepSection,
  submitStepInBrowser,
  confirmSubmitApplication,
} from './support/apply.ts';
import { expectNoHorizontalScroll, shotPath, signIn, switchLanguage, t } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

test('the student sub-program: no business yet, no income, a reload midway, submitted', async ({ page }) => {
  test.setTimeout(180_000);
  const { account, api } = await newApplicant('apply-content-student');
  // The survey says: no business yet (a student with an idea).
  await api.call('PUT', '/me/survey', { has_business: false, third_year_student: true, idea: 'Huertos en azoteas' });
  const id = await applyTo(api, seededPrograms.student_incubator.id);
  await completeSteps(api, id, [1]);
  await signIn(page, account, 'es');

  // Step 2 starts from the survey's answer: only the project is asked.
  await page.goto(applicationPath(id, 2));
  await expect(page.getByLabel(new RegExp(t('es', 'application.field.business_phone')))).toHaveCount(0);
  await fillBusinessStep(page, 'es', { name: 'Huertos Altos', hasBusiness: false });
  await submitStepInBrowser(page, 2);
  expect((await stepOf(api, id, 2)).data).toMatchObject({ has_business: false, business_name: 'Huertos Altos', industry: '72' });

  // Step 3, then step 4 half-filled and reloaded: nothing typed is lost.
  await page.goto(applicationPath(id, 3));
  await fillOwner(page, 'es', 0, 'Coral Vélez', 'Fundadora');
  await submitStepInBrowser(page, 3);
  const household = stepSection(page, 4);
  await household.getByLabel(new RegExp(t('es', 'application.household.size'))).fill('2');
  await expectSaved(page, 4);
  await page.reload();
  await expect(stepSection(page, 4).getByLabel(new RegExp(t('es', 'application.household.size')))).toHaveValue('2');

  // No income: the no-income form is a real PDF with the applicant's name; once signed and uploaded, the step goes.
  await stepSection(page, 4).getByRole('checkbox', { name: t('es', 'application.household.incomeNoIncome'), exact: true }).check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('es', 'application.documents.noIncomeDownload') }).click();
  const pdf = await readFile(await (await downloading).path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await fillHouseholdStep(page, 'es', { noIncome: true });
  await expect(page.getByText(t('es', 'application.documents.uploaded')).first()).toBeVisible();
  await submitStepInBrowser(page, 4);
  const fourth = (await stepOf(api, id, 4)).data;
  expect(fourth.income_sources).toEqual(['no_income']);
  expect(fourth.no_income_form).toHaveLength(1);

  // Step 5 with the student block (the aid's details appear once aid was received).
  await expect(stepSection(page, 5).getByText(t('es', 'application.field.studentBlock'))).toBeVisible();
  await fillTrainingStep(page, 'es', { student: true });
  await submitStepInBrowser(page, 5);
  await page.screenshot({ path: shotPath('apply-content-student-es'), fullPage: true });

  await completeSteps(api, id, [6]);
  await page.goto(applicationPath(id, 'submit'));
  const main = page.locator('main');
  await expect(main.getByText('Huertos Altos')).toBeVisible();
  await expect(main.getByText('no-ingresos-firmado.pdf', { exact: true })).toBeVisible();
  await expect(main.getByText('Universidad de Puerto Rico')).toBeVisible();
  await page.getByRole('button', { name: t('es', 'application.submit.button') }).click();
  await confirmSubmitApplication(page);
  await expect(page).toHaveURL(applicationPath(id, 'confirmation'));
});

test('the accelerator: two owners with their identification, income documents, one deleted', async ({ page }) => {
  test.setTimeout(180_000);
  const { account, api } = await newApplicant('apply-content-accelerator', 'en');
  const id = await applyTo(api, seededPrograms.accelerator.id);
  await completeSteps(api, id, [1]);
  await page.goto('/login');
  await switchLanguage(page, 'en');
  await signIn(page, account, 'en');

  await page.goto(applicationPath(id, 2));
  await fillBusinessStep(page, 'en');
  await submitStepInBrowser(page, 2, 'en');

  await page.goto(applicationPath(id, 3));
  await fillOwner(page, 'en', 0, 'Ana Rivera', 'President');
  await fillOwner(page, 'en', 1, 'Luis Soto', 'Treasurer');
  await submitStepInBrowser(page, 3, 'en');
  const owners = (await stepOf(api, id, 3)).data.owners as Array<{ name: string; id_files: number[] }>;
  expect(owners.map((owner) => owner.name)).toEqual(['Ana Rivera', 'Luis Soto']);
  expect(owners.every((owner) => owner.id_files.length === 1)).toBe(true);

  await fillHouseholdStep(page, 'en');
  // A document deleted: gone from the list and from the draft.
  const documents = stepSection(page, 4).getByRole('group', { name: new RegExp(`^\\s*${t('en', 'application.field.income_documents')}`) });
  await documents.getByRole('button', { name: t('en', 'application.documents.remove', { name: 'talonario-enero.pdf' }) }).click();
  await expect(page.getByText(t('en', 'application.documents.deleted')).first()).toBeVisible();
  await expect(documents.getByRole('listitem')).toHaveCount(1);
  await submitStepInBrowser(page, 4, 'en');
  expect((await stepOf(api, id, 4)).data.income_documents).toHaveLength(1);
  await fillTrainingStep(page, 'en');
  await submitStepInBrowser(page, 5, 'en');
  await page.screenshot({ path: shotPath('apply-content-accelerator-en'), fullPage: true });
});

for (const locale of languagesOf('en')) {
  test(`steps 2 to 5 with every error shown have no axe violations, at 360 px too (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    const { account, api } = await newApplicant(`apply-content-a11y-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.student_incubator.id);
    if (locale === 'en') {
      await page.goto('/login');
      await switchLanguage(page, 'en');
    }
    await signIn(page, account, locale);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(applicationPath(id, 2));
      await stepSection(page, 2).getByRole('button', { name: t(locale, 'application.step.submit', { step: 2 }) }).click();
      await expect(page.locator('#step-2-errors')).toBeVisible();
      await expectNoAxeViolations(page, `step 2 with errors (${locale}, ${width})`);
      await page.goto(applicationPath(id, 3));
      for (const step of [3, 4, 5] as const) {
        await stepSection(page, step).getByRole('button', { name: t(locale, 'application.step.submit', { step }) }).click();
        await expect(page.locator(`#step-${step}-errors`)).toBeVisible();
      }
      // Every message is worded in the language on screen (none shows as an unworded id).
      await expect(page.locator('#step3-owners-error')).toHaveText(t(locale, 'api.application.ownersRequired'));
      await expect(page.getByText('[object Object]')).toHaveCount(0);
      await expectNoAxeViolations(page, `steps 3 to 5 with errors (${locale}, ${width})`);
      if (width === 360) await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shotPath(`apply-content-errors-${locale}-${width}`), fullPage: true });
    }
  });
}
