// Small screens (docs/product.md section 1): at 360x740 a dismissible prompt asks for a larger screen, a Chromium-based
// browser and rotation; sign-in and the profile still work, with no sideways scrolling. A signed-in screen paints its
// frame and the prompt before the app arrives, and nothing moves when it does (docs/decisions/067-the-frame-before-the-app.md).
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectNoHorizontalScroll,
  fieldLabel,
  openMenuIfFolded,
  shotPath,
  signIn,
  submitLogin,
  switchLanguage,
  t,
  toastRegion,
} from './support/shell.ts';
import { baseURL } from './support/ports.ts';

test.use({ viewport: { width: 360, height: 740 } });

const es = (id: string) => t('es', id);

test('the prompt asks for a larger screen, Chromium and rotation, and can be dismissed', async ({ page }) => {
  await page.goto('/');
  const prompt = page.getByRole('region', { name: es('app.smallScreen.title') });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(es('app.smallScreen.body'));
  // What it asks for, in words a person on a phone recognises.
  await expect(prompt).toContainText('pantalla más grande');
  await expect(prompt).toContainText('Chromium');
  await expect(prompt).toContainText('gire el dispositivo');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: shotPath('small-home-prompt-es') });

  // In English too.
  await switchLanguage(page, 'en');
  const english = page.getByRole('region', { name: t('en', 'app.smallScreen.title') });
  await expect(english).toContainText(t('en', 'app.smallScreen.body'));
  await expect(english).toContainText('larger screen');
  await expect(english).toContainText('Chromium');
  await expect(english).toContainText('rotate the device');
  await switchLanguage(page, 'es');

  await prompt.getByRole('button', { name: es('app.smallScreen.dismiss') }).click();
  await expect(prompt).toBeHidden();
  // Dismissed for the rest of the visit: other pages and a reload do not bring it back.
  await openMenuIfFolded(page);
  await page.getByRole('navigation', { name: es('app.header.navLabel') }).getByRole('link', { name: es('app.header.signIn') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('auth.login.title') })).toBeVisible();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: es('auth.login.title') })).toBeVisible();
  await expect(prompt).toBeHidden();
});

test('the prompt is not shown on a large screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: es('app.smallScreen.title') })).toHaveCount(0);
  // Narrowing the window brings it in without a reload; widening takes it away.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('region', { name: es('app.smallScreen.title') })).toBeVisible();
  // The line is drawn at 768 px (docs/product.md): 767 still asks, 768 does not.
  await page.setViewportSize({ width: 767, height: 740 });
  await expect(page.getByRole('region', { name: es('app.smallScreen.title') })).toBeVisible();
  await page.setViewportSize({ width: 768, height: 740 });
  await expect(page.getByRole('region', { name: es('app.smallScreen.title') })).toHaveCount(0);
});

test('at 360 px, sign-in and the profile work without sideways scrolling', async ({ page }) => {
  const account = await createAccount('small');
  for (const path of ['/', '/login', '/account/create', '/password/reset', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }

  await page.goto('/login');
  await expect(page.getByRole('region', { name: es('app.smallScreen.title') })).toBeVisible();
  await submitLogin(page, 'es', account);
  await expect(page).toHaveURL(/\/panel\/programs$/);
  await expectNoHorizontalScroll(page);

  await openMenuIfFolded(page);
  await page.getByRole('navigation', { name: es('app.header.navLabel') }).getByRole('link', { name: es('app.header.profile') }).click();
  const person = page.getByRole('form', { name: es('profile.person.title') });
  await expect(person.getByLabel(fieldLabel(es('profile.person.firstName')))).toHaveValue(account.first_name);
  await expectNoHorizontalScroll(page);
  await person.getByLabel(fieldLabel(es('profile.person.city'))).fill('Mayagüez');
  await person.getByRole('button', { name: es('profile.person.save') }).click();
  await expect(toastRegion(page, 'bottom-right').getByText(es('profile.person.saved'))).toBeVisible();
  await expectNoHorizontalScroll(page);
  const ssn = page.getByRole('form', { name: es('profile.ssn.title') });
  await ssn.getByLabel(fieldLabel(es('profile.ssn.label'))).fill('9902');
  await ssn.getByRole('button', { name: es('profile.ssn.save') }).click();
  await expect(ssn.getByText('***-**-9902')).toBeVisible();
  await page.screenshot({ path: shotPath('small-profile-es'), fullPage: true });

  // The saved values come back after a reload, still at 360 px.
  await page.reload();
  await expect(page.getByLabel(fieldLabel(es('profile.person.city')))).toHaveValue('Mayagüez');
  await expectNoHorizontalScroll(page);

  // The header's controls all fit and work: sign out.
  await openMenuIfFolded(page);
  await page.getByRole('button', { name: es('app.header.signOut'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoHorizontalScroll(page);
});

for (const [locale, viewport] of [
  ['es', { width: 360, height: 740 }],
  ['en', { width: 1280, height: 800 }],
] as const) {
  test(`a signed-in screen paints its frame before the app, and nothing moves when the app arrives (${locale}, ${viewport.width} px)`, async ({
    browser,
  }) => {
    const account = await createAccount(`frame-${locale}`, { language: locale });
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: 'language', value: locale, url: baseURL }]);
    const page = await context.newPage();
    await page.goto('/login');
    if (locale === 'en') await switchLanguage(page, 'en');
    await signIn(page, account, locale);
    // The layout shifts of the next page load, summed as Lighthouse counts them (none after an input).
    await page.addInitScript(() => {
      (window as unknown as { layoutShift: number }).layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Hold every script: what shows meanwhile is the server's HTML alone, as on a slow phone.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/panel/programs', { waitUntil: 'commit' });
    const prompt = page.getByRole('region', { name: t(locale, 'app.smallScreen.title') });
    await expect(page.getByRole('banner').getByRole('link', { name: t(locale, 'app.name') })).toBeVisible();
    if (viewport.width < 768) await expect(prompt).toBeVisible();
    else await expect(prompt).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t(locale, 'app.loading') })).toBeVisible();
    // The frame's links keep their room but are not offered: it cannot know who is signed in.
    await expect(page.getByRole('navigation', { name: t(locale, 'app.header.navLabel') })).toHaveCount(0);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await page.screenshot({ path: shotPath(`frame-${locale}-${viewport.width}`) });

    release();
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'panel.programs.title') })).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    if (viewport.width >= 768) {
      await expect(page.getByRole('navigation', { name: t(locale, 'app.header.navLabel') }).getByRole('button', { name: t(locale, 'app.header.signOut') })).toBeVisible();
    }
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
}
