// Closed and unavailable programs (issue "Apply: programs, My Programs, the survey, and the application and step
// machines", test 5). Staff's decision is taken through the e2e server's test-only side door on the real database;
// each test has its own program, so no other test's application changes.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  applicationPath,
  applyTo,
  completeSteps,
  createProgram,
  expectReadonlyScreen,
  expectSaved,
  getApplication,
  newApplicant,
  saveStep,
  setProgramStatus,
} from './support/apply.ts';
import { fieldLabel, shotPath, signIn, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

/** A My Programs card's links besides the one to the program's drive (every program applied to has one). */
const actionLinks = (card: Locator, program: string): Locator =>
  card.getByRole('link').filter({ hasNotText: es('programs.my.drive') + es('programs.action.context', { program }) });
const screens = ['', 1, 2, 3, 6, 'submit'] as const;

const myProgramsCard = async (page: Page, name: string) => {
  await page.goto('/panel/programs/my');
  return page.getByRole('article', { name, exact: true });
};

test('a draft whose program closes: "Application has been closed" on every screen, all read-only', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Programa que cierra ${Date.now().toString(36)}`;
  const programId = await createProgram(name, 'pre_incubator');
  const { account, api } = await newApplicant('apply-closed');
  const id = await applyTo(api, programId);
  await completeSteps(api, id, [1]);
  await saveStep(api, id, 2, { business_name: 'Taller Boricua' });
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id, 2));
  const business = page.getByLabel(fieldLabel(es('application.business.name')));
  await expect(business).toHaveValue('Taller Boricua');

  // Staff close the program while the person is on step 2: their next save is refused, and the screen says why.
  await setProgramStatus(programId, 'closed');
  await business.fill('Taller Boricua y más');
  await expect(page.getByRole('heading', { name: es('application.state.closed') })).toBeVisible();
  await expectReadonlyScreen(page);
  await page.screenshot({ path: shotPath('apply-closed-step2-es'), fullPage: true });
  expect((await getApplication(api, id)).status).toBe('closed');

  // Every screen of the application, the start message included, says so and takes no input.
  for (const screen of screens) {
    await page.goto(applicationPath(id, screen));
    await expect(page.getByRole('heading', { name: es('application.state.closed') })).toBeVisible();
    await expectReadonlyScreen(page);
  }
  // The answers are still readable.
  await page.goto(applicationPath(id, 2));
  await expect(page.locator('main').getByText('Taller Boricua', { exact: true })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: es('programs.action.start'), exact: true })).toHaveCount(0);

  // My Programs: closed, no action but reading the answers; the programs list offers no Apply.
  const card = await myProgramsCard(page, name);
  await expect(card.locator(`dt:text-is("${es('programs.my.status')}") + dd`)).toHaveText(es('programs.applicationStatus.closed'));
  await expect(actionLinks(card, name)).toHaveCount(1);
  await expect(card.getByRole('link', { name: new RegExp(`^${es('programs.action.view')}`) })).toBeVisible();
  await page.goto('/panel/programs');
  const listed = page.getByRole('article', { name, exact: true });
  await expect(listed.getByText(es('programs.status.closed'), { exact: true })).toBeVisible();
  await expect(listed.getByRole('button')).toHaveCount(0);
});

test('a program made unavailable: "Program Unavailable" instead of every application screen', async ({ page }) => {
  const name = `Programa retirado ${Date.now().toString(36)}`;
  const programId = await createProgram(name, 'accelerator');
  const { account, api } = await newApplicant('apply-unavailable');
  const id = await applyTo(api, programId);
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id, 1));
  const phone = page.getByLabel(fieldLabel(es('profile.person.phone')));
  await phone.fill('787-555-0110');
  await expectSaved(page, 1);

  // Withdrawn while the person works: the next save is refused and the screen gives way to the message.
  await setProgramStatus(programId, 'unavailable');
  await phone.fill('787-555-0111');
  await expect(page.getByRole('heading', { level: 1, name: es('application.unavailable.title') })).toBeVisible();
  await expect(page.locator('main').locator('input, textarea, select')).toHaveCount(0);
  await page.screenshot({ path: shotPath('apply-unavailable-es'), fullPage: true });

  for (const screen of screens) {
    await page.goto(applicationPath(id, screen));
    await expect(page.getByRole('heading', { level: 1, name: es('application.unavailable.title') })).toBeVisible();
    await expect(page.locator('main').locator('input, textarea, select, button')).toHaveCount(0);
  }
  await page.getByRole('link', { name: es('application.unavailable.toPrograms') }).click();
  await expect(page).toHaveURL(/\/panel\/programs$/);
  // The list hides it; My Programs names the state and offers nothing to do.
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
  const card = await myProgramsCard(page, name);
  await expect(card.locator(`dt:text-is("${es('programs.my.status')}") + dd`)).toHaveText(es('programs.status.unavailable'));
  // Nothing to do but open the person's own files in the program's drive (docs/decisions/019).
  await expect(actionLinks(card, name)).toHaveCount(0);
  // The server keeps refusing changes: the state is real, not only on screen.
  await api.call('PUT', `/applications/${id}/steps/1`, { data: { phone: '787-555-0101' }, version: 1 }, [409]);
});
