// Route guards, redirects, titles and focus of the SPA shell (issue "The SPA shell", test 3; docs/product.md section 2).
import { expect, test, type Page } from '@playwright/test';
import { newStaff } from './support/admin.ts';
import { createAccount, signIn, startApplication, storedUser, submitLogin, switchLanguage, t, type Account } from './support/shell.ts';

let applicant: Account;
/** An application of the applicant's, so the application routes show a real one. */
let rid: number;

test.beforeAll(async () => {
  applicant = await createAccount('guards');
  rid = await startApplication(applicant);
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens `path` with a full page load and waits until the app settled on `expected` (a redirect or the page). */
async function expectLandsOn(page: Page, path: string, expected: RegExp): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(expected);
  await expect(h1(page)).toBeVisible();
}

test('signed out, every protected page sends to /login and signing in comes back to it', async ({ page }) => {
  const cases: Array<{ path: string; next: string; back: RegExp; title: string; staff?: boolean }> = [
    // The index redirects (/panel -> programs, /admin -> events) may run before the guard: either is the page asked for.
    { path: '/panel', next: '%2Fpanel(%2Fprograms)?', back: /\/panel\/programs$/, title: 'panel.programs.title' },
    { path: '/panel/programs/my', next: '%2Fpanel%2Fprograms%2Fmy', back: /\/panel\/programs\/my$/, title: 'panel.myPrograms.title' },
    { path: '/profile', next: '%2Fprofile', back: /\/profile$/, title: 'profile.page.title' },
    { path: '/admin', next: '%2Fadmin(%2Fevents)?', back: /\/admin\/events$/, title: 'admin.events.title', staff: true },
  ];
  // Staff accounts of the test's own: a shared one may have been switched to English by another test's profile.
  const staff = await newStaff('guards-signed-out');
  for (const item of cases) {
    await expectLandsOn(page, item.path, new RegExp(`/login\\?next=${item.next}$`));
    await expect(h1(page)).toHaveText(t('es', 'auth.login.title'));
    await submitLogin(page, 'es', item.staff ? staff : applicant);
    await expect(page).toHaveURL(item.back);
    // The guard's redirect is a route change too: focus lands on the new page's heading.
    await expect(h1(page)).toHaveText(t('es', item.title));
    await expect(h1(page)).toBeFocused();
    await page.getByRole('button', { name: t('es', 'app.header.signOut'), exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});

test('signed-in applicant: /login, /admin and the panel redirects', async ({ page }) => {
  await signIn(page, applicant);
  await expectLandsOn(page, '/login', /\/panel\/programs$/);
  await expectLandsOn(page, '/admin', /\/panel\/programs$/);
  await expectLandsOn(page, '/admin/users', /\/panel\/programs$/);
  await expectLandsOn(page, '/panel', /\/panel\/programs$/);
  await expectLandsOn(page, '/panel/unknown', /\/panel\/programs$/);
  await expectLandsOn(page, '/panel/unknown/deeper/path', /\/panel\/programs$/);
  // Steps 4 and 5 are sections of the step-3 screen (a fragment may point at the section).
  await expectLandsOn(page, `/panel/application/${rid}/4`, new RegExp(`/panel/application/${rid}/3(#step-4)?$`));
  await expect(page).toHaveTitle(`${t('es', 'panel.application.title')} | ${t('es', 'app.shortName')}`);
  await expectLandsOn(page, `/panel/application/${rid}/5`, new RegExp(`/panel/application/${rid}/3(#step-5)?$`));
  await expectLandsOn(page, `/panel/application/${rid}/6`, new RegExp(`/panel/application/${rid}/6$`));
  // `next` only ever leads inside the portal: an address elsewhere falls back to the person's home.
  await expectLandsOn(page, '/login?next=%2Fprofile', /\/profile$/);
  await expectLandsOn(page, '/login?next=%2F%2Fevil.example%2Fx', /\/panel\/programs$/);
});

test('signed-in staff: /login and /admin go to /admin/events', async ({ page }) => {
  await signIn(page, await newStaff('guards-signed-in'));
  await expect(page).toHaveURL(/\/admin\/events$/);
  expect((await storedUser(page))?.is_staff).toBe(true);
  await expectLandsOn(page, '/login', /\/admin\/events$/);
  await expectLandsOn(page, '/admin', /\/admin\/events$/);
  await expect(h1(page)).toHaveText(t('es', 'admin.events.title'));
  // Staff may open the panel too; it is not staff-only.
  await expectLandsOn(page, '/panel', /\/panel\/programs$/);
});

test('/register goes to /account/create, and unknown addresses show the not-found page', async ({ page }) => {
  await expectLandsOn(page, '/register', /\/account\/create$/);
  await expect(h1(page)).toHaveText(t('es', 'auth.register.title'));
  await expectLandsOn(page, '/no/such/page', /\/no\/such\/page$/);
  await expect(h1(page)).toHaveText(t('es', 'app.notFound.title'));
  await expect(page).toHaveTitle(`${t('es', 'app.notFound.title')} | ${t('es', 'app.shortName')}`);
});

test("titles read '{title} | short name' in both languages", async ({ page }) => {
  // Its own account: switching the language while signed in saves it in the profile, and the next
  // sign-in on a fresh browser follows the profile's language.
  const account = await createAccount('titles');
  const own = await startApplication(account);
  await signIn(page, account);
  const pages = [
    { path: '/', id: 'home.page.title', en: 'Home' },
    { path: '/account/create', id: 'auth.register.title', en: 'Create Account' },
    { path: `/panel/application/${own}/1`, id: 'panel.application.title', en: 'Applying' },
    { path: '/panel/programs/my', id: 'panel.myPrograms.title', en: 'My Programs' },
  ];
  for (const item of pages) {
    await expectLandsOn(page, item.path, new RegExp(`${item.path.replace(/\//g, '\\/')}$`));
    await expect(page).toHaveTitle(`${t('es', item.id)} | ${t('es', 'app.shortName')}`);
  }
  // The switcher changes the title of the page on screen at once, and every page after it.
  await switchLanguage(page, 'en');
  await expect(page).toHaveTitle('My Programs | Incubator');
  for (const item of pages) {
    await expectLandsOn(page, item.path, new RegExp(`${item.path.replace(/\//g, '\\/')}$`));
    await expect(page).toHaveTitle(`${item.en} | ${t('en', 'app.shortName')}`);
  }
});

test('focus moves to the main heading after each route change', async ({ page }) => {
  await page.goto('/');
  await expect(h1(page)).toBeVisible();
  const nav = page.getByRole('navigation', { name: t('es', 'app.header.navLabel') });

  await nav.getByRole('link', { name: t('es', 'app.header.signIn') }).click();
  await expect(h1(page)).toHaveText(t('es', 'auth.login.title'));
  await expect(h1(page)).toBeFocused();

  await page.getByRole('link', { name: t('es', 'auth.login.forgotPassword') }).click();
  await expect(h1(page)).toHaveText(t('es', 'auth.reset.title'));
  await expect(h1(page)).toBeFocused();

  await page.getByRole('link', { name: t('es', 'auth.reset.backToLogin') }).click();
  await expect(h1(page)).toHaveText(t('es', 'auth.login.title'));
  await expect(h1(page)).toBeFocused();

  await submitLogin(page, 'es', applicant);
  await expect(h1(page)).toHaveText(t('es', 'panel.programs.title'));
  await expect(h1(page)).toBeFocused();

  await page.getByRole('navigation', { name: t('es', 'panel.nav.label') }).getByRole('link', { name: t('es', 'panel.nav.myPrograms') }).click();
  await expect(h1(page)).toHaveText(t('es', 'panel.myPrograms.title'));
  await expect(h1(page)).toBeFocused();
  await expect(page).toHaveTitle(`${t('es', 'panel.myPrograms.title')} | ${t('es', 'app.shortName')}`);

  await page.getByRole('link', { name: t('es', 'app.name') }).click();
  await expect(h1(page)).toHaveText(t('es', 'home.hero.title'));
  await expect(h1(page)).toBeFocused();
});
