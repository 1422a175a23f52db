// The whole application with the keyboard alone: sign in, My Programs, the programs list, the survey,
// steps 1 to 6 with every required field, two owners added and one removed, the owner's identification, two races
// and two income sources, income documents added and one removed, the signed intake form chosen through the file
// chooser opened with Enter, the certification PDF downloaded with Enter, the captcha ticked with Space, submit, the
// confirmation and My Programs saying "submitted". No mouse and no fill(): every control is reached with Tab or
// Shift+Tab (the helpers below press the key until the control has focus, so a control the keyboard cannot reach
// fails the test: tests/e2e/support/keyboard.ts), then operated with typing, Space, Enter and the arrow keys. Every stop on the way shows a focus
// ring (WCAG 2.4.7), every Tab moves focus on, and on each screen Tab and Shift+Tab go round the whole page and back
// (nothing traps focus, WCAG 2.1.2).
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiSignIn,
  applicationPath,
  expectStepStatus,
  getApplication,
  indicatorSegment,
  labelledIn,
  questionIn,
  seededPrograms,
  stepOf,
  stepSection,
  tinyPdf,
} from './support/apply.ts';
import { answerHousingNoByKeyboard, answerSurveyByKeyboard, fillBusinessByKeyboard, fillPersonByKeyboard, fillTrainingByKeyboard } from './support/apply-keyboard.ts';
import { chooseRadio, expectScreen, expectTabRound, focusStop, pickWithArrows, pressButton, shootAround, tabTo, tick, typeInto, uploadByKeyboard } from './support/keyboard.ts';
import { createAccount, fieldLabel, shotPath, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: tinyPdf() });

const question = (scope: Page | Locator, id: string) => questionIn(scope, 'es', id);
const labelled = (scope: Page | Locator, id: string) => labelledIn(scope, 'es', id);

test('the whole application, from My Programs to the submitted application, with the keyboard alone (es)', async ({ page }) => {
  // About 700 key presses, each followed by a look at the focus: generous for a busy two-core machine.
  test.setTimeout(600_000);
  const account = await createAccount('apply-keyboard-whole', { language: 'es' });
  const program = seededPrograms.incubator;
  const context = es('programs.action.context', { program: program.es });

  // ---- Sign in.
  await page.goto('/login');
  await typeInto(page, labelled(page, 'auth.login.email'), account.email, 'the e-mail');
  await typeInto(page, labelled(page, 'auth.login.password'), account.password, 'the password');
  await page.keyboard.press('Enter');
  await expectScreen(page, /\/panel\/programs$/);

  // ---- My Programs, empty: its link to the programs list.
  await pressButton(page, page.getByRole('link', { name: es('panel.nav.myPrograms'), exact: true }), 'My Programs in the menu');
  await expectScreen(page, /\/panel\/programs\/my$/);
  await expect(page.getByText(es('programs.my.empty'))).toBeVisible();
  await pressButton(page, page.getByRole('link', { name: es('programs.my.seePrograms') }), 'See the programs');
  await expectScreen(page, /\/panel\/programs$/);

  // ---- The programs list: Apply; the survey comes first.
  const card = page.getByRole('article', { name: program.es, exact: true });
  await tabTo(page, card.getByRole('button', { name: es('programs.action.apply') + context }), 'Apply');
  await expectTabRound(page, 'the programs list');
  await page.keyboard.press('Enter');
  await expectScreen(page, new RegExp(`/panel/survey\\?program=${program.id}$`));
  await answerSurveyByKeyboard(page, 'es');
  await expectTabRound(page, 'the survey');
  await pressButton(page, page.getByRole('button', { name: es('survey.form.save') }), 'Save my answers');
  const result = page.getByRole('region', { name: es('survey.result.title') });
  await expect(result.getByRole('heading', { name: es('survey.result.title') })).toBeFocused();
  await pressButton(page, result.getByRole('button', { name: es('survey.result.applyTo', { program: program.es }) }), 'Apply to the incubator');
  await expectScreen(page, /\/panel\/application\/\d+$/);
  const id = Number(/\/application\/(\d+)$/.exec(page.url())?.[1]);
  await pressButton(page, page.getByRole('link', { name: es('programs.action.start'), exact: true }), 'Start');
  await expectScreen(page, applicationPath(id, 1));

  // ---- Step 1: the name and e-mail come from the account; the rest typed.
  await fillPersonByKeyboard(page, 'es', { phone: '787-555-0177', street: 'Calle Teclado 8', city: 'Mayagüez', postalCode: '00680', ssnLast4: '4821' });
  await expectTabRound(page, 'step 1');
  await pressButton(page, page.getByRole('button', { name: es('application.step.submit', { step: 1 }) }), 'Submit step 1');
  // Submitted, the page moves on to step 2 by itself.
  await expectScreen(page, applicationPath(id, 2));
  await expect(indicatorSegment(page, 1)).toContainText(es('application.step.submitted'));

  // ---- Step 2: an operating business (the survey said so), every required fact.
  const business = stepSection(page, 2);
  await fillBusinessByKeyboard(page, 'es', 'Café Teclado', 'Mayagüez');
  await expectTabRound(page, 'step 2');
  await pressButton(page, business.getByRole('button', { name: es('application.step.submit', { step: 2 }) }), 'Submit step 2');
  await expectScreen(page, applicationPath(id, 3));
  await expect(indicatorSegment(page, 2)).toContainText(es('application.step.submitted'));

  // ---- Step 3: an owner added with her identification; a second added, named, and removed again.
  const owners = stepSection(page, 3);
  const owner = (number: number) => owners.getByRole('group', { name: new RegExp(`^${escape(es('application.owners.owner', { number }))}$`) });
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.addFirst') }), 'Add an owner');
  await expect(labelled(owner(1), 'application.owners.name')).toBeFocused();
  await page.keyboard.type('Marisol Quiñones');
  await typeInto(page, labelled(owner(1), 'application.owners.position'), 'Presidenta', 'position');
  await pickWithArrows(page, labelled(owner(1), 'application.field.education_level'), 'education level', 'college_degree');
  await chooseRadio(page, question(owner(1), 'application.field.employment_status'), es('application.option.employment.employed'), 'employment status');
  await uploadByKeyboard(page, question(owner(1), 'application.field.id_files'), pdf('identificacion.pdf'), "the owner's identification");
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.add') }), 'Add another owner');
  await expect(labelled(owner(2), 'application.owners.name')).toBeFocused();
  await page.keyboard.type('Segunda Persona');
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.remove', { number: 2 }) }), 'Remove owner 2');
  await expect(owner(2)).toHaveCount(0);
  // Focus goes back to the owner before the removed one, not to the page.
  await expect(labelled(owner(1), 'application.owners.name')).toBeFocused();
  await pressButton(page, owners.getByRole('button', { name: es('application.step.submit', { step: 3 }) }), 'Submit step 3');
  await expectStepStatus(page, 3, 'submitted');

  // ---- Step 4: the household; two income sources, income documents (one removed again), and a second race
  // ticked on the way back up with Shift+Tab.
  const household = stepSection(page, 4);
  const race = question(household, 'application.field.race');
  const incomeSources = question(household, 'application.household.incomeSources');
  await typeInto(page, labelled(household, 'application.household.size'), '3', 'household size');
  await chooseRadio(page, question(household, 'application.field.head_of_household'), es('application.option.head.single_female'), 'head of household');
  await chooseRadio(page, question(household, 'application.field.ethnicity'), es('application.option.ethnicity.hispanic_or_latino'), 'ethnicity');
  await tick(page, race.getByRole('checkbox', { name: es('application.option.race.white'), exact: true }), 'race: white');
  await tick(page, incomeSources.getByRole('checkbox', { name: es('application.household.incomeWork'), exact: true }), 'income from work');
  await tick(page, incomeSources.getByRole('checkbox', { name: es('application.household.incomePensions'), exact: true }), 'income from pensions');
  const incomeDocuments = question(household, 'application.field.income_documents');
  await uploadByKeyboard(page, incomeDocuments, pdf('talonario-enero.pdf'), 'the income documents');
  await uploadByKeyboard(page, incomeDocuments, pdf('talonario-febrero.pdf'), 'another income document');
  await tabTo(page, incomeDocuments.locator('input[type=file]'), 'the income documents');
  await shootAround(page, incomeDocuments, 'apply-keyboard-whole-documents-focus-es');
  await uploadByKeyboard(page, incomeDocuments, pdf('talonario-equivocado.pdf'), 'a third income document');
  await pressButton(
    page,
    incomeDocuments.getByRole('button', { name: es('application.documents.remove', { name: 'talonario-equivocado.pdf' }) }),
    'Remove the wrong document',
  );
  await expect(incomeDocuments.getByRole('listitem')).toHaveCount(2);
  // The removed file's button is gone: focus waits on the field, with its ring, not on the page.
  await expect(incomeDocuments).toBeFocused();
  expect((await focusStop(page)).ring, 'the income documents field has focus but no visible focus indicator').toBe(true);
  await shootAround(page, incomeDocuments, 'apply-keyboard-whole-documents-removed-es');
  await tick(page, race.getByRole('checkbox', { name: es('application.option.race.black_or_african_american'), exact: true }), 'race: black');
  await expect(race.getByRole('checkbox', { name: es('application.option.race.white'), exact: true })).toBeChecked();
  await answerHousingNoByKeyboard(page, 'es');
  await pressButton(page, household.getByRole('button', { name: es('application.step.submit', { step: 4 }) }), 'Submit step 4');
  await expectStepStatus(page, 4, 'submitted');

  // ---- Step 5: training and plans.
  const training = stepSection(page, 5);
  await fillTrainingByKeyboard(page, 'es');
  await expectTabRound(page, 'steps 3 to 5', 600);
  await pressButton(page, training.getByRole('button', { name: es('application.step.submit', { step: 5 }) }), 'Submit step 5');
  await expectScreen(page, applicationPath(id, 6));
  await expect(indicatorSegment(page, 5)).toContainText(es('application.step.submitted'));

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
  // The widget gives way to the "done" line, which takes focus (with its ring) so that Tab goes on from there.
  await expect(page.getByText(es('application.agreement.captchaDone'))).toBeFocused({ timeout: 60_000 });
  expect((await focusStop(page)).ring, 'the captcha done line has focus but no visible focus indicator').toBe(true);
  await tabTo(page, stepSection(page, 6).getByRole('button', { name: es('application.step.submit', { step: 6 }) }), 'Submit step 6');
  await expectTabRound(page, 'step 6');
  await page.keyboard.press('Enter');

  // ---- Check the answers (where submitting step 6 moved the page), submit, confirm, the confirmation.
  await expectScreen(page, applicationPath(id, 'submit'));
  await expect(indicatorSegment(page, 6)).toContainText(es('application.step.submitted'));
  await expect(page.locator('main').getByText('Café Teclado')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: es('application.submit.button') }), 'Submit the application');
  await expectTabRound(page, 'check your answers', 600);
  await page.keyboard.press('Enter');
  // "Submit the application?": the dialog takes focus on its confirm button; Enter sends.
  await expect(page.getByRole('alertdialog').getByRole('button', { name: es('application.submit.confirm') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectScreen(page, applicationPath(id, 'confirmation'));
  await expect(page.getByRole('heading', { level: 1, name: es('application.confirmation.title') })).toBeVisible();
  await page.screenshot({ path: shotPath('apply-keyboard-whole-confirmation-es'), fullPage: true });

  // ---- My Programs says it was sent.
  await pressButton(page, page.getByRole('link', { name: es('application.confirmation.myPrograms') }), 'Go to My Programs');
  await expectScreen(page, /\/panel\/programs\/my$/);
  const mine = page.getByRole('article', { name: program.es, exact: true });
  await expect(mine.locator(`dt:text-is("${es('programs.my.status')}") + dd`)).toHaveText(es('programs.applicationStatus.submitted'));
  await tabTo(page, mine.getByRole('link', { name: es('programs.action.view') + context, exact: true }), 'View the application');

  // What the keyboard entered is what the server holds.
  const api = await apiSignIn(account);
  expect((await getApplication(api, id)).status).toBe('submitted');
  expect((await stepOf(api, id, 2)).data).toMatchObject({ business_name: 'Café Teclado', industry: '72', legal_structure: 7 });
  const ownersSaved = (await stepOf(api, id, 3)).data.owners as { name: string; id_files: unknown[] }[];
  expect(ownersSaved.map((saved) => saved.name)).toEqual(['Marisol Quiñones']);
  expect(ownersSaved[0]?.id_files).toHaveLength(1);
  const householdSaved = (await stepOf(api, id, 4)).data;
  expect([...(householdSaved.race as string[])].sort()).toEqual(['black_or_african_american', 'white']);
  expect([...(householdSaved.income_sources as string[])].sort()).toEqual(['pensions', 'work']);
  expect(householdSaved.income_documents).toHaveLength(2);
});
