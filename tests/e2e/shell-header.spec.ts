// The header on a phone (docs/decisions/016-language-and-small-screens.md): at 360 px the navigation
// and the language switcher fold into a "Menu" button, so the page's <h1> starts near the top; the menu works with
// the keyboard alone, its links work, and axe finds nothing with it open or closed, in Spanish and in English.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { createAccount, menuButton, shotPath, signIn, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

const PHONE = { width: 360, height: 740 };

/** Dismisses the small-screen prompt (it asks once per visit), so what is measured is the header alone. */
async function dismissPrompt(page: Page, locale: Locale): Promise<void> {
  const prompt = page.getByRole('region', { name: t(locale, 'app.smallScreen.title') });
  await prompt.getByRole('button', { name: t(locale, 'app.smallScreen.dismiss') }).click();
  await expect(prompt).toHaveCount(0);
}

/** Where the page's own content begins: the top of the first thing inside <main> (a sub-navigation or the <h1>). */
async function contentTop(page: Page): Promise<number> {
  const box = await page.locator('#main-content > *').first().boundingBox();
  if (!box) throw new Error('no content in <main>');
  return box.y;
}

for (const locale of languagesOf('en')) {
  test(`at 360 px the header is one short row and its menu works with the keyboard (${locale})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    const account = await createAccount(`header-${locale}`, { language: locale });
    await page.goto('/');
    if (locale === 'en') await switchLanguage(page, 'en');
    await signIn(page, account, locale);
    await dismissPrompt(page, locale);
    await page.goto('/panel/programs');
    // The app's first render replaces the drawn frame (docs/decisions/067-the-frame-before-the-app.md): its <h1> says
    // it has, so nothing measured below is the frame's header on its way out.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = menuButton(page);
    const nav = page.getByRole('navigation', { name: t(locale, 'app.header.navLabel') });

    // Closed: the header is one row, the links are out of sight and out of the tab order, the content starts high.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toHaveCount(0);
    const header = await page.getByRole('banner').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(72);
    expect(await contentTop(page)).toBeLessThanOrEqual(100);
    await expectNoAxeViolations(page, `(${locale}, 360 px, menu closed)`);
    await page.screenshot({ path: shotPath(`header-360-closed-${locale}`) });

    // The keyboard alone: the skip link first, then the product name, then the menu button.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: t(locale, 'app.skipLink') })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: locale === 'es' ? 'Español' : 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page, `(${locale}, 360 px, menu open)`);
    await page.screenshot({ path: shotPath(`header-360-open-${locale}`) });

    // Escape closes it and leaves focus on its button; Space opens it again; Tab reaches the first link.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    const panelLink = nav.getByRole('link', { name: t(locale, 'app.header.panel') });
    await expect(panelLink).toBeFocused();
    await page.keyboard.press('Tab');
    const profileLink = nav.getByRole('link', { name: t(locale, 'app.header.profile') });
    await expect(profileLink).toBeFocused();

    // A link works: the profile opens, the menu folds away, and focus moves to the new page's heading.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(heading!.y).toBeLessThanOrEqual(100);

    // Skip link, from a fresh load: straight to the content, past the header.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: t(locale, 'app.skipLink') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });
}

test('at 1280 px there is no menu button: the links and the switcher are in the header row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(menuButton(page)).toBeHidden();
  const nav = page.getByRole('navigation', { name: t('es', 'app.header.navLabel') });
  await expect(nav.getByRole('link', { name: t('es', 'app.header.signIn') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English', exact: true })).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(80);
  await page.screenshot({ path: shotPath('header-1280-es') });
  await switchLanguage(page, 'en');
  await page.screenshot({ path: shotPath('header-1280-en') });
  await expectNoAxeViolations(page, '(en, 1280 px)');
});
