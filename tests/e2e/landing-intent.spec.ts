// Hydrate on intent (docs/decisions/034-hydrate-on-intent.md): a prerendered public page loads only the boot script
// (src/app/boot.ts) until the person acts, and nothing they do while the app arrives is lost. Each test holds the
// app's entry (page.route) so the person acts before React has hydrated, checks the page meanwhile, then lets it in.
import { expect, test, type Page } from '@playwright/test';
import { createAccount, fieldLabel, literal, menuButton, SIGN_IN_MS, signIn, storedUser, t } from './support/shell.ts';

/** The built app entry (dist/assets/index-<hash>.js), the one script the boot script imports. */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

interface HeldApp {
  /** Whether the boot script has asked for the app's entry. */
  requested: () => boolean;
  /** Lets the entry's response through. */
  release: () => void;
}

/** Holds the app's entry until `release()`: the page stays as prerendered however long the test acts on it. */
async function holdTheApp(page: Page): Promise<HeldApp> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(APP_ENTRY, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { requested: () => requested, release };
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]');

/** The page is still the prerendered one, and the person's act asked for the app. */
async function expectAppAskedNotArrived(page: Page, app: HeldApp): Promise<void> {
  await expect.poll(app.requested).toBe(true);
  await expect(hydrated(page)).toHaveCount(0);
}

test('nothing loads the app until the person acts; a pointer moving over the page is enough', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'home.hero.title'));
  // The open interest form is already on the page the server sent (landing-prerender.spec.ts), before any act.
  const interest = page.getByRole('region', { name: t('es', 'home.interest.title') });
  await expect(interest.getByRole('textbox', { name: fieldLabel(t('es', 'events.form.name')) })).toBeVisible();
  expect(app.requested()).toBe(false);
  await page.mouse.move(200, 300);
  await page.mouse.move(210, 320);
  await expectAppAskedNotArrived(page, app);
  app.release();
  await expect(hydrated(page)).toHaveCount(1);
});

test('e-mail and password typed, and Enter pressed, before the app arrived: signed in', async ({ page }) => {
  const account = await createAccount('intent-login');
  const app = await holdTheApp(page);
  await page.goto('/login');
  const email = page.getByLabel(fieldLabel(t('es', 'auth.login.email')));
  const password = page.getByLabel(fieldLabel(t('es', 'auth.login.password')));
  await email.fill(account.email);
  await password.fill(account.password);
  await password.press('Enter');
  await expectAppAskedNotArrived(page, app);
  // Still the prerendered page: the text stays where it was typed, nothing was sent the browser's way.
  await expect(page).toHaveURL(/\/login$/);
  await expect(email).toHaveValue(account.email);
  app.release();
  await expect(page).toHaveURL(/\/panel\/programs$/, { timeout: SIGN_IN_MS });
  expect((await storedUser(page))?.access).toBeTruthy();
});

test('typed text and focus stay across hydration, and the form sends what was typed', async ({ page }) => {
  const account = await createAccount('intent-typed');
  const app = await holdTheApp(page);
  await page.goto('/login');
  const email = page.getByLabel(fieldLabel(t('es', 'auth.login.email')));
  const password = page.getByLabel(fieldLabel(t('es', 'auth.login.password')));
  await email.fill(account.email);
  await password.fill(account.password);
  await expectAppAskedNotArrived(page, app);
  app.release();
  await expect(hydrated(page)).toHaveCount(1);
  await expect(password).toBeFocused();
  await expect(email).toHaveValue(account.email);
  await expect(password).toHaveValue(account.password);
  await page.getByRole('button', { name: t('es', 'auth.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/programs$/, { timeout: SIGN_IN_MS });
});

for (const path of ['/', '/login', '/account/create', '/password/reset']) {
  test(`${path}: the app takes over the very input nodes typed into, with no error (no page rendered afresh)`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const app = await holdTheApp(page);
    await page.goto(path);
    const field = page.getByRole('textbox').first();
    await field.fill('Marisol');
    await field.evaluate((input) => input.setAttribute('data-typed-before', ''));
    await expectAppAskedNotArrived(page, app);
    app.release();
    await expect(hydrated(page)).toHaveCount(1);
    // A fresh render would have replaced the node (and dropped the mark and the text).
    await expect(page.locator('[data-typed-before]')).toHaveValue('Marisol');
    await expect(page.locator('[data-typed-before]')).toBeFocused();
    expect(errors).toEqual([]);
  });
}

test('the language switcher pressed before the app arrived switches once it has', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expectAppAskedNotArrived(page, app);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  app.release();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'home.hero.title'));
  await expect(page.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('the menu pressed on a phone before the app arrived opens once it has', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const app = await holdTheApp(page);
  await page.goto('/');
  const menu = menuButton(page);
  await menu.click();
  await expectAppAskedNotArrived(page, app);
  app.release();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: t('es', 'app.header.navLabel') })).toBeVisible();
});

test('the terms box ticked before the app arrived is ticked after, and React owns it', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/account/create');
  const conditions = page.getByRole('checkbox', { name: literal(t('es', 'auth.register.conditions')) });
  await conditions.click();
  await expectAppAskedNotArrived(page, app);
  // Shown ticked at once, tick mark and all, as the person expects.
  const tick = conditions.locator('svg');
  await expect(conditions).toBeChecked();
  await expect(tick).toBeVisible();
  app.release();
  await expect(hydrated(page)).toHaveCount(1);
  await expect(conditions).toBeChecked();
  await expect(tick).toBeVisible();
  // The app's state agrees with what is shown: one more click clears it, and one more ticks it again.
  await conditions.click();
  await expect(conditions).not.toBeChecked();
  await expect(tick).toBeHidden();
  await conditions.click();
  await expect(conditions).toBeChecked();
  await expect(tick).toBeVisible();
});

test('a stored session loads the app at once, with no act, and the landing page is the signed-in one', async ({ page }) => {
  const account = await createAccount('intent-session');
  await signIn(page, account);
  await page.goto('/');
  await expect(hydrated(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: t('es', 'home.hero.goToPanel') })).toBeVisible();
});
