// The whole application done on a phone (360x740, touch), with the keyboard alone, in Spanish and in English: a new
// applicant signs in, answers the survey, fills steps 1 to 6 giving every document field photos instead of PDFs (a
// JPEG turned by its EXIF orientation, a PNG, and a HEIC through the "take a photo" button:
// docs/decisions/054-photos-are-documents.md), signs the certification on screen and, on the English path (no income),
// the no-income form too (docs/decisions/055-signing-in-the-browser.md: consent and the typed name; the drawing needs a
// pointer, and the typed name is how a keyboard user signs), checks the answers, confirms the submit dialog and reads
// the confirmation. No mouse and no fill(): every control is reached with Tab or Shift+Tab (tests/e2e/support/keyboard.ts)
// and used with typing, arrows, Space and Enter; a file chooser, opened with Enter, is answered with the photos. On
// every screen: axe (WCAG 2.2 AA) and no horizontal scrolling. Staff's review then lists every document as a PDF and
// the forms as signed on screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiSignIn,
  applicationPath,
  expectStepStatus,
  indicatorSegment,
  labelledIn,
  photos,
  questionIn,
  seededPrograms,
  stepSection,
  type StepNumber,
} from './support/apply.ts';
import { newStaff } from './support/admin.ts';
import { answerHousingNoByKeyboard, answerSurveyByKeyboard, fillBusinessByKeyboard, fillPersonByKeyboard, fillTrainingByKeyboard } from './support/apply-keyboard.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { chooseRadio, expectScreen, pickWithArrows, pressButton, tabTo, tick, typeInto, uploadByKeyboard } from './support/keyboard.ts';
import { baseURL } from './support/ports.ts';
import { createAccount, expectNoHorizontalScroll, t, type Locale } from './support/shell.ts';

// A phone: Lighthouse's mobile profile is 360 px wide; a finger for a pointer, so the "take a photo" button shows.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** A screen as a phone shows it: nothing wider than the screen, and axe clean. */
async function expectPhoneScreen(page: Page, screen: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, `${screen} at 360 px`);
}

interface AdminDocument {
  file_id: number;
  kind: 'owner_id' | 'income_document' | 'no_income_form' | 'intake_form';
  file_name: string;
  signed_on_screen: { signer_name: string } | null;
}

for (const locale of ['es', 'en'] as const satisfies readonly Locale[]) {
  // Spanish: income from work, with a photo of a pay stub. English: no income, with the no-income form signed on screen.
  const noIncome = locale === 'en';

  test(`the whole application on a phone with the keyboard, photos and signatures on screen (${locale})`, async ({ page }) => {
    // Web-first waits only; the budget is for a busy two-core machine (on one it takes well under a minute).
    test.setTimeout(240_000);
    const L = (id: string, values?: Record<string, string | number>) => t(locale, id, values);
    const labelled = (scope: Page | Locator, id: string) => labelledIn(scope, locale, id);
    const question = (scope: Page | Locator, id: string) => questionIn(scope, locale, id);
    const signer = locale === 'es' ? 'Marisol Quiñones Núñez' : 'Mary Quinones';
    const account = await createAccount(`phone-${locale}`, { language: locale });
    const program = seededPrograms.incubator;
    const context = L('programs.action.context', { program: program[locale] });

    /** Submits step `step` with its button; the step indicator says it is submitted. */
    const submitStep = async (step: StepNumber) => {
      await pressButton(page, stepSection(page, step).getByRole('button', { name: L('application.step.submit', { step }) }), `submit step ${step}`);
      await expect(indicatorSegment(page, step, locale)).toContainText(L('application.step.submitted'));
    };

    /** The sign-on-screen panel inside `scope`: the consent ticked, the name typed, and Enter in the name signs. */
    const signOnScreen = async (scope: Locator, what: string) => {
      const panel = scope.getByRole('group', { name: L('application.signature.title') });
      await tick(page, panel.getByRole('checkbox', { name: L('application.signature.consent') }), `${what}: the consent`);
      await typeInto(page, panel.getByRole('textbox', { name: L('application.signature.name') }), signer, `${what}: the name`);
      await page.keyboard.press('Enter');
      // Focus follows the outcome: the "signed" line, with the name.
      const signed = panel.locator('[id$="-signed"]');
      await expect(signed).toBeFocused({ timeout: 30_000 });
      await expect(signed).toContainText(signer);
    };

    // ---- Sign in (the login page is in Spanish; the profile's language takes over once signed in).
    await page.goto('/login');
    await typeInto(page, labelledIn(page, 'es', 'auth.login.email'), account.email, 'the e-mail');
    await typeInto(page, labelledIn(page, 'es', 'auth.login.password'), account.password, 'the password');
    await page.keyboard.press('Enter');
    await expectScreen(page, /\/panel\/programs$/);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    // ---- The programs list: Apply; the survey comes first, then the application.
    await pressButton(page, page.getByRole('article', { name: program[locale], exact: true }).getByRole('button', { name: L('programs.action.apply') + context }), 'Apply');
    await expectScreen(page, new RegExp(`/panel/survey\\?program=${program.id}$`));
    await answerSurveyByKeyboard(page, locale);
    await expectPhoneScreen(page, `the survey (${locale})`);
    await pressButton(page, page.getByRole('button', { name: L('survey.form.save') }), 'Save my answers');
    const result = page.getByRole('region', { name: L('survey.result.title') });
    await expect(result.getByRole('heading', { name: L('survey.result.title') })).toBeFocused();
    await pressButton(page, result.getByRole('button', { name: L('survey.result.applyTo', { program: program[locale] }) }), 'Apply to the incubator');
    await expectScreen(page, /\/panel\/application\/\d+$/);
    const id = Number(/\/application\/(\d+)$/.exec(page.url())?.[1]);
    await pressButton(page, page.getByRole('link', { name: L('programs.action.start'), exact: true }), 'Start');
    await expectScreen(page, applicationPath(id, 1));

    // ---- Step 1: the name and e-mail come from the account; the rest typed.
    await fillPersonByKeyboard(page, locale, { phone: '787-555-0360', street: 'Calle Teléfono 360', city: 'Arecibo', postalCode: '00612', ssnLast4: '3600' });
    await expectPhoneScreen(page, `step 1 (${locale})`);
    await submitStep(1);
    await expectScreen(page, applicationPath(id, 2));

    // ---- Step 2: an operating business.
    await fillBusinessByKeyboard(page, locale, `Café Móvil ${locale}`, 'Arecibo');
    await expectPhoneScreen(page, `step 2 (${locale})`);
    await submitStep(2);
    await expectScreen(page, applicationPath(id, 3));

    // ---- Step 3: the owner, her identification in photos: chosen in the chooser (in English the front and back
    // at once, one document), and a HEIC from the camera's button.
    const owners = stepSection(page, 3);
    const owner = owners.getByRole('group', { name: L('application.owners.owner', { number: 1 }), exact: true });
    await pressButton(page, owners.getByRole('button', { name: L('application.owners.addFirst') }), 'Add an owner');
    await expect(labelled(owner, 'application.owners.name')).toBeFocused();
    await page.keyboard.type(signer);
    await typeInto(page, labelled(owner, 'application.owners.position'), locale === 'es' ? 'Dueña' : 'Owner', 'position');
    await pickWithArrows(page, labelled(owner, 'application.field.education_level'), 'education level', 'college_degree');
    await chooseRadio(page, question(owner, 'application.field.employment_status'), L('application.option.employment.employed'), 'employment status');
    const ids = question(owner, 'application.field.id_files');
    await uploadByKeyboard(page, ids, locale === 'es' ? photos.jpeg : [photos.jpeg, photos.png], 'the ID photos', { stored: 'licencia.pdf' });
    await uploadByKeyboard(page, ids, photos.heic, 'the camera', { stored: 'camara.pdf', via: 'camera' });
    await expectPhoneScreen(page, `step 3 with the ID photos (${locale})`);
    await submitStep(3);
    await expectStepStatus(page, 3, 'submitted', locale);

    // ---- Step 4: the household; a photo of a pay stub, or (no income) the no-income form signed on screen.
    const household = stepSection(page, 4);
    await typeInto(page, labelled(household, 'application.household.size'), '2', 'household size');
    await chooseRadio(page, question(household, 'application.field.head_of_household'), L('application.option.head.single_female'), 'head of household');
    await chooseRadio(page, question(household, 'application.field.ethnicity'), L('application.option.ethnicity.hispanic_or_latino'), 'ethnicity');
    await tick(page, question(household, 'application.field.race').getByRole('checkbox', { name: L('application.option.race.white'), exact: true }), 'race');
    const incomeSources = question(household, 'application.household.incomeSources');
    if (noIncome) {
      await tick(page, incomeSources.getByRole('checkbox', { name: L('application.household.incomeNoIncome'), exact: true }), 'no income');
      await signOnScreen(question(household, 'application.field.no_income_form'), 'the no-income form');
      await expect(question(household, 'application.field.no_income_form').getByRole('listitem')).toHaveCount(1);
    } else {
      await tick(page, incomeSources.getByRole('checkbox', { name: L('application.household.incomeWork'), exact: true }), 'income from work');
      await uploadByKeyboard(page, question(household, 'application.field.income_documents'), photos.png, 'the pay stub photo', { stored: 'dorso.pdf' });
    }
    await answerHousingNoByKeyboard(page, locale);
    await expectPhoneScreen(page, `step 4 (${locale})`);
    await submitStep(4);
    await expectStepStatus(page, 4, 'submitted', locale);

    // ---- Step 5: training and plans.
    await fillTrainingByKeyboard(page, locale);
    await expectPhoneScreen(page, `steps 3 to 5 (${locale})`);
    await submitStep(5);
    await expectScreen(page, applicationPath(id, 6));

    // ---- Step 6: the certification signed on screen (it becomes the intake form), the conditions, the captcha.
    const agreement = stepSection(page, 6);
    await signOnScreen(agreement, 'the certification');
    await expect(page.locator('#step6-intake-form-stored')).toContainText(L('pdf.certification.fileName', { id }));
    await tick(page, page.getByRole('checkbox', { name: L('application.agreement.conditions') }), 'the conditions');
    await tabTo(page, page.locator('altcha-widget').getByRole('checkbox'), 'the captcha');
    await page.keyboard.press('Space');
    await expect(page.getByText(L('application.agreement.captchaDone'))).toBeFocused({ timeout: 60_000 });
    await expectPhoneScreen(page, `step 6 signed on screen (${locale})`);
    await pressButton(page, agreement.getByRole('button', { name: L('application.step.submit', { step: 6 }) }), 'Submit step 6');

    // ---- Check the answers, submit, confirm in the dialog, the confirmation.
    await expectScreen(page, applicationPath(id, 'submit'));
    await expect(page.locator('main').getByText(`Café Móvil ${locale}`)).toBeVisible();
    await expectPhoneScreen(page, `check your answers (${locale})`);
    await pressButton(page, page.getByRole('button', { name: L('application.submit.button') }), 'Submit the application');
    const dialog = page.getByRole('alertdialog', { name: L('application.submit.confirmTitle') });
    await expect(dialog.getByRole('button', { name: L('application.submit.confirm') })).toBeFocused();
    await expectPhoneScreen(page, `the submit dialog (${locale})`);
    await page.keyboard.press('Enter');
    await expectScreen(page, applicationPath(id, 'confirmation'));
    await expect(page.getByRole('heading', { level: 1, name: L('application.confirmation.title') })).toBeVisible();
    await expectPhoneScreen(page, `the confirmation (${locale})`);

    // ---- Staff's review: every document a PDF (the photos made into PDFs), the forms signed on screen.
    const staff = await apiSignIn(await newStaff(`phone-staff-${locale}`));
    const review = await staff.call<{ documents: AdminDocument[] }>('GET', `/admin/applications/${id}`);
    const documents = review.documents.map(({ kind, file_name, signed_on_screen }) => ({ kind, file_name, signer: signed_on_screen?.signer_name ?? null }));
    expect(documents).toEqual(
      expect.arrayContaining([
        { kind: 'owner_id', file_name: 'licencia.pdf', signer: null },
        { kind: 'owner_id', file_name: 'camara.pdf', signer: null },
        noIncome
          ? { kind: 'no_income_form', file_name: expect.stringMatching(/\.pdf$/) as unknown as string, signer }
          : { kind: 'income_document', file_name: 'dorso.pdf', signer: null },
        { kind: 'intake_form', file_name: L('pdf.certification.fileName', { id }), signer },
      ]),
    );
    expect(review.documents).toHaveLength(4);
    for (const document of review.documents) {
      // The review's download: the intake form has its own (GET /applications/{id}/intake-form), the others by id.
      const path = document.kind === 'intake_form' ? 'intake-form' : `files/${document.file_id}`;
      const response = await fetch(`${baseURL}/api/applications/${id}/${path}`, { headers: { authorization: `Bearer ${staff.token}` } });
      expect(response.status, document.file_name).toBe(200);
      expect(response.headers.get('content-type'), document.file_name).toMatch(/^application\/pdf/);
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString('latin1'), document.file_name).toBe('%PDF-');
    }
  });
}
