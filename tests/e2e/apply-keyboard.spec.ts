// Keyboard only (issue "Apply: programs, My Programs, the survey, and the application and step machines", test 8):
// from the start message, step 1 is reached, filled in form order, refused by the server, corrected through the
// error summary and submitted with Tab, Space, arrow keys, Enter and typing: no mouse.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { applicationPath, applyTo, indicatorSegment, newApplicant, seededPrograms, stepOf } from './support/apply.ts';
import { fieldLabel, shotPath, signIn, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

/** The focused element shows a ring: an outline of 2 px or more, or a box-shadow (WCAG 2.4.7). */
async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    return (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
  });
  expect(ring, `${what} has no visible focus indicator`).toBe(true);
}

async function tabTo(page: Page, target: Locator, what: string): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(target, `Tab should reach ${what}`).toBeFocused();
  await expectVisibleFocus(page, what);
}

test('step 1 filled and submitted with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const { account, api } = await newApplicant('apply-keyboard');
  const id = await applyTo(api, seededPrograms.student_incubator.id);
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id));
  await expect(page.getByRole('heading', { level: 1, name: es('application.start.title') })).toBeVisible();

  // Tab from the top of the page to "Start" (past the skip link, the header and the panel's menu), then Enter.
  const start = page.getByRole('link', { name: es('programs.action.start'), exact: true });
  for (let presses = 0; presses < 30 && !(await start.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(start).toBeFocused();
  await expectVisibleFocus(page, 'the Start link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(applicationPath(id, 1));
  await expect(page.getByRole('heading', { level: 1, name: es('application.step.name1') })).toBeFocused();

  // The fields in reading order; what the profile filled in is kept, the rest typed.
  const field = (key: string) => page.getByLabel(fieldLabel(es(key)));
  await tabTo(page, field('profile.person.firstName'), 'first name');
  await tabTo(page, field('profile.person.lastName'), 'last name');
  await tabTo(page, field('profile.person.gender'), 'gender');
  await page.keyboard.press('ArrowDown');
  await expect(field('profile.person.gender')).toHaveValue('female');
  await tabTo(page, field('profile.person.email'), 'e-mail');
  await tabTo(page, field('profile.person.phone'), 'phone');
  await page.keyboard.type('787-555-0177');
  await tabTo(page, field('profile.person.streetAddress'), 'street address');
  await tabTo(page, field('profile.person.physicalLine1'), 'physical line 1');
  await page.keyboard.type('Calle Teclado 8');
  await tabTo(page, field('profile.person.physicalLine2'), 'physical line 2');
  await tabTo(page, field('profile.person.city'), 'city');
  await page.keyboard.type('Mayagüez');
  await tabTo(page, field('profile.person.state'), 'state');
  await page.keyboard.type('Puerto Rico');
  await tabTo(page, field('profile.person.postalCode'), 'postal code');
  await page.keyboard.type('00680');
  await tabTo(page, field('profile.person.country'), 'country');
  await page.keyboard.type('Estados Unidos');
  const postalSame = page.getByRole('checkbox', { name: es('profile.person.postalSame') });
  await tabTo(page, postalSame, 'postal address is the same');
  await page.keyboard.press('Space');
  await expect(postalSame).toBeChecked();
  // The postal lines are gone; the SSN field comes next. Leave it empty and submit with Enter.
  const ssn = field('application.person.ssnLast4');
  await tabTo(page, ssn, 'SSN last 4');
  const submit = page.getByRole('button', { name: es('application.step.submit', { step: 1 }) });
  await tabTo(page, submit, 'Submit step 1');
  await page.keyboard.press('Enter');

  // Refused by the server: the summary takes focus, its link takes the person to the field.
  const summary = page.locator('#step-1-errors');
  await expect(summary).toBeFocused();
  const link = summary.getByRole('link', {
    name: es('ui.errorSummary.item', { field: es('application.person.ssnLast4'), message: es('api.field.required') }),
  });
  await expect(summary.getByRole('link')).toHaveCount(1);
  await tabTo(page, link, 'the summary link to the SSN');
  await page.screenshot({ path: shotPath('apply-keyboard-summary-es') });
  await page.keyboard.press('Enter');
  await expect(ssn).toBeFocused();
  await page.keyboard.type('4821');
  // Enter in a field submits the form.
  await page.keyboard.press('Enter');
  // Submitted, the page moves on to step 2.
  await expect(page).toHaveURL(applicationPath(id, 2));
  await expect(indicatorSegment(page, 1)).toContainText(es('application.step.submitted'));

  const saved = await stepOf(api, id, 1);
  expect(saved.status).toBe('submitted');
  expect(saved.data).toMatchObject({
    gender: 'female',
    phone: '787-555-0177',
    physical_line1: 'Calle Teclado 8',
    city: 'Mayagüez',
    state: 'Puerto Rico',
    postal_code: '00680',
    country: 'Estados Unidos',
    postal_same_as_physical: true,
    ssn_last4: '4821',
  });
});

test('step 2 of a person with no business yet, filled and submitted with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const { account, api } = await newApplicant('apply-keyboard-step2');
  await api.call('PUT', '/me/survey', { has_business: false, third_year_student: true });
  const id = await applyTo(api, seededPrograms.student_incubator.id);
  await signIn(page, account, 'es');
  await page.goto(applicationPath(id, 2));
  await expect(page.getByRole('heading', { level: 1, name: es('application.step.name2') })).toBeVisible();
  await page.getByRole('heading', { level: 1, name: es('application.step.name2') }).focus();

  // The survey said "no business": that answer is chosen; only the project's questions follow (docs/decisions/015).
  const no = page.getByRole('radio', { name: es('application.option.no'), exact: true });
  for (let presses = 0; presses < 20 && !(await no.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(no).toBeFocused();
  await expect(no).toBeChecked();
  await tabTo(page, page.getByLabel(fieldLabel(es('application.business.name'))), 'business name');
  await page.keyboard.type('Huertos Altos');
  await tabTo(page, page.getByRole('radio', { name: es('application.business.typePhysical') }), 'business type');
  await page.keyboard.press('Space');
  await tabTo(page, page.getByLabel(fieldLabel(es('application.field.industry'))), 'industry');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel(fieldLabel(es('application.field.industry')))).toHaveValue('11');
  await tabTo(page, page.getByLabel(fieldLabel(es('application.field.website'))), 'website');
  await tabTo(page, page.getByLabel(fieldLabel(es('application.field.social_networks'))), 'social networks');
  await tabTo(page, page.getByRole('button', { name: es('application.step.submit', { step: 2 }) }), 'Submit step 2');
  await page.keyboard.press('Enter');
  // Submitted, the page moves on to step 3.
  await expect(page).toHaveURL(applicationPath(id, 3));
  await expect(indicatorSegment(page, 2)).toContainText(es('application.step.submitted'));
  expect((await stepOf(api, id, 2)).data).toMatchObject({ has_business: false, business_name: 'Huertos Altos', business_type: 'physical', industry: '11' });
});
