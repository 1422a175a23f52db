// The whole application with the keyboard alone (issue 11): sign in, the survey, steps 1 to 6 with every required
// field, two owners added and one removed, the owner's identification, the income documents and the signed intake
// form chosen through the file chooser opened with Enter, the certification PDF downloaded with Enter, the captcha
// ticked with Space, submit, the confirmation. No mouse and no fill(): every control is reached with Tab (the helpers
// below press Tab until the control has focus, so a control Tab cannot reach fails the test), then operated with
// typing, Space, Enter and the arrow keys.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, applicationPath, expectStepStatus, seededPrograms, stepOf, stepSection, tinyPdf } from './support/apply.ts';
import { createAccount, fieldLabel, shotPath, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Presses Tab until `target` (or, for a group, a control inside it) has focus; fails past `max` presses. */
async function tabTo(page: Page, target: Locator, what: string, max = 120): Promise<void> {
  const focused = () => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
  for (let presses = 0; presses < max && !(await focused()); presses += 1) await page.keyboard.press('Tab');
  expect(await focused(), `Tab should reach ${what}`).toBe(true);
}

async function typeInto(page: Page, target: Locator, text: string, what: string): Promise<void> {
  await tabTo(page, target, what);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(target).toHaveValue(text);
}

/** A radio question: Tab into its group, then the arrow keys move the choice to `option` (Space when it has focus). */
async function chooseRadio(page: Page, group: Locator, option: string, what: string): Promise<void> {
  await tabTo(page, group, what);
  const radio = group.getByRole('radio', { name: option, exact: true });
  for (let presses = 0; presses < 12 && !(await radio.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(radio).toBeFocused();
  if (!(await radio.isChecked())) await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

async function tick(page: Page, box: Locator, what: string): Promise<void> {
  await tabTo(page, box, what);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** A native select: focused with Tab, its options walked with ArrowDown until one that is not the placeholder. */
async function pickWithArrows(page: Page, select: Locator, what: string, wanted?: string): Promise<void> {
  await tabTo(page, select, what);
  for (let presses = 0; presses < 40; presses += 1) {
    const value = await select.inputValue();
    if (wanted === undefined ? value !== '' : value === wanted) break;
    await page.keyboard.press('ArrowDown');
  }
  if (wanted === undefined) await expect(select).not.toHaveValue('');
  else await expect(select).toHaveValue(wanted);
}

/** A file input: focused with Tab, opened with Enter, the file given to the chooser the browser opened. */
async function uploadByKeyboard(page: Page, field: Locator, fileName: string, what: string): Promise<void> {
  const before = await field.getByRole('listitem').count();
  await tabTo(page, field.locator('input[type=file]'), what);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: fileName, mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(field.getByRole('listitem').filter({ hasText: fileName })).toHaveCount(1);
  expect(await field.getByRole('listitem').count()).toBe(before + 1);
}

async function pressButton(page: Page, button: Locator, what: string): Promise<void> {
  await tabTo(page, button, what);
  await page.keyboard.press('Enter');
}

const question = (scope: Page | Locator, id: string) => scope.getByRole('group', { name: new RegExp(`^\\s*${escape(es(id))}`) });
const labelled = (scope: Page | Locator, id: string) => scope.getByLabel(fieldLabel(es(id)), { exact: true });

test('the whole application, from the survey to the confirmation, with the keyboard alone (es)', async ({ page }) => {
  test.setTimeout(300_000);
  const account = await createAccount('apply-keyboard-whole', { language: 'es' });
  const program = seededPrograms.incubator;

  // ---- Sign in.
  await page.goto('/login');
  await typeInto(page, labelled(page, 'auth.login.email'), account.email, 'the e-mail');
  await typeInto(page, labelled(page, 'auth.login.password'), account.password, 'the password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/panel\/programs$/);

  // ---- Apply: the survey comes first.
  const card = page.getByRole('article', { name: program.es, exact: true });
  await pressButton(page, card.getByRole('button', { name: es('programs.action.apply') + es('programs.action.context', { program: program.es }) }), 'Apply');
  await expect(page).toHaveURL(new RegExp(`/panel/survey\\?program=${program.id}$`));
  await chooseRadio(page, page.locator('#survey-has-business'), es('survey.form.yes'), 'has a business');
  await pickWithArrows(page, labelled(page, 'survey.form.operatingTime'), 'operating time', 'years_1_to_2');
  await chooseRadio(page, page.locator('#survey-third-year'), es('survey.form.no'), 'third-year student');
  await pressButton(page, page.getByRole('button', { name: es('survey.form.save') }), 'Save my answers');
  const result = page.getByRole('region', { name: es('survey.result.title') });
  await expect(result.getByRole('heading', { name: es('survey.result.title') })).toBeFocused();
  await pressButton(page, result.getByRole('button', { name: es('survey.result.applyTo', { program: program.es }) }), 'Apply to the incubator');
  await expect(page).toHaveURL(/\/panel\/application\/\d+$/);
  const id = Number(/\/application\/(\d+)$/.exec(page.url())?.[1]);
  await pressButton(page, page.getByRole('link', { name: es('programs.action.start'), exact: true }), 'Start');
  await expect(page).toHaveURL(applicationPath(id, 1));

  // ---- Step 1: the name and e-mail come from the account; the rest typed.
  await pickWithArrows(page, labelled(page, 'profile.person.gender'), 'gender');
  await typeInto(page, labelled(page, 'profile.person.phone'), '787-555-0177', 'phone');
  await typeInto(page, labelled(page, 'profile.person.physicalLine1'), 'Calle Teclado 8', 'physical line 1');
  await typeInto(page, labelled(page, 'profile.person.city'), 'Mayagüez', 'city');
  await typeInto(page, labelled(page, 'profile.person.state'), 'Puerto Rico', 'state');
  await typeInto(page, labelled(page, 'profile.person.postalCode'), '00680', 'postal code');
  await typeInto(page, labelled(page, 'profile.person.country'), 'Estados Unidos', 'country');
  await tick(page, page.getByRole('checkbox', { name: es('profile.person.postalSame') }), 'postal address is the same');
  await typeInto(page, labelled(page, 'application.person.ssnLast4'), '4821', 'SSN last 4');
  await pressButton(page, page.getByRole('button', { name: es('application.step.submit', { step: 1 }) }), 'Submit step 1');
  await expectStepStatus(page, 1, 'submitted');
  await pressButton(page, page.getByRole('link', { name: es('application.frame.next') }), 'Next step');
  await expect(page).toHaveURL(applicationPath(id, 2));

  // ---- Step 2: an operating business (the survey said so), every required fact.
  const business = stepSection(page, 2);
  await typeInto(page, labelled(business, 'application.business.name'), 'Café Teclado', 'business name');
  await chooseRadio(page, question(business, 'application.business.type'), es('application.business.typePhysical'), 'business type');
  await pickWithArrows(page, labelled(business, 'application.field.industry'), 'industry', '72');
  await typeInto(page, labelled(business, 'application.field.business_phone'), '787-555-0199', 'business phone');
  await typeInto(page, labelled(business, 'application.field.business_city'), 'Mayagüez', 'business city');
  await pickWithArrows(page, labelled(business, 'application.field.legal_structure'), 'legal structure', '7');
  await chooseRadio(page, question(business, 'application.field.operating_time'), es('survey.operatingTime.years1To2'), 'operating time');
  await typeInto(page, labelled(business, 'application.field.monthly_revenue'), '12500', 'monthly revenue');
  await typeInto(page, labelled(business, 'application.field.employees_full_time'), '3', 'full-time employees');
  await typeInto(page, labelled(business, 'application.field.employees_part_time'), '2', 'part-time employees');
  await typeInto(page, labelled(business, 'application.field.owners_count'), '1', 'owners');
  await typeInto(page, labelled(business, 'application.field.professional_services'), '1', 'professional services');
  await pressButton(page, business.getByRole('button', { name: es('application.step.submit', { step: 2 }) }), 'Submit step 2');
  await expectStepStatus(page, 2, 'submitted');
  await pressButton(page, page.getByRole('link', { name: es('application.frame.next') }), 'Next step');
  await expect(page).toHaveURL(applicationPath(id, 3));

  // ---- Step 3: an owner added, a second added and removed, the first one's identification uploaded.
  const owners = stepSection(page, 3);
  const owner = (number: number) => owners.getByRole('group', { name: new RegExp(`^${escape(es('application.owners.owner', { number }))}$`) });
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.addFirst') }), 'Add an owner');
  await expect(labelled(owner(1), 'application.owners.name')).toBeFocused();
  await page.keyboard.type('Marisol Quiñones');
  await typeInto(page, labelled(owner(1), 'application.owners.position'), 'Presidenta', 'position');
  await pickWithArrows(page, labelled(owner(1), 'application.field.education_level'), 'education level', 'college_degree');
  await chooseRadio(page, question(owner(1), 'application.field.employment_status'), es('application.option.employment.employed'), 'employment status');
  await uploadByKeyboard(page, question(owner(1), 'application.field.id_files'), 'identificacion.pdf', "the owner's identification");
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.add') }), 'Add another owner');
  await expect(owner(2)).toBeVisible();
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.remove', { number: 2 }) }), 'Remove owner 2');
  await expect(owner(2)).toHaveCount(0);
  await pressButton(page, owners.getByRole('button', { name: es('application.step.submit', { step: 3 }) }), 'Submit step 3');
  await expectStepStatus(page, 3, 'submitted');

  // ---- Step 4: the household, with income and two income documents.
  const household = stepSection(page, 4);
  await typeInto(page, labelled(household, 'application.household.size'), '3', 'household size');
  await chooseRadio(page, question(household, 'application.field.head_of_household'), es('application.option.head.single_female'), 'head of household');
  await chooseRadio(page, question(household, 'application.field.ethnicity'), es('application.option.ethnicity.hispanic_or_latino'), 'ethnicity');
  await tick(page, question(household, 'application.field.race').getByRole('checkbox', { name: es('application.option.race.white'), exact: true }), 'race');
  await tick(page, question(household, 'application.household.incomeSources').getByRole('checkbox', { name: es('application.household.incomeWork'), exact: true }), 'income from work');
  const incomeDocuments = question(household, 'application.field.income_documents');
  await uploadByKeyboard(page, incomeDocuments, 'talonario-enero.pdf', 'the income documents');
  await uploadByKeyboard(page, incomeDocuments, 'talonario-febrero.pdf', 'another income document');
  for (const id of ['application.field.public_housing', 'application.field.section_8', 'application.field.government_program', 'application.field.section_3']) {
    await chooseRadio(page, question(household, id), es('application.option.no'), id);
  }
  await pressButton(page, household.getByRole('button', { name: es('application.step.submit', { step: 4 }) }), 'Submit step 4');
  await expectStepStatus(page, 4, 'submitted');

  // ---- Step 5: training and plans.
  const training = stepSection(page, 5);
  await chooseRadio(page, question(training, 'application.field.similar_program'), es('application.option.no'), 'similar program');
  await typeInto(page, labelled(training, 'application.narrative.mainChallenge'), 'Conseguir capital.', 'main challenge');
  await typeInto(page, labelled(training, 'application.field.strengths'), 'Tostamos nuestro café.', 'strengths');
  await typeInto(page, labelled(training, 'application.field.one_year_vision'), 'Un segundo local.', 'one-year vision');
  await typeInto(page, labelled(training, 'application.field.goal_actions'), 'Vender en línea.', 'actions');
  await typeInto(page, labelled(training, 'application.field.financial_support'), '25000', 'financial support');
  await typeInto(page, labelled(training, 'application.field.financial_support_purpose'), 'Una tostadora.', 'its purpose');
  await chooseRadio(page, question(training, 'application.field.program_interest'), es('application.option.interest.both'), 'program interest');
  await chooseRadio(page, question(training, 'application.field.business_intent'), es('application.option.intent.has_business'), 'business intent');
  await pressButton(page, training.getByRole('button', { name: es('application.step.submit', { step: 5 }) }), 'Submit step 5');
  await expectStepStatus(page, 5, 'submitted');
  await pressButton(page, page.getByRole('link', { name: es('application.frame.next') }), 'Next step');
  await expect(page).toHaveURL(applicationPath(id, 6));

  // ---- Step 6: the certification downloaded, the signed form uploaded, the conditions, the captcha.
  await tabTo(page, page.getByRole('button', { name: es('application.certification.download') }), 'Download the certification');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const intake = page.getByLabel(fieldLabel(es('application.upload.label')));
  await tabTo(page, intake, 'the intake form');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'formulario-firmado.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(page.getByText(es('application.upload.done'))).toBeVisible();
  await tick(page, page.getByRole('checkbox', { name: es('application.agreement.conditions') }), 'the conditions');
  await tabTo(page, page.locator('altcha-widget').getByRole('checkbox'), 'the captcha');
  await page.keyboard.press('Space');
  await expect(page.getByText(es('application.agreement.captchaDone'))).toBeVisible({ timeout: 30_000 });
  await pressButton(page, stepSection(page, 6).getByRole('button', { name: es('application.step.submit', { step: 6 }) }), 'Submit step 6');
  await expectStepStatus(page, 6, 'submitted');

  // ---- Check the answers, submit, the confirmation.
  await pressButton(page, page.getByRole('link', { name: es('application.frame.checkAnswers') }), 'Check your answers');
  await expect(page).toHaveURL(applicationPath(id, 'submit'));
  await expect(page.locator('main').getByText('Café Teclado')).toBeVisible();
  await pressButton(page, page.getByRole('button', { name: es('application.submit.button') }), 'Submit the application');
  await expect(page).toHaveURL(applicationPath(id, 'confirmation'));
  await expect(page.getByRole('heading', { level: 1, name: es('application.confirmation.title') })).toBeVisible();
  await page.screenshot({ path: shotPath('apply-keyboard-whole-confirmation-es'), fullPage: true });

  // What the keyboard entered is what the server holds.
  const api = await apiSignIn(account);
  expect((await stepOf(api, id, 3)).data.owners).toHaveLength(1);
  expect((await stepOf(api, id, 4)).data.income_documents).toHaveLength(2);
  expect((await stepOf(api, id, 2)).data).toMatchObject({ business_name: 'Café Teclado', industry: '72', legal_structure: 7 });
});
