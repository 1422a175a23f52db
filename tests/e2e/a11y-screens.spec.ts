// axe (WCAG 2.0/2.1/2.2 A and AA) on the screens' error states, in Spanish and in English, and at 360 px with the
// small-screen prompt; and the language switcher itself. Every route in both languages and both widths is
// tests/e2e/a11y-sweep.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import {
  createAccount,
  fieldLabel,
  PASSWORD,
  shotPath,
  signIn,
  solveAltchaInBrowser,
  startTheApp,
  submitLogin,
  switchLanguage,
  t,
  toastRegion,
  type Locale,
} from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/**
 * Opens a screen and waits until it is fully drawn (the app has taken it over, the profile's data loaded) before axe
 * looks at it. (The prerendered pages before the app: landing-prerender.spec.ts.)
 */
async function openScreen(page: Page, path: string, locale: Locale): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await startTheApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  if (path === '/profile') await expect(page.getByRole('form', { name: t(locale, 'profile.ssn.title') })).toBeVisible();
  if (path === '/account/create') await expect(page.locator('altcha-widget .altcha')).toBeVisible();
  if (path === '/admin/dashboard') await expect(page.getByRole('region', { name: t(locale, 'admin.dashboard.chart.status') }).getByRole('table')).toBeVisible();
}

/** Sets the language with the header's switcher on the home page (signed out, so no profile is changed). */
async function useLanguage(page: Page, locale: Locale): Promise<void> {
  await page.goto('/');
  if (locale === 'en') await switchLanguage(page, 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

for (const locale of languagesOf('es')) {
  test(`error states have no axe violations (${locale})`, async ({ page }) => {
    // Some ten screens and states, each checked by axe: minutes on a busy machine.
    test.setTimeout(300_000);
    const account = await createAccount(`a11y-errors-${locale}`, { language: locale });
    const other = await createAccount(`a11y-other-${locale}`);
    await useLanguage(page, locale);

    // Login: the form's own check (summary and field errors), then the server's answer (top toast).
    await page.goto('/login');
    await page.getByRole('button', { name: t(locale, 'auth.login.submit'), exact: true }).click();
    await expect(page.locator('#login-errors')).toBeFocused();
    await expectNoAxeViolations(page, `(${locale}, login validation)`);
    await submitLogin(page, locale, { email: account.email, password: 'wrong-password-1' });
    await expect(toastRegion(page, 'top').getByText(t(locale, 'api.error.badCredentials'))).toBeVisible();
    await expectNoAxeViolations(page, `(${locale}, login error toast)`);
    await page.screenshot({ path: shotPath(`a11y-login-error-${locale}`) });

    // Create account: the server's field error on the field and in the summary.
    await page.goto('/account/create');
    await page.getByLabel(fieldLabel(t(locale, 'auth.register.firstName'))).fill('Ana');
    await page.getByLabel(fieldLabel(t(locale, 'auth.register.lastName'))).fill('Rivera');
    await page.getByLabel(fieldLabel(t(locale, 'auth.register.email'))).fill(account.email);
    await page.getByLabel(fieldLabel(t(locale, 'auth.register.password'))).fill(PASSWORD);
    await page.getByLabel(fieldLabel(t(locale, 'auth.register.passwordConfirm'))).fill(PASSWORD);
    await page.getByRole('checkbox', { name: t(locale, 'auth.register.conditions') }).check();
    await solveAltchaInBrowser(page);
    await expectNoAxeViolations(page, `(${locale}, register with a solved captcha)`);
    await page.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
    await expect(page.locator('#register-email-error')).toHaveText(t(locale, 'api.error.emailTaken'));
    await expect(page.locator('#register-errors')).toBeFocused();
    await expectNoAxeViolations(page, `(${locale}, register server error)`);
    await page.screenshot({ path: shotPath(`a11y-register-error-${locale}`), fullPage: true });
    // Every client check at once, too.
    await page.goto('/account/create');
    await page.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
    await expect(page.locator('#register-errors')).toBeFocused();
    await expectNoAxeViolations(page, `(${locale}, register validation)`);

    // Reset: request and confirmation errors.
    await page.goto('/password/reset');
    await page.getByLabel(fieldLabel(t(locale, 'auth.reset.email'))).fill(`${'a'.repeat(250)}@example.com`);
    await page.getByRole('button', { name: t(locale, 'auth.reset.submit') }).click();
    await expect(page.locator('#reset-email-error')).toBeVisible();
    await expectNoAxeViolations(page, `(${locale}, reset request error)`);
    await page.goto('/password/reset/confirm?uid=MQ&token=abc');
    await page.getByLabel(fieldLabel(t(locale, 'auth.resetConfirm.password'))).fill('Nueva-Clave-Larga-9');
    await page.getByLabel(fieldLabel(t(locale, 'auth.resetConfirm.passwordConfirm'))).fill('Nueva-Clave-Larga-9');
    await page.getByRole('button', { name: t(locale, 'auth.resetConfirm.submit') }).click();
    await expect(toastRegion(page, 'top').getByText(t(locale, 'api.reset.invalidLink'))).toBeVisible();
    await expectNoAxeViolations(page, `(${locale}, reset confirm error)`);

    // Profile: a server field error (the e-mail form's wrong password; which addresses have accounts it never says,
    // docs/decisions/046-account-safety.md) and the form's own checks; the SSN form's error.
    await signIn(page, account, locale);
    await openScreen(page, '/profile', locale);
    const emailForm = page.getByRole('form', { name: t(locale, 'profile.email.title') });
    await emailForm.getByLabel(fieldLabel(t(locale, 'profile.email.new'))).fill(other.email);
    await emailForm.getByLabel(fieldLabel(t(locale, 'profile.email.password'))).fill('Not-My-Password-00');
    await emailForm.getByRole('button', { name: t(locale, 'profile.email.save') }).click();
    await expect(page.locator('#email-password-error')).toHaveText(t(locale, 'api.password.currentWrong'));
    await expect(page.locator('#email-errors')).toBeFocused();
    await expectNoAxeViolations(page, `(${locale}, profile server error)`);
    await page.screenshot({ path: shotPath(`a11y-profile-error-${locale}`), fullPage: true });
    const person = page.getByRole('form', { name: t(locale, 'profile.person.title') });
    await person.getByLabel(fieldLabel(t(locale, 'profile.person.firstName'))).fill('');
    await person.getByRole('button', { name: t(locale, 'profile.person.save') }).click();
    await expect(page.locator('#person-first-name-error')).toBeVisible();
    const ssn = page.getByRole('form', { name: t(locale, 'profile.ssn.title') });
    await ssn.getByLabel(fieldLabel(t(locale, 'profile.ssn.label'))).fill('12a');
    await ssn.getByRole('button', { name: t(locale, 'profile.ssn.save') }).click();
    await expect(page.locator('#ssn-last4-error')).toHaveText(t(locale, 'api.field.ssnLast4'));
    await expectNoAxeViolations(page, `(${locale}, profile validation)`);
  });
}

test('at 360 px, with the small-screen prompt shown, screens have no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const prompt = (locale: Locale) => page.getByRole('region', { name: t(locale, 'app.smallScreen.title') });
  for (const path of ['/', '/login', '/account/create', '/password/reset']) {
    await openScreen(page, path, 'es');
    await expect(prompt('es')).toBeVisible();
    await expectNoAxeViolations(page, '(es, 360 px)');
  }
  await page.screenshot({ path: shotPath('a11y-360-reset-es'), fullPage: true });
  await switchLanguage(page, 'en');
  await signIn(page, await createAccount('a11y-360'), 'en');
  for (const path of ['/profile', '/panel/programs', '/']) {
    await openScreen(page, path, 'en');
    await expect(prompt('en')).toBeVisible();
    await expectNoAxeViolations(page, '(en, 360 px)');
  }
  await page.screenshot({ path: shotPath('a11y-360-home-en'), fullPage: true });
});

test('the language switcher sets <html lang>, changes the text and persists across reloads', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  const spanish = page.getByRole('button', { name: 'Español', exact: true });
  const english = page.getByRole('button', { name: 'English', exact: true });
  // Spanish by default (docs/product.md section 9), whatever the browser's language.
  await expect(html).toHaveAttribute('lang', 'es');
  await expect(spanish).toHaveAttribute('aria-pressed', 'true');
  await expect(english).toHaveAttribute('aria-pressed', 'false');
  // Each name is marked up in its own language, so screen readers pronounce it right.
  await expect(spanish).toHaveAttribute('lang', 'es');
  await expect(english).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'home.hero.title'));

  await english.click();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(english).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'home.hero.title'));
  await expect(page).toHaveTitle(`Home | ${t('en', 'app.shortName')}`);
  await page.screenshot({ path: shotPath('home-en') });

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'home.hero.title'));
  await page.goto('/login');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'auth.login.title'));

  await page.getByRole('button', { name: 'Español', exact: true }).click();
  await expect(html).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'auth.login.title'));
  await page.reload();
  await expect(html).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(`${t('es', 'auth.login.title')} | ${t('es', 'app.shortName')}`);
});

test("signing in on a fresh browser follows the profile's language; a choice made on the device wins", async ({ page }) => {
  const account = await createAccount('lang-profile', { language: 'en' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await submitLogin(page, 'es', account);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'panel.programs.title'));
  await expect(page).toHaveTitle(`${t('en', 'panel.programs.title')} | ${t('en', 'app.shortName')}`);
  // Switching here is saved on the device (and in the profile): a reload keeps it.
  await switchLanguage(page, 'es');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'panel.programs.title'));
});
