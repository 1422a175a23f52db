// One set of rules as people see it (docs/decisions/014-one-set-of-rules.md): errors
// follow a language switch, numbers keep what was typed and say what is wrong, a website without its scheme is
// stored with https://, and every screen with its errors shown passes axe.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { applicationPath, applyTo, createProgram, newApplicant, stepSection } from './support/apply.ts';
import {
  createAccount,
  expectNoHorizontalScroll,
  fieldLabel,
  PASSWORD,
  shotPath,
  signIn,
  solveAltchaInBrowser,
  switchLanguage,
  t,
} from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/** Every error text on screen: the summary's items and the fields' own messages. */
const errorTexts = (page: Page) => page.locator('[id$="-errors"] li, [id$="-error"]').allInnerTexts();

test('on /account/create, errors shown in Spanish are all in English after switching to English', async ({ page }) => {
  await page.goto('/account/create');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByLabel(fieldLabel(t('es', 'auth.register.email'))).fill('ana@');
  await page.getByLabel(fieldLabel(t('es', 'auth.register.password')), { exact: true }).fill('corta');
  await page.getByRole('button', { name: t('es', 'auth.register.submit') }).click();
  await expect(page.locator('#register-errors')).toBeFocused();
  await expect(page.locator('#register-email-error')).toHaveText(t('es', 'api.field.email'));
  await expect(page.locator('#register-password-error')).toHaveText(t('es', 'api.field.minLength', { limit: 8 }));
  await expect(page.locator('#register-first-name-error')).toHaveText(t('es', 'api.field.required'));
  await expectNoAxeViolations(page, 'create account with errors (es)');

  await switchLanguage(page, 'en');
  await expect(page.locator('#register-email-error')).toHaveText(t('en', 'api.field.email'));
  await expect(page.locator('#register-password-error')).toHaveText(t('en', 'api.field.minLength', { limit: 8 }));
  await expect(page.locator('#register-first-name-error')).toHaveText(t('en', 'api.field.required'));
  await expect(page.locator('#register-conditions-error')).toHaveText(t('en', 'api.error.conditions'));
  const shown = await errorTexts(page);
  expect(shown.length).toBeGreaterThan(5);
  const spanish = [t('es', 'api.field.required'), t('es', 'api.field.email'), t('es', 'api.field.minLength', { limit: 8 })];
  expect(shown.filter((text) => spanish.some((message) => text.includes(message)))).toEqual([]);
  await expectNoAxeViolations(page, 'create account with errors (en)');
  await page.screenshot({ path: shotPath('rules-create-account-errors-en'), fullPage: true });
  // At 360 px the same errors wrap and stay readable.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'create account with errors at 360 px (en)');
  await page.screenshot({ path: shotPath('rules-create-account-errors-en-360'), fullPage: true });
});

test("a server's error (an address with an account) follows a language switch too", async ({ page }) => {
  const taken = await createAccount('rules-taken');
  await page.goto('/account/create');
  const es = (id: string) => t('es', id);
  await page.getByLabel(fieldLabel(es('auth.register.firstName'))).fill('Ana');
  await page.getByLabel(fieldLabel(es('auth.register.lastName'))).fill('Rivera');
  await page.getByLabel(fieldLabel(es('auth.register.email'))).fill(taken.email);
  await page.getByLabel(fieldLabel(es('auth.register.password'))).fill(PASSWORD);
  await page.getByLabel(fieldLabel(es('auth.register.passwordConfirm'))).fill(PASSWORD);
  await page.getByRole('checkbox', { name: es('auth.register.conditions') }).check();
  await solveAltchaInBrowser(page);
  await page.getByRole('button', { name: es('auth.register.submit'), exact: true }).click();
  await expect(page.locator('#register-email-error')).toHaveText(es('api.error.emailTaken'));
  await switchLanguage(page, 'en');
  // The server sent the message's id beside its text (Error-Messages): the field and the summary reword it.
  await expect(page.locator('#register-email-error')).toHaveText(t('en', 'api.error.emailTaken'));
  await expect(page.locator('#register-errors')).toContainText(`${t('en', 'auth.register.email')}: ${t('en', 'api.error.emailTaken')}`);
  await expectNoAxeViolations(page, 'create account with a server error (en)');
});

for (const locale of languagesOf('en')) {
  test(`household size keeps "-2", "3.5", "1e3" as typed and says what is wrong (${locale})`, async ({ page }) => {
    const L = (id: string, values?: Record<string, string | number>) => t(locale, id, values);
    const { account, api } = await newApplicant(`rules-household-${locale}`, locale);
    const id = await applyTo(api, await createProgram(`Reglas ${locale}`));
    await signIn(page, account); // a fresh device reads Spanish until it chooses
    await page.goto(applicationPath(id, 3));
    // The device's own choice, so the screen is in this language whatever the profile's rule does meanwhile.
    await switchLanguage(page, locale);
    const size = stepSection(page, 4).getByLabel(fieldLabel(L('application.household.size')));
    const error = page.locator('#step4-household-size-error');
    for (const [typed, message] of [
      ['-2', L('api.field.minimum', { limit: 1 })],
      ['3.5', L('api.field.wholeNumber')],
      ['1e3', L('api.field.wholeNumber')],
      ['abc', L('api.field.wholeNumber')],
    ] as const) {
      await size.fill(typed);
      await expect(size).toHaveValue(typed);
      await expect(error).toHaveText(message);
    }
    await expectNoAxeViolations(page, `household size refused (${locale})`);
    await stepSection(page, 4).screenshot({ path: shotPath(`rules-household-size-${locale}`) });
    // What was typed survives a reload (the local copy), still refused; nothing else was stored on the server.
    await page.reload();
    await expect(size).toHaveValue('abc');
    await expect(error).toHaveText(L('api.field.wholeNumber'));
    const stored = await api.call<{ steps: Array<{ data: Record<string, unknown> }> }>('GET', `/applications/${id}`);
    expect(stored.steps[3]?.data.household_size ?? null).toBeNull();
    await size.fill('4');
    await expect(error).toHaveCount(0);
    await expect
      .poll(async () => (await api.call<{ steps: Array<{ data: Record<string, unknown> }> }>('GET', `/applications/${id}`)).steps[3]?.data.household_size)
      .toBe(4);
  });

  test(`the survey's website: "miempresa.com" is stored as https://miempresa.com, "not a url <script>" refused (${locale})`, async ({ page }) => {
    const L = (id: string, values?: Record<string, string | number>) => t(locale, id, values);
    const { account, api } = await newApplicant(`rules-website-${locale}`, locale);
    await signIn(page, account); // a fresh device reads Spanish until it chooses
    await page.goto('/panel/survey');
    await switchLanguage(page, locale);
    const website = page.getByLabel(fieldLabel(L('survey.form.website')));
    await website.fill('not a url <script>');
    await page.getByRole('button', { name: L('survey.form.save') }).click();
    await expect(page.locator('#survey-errors')).toBeFocused();
    await expect(page.locator('#survey-website-error')).toHaveText(L('api.field.url'));
    await expectNoAxeViolations(page, `survey website refused (${locale})`);
    await page.screenshot({ path: shotPath(`rules-survey-website-${locale}`), fullPage: true });
    await website.fill('miempresa.com');
    await page.getByRole('button', { name: L('survey.form.save') }).click();
    await expect(page.getByRole('heading', { name: L('survey.result.title') })).toBeFocused();
    await expect.poll(async () => (await api.call<{ website: string | null }>('GET', '/me/survey')).website).toBe('https://miempresa.com');
    await page.goto('/panel/survey');
    await expect(page.getByLabel(fieldLabel(L('survey.form.website')))).toHaveValue('https://miempresa.com');
  });

  test(`the profile checks the phone and the ZIP code of a Puerto Rico address before saving (${locale})`, async ({ page }) => {
    const L = (id: string, values?: Record<string, string | number>) => t(locale, id, values);
    const account = await createAccount(`rules-profile-${locale}`, { language: locale });
    await signIn(page, account);
    await page.goto('/profile');
    await switchLanguage(page, locale);
    const phone = page.getByLabel(fieldLabel(L('profile.person.phone')));
    const postal = page.getByLabel(fieldLabel(L('profile.person.postalCode')));
    await phone.fill('call me');
    await page.getByLabel(fieldLabel(L('profile.person.country'))).fill('Puerto Rico');
    await postal.fill('9090');
    await page.getByRole('button', { name: L('profile.person.save') }).click();
    await expect(page.locator('#person-errors')).toBeFocused();
    await expect(page.locator('#person-phone-error')).toHaveText(L('api.field.phone'));
    await expect(page.locator('#person-postal-code-error')).toHaveText(L('api.field.zipCode'));
    await expectNoAxeViolations(page, `profile formats refused (${locale})`);
    await phone.fill('787-555-0123');
    await postal.fill('00901');
    await page.getByRole('button', { name: L('profile.person.save') }).click();
    await expect(page.locator('#person-errors')).toHaveCount(0);
    await expect(phone).toHaveValue('787-555-0123');
  });
}
