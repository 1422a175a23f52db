// My Programs through the life of an application (issue "Apply: programs, My Programs, the survey, and the
// application and step machines", test 2): period, start date, end date and deadline of the program, and the one
// action its state allows: Apply (programs list), Start, Continue, Submit; then the submitted status.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  completeSteps,
  confirmSubmitApplication,
  createProgram,
  expectSaved,
  type Applicant,
  newApplicant,
} from './support/apply.ts';
import { fieldLabel, signIn, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

interface ProgramInfo {
  period: string;
  start_date: string;
  end_date: string;
  application_deadline: string;
}

/** The value of one fact of a card ("Periodo", "Fecha de inicio"...): the <dd> after its <dt>. */
const fact = (card: Locator, term: string): Locator => card.locator(`dt:text-is("${term}") + dd`);

const dayText = (day: string): string =>
  new Intl.DateTimeFormat('es', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The program's facts, checked on a card of the programs list or of My Programs. */
async function expectProgramFacts(card: Locator, program: ProgramInfo): Promise<void> {
  await expect(fact(card, es('programs.facts.period'))).toHaveText(program.period);
  await expect(fact(card, es('programs.facts.startDate')).locator(`time[datetime="${program.start_date}"]`)).toHaveText(dayText(program.start_date));
  await expect(fact(card, es('programs.facts.endDate')).locator(`time[datetime="${program.end_date}"]`)).toHaveText(dayText(program.end_date));
  const deadline = fact(card, es('programs.facts.deadline')).locator(`time[datetime="${program.application_deadline}"]`);
  await expect(deadline).toContainText(program.application_deadline.slice(0, 4));
}

/** A card's links besides its program's drive (every program applied to has one, docs/decisions/019): its one action. */
const actionLinks = (card: Locator, program: string): Locator =>
  card.getByRole('link').filter({ hasNotText: es('programs.my.drive') + es('programs.action.context', { program }) });

/** The one action link of a My Programs card (its name carries the program for screen readers). */
const action = (card: Locator, id: string, program: string): Locator =>
  card.getByRole('link', { name: es(id) + es('programs.action.context', { program }), exact: true });

async function openMyPrograms(page: Page, programName: string): Promise<Locator> {
  await page.goto('/panel/programs/my');
  await expect(page.getByRole('heading', { level: 1, name: es('panel.myPrograms.title') })).toBeVisible();
  return page.getByRole('article', { name: programName, exact: true });
}

test('My Programs shows the dates and the right action from Apply to submitted', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Incubadora de prueba ${Date.now().toString(36)}`;
  const programId = await createProgram(name, 'incubator');
  const applicant: Applicant = await newApplicant('apply-my-programs');
  const program = await applicant.api.call<ProgramInfo>('GET', `/programs/${programId}`);
  await signIn(page, applicant.account, 'es');

  // Nothing applied to yet: My Programs says so; the programs list offers Apply with the program's facts.
  await page.goto('/panel/programs/my');
  await expect(page.getByText(es('programs.my.empty'))).toBeVisible();
  await page.getByRole('link', { name: es('programs.my.seePrograms') }).click();
  await expect(page).toHaveURL(/\/panel\/programs$/);
  const listed = page.getByRole('article', { name, exact: true });
  await expectProgramFacts(listed, program);
  await expect(listed.getByText(es('programs.status.open'), { exact: true })).toBeVisible();
  const apply = listed.getByRole('button', { name: es('programs.action.apply') + es('programs.action.context', { program: name }) });
  await apply.click();

  // Applied (the survey was answered before): Start.
  await expect(page).toHaveURL(/\/panel\/application\/\d+$/);
  const id = Number(/\/application\/(\d+)$/.exec(page.url())?.[1]);
  let card = await openMyPrograms(page, name);
  await expectProgramFacts(card, program);
  await expect(card.getByRole('link', { name: es('programs.my.drive') + es('programs.action.context', { program: name }), exact: true })).toHaveAttribute(
    'href',
    `/panel/programs/my/drive/${programId}`,
  );
  await expect(fact(card, es('programs.my.status'))).toHaveText(es('programs.applicationStatus.draft'));
  await expect(fact(card, es('programs.my.progress'))).toHaveText(es('programs.my.stepsSubmitted', { done: 0, total: 6 }));
  await expect(actionLinks(card, name)).toHaveCount(1);
  await action(card, 'programs.action.start', name).click();
  await expect(page).toHaveURL(`/panel/application/${id}`);

  // Something saved: Continue, which goes to the first step not yet submitted.
  await page.getByRole('link', { name: es('programs.action.start'), exact: true }).click();
  await page.getByLabel(fieldLabel(es('profile.person.phone'))).fill('787-555-0199');
  await expectSaved(page, 1);
  card = await openMyPrograms(page, name);
  await expect(actionLinks(card, name)).toHaveCount(1);
  await action(card, 'programs.action.continue', name).click();
  await expect(page).toHaveURL(`/panel/application/${id}/1`);
  // Two steps submitted: Continue goes to step 3 (the owners, on the /3 screen), and progress counts them.
  await completeSteps(applicant.api, id, [1, 2]);
  card = await openMyPrograms(page, name);
  await expect(fact(card, es('programs.my.progress'))).toHaveText(es('programs.my.stepsSubmitted', { done: 2, total: 6 }));
  await action(card, 'programs.action.continue', name).click();
  await expect(page).toHaveURL(`/panel/application/${id}/3`);

  // All six steps submitted: Submit, to "check your answers".
  await completeSteps(applicant.api, id, [3, 4, 5, 6]);
  card = await openMyPrograms(page, name);
  await expect(fact(card, es('programs.my.progress'))).toHaveText(es('programs.my.stepsSubmitted', { done: 6, total: 6 }));
  await expect(actionLinks(card, name)).toHaveCount(1);
  await action(card, 'programs.action.submit', name).click();
  await expect(page).toHaveURL(`/panel/application/${id}/submit`);
  await page.getByRole('button', { name: es('application.submit.button') }).click();
  await confirmSubmitApplication(page);
  await expect(page).toHaveURL(`/panel/application/${id}/confirmation`);

  // Submitted: the status and its date; no Start, Continue or Submit, only a way to read the answers.
  await page.getByRole('link', { name: es('application.confirmation.myPrograms') }).click();
  await expect(page).toHaveURL(/\/panel\/programs\/my$/);
  card = page.getByRole('article', { name, exact: true });
  await expect(fact(card, es('programs.my.status'))).toHaveText(es('programs.applicationStatus.submitted'));
  await expect(fact(card, es('programs.my.submittedAt')).locator('time')).toBeVisible();
  await expectProgramFacts(card, program);
  for (const id of ['programs.action.start', 'programs.action.continue', 'programs.action.submit']) {
    await expect(card.getByRole('link', { name: new RegExp(`^${es(id)} `) })).toHaveCount(0);
  }
  await expect(action(card, 'programs.action.view', name)).toBeVisible();
  // The programs list says the same.
  await page.goto('/panel/programs');
  const after = page.getByRole('article', { name, exact: true });
  await expect(after.getByText(es('programs.list.yourApplication', { status: es('programs.applicationStatus.submitted') }))).toBeVisible();
  await expect(after.getByRole('button', { name: new RegExp(`^${es('programs.action.apply')}`) })).toHaveCount(0);
});
