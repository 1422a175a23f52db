// axe (WCAG 2.0/2.1/2.2 A and AA) on every applicant screen and state, in Spanish and in English (switched with the
// header's language switcher), and the step screens at 360 px (issue "Apply: programs, My Programs, the survey,
// and the application and step machines", test 7).
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, waitForMail } from './support/fixtures.ts';
import {
  apiSignIn,
  applicationPath,
  applyTo,
  completeSteps,
  confirmSubmitApplication,
  createProgram,
  expectSaved,
  newApplicant,
  saveStep,
  seededPrograms,
  setProgramStatus,
  stepSection,
  tinyPdf,
} from './support/apply.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/** Waits until an application screen is drawn from its data (not the loading line) and in the right language. */
async function openApplicationScreen(page: Page, path: string, locale: Locale): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(t(locale, 'app.loading'))).toHaveCount(0);
}

for (const locale of languagesOf('es')) {
  const L = (id: string, values?: Record<string, string | number>) => t(locale, id, values);

  test(`every applicant screen and state has no axe violations (${locale})`, async ({ page }) => {
    test.setTimeout(210_000);
    const check = (what: string) => expectNoAxeViolations(page, `(${locale}, ${what})`);
    // No survey yet, so the survey is asked; the person's language is the one the test reads.
    const account = await createAccount(`apply-a11y-${locale}`, { language: locale });
    const api = await apiSignIn(account);
    const stamp = Date.now().toString(36);
    const closedProgram = await createProgram(`Programa cerrado ${stamp}`, 'incubator', `Closed program ${stamp}`);
    const withdrawnProgram = await createProgram(`Programa retirado ${stamp}`, 'accelerator', `Withdrawn program ${stamp}`);

    // English is chosen with the header's switcher before signing in (Spanish is the default).
    await page.goto('/');
    if (locale === 'en') await switchLanguage(page, 'en');
    await signIn(page, account, locale);
    await page.goto('/panel/programs');
    await expect(page.getByRole('heading', { level: 1, name: L('panel.programs.title') })).toBeVisible();
    await expect(page.getByRole('article', { name: seededPrograms.incubator[locale], exact: true })).toBeVisible();
    await check('programs list');

    // The survey: its own checks (summary and fields), then the result.
    await page.goto('/panel/survey');
    await page.getByRole('button', { name: L('survey.form.save') }).click();
    await expect(page.locator('#survey-errors')).toBeFocused();
    await check('survey with errors');
    await page.screenshot({ path: shotPath(`apply-a11y-survey-errors-${locale}`), fullPage: true });
    await page.locator('#survey-has-business').getByRole('radio', { name: L('survey.form.yes') }).check();
    await page.getByLabel(fieldLabel(L('survey.form.operatingTime'))).selectOption('years_3_to_5');
    await page.getByLabel(fieldLabel(L('survey.form.monthlyRevenue'))).fill('mucho');
    await page.locator('#survey-third-year').getByRole('radio', { name: L('survey.form.no') }).check();
    await page.getByRole('button', { name: L('survey.form.save') }).click();
    await expect(page.locator('#survey-monthly-revenue-error')).toHaveText(L('api.field.number'));
    await check('survey with a field error');
    await page.getByLabel(fieldLabel(L('survey.form.monthlyRevenue'))).fill('2,500');
    await page.getByRole('button', { name: L('survey.form.save') }).click();
    await expect(page.getByRole('heading', { name: L('survey.result.title') })).toBeFocused();
    await check('survey result');

    // My Programs and the start message of a new application.
    const id = await applyTo(api, seededPrograms.accelerator.id);
    await openApplicationScreen(page, '/panel/programs/my', locale);
    await expect(page.getByRole('article', { name: seededPrograms.accelerator[locale], exact: true })).toBeVisible();
    await check('My Programs');
    await openApplicationScreen(page, applicationPath(id), locale);
    await expect(page.getByRole('heading', { level: 1, name: L('application.start.title') })).toBeVisible();
    await check('start message');

    // The step screens.
    await openApplicationScreen(page, applicationPath(id, 1), locale);
    await expect(page.getByLabel(fieldLabel(L('profile.person.firstName')))).toHaveValue(account.first_name);
    await check('step 1');
    await openApplicationScreen(page, applicationPath(id, 2), locale);
    await check('step 2');
    // Step 2 sent empty: the server's field errors, on the fields and in the summary.
    await stepSection(page, 2).getByRole('button', { name: L('application.step.submit', { step: 2 }) }).click();
    await expect(page.locator('#step-2-errors')).toBeFocused();
    await expect(page.locator('#step2-business-name-error')).toHaveText(L('api.field.required'));
    await check('step 2 with server field errors');
    await page.screenshot({ path: shotPath(`apply-a11y-step2-errors-${locale}`), fullPage: true });

    // The conflict dialog: the server got another save of step 2 (another device) before this screen's.
    await saveStep(api, id, 2, { business_name: 'Otro dispositivo' });
    await page.getByLabel(fieldLabel(L('application.business.name'))).fill('Este dispositivo');
    const dialog = page.getByRole('alertdialog', { name: L('application.conflict.title') });
    await expect(dialog).toBeVisible();
    await check('conflict dialog');
    await page.screenshot({ path: shotPath(`apply-a11y-conflict-${locale}`) });
    await dialog.getByRole('button', { name: L('application.conflict.theirs') }).click();
    await expect(dialog).toBeHidden();
    await expectSaved(page, 2, locale);

    await openApplicationScreen(page, applicationPath(id, 3), locale);
    await stepSection(page, 3).getByRole('button', { name: L('application.owners.addFirst') }).click();
    await expect(page.getByLabel(fieldLabel(L('application.owners.name')))).toBeFocused();
    await expectSaved(page, 3, locale);
    await check('steps 3 to 5');

    await openApplicationScreen(page, applicationPath(id, 6), locale);
    await expect(page.locator('altcha-widget .altcha')).toBeVisible();
    await check('step 6');
    const upload = page.getByLabel(fieldLabel(L('application.upload.label')));
    await upload.setInputFiles({ name: 'texto.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await expect(page.locator('#step6-intake-form-error')).toHaveText(L('application.upload.notPdf'));
    await check('step 6 with a refused file');
    await upload.setInputFiles({ name: 'formulario.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(page.getByText(L('application.upload.done'))).toBeVisible();
    await check('step 6 with the file uploaded');
    await page.screenshot({ path: shotPath(`apply-a11y-step6-${locale}`), fullPage: true });

    // Check your answers, and its refusal while steps are missing.
    await openApplicationScreen(page, applicationPath(id, 'submit'), locale);
    await check('check your answers');
    await page.getByRole('button', { name: L('application.submit.button') }).click();
    await expect(page.locator('#submit-errors')).toBeFocused();
    await check('check your answers with steps missing');

    // Submitted: the confirmation, then the read-only screens.
    await completeSteps(api, id, [1, 2, 3, 4, 5, 6]);
    await openApplicationScreen(page, applicationPath(id, 'submit'), locale);
    await page.getByRole('button', { name: L('application.submit.button') }).click();
    await expect(page.getByRole('alertdialog', { name: L('application.submit.confirmTitle') })).toBeVisible();
    await check('submit the application?');
    await confirmSubmitApplication(page, locale);
    await expect(page.getByRole('heading', { level: 1, name: L('application.confirmation.title') })).toBeVisible();
    await check('confirmation');
    // The confirmation e-mail, in the person's language.
    const mail = await waitForMail(account.email, (text) => text.includes(`${id}.`));
    expect(mail.text).toContain(L('email.applicationSubmitted.text', { name: account.first_name }).split('\n')[0]);
    await page.screenshot({ path: shotPath(`apply-a11y-confirmation-${locale}`), fullPage: true });
    for (const screen of [1, 3, 6, 'submit'] as const) {
      await openApplicationScreen(page, applicationPath(id, screen), locale);
      await expect(page.getByRole('heading', { name: L('application.state.submitted') })).toBeVisible();
      await check(`read-only submitted screen ${screen}`);
    }

    // Closed and unavailable.
    const closedId = await applyTo(api, closedProgram);
    await setProgramStatus(closedProgram, 'closed');
    for (const screen of ['', 1, 'submit'] as const) {
      await openApplicationScreen(page, applicationPath(closedId, screen), locale);
      await expect(page.getByRole('heading', { name: L('application.state.closed') })).toBeVisible();
      await check(`closed application, screen ${screen || 'start'}`);
    }
    const withdrawnId = await applyTo(api, withdrawnProgram);
    await setProgramStatus(withdrawnProgram, 'unavailable');
    await openApplicationScreen(page, applicationPath(withdrawnId, 1), locale);
    await expect(page.getByRole('heading', { level: 1, name: L('application.unavailable.title') })).toBeVisible();
    await check('program unavailable');

    // My Programs with a submitted, a closed and a withdrawn application.
    await openApplicationScreen(page, '/panel/programs/my', locale);
    await expect(page.getByRole('article')).toHaveCount(3);
    await check('My Programs with every status');
    await page.screenshot({ path: shotPath(`apply-a11y-my-programs-${locale}`), fullPage: true });
  });

  test(`the step screens at 360 px have no axe violations and no sideways scrolling (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const check = (what: string) => expectNoAxeViolations(page, `(${locale}, 360 px, ${what})`);
    // No language picked on this device: the profile's applies after signing in, and after every reload
    // (openApplicationScreen loads each screen afresh and checks <html lang>).
    const { account, api } = await newApplicant(`apply-360-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.pre_incubator.id);
    await completeSteps(api, id, [1]);
    await signIn(page, account, 'es');

    for (const screen of ['', 1, 2, 3, 6, 'submit'] as const) {
      await openApplicationScreen(page, applicationPath(id, screen), locale);
      await expectNoHorizontalScroll(page);
      await check(`screen ${screen || 'start'}`);
      await page.screenshot({ path: shotPath(`apply-360-${screen || 'start'}-${locale}`), fullPage: true });
    }
    // A server refusal on a narrow screen.
    await openApplicationScreen(page, applicationPath(id, 3), locale);
    await stepSection(page, 3).getByRole('button', { name: L('application.step.submit', { step: 3 }) }).click();
    await expect(page.locator('#step-3-errors')).toBeFocused();
    await expectNoHorizontalScroll(page);
    await check('step 3 with server errors');
    await page.screenshot({ path: shotPath(`apply-360-3-errors-${locale}`), fullPage: true });
  });
}
