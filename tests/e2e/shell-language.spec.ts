// One language rule on every page (docs/decisions/016-language-and-small-screens.md): the choice
// made on this device, else the signed-in profile's language, else Spanish; the switcher shows the language in force.
import { expect, test, type Page } from '@playwright/test';
import { apiAccessToken, createAccount, submitLogin, switchLanguage, t, type Locale } from './support/shell.ts';
import { baseURL } from './support/ports.ts';

/** The page is in `locale`: <html lang>, its <h1> text, and the switcher's pressed button. */
async function expectLanguage(page: Page, locale: Locale, heading: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, heading));
  const name = locale === 'es' ? 'Español' : 'English';
  await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test("with no choice on the device, every page follows the profile's language, after sign-in and after a reload", async ({ page }) => {
  const account = await createAccount('lang-rule', { language: 'en' });
  await page.goto('/login');
  await expectLanguage(page, 'es', 'auth.login.title');
  await submitLogin(page, 'es', account);
  await expectLanguage(page, 'en', 'panel.programs.title');

  await page.goto('/');
  await expectLanguage(page, 'en', 'home.hero.title');
  await page.reload();
  await expectLanguage(page, 'en', 'home.hero.title');
  await page.goto('/panel');
  await expectLanguage(page, 'en', 'panel.programs.title');
  // Nothing was chosen on this device: signing in with the profile's language did not store a choice.
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBeNull();

  // Signed out, with no choice on the device: Spanish again.
  await page.getByRole('button', { name: t('en', 'app.header.signOut'), exact: true }).click();
  await expectLanguage(page, 'es', 'home.hero.title');
});

test('the profile language changed on another device is followed here on every page', async ({ page }) => {
  const account = await createAccount('lang-elsewhere', { language: 'es' });
  await page.goto('/login');
  await submitLogin(page, 'es', account);
  await expectLanguage(page, 'es', 'panel.programs.title');

  // Another device saves English in the profile.
  const response = await fetch(`${baseURL}/api/me`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await apiAccessToken(account)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en' }),
  });
  expect(response.status).toBe(200);

  await page.goto('/');
  await expectLanguage(page, 'en', 'home.hero.title');
  await page.goto('/panel');
  await expectLanguage(page, 'en', 'panel.programs.title');
});

test('a choice made on the device wins over the profile, on every page and after a reload', async ({ page }) => {
  const account = await createAccount('lang-device', { language: 'en' });
  await page.goto('/');
  await switchLanguage(page, 'es');
  await page.goto('/login');
  await submitLogin(page, 'es', account);
  await expectLanguage(page, 'es', 'panel.programs.title');
  await page.goto('/');
  await expectLanguage(page, 'es', 'home.hero.title');
  await page.reload();
  await expectLanguage(page, 'es', 'home.hero.title');

  // Switching to English while signed in is also a device choice; it holds on every page.
  await switchLanguage(page, 'en');
  await page.goto('/panel');
  await expectLanguage(page, 'en', 'panel.programs.title');
  await page.goto('/');
  await expectLanguage(page, 'en', 'home.hero.title');
});
