// Helpers of the staff-screen browser tests: a staff account of the test's own, the admin event form filled in both
// languages, a visitor registering for an event, axe on a screen in es and en, and reading the dashboard's and the
// HUD report's tables.
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';
import { E2E_SIDE_PORT } from './ports.ts';
import { createAccount, fieldLabel, switchLanguage, t, type Account, type Locale } from './shell.ts';

/**
 * A staff account of the test's own, made staff through the side door. Not the seeded one: a language switch is
 * saved to the account, and a shared account would carry it over into other tests.
 */
export async function newStaff(label: string, names: Partial<Pick<Account, 'first_name' | 'last_name'>> = {}): Promise<Account> {
  const staff = await createAccount(`${label}-staff`, { first_name: 'Coordinadora', last_name: 'De Eventos', ...names });
  await makeStaff(staff.email);
  return staff;
}

/** Gives an existing account staff rights through the side door (an applicant who later joined the staff). */
export async function makeStaff(email: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${E2E_SIDE_PORT}/make-staff?${new URLSearchParams({ email }).toString()}`, { method: 'POST' });
  if (!response.ok) throw new Error(`make-staff ${response.status}`);
}

/** A datetime-local value `days` from now at `hour`:00. */
export const daysAhead = (days: number, hour = 10): string => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
};

/** Fills the admin event form (titles and descriptions in both languages, 12 days ahead, 40 places). */
export async function fillEvent(page: Page, locale: Locale, titleEs: string, titleEn: string): Promise<void> {
  const label = (id: string) => page.getByLabel(fieldLabel(t(locale, id)), { exact: true });
  await label('admin.events.form.titleEs').fill(titleEs);
  await label('admin.events.form.titleEn').fill(titleEn);
  await label('admin.events.form.descriptionEs').fill('Cómo preparar su plan de negocios.');
  await label('admin.events.form.descriptionEn').fill('How to prepare your business plan.');
  await label('admin.events.form.startsAt').fill(daysAhead(12));
  await label('admin.events.form.endsAt').fill(daysAhead(12, 12));
  await label('admin.events.form.place').fill('Caguas');
  await label('admin.events.form.capacity').fill('40');
}

/**
 * axe on the screen as it is in `from`, then again after the shell's language switcher turned it into the other
 * language, and back. `shown(locale)` is something the screen shows only once drawn in that language.
 */
export async function expectNoAxeViolationsInBoth(page: Page, context: string, shown: (locale: Locale) => Locator, from: Locale = 'es'): Promise<void> {
  const other: Locale = from === 'es' ? 'en' : 'es';
  await expect(shown(from)).toBeVisible();
  await expectNoAxeViolations(page, `${context} (${from})`);
  await switchLanguage(page, other);
  await expect(shown(other)).toBeVisible();
  await expectNoAxeViolations(page, `${context} (${other})`);
  await switchLanguage(page, from);
  await expect(shown(from)).toBeVisible();
}

export interface Visitor {
  name: string;
  email: string;
  phone: string;
  howHeard: 'social' | 'recommendation';
}

/**
 * A visitor who is not signed in (a browser context of their own, in Spanish) registers on the event's public page
 * /submission/:id with the mouse and keyboard, the ALTCHA widget solving its proof of work, and reads "registered".
 */
export async function registerAsVisitor(browser: Browser, eventId: number, eventTitle: string, visitor: Visitor): Promise<void> {
  const context = await browser.newContext({ locale: 'es-PR' });
  const page = await context.newPage();
  const es = (id: string) => t('es', id);
  await page.goto(`/submission/${eventId}`);
  await expect(page.getByRole('heading', { level: 2, name: eventTitle })).toBeVisible();
  await page.getByLabel(fieldLabel(es('events.form.name'))).fill(visitor.name);
  await page.getByLabel(fieldLabel(es('events.form.email'))).fill(visitor.email);
  await page.getByLabel(fieldLabel(es('events.form.phone'))).fill(visitor.phone);
  await page.getByLabel(fieldLabel(es('events.form.howHeard'))).selectOption(visitor.howHeard);
  await page.getByRole('checkbox', { name: es('events.form.conditions') }).click();
  const widget = page.locator('altcha-widget');
  await widget.getByRole('checkbox').click({ force: true });
  await expect(widget.locator('[data-state="verified"]')).toBeVisible();
  await page.getByRole('button', { name: es('events.form.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: es('events.form.registered') })).toBeVisible();
  await context.close();
}

// ---- the dashboard and the HUD report ------------------------------------------------------------------------

/** One of the dashboard's charts: a region named by the chart, with its table of figures. */
export const dashboardChart = (page: Page, locale: Locale, id: string): Locator => page.getByRole('region', { name: t(locale, `admin.dashboard.chart.${id}`) });

/** The count cell of the table row whose header is `label`. */
export const countOf = (region: Locator, label: string): Locator =>
  region.getByRole('row').filter({ has: region.page().getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');

/** The HUD report's race x ethnicity row of `race` (its cells: Hispanic, not Hispanic, unknown, total). */
export const hudRaceRow = (page: Page, locale: Locale, race: string): Locator =>
  page
    .getByRole('table', { name: t(locale, 'admin.hud.section.race') })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: t(locale, `admin.hud.race.${race}`), exact: true }) });

/** The HUD report's household count as the catalog's plural words it (which t() does not format). */
export const householdsCounted = (locale: Locale, count: number): string =>
  locale === 'es' ? (count === 1 ? '1 hogar contado.' : `${count} hogares contados.`) : count === 1 ? '1 household counted.' : `${count} households counted.`;
