// Staff's user administration in the browser (docs/decisions/021): a staff member finds an applicant with an
// accent-insensitive search, grants staff access, then deactivates the account through the confirmation dialog; the
// person, signed in elsewhere, is signed out at once. axe clean in es or en (both: E2E_ALL=1) and at 360 px; the same
// with the keyboard. Staff also end a person's signed-in sessions, one and then all
// (docs/decisions/057-see-your-sessions.md).
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { makeStaff } from './support/admin.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, PHONE_USER_AGENT, shotPath, signIn, switchLanguage, t, type Account, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';
import { readViteManifest } from '../../scripts/vite-manifest.ts';

/** A staff member of this test's own, and an applicant whose last name has an accent and a token only this test uses. */
async function staffAndApplicant(label: string): Promise<{ staff: Account; person: Account; token: string }> {
  const token = Math.random().toString(36).slice(2, 8);
  const staff = await createAccount(`${label}-staff`, { first_name: 'Directora', last_name: `Prueba ${token}` });
  await makeStaff(staff.email);
  const person = await createAccount(`${label}-person`, { first_name: 'Ana', last_name: `Peña ${token}` });
  return { staff, person, token };
}

async function openUsers(page: Page, staff: Account, locale: Locale): Promise<void> {
  await signIn(page, staff, 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.users.title') })).toBeVisible();
}

test('staff find a person without typing the accent, grant staff access, deactivate them: they are signed out at once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { staff, person, token } = await staffAndApplicant('admin-users');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

  // The person is signed in on another device.
  const theirs = await browser.newContext({ locale: 'es-PR' });
  const theirPage = await theirs.newPage();
  await signIn(theirPage, person, 'es');

  await openUsers(page, staff, 'es');
  // 'pena' finds 'Peña' (and the token makes it the only one).
  await page.getByLabel(fieldLabel(es('admin.users.search'))).fill(`pena ${token.toUpperCase()}`);
  await page.getByRole('button', { name: es('admin.users.searchButton') }).click();
  await expect(page.getByText('1 usuario encontrado', { exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/\/admin\/users\?q=pena/);
  await expectNoAxeViolations(page, 'users list (es)');
  await page.screenshot({ path: shotPath('admin-users-list-es'), fullPage: true });
  await page.getByRole('link', { name: `Ana Peña ${token}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Ana Peña ${token}` })).toBeVisible();

  // Grant staff access: the dialog asks first (docs/decisions/036-review-rules.md), then a toast, the facts follow.
  await page.getByRole('button', { name: es('admin.users.grantStaff') }).click();
  const grant = page.getByRole('alertdialog', { name: es('admin.users.confirm.grantStaffTitle', { name: `Ana Peña ${token}` }) });
  await expect(grant).toBeVisible();
  await expectNoAxeViolations(page, 'grant staff dialog (es)');
  await page.screenshot({ path: shotPath('admin-users-grant-dialog-es'), fullPage: true });
  await grant.getByRole('button', { name: es('admin.users.grantStaff') }).click();
  await expect(page.getByText(es('admin.users.done.staffGranted')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: es('admin.users.removeStaff') })).toBeVisible();

  // Deactivate: the dialog asks first; Cancel changes nothing.
  const deactivate = page.getByRole('button', { name: es('admin.users.deactivate') });
  await deactivate.click();
  const dialog = page.getByRole('alertdialog', { name: es('admin.users.confirm.deactivateTitle', { name: `Ana Peña ${token}` }) });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'deactivate dialog (es)');
  await page.screenshot({ path: shotPath('admin-users-dialog-es'), fullPage: true });
  await dialog.getByRole('button', { name: es('ui.confirm.cancel') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(deactivate).toBeFocused();
  await deactivate.click();
  await page.getByRole('alertdialog').getByRole('button', { name: es('admin.users.deactivate') }).click();
  await expect(page.getByText(es('admin.users.done.deactivated')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: es('admin.users.reactivate') })).toBeVisible();
  // The change history names both changes, newest first.
  const history = page.getByRole('region', { name: es('admin.users.audit.title') });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(es('admin.users.audit.deactivated', { who: `Directora Prueba ${token}` }));
  await expectNoAxeViolations(page, 'user detail (es)');
  await page.screenshot({ path: shotPath('admin-users-detail-es'), fullPage: true });

  // The person's next step takes them to the sign-in page: the session ended at once.
  await theirPage.goto('/panel/programs');
  await expect(theirPage).toHaveURL(/\/login/);
  await theirs.close();
});

test('a staff member cannot deactivate themselves: the screen says so and offers no such button', async ({ page }) => {
  const { staff } = await staffAndApplicant('admin-users-self');
  await openUsers(page, staff, 'es');
  await page.getByLabel(fieldLabel(t('es', 'admin.users.search'))).fill(staff.email);
  await page.getByRole('button', { name: t('es', 'admin.users.searchButton') }).click();
  await page.getByRole('link', { name: `Directora ${staff.last_name}` }).click();
  await expect(page.getByText(t('es', 'admin.users.yourself'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('es', 'admin.users.deactivate') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('es', 'admin.users.removeStaff') })).toHaveCount(0);
});

for (const locale of languagesOf('es')) {
  test(`the users list and a user's page have no axe violations at 360 px (${locale})`, async ({ page }) => {
    const { staff, token } = await staffAndApplicant(`admin-users-a11y-${locale}`);
    await page.setViewportSize({ width: 360, height: 800 });
    await openUsers(page, staff, locale);
    await page.getByLabel(fieldLabel(t(locale, 'admin.users.search'))).fill(token);
    await page.getByRole('button', { name: t(locale, 'admin.users.searchButton') }).click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await expectNoAxeViolations(page, `users list (${locale}, 360)`);
    await page.screenshot({ path: shotPath(`admin-users-list-${locale}-360`), fullPage: true });
    await page.getByRole('link', { name: `Ana Peña ${token}` }).click();
    await page.getByRole('button', { name: t(locale, 'admin.users.deactivate') }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, `deactivate dialog (${locale}, 360)`);
    await page.getByRole('alertdialog').getByRole('button', { name: t(locale, 'ui.confirm.cancel') }).click();
    await expectNoAxeViolations(page, `user detail (${locale}, 360)`);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: shotPath(`admin-users-detail-${locale}-360`), fullPage: true });
  });
}

test('search, open a user and deactivate them through the dialog with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const { staff, person, token } = await staffAndApplicant('admin-users-keyboard');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  await openUsers(page, staff, 'es');
  const tabTo = async (target: ReturnType<Page['getByRole']>, what: string) => {
    for (let presses = 0; presses < 60 && !(await target.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(target, `Tab should reach ${what}`).toBeFocused();
  };
  await tabTo(page.getByLabel(fieldLabel(es('admin.users.search'))), 'the search');
  await page.keyboard.type(`PENA ${token}`);
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: `Ana Peña ${token}` });
  await expect(link).toBeVisible();
  await tabTo(link, 'the person');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Ana Peña ${token}` })).toBeFocused();
  const deactivate = page.getByRole('button', { name: es('admin.users.deactivate') });
  await tabTo(deactivate, 'Deactivate');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  // Escape cancels and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deactivate).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(dialog.getByRole('button', { name: es('admin.users.deactivate') }), 'the confirm button');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: es('admin.users.reactivate') })).toBeVisible();
  // The person can no longer sign in.
  const login = await fetch(`${new URL(page.url()).origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  expect(login.status).toBe(401);
});

test("no admin code reaches an applicant's browser, not even at an /admin address: the admin chunk is never loaded nor preloaded", async ({ page }) => {
  const scripts: Array<{ url: string; body: Promise<string> }> = [];
  page.on('response', (response) => {
    // A script answered just before a navigation has no body left in the page: the same file is fetched again.
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), body: response.text().catch(async () => (await page.request.get(response.url())).text()) });
  });
  const person = await createAccount('admin-users-bundle');
  await signIn(page, person, 'es');
  for (const path of ['/panel/programs', '/panel/survey', '/profile']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
  }
  // An admin address typed by an applicant: the staff guard sends them to their panel before any admin code loads.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/panel\/programs$/);
  await expect(page.locator('h1')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(1);
  // Nor does the page ask the browser to preload it.
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of preloads) expect(href).not.toMatch(/AdminRoutes/);
  for (const script of scripts) {
    expect(script.url).not.toMatch(/AdminRoutes|admin-users|UsersPage|UserDetailPage/);
    const body = await script.body;
    // The admin API paths and the admin-action machine live only in the admin chunk.
    expect(body, script.url).not.toContain('/admin/users/{id}/active');
    expect(body, script.url).not.toContain('adminAction');
  }
});

test("the offline shell's precache, which every applicant's phone downloads, holds the panel's screens and no admin screen", async ({ request }) => {
  // The build's own manifest names each module's file (the server serves that build, dist/); the worker's list is read
  // from the worker the browser installs.
  const manifest = readViteManifest(join(process.cwd(), 'dist'));
  const worker = await (await request.get('/sw.js')).text();
  const precached = (key: string) => {
    const file = manifest[key]?.file;
    if (!file) throw new Error(`${key} is not in the build's manifest`);
    return worker.includes(`"${file}"`) || worker.includes(`"/${file}"`);
  };
  expect(precached('src/features/programs/components/ProgramsPage.tsx')).toBe(true);
  expect(precached('src/app/PanelRoutes.tsx')).toBe(true);
  const adminModules = Object.keys(manifest).filter((key) => key === 'src/app/AdminRoutes.tsx' || /^src\/features\/admin-[\w-]+\/components\/\w+Page\.tsx$/.test(key));
  // The layout and each admin screen (events, applications, review, print, programs, drive, dashboard, reports, news, users).
  expect(adminModules.length).toBeGreaterThanOrEqual(12);
  expect(adminModules.filter(precached)).toEqual([]);
});


for (const [locale, width] of [['es', 360], ['en', 1280]] as const) {
  test(`staff see a person's signed-in devices, end one and then all with the keyboard; each device is signed out (${locale}, ${width} px)`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const L = (id: string, values: Record<string, string | number> = {}) => t(locale, id, values);
    const { staff, person, token } = await staffAndApplicant(`admin-user-sessions-${locale}`);
    // The person is signed in on a phone and on a computer.
    const phone = await browser.newContext({ userAgent: PHONE_USER_AGENT });
    const computer = await browser.newContext();
    try {
      const phonePage = await phone.newPage();
      await signIn(phonePage, person, 'es');
      const computerPage = await computer.newPage();
      await signIn(computerPage, person, 'es');

      await page.setViewportSize({ width, height: 800 });
      await openUsers(page, staff, locale);
      await page.getByLabel(fieldLabel(L('admin.users.search'))).fill(token);
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: `Ana Peña ${token}` }).click();
      const section = page.getByRole('region', { name: L('admin.users.sessions.title') });
      const devices = section.getByRole('listitem');
      await expect(devices).toHaveCount(2);
      await section.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, `a person's signed-in devices (${locale}, ${width} px)`);
      await expectNoHorizontalScroll(page);
      await section.screenshot({ path: shotPath(`admin-user-sessions-${locale}-${width}`) });

      // The phone's session, by its device's name, with the keyboard.
      const endPhone = section.getByRole('button', { name: L('admin.users.sessions.endOneLabel', { browser: 'Chrome 131', system: 'Android 14' }) });
      await endPhone.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(L('admin.users.done.sessionEnded')).first()).toBeVisible();
      await expect(devices).toHaveCount(1);
      await phonePage.goto('/panel/programs');
      await expect(phonePage).toHaveURL(/\/login/);
      // The computer is still signed in.
      await computerPage.goto('/profile');
      await expect(computerPage).toHaveURL(/\/profile$/);

      // Then every session: the button after the list, reached with Tab from the last row's.
      const endAll = section.getByRole('button', { name: L('admin.users.sessions.endAll') });
      // The computer's row has one button, labelled with its device's name.
      await devices.getByRole('button').focus();
      await page.keyboard.press('Tab');
      await expect(endAll).toBeFocused();
      await page.keyboard.press('Space');
      await expect(page.getByText(L('admin.users.done.sessionsEnded')).first()).toBeVisible();
      await expect(section.getByText(L('admin.users.sessions.none'))).toBeVisible();
      await expectNoAxeViolations(page, `a person with no sessions (${locale}, ${width} px)`);
      await computerPage.goto('/panel/programs');
      await expect(computerPage).toHaveURL(/\/login/);
      // Both endings are in the person's change history, by the operation's own words.
      const history = page.getByRole('region', { name: L('admin.users.audit.title') });
      const who = `Directora Prueba ${token}`;
      await expect(history.getByText(L('admin.history.op.endAdminUserSession', { who }), { exact: true })).toHaveCount(1);
      await expect(history.getByText(L('admin.history.op.endAdminUserSessions', { who }), { exact: true })).toHaveCount(1);
    } finally {
      await phone.close();
      await computer.close();
    }
  });
}
