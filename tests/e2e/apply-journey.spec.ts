// The applicant's whole journey in the browser (issue "Apply: programs, My Programs, the survey, and the application
// and step machines", test 1): sign up with the captcha, sign in, the survey and its recommendation, apply, step 1
// half-filled and reloaded, typing while the network is cut, the six steps submitted (certification PDF download,
// signed intake form upload, captcha), check your answers, submit, the confirmation e-mail over SMTP, and every
// screen read-only afterwards.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './support/fixtures.ts';
import {
  apiSignIn,
  applicationPath,
  expectReadonlyScreen,
  expectSaved,
  expectStepStatus,
  fillBusinessStep,
  fillHouseholdStep,
  fillOwner,
  fillTrainingStep,
  savingStatus,
  seededPrograms,
  solveStepCaptcha,
  stepOf,
  stepSection,
  submitStepInBrowser,
  confirmSubmitApplication,
  tinyPdf,
} from './support/apply.ts';
import { fieldLabel, PASSWORD, shotPath, solveAltchaInBrowser, submitLogin, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

test('sign up, survey, apply, fill and submit six steps through a reload and an outage, submit, read-only after', async ({ page, context }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('apply-journey');
  const program = seededPrograms.incubator;
  const field = (id: string) => page.getByLabel(fieldLabel(es(id)));

  // ---- Sign up (the captcha solved by the widget in this browser) and sign in.
  await page.goto('/account/create');
  await field('auth.register.firstName').fill('Marisol');
  await field('auth.register.lastName').fill('Quiñones Ortiz');
  await field('auth.register.email').fill(email);
  await field('auth.register.password').fill(PASSWORD);
  await field('auth.register.passwordConfirm').fill(PASSWORD);
  await page.getByRole('checkbox', { name: es('auth.register.conditions') }).check();
  await solveAltchaInBrowser(page);
  await page.getByRole('button', { name: es('auth.register.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, 'es', { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/panel\/programs$/);

  // ---- Apply to the open incubator: the survey comes first, and recommends the incubator.
  const card = page.getByRole('article', { name: program.es, exact: true });
  await card.getByRole('button', { name: es('programs.action.apply') + es('programs.action.context', { program: program.es }) }).click();
  await expect(page).toHaveURL(new RegExp(`/panel/survey\\?program=${program.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: es('survey.page.title') })).toBeVisible();
  await page.locator('#survey-has-business').getByRole('radio', { name: es('survey.form.yes') }).check();
  await field('survey.form.operatingTime').selectOption('years_1_to_2');
  await page.locator('#survey-third-year').getByRole('radio', { name: es('survey.form.no') }).check();
  await page.getByRole('button', { name: es('survey.form.save') }).click();
  const result = page.getByRole('region', { name: es('survey.result.title') });
  await expect(result.getByRole('heading', { name: es('survey.result.title') })).toBeFocused();
  await expect(result.getByRole('listitem')).toHaveCount(1);
  await expect(result.getByRole('listitem')).toContainText(es('programs.subProgram.incubator'));
  await page.screenshot({ path: shotPath('apply-survey-result-es'), fullPage: true });
  await result.getByRole('button', { name: es('survey.result.applyTo', { program: program.es }) }).click();

  // ---- The start message, then step 1 (prefilled from the profile).
  await expect(page).toHaveURL(/\/panel\/application\/\d+$/);
  const id = Number(/\/application\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: es('application.start.title') })).toBeVisible();
  await page.getByRole('link', { name: es('programs.action.start'), exact: true }).click();
  await expect(page).toHaveURL(applicationPath(id, 1));
  await expect(field('profile.person.firstName')).toHaveValue('Marisol');
  await expect(field('profile.person.email')).toHaveValue(email);

  // Half-filled, then reloaded at once (the save may or may not have gone out): nothing typed is lost.
  await field('profile.person.phone').fill('787-555-0142');
  await field('profile.person.physicalLine1').fill('Calle Sol 12');
  await page.reload();
  await expect(field('profile.person.phone')).toHaveValue('787-555-0142');
  await expect(field('profile.person.physicalLine1')).toHaveValue('Calle Sol 12');
  await expect(field('profile.person.lastName')).toHaveValue('Quiñones Ortiz');
  // The server has it too, once the (restored or already sent) draft settled.
  const api = await apiSignIn({ email, password: PASSWORD });
  await expect.poll(async () => (await stepOf(api, id, 1)).data.physical_line1).toBe('Calle Sol 12');

  // ---- The network drops while typing: the change is kept on this device, and saved once the network is back.
  await context.setOffline(true);
  await field('profile.person.city').fill('Ponce');
  await expect(savingStatus(page, 1)).toHaveText(es('application.autosave.offline'));
  await page.screenshot({ path: shotPath('apply-step1-offline-es') });
  expect((await page.evaluate((key) => window.localStorage.getItem(key), `applicationDraft:${id}:1`)) ?? '').toContain('Ponce');
  await context.setOffline(false);
  await expectSaved(page, 1);
  expect((await stepOf(api, id, 1)).data.city).toBe('Ponce');
  // Saved: the local copy is gone, so what a reload shows comes from the server.
  expect(await page.evaluate((key) => window.localStorage.getItem(key), `applicationDraft:${id}:1`)).toBeNull();
  await page.reload();
  await expect(field('profile.person.city')).toHaveValue('Ponce');

  // ---- Step 1 completed and submitted.
  await field('profile.person.gender').selectOption('female');
  await field('profile.person.state').fill('Puerto Rico');
  await field('profile.person.postalCode').fill('00716');
  await field('profile.person.country').fill('Estados Unidos');
  await page.getByRole('checkbox', { name: es('profile.person.postalSame') }).check();
  await field('application.person.ssnLast4').fill('4821');
  await expectStepStatus(page, 1, 'incomplete');
  await submitStepInBrowser(page, 1);
  await page.screenshot({ path: shotPath('apply-step1-submitted-es'), fullPage: true });

  // ---- Step 2: submitting step 1 moved the page on to it.
  await expect(page).toHaveURL(applicationPath(id, 2));
  // An incubator is for an operating business: the business's facts are asked (docs/decisions/015).
  await fillBusinessStep(page, 'es');
  await submitStepInBrowser(page, 2);

  // ---- Steps 3, 4 and 5 on one screen, each with its own submit (each moves on to the next section).
  await expect(page).toHaveURL(applicationPath(id, 3));
  await stepSection(page, 3).getByRole('button', { name: es('application.owners.addFirst') }).click();
  await expect(page.getByLabel(fieldLabel(es('application.owners.name')))).toBeFocused();
  await fillOwner(page, 'es', 0, 'Marisol Quiñones Ortiz', 'Presidenta');
  await submitStepInBrowser(page, 3);
  await fillHouseholdStep(page, 'es');
  await submitStepInBrowser(page, 4);
  await fillTrainingStep(page, 'es');
  await submitStepInBrowser(page, 5);

  // ---- Step 6: the certification form (a real PDF), the signed intake form, the conditions and the captcha.
  await expect(page).toHaveURL(applicationPath(id, 6));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: es('application.certification.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByLabel(fieldLabel(es('application.upload.label'))).setInputFiles({
    name: 'formulario-firmado.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(),
  });
  await expect(page.getByText(es('application.upload.done'))).toBeVisible();
  await expect(page.getByText('formulario-firmado.pdf')).toBeVisible();
  await page.getByRole('checkbox', { name: es('application.agreement.conditions') }).check();
  await solveStepCaptcha(page);
  await page.screenshot({ path: shotPath('apply-step6-ready-es'), fullPage: true });
  await submitStepInBrowser(page, 6);

  // ---- Check your answers (where submitting step 6 moved the page): every step submitted, each with a link to change it.
  await expect(page).toHaveURL(applicationPath(id, 'submit'));
  await expect(page.getByRole('heading', { level: 1, name: es('application.submit.title') })).toBeVisible();
  const main = page.locator('main');
  const changeLinks = main.getByRole('link', { name: new RegExp(`^${es('application.submit.change')} `) });
  await expect(changeLinks).toHaveCount(6);
  await expect(main.getByText('Café del Sur')).toBeVisible();
  await expect(main.getByText('Marisol Quiñones Ortiz')).toBeVisible();
  // Options in words, never codes; documents by name.
  await expect(main.getByText(es('application.option.legal.7'))).toBeVisible();
  await expect(main.getByText(es('application.option.head.single_female'))).toBeVisible();
  await expect(main.getByText('identificacion-1.pdf', { exact: true })).toBeVisible();
  await expect(main.getByText('talonario-febrero.pdf', { exact: true })).toBeVisible();
  await expect(main.getByText('formulario-firmado.pdf')).toBeVisible();
  // The SSN's last 4 are never shown back in clear.
  await expect(main.getByText('4821')).toHaveCount(0);
  await expect(changeLinks.nth(3)).toHaveAttribute('href', `${applicationPath(id, 3)}#step-4`);
  await changeLinks.nth(1).click();
  await expect(page).toHaveURL(applicationPath(id, 2));
  await expect(field('application.business.name')).toHaveValue('Café del Sur');
  await page.goBack();
  await expect(page).toHaveURL(applicationPath(id, 'submit'));
  // A link to step 4 opens page 3 with focus on step 4's heading, not the page's <h1>.
  await changeLinks.nth(3).click();
  await expect(page).toHaveURL(`${applicationPath(id, 3)}#step-4`);
  await expect(page.locator('#step-4-title')).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(applicationPath(id, 'submit'));
  await page.screenshot({ path: shotPath('apply-check-answers-es'), fullPage: true });

  // ---- Submit: the confirmation, and the e-mail in the applicant's language over SMTP.
  await page.getByRole('button', { name: es('application.submit.button') }).click();
  await confirmSubmitApplication(page);
  await expect(page).toHaveURL(applicationPath(id, 'confirmation'));
  await expect(page.getByRole('heading', { level: 1, name: es('application.confirmation.title') })).toBeVisible();
  await expect(page.getByText(String(id), { exact: true })).toBeVisible();
  await page.screenshot({ path: shotPath('apply-confirmation-es'), fullPage: true });
  const mail = await waitForMail(email, (text) => text.includes(`${id}.`));
  expect(mail.text).toContain('Hola Marisol:');
  expect(mail.text).toContain(`Recibimos su solicitud al programa ${program.es}`);

  // ---- Every screen is read-only now and says so.
  for (const screen of [1, 2, 3, 6, 'submit'] as const) {
    await page.goto(applicationPath(id, screen));
    await expect(page.getByRole('heading', { name: es('application.state.submitted') })).toBeVisible();
    await expectReadonlyScreen(page);
  }
  await page.goto(applicationPath(id, 1));
  await expect(page.locator('main').getByText('Calle Sol 12')).toBeVisible();
  await page.screenshot({ path: shotPath('apply-step1-readonly-es'), fullPage: true });
});
