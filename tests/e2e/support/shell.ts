// Helpers of the SPA-shell browser tests: the locale catalogues, accounts made through the real API (captcha
// solved in Node the way the widget solves it), signing in through the login form, and reading the session record.
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { baseURL } from './ports.ts';
import { uniqueEmail, waitForMail } from './fixtures.ts';

export type Locale = 'es' | 'en';

const catalogue = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

const catalogues: Record<Locale, Record<string, string>> = { es: catalogue('es'), en: catalogue('en') };

/** The text of message `id` in `locale`, with simple `{name}` placeholders filled in (no plural forms). */
export function t(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  const text = catalogues[locale][id];
  if (text === undefined) throw new Error(`no message ${id} in ${locale}.json`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A RegExp matching `text` literally as a substring (for toHaveURL / getByText with special characters). */
export const literal = (text: string): RegExp => new RegExp(escapeRegExp(text));

/**
 * A label's exact text for getByLabel. Required fields' labels end in an aria-hidden '*' that label-text
 * matching still sees, and 'Contraseña' is also part of 'Confirme la contraseña': so match the whole text.
 */
export const fieldLabel = (text: string): RegExp => new RegExp(`^\\s*${escapeRegExp(text)}\\s*\\*?\\s*$`);

/** A phone's browser (Chrome 131 on Android 14), so a second device can be told apart and named in the sessions lists. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';

export const PASSWORD = 'Quetzal-Mango-Lluvia-42';

export interface Account {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  language: Locale;
}

/** A captcha payload as the ALTCHA widget would post it, for accounts the test needs but does not sign up in the UI. */
async function solveCaptcha(base = baseURL): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Creates an account through POST /api/auth/register/ (the real server, or a spec's own at `base`), for tests about
 * what comes after.
 */
export async function createAccount(label: string, overrides: Partial<Account> = {}, base = baseURL): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(label),
    password: PASSWORD,
    first_name: 'Marisol',
    last_name: 'Quiñones',
    language: 'es',
    ...overrides,
  };
  const response = await fetch(`${base}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, conditions: true, captcha: await solveCaptcha(base) }),
  });
  if (response.status !== 201) throw new Error(`register ${response.status}: ${await response.text()}`);
  return account;
}

/** Asks the real server for a reset e-mail and returns the path (with uid and token) of the link it carries. */
export async function resetLinkPath(email: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/password/reset/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 200) throw new Error(`reset request ${response.status}: ${await response.text()}`);
  const mail = await waitForMail(email, (text) => text.includes('/password/reset/confirm?'));
  const match = /https?:\/\/\S+\/password\/reset\/confirm\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** Signs in through the API and returns the access token (for set-up calls the test is not about). */
export async function apiAccessToken(credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access: string }).access;
}

/** Applies to the first open program of the seeded data through the API; returns the application's id. */
export async function startApplication(credentials: { email: string; password: string }): Promise<number> {
  const headers = { authorization: `Bearer ${await apiAccessToken(credentials)}`, 'content-type': 'application/json' };
  const programs = (await (await fetch(`${baseURL}/api/programs?status=open`, { headers })).json()) as {
    results: Array<{ id: number }>;
  };
  const program = programs.results[0];
  if (!program) throw new Error('the seeded data has no open program');
  const response = await fetch(`${baseURL}/api/applications`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ program_id: program.id }),
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`apply ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

export interface StoredUser {
  access: string;
  refresh: string;
  is_staff: boolean;
  [field: string]: unknown;
}

/** The parsed localStorage `user` record, or null. */
export async function storedUser(page: Page): Promise<StoredUser | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('user'));
  return raw === null ? null : (JSON.parse(raw) as StoredUser);
}

/** Fills and sends the login form of the page that is open (it must be /login). */
export async function submitLogin(
  page: Page,
  locale: Locale,
  credentials: { email: string; password: string },
  options: { remember?: boolean } = {},
): Promise<void> {
  await page.getByLabel(fieldLabel(t(locale, 'auth.login.email'))).fill(credentials.email);
  await page.getByLabel(fieldLabel(t(locale, 'auth.login.password'))).fill(credentials.password);
  if (options.remember) await page.getByRole('checkbox', { name: t(locale, 'auth.login.remember') }).check();
  await page.getByRole('button', { name: t(locale, 'auth.login.submit'), exact: true }).click();
}

/**
 * How long signing in may take to leave /login: the profile's language, the session and the next screen's code all
 * load first, and a browser starved of CPU on a busy two-core machine took more than the default 10 s for them.
 */
export const SIGN_IN_MS = 30_000;

/** Opens /login, signs in and waits until the app has left the login page. */
export async function signIn(
  page: Page,
  credentials: { email: string; password: string },
  locale: Locale = 'es',
): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, locale, credentials);
  await expect(page).not.toHaveURL(/\/login/, { timeout: SIGN_IN_MS });
  await expect(page.locator('h1')).toBeVisible({ timeout: SIGN_IN_MS });
}

/** The toast viewport of a position: 'top' (F8, the auth calls) or 'bottom-right' (F9, the rest). */
export function toastRegion(page: Page, position: 'top' | 'bottom-right'): Locator {
  return page.getByRole('region', { name: position === 'top' ? /F8/ : /F9/ });
}

/** Ticks the ALTCHA checkbox (under an SVG, hence force) and waits for the proof of work to be verified. */
export async function solveAltchaInBrowser(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await widget.getByRole('checkbox').click({ force: true });
  await expect(widget.locator('[data-state="verified"]')).toBeVisible();
}

/** Where the screenshots of these tests go (looked at by people, not compared). */
export function shotPath(name: string): string {
  const dir = '/tmp/e2e-shots';
  mkdirSync(dir, { recursive: true });
  return `${dir}/${name}.png`;
}

/**
 * No horizontal scrolling: the page is no wider than its box (the root's clientWidth: on a phone the window may be
 * widened to fit what overflows, the initial containing block is not).
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${clientWidth}px viewport`).toBeLessThanOrEqual(clientWidth);
}

/** The header's "Menu" button, shown under 768 px where the navigation and the switcher fold into it. */
export function menuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^\W*(Menú|Menu)$/ });
}

/** On a narrow screen, opens the header's menu (if it is closed) so its links and switcher can be used. */
export async function openMenuIfFolded(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
  const menu = menuButton(page);
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/**
 * A person arriving on a prerendered public page acts (here a Shift key, which changes nothing on the page), so the
 * app loads (docs/decisions/034-hydrate-on-intent.md); waits until React has taken the page over. For a check of what
 * the app adds to the page (the interest form, the captcha), not of what the prerendered page already shows.
 */
export async function startTheApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

/** Switches the interface language with the header's switcher and waits for <html lang>. */
export async function switchLanguage(page: Page, to: Locale): Promise<void> {
  await openMenuIfFolded(page);
  await page.getByRole('button', { name: to === 'es' ? 'Español' : 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

/** Presses Tab until `target` has focus (a page's controls in their order), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
