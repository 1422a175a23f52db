// Staff's news in the browser (docs/decisions/022-admin-events.md): staff writes an article in both languages with the
// live preview, saves it as a draft (applicants do not see it), publishes it (an applicant reads it at /panel/news),
// and deletes it after confirming. axe clean in es and en.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { E2E_SIDE_PORT } from './support/ports.ts';
import { createAccount, fieldLabel, shotPath, signIn, switchLanguage, t, type Account } from './support/shell.ts';

async function staffAccount(label: string): Promise<Account> {
  const staff = await createAccount(`${label}-staff`, { first_name: 'Editora', last_name: 'De Noticias' });
  const response = await fetch(`http://127.0.0.1:${E2E_SIDE_PORT}/make-staff?${new URLSearchParams({ email: staff.email }).toString()}`, { method: 'POST' });
  if (!response.ok) throw new Error(`make-staff ${response.status}`);
  return staff;
}

test('staff writes news with a preview, publishes it for applicants, and deletes it after confirming', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const staff = await staffAccount('admin-news');
  const token = Math.random().toString(36).slice(2, 7);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

  await signIn(page, staff, 'es');
  await page.getByRole('link', { name: es('admin.nav.news') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('admin.news.title') })).toBeVisible();
  await page.getByRole('link', { name: es('admin.news.new') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('admin.news.new') })).toBeVisible();

  // No title in either language: the server says so at the fields.
  await page.getByRole('button', { name: es('admin.news.form.create') }).click();
  await expect(page.locator('#news-errors')).toBeFocused();
  await expect(page.locator('#news-errors')).toContainText(es('api.admin.news.titleRequired'));

  await page.getByLabel(fieldLabel(es('admin.news.form.titleEs')), { exact: true }).fill(`Convocatoria ${token}`);
  await page.getByLabel(fieldLabel(es('admin.news.form.bodyEs')), { exact: true }).fill('Solicite **antes del viernes**.\n\n<script>alert(1)</script>');
  await page.getByLabel(fieldLabel(es('admin.news.form.titleEn')), { exact: true }).fill(`Call ${token}`);
  // The preview renders the Markdown as applicants will read it, raw HTML as text.
  const preview = page.getByRole('region', { name: es('admin.news.previewEs') });
  await expect(preview.locator('strong')).toHaveText('antes del viernes');
  await expect(preview).toContainText('<script>alert(1)</script>');
  await expectNoAxeViolations(page, 'news editor (es)');
  await page.getByRole('button', { name: es('admin.news.form.create') }).click();
  await expect(page.getByText(es('admin.news.done.created')).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/news\/\d+$/);
  const newsId = Number(/news\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByText(es('admin.news.draftNote'))).toBeVisible();

  // A draft: an applicant does not find it.
  const applicant = await createAccount('admin-news-reader');
  const reader = await browser.newContext({ locale: 'es-PR' });
  const readerPage = await reader.newPage();
  await signIn(readerPage, applicant, 'es');
  await readerPage.goto(`/panel/news/${newsId}`);
  await expect(readerPage.getByRole('heading', { level: 1, name: es('panel.news.notFoundTitle') })).toBeVisible();

  // Published: now they read it.
  await page.getByRole('button', { name: es('admin.news.publish') }).click();
  await expect(page.getByText(es('admin.news.done.published')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: es('admin.news.unpublish') })).toBeVisible();
  await readerPage.goto(`/panel/news/${newsId}`);
  await expect(readerPage.getByRole('heading', { level: 1, name: `Convocatoria ${token}` })).toBeVisible();
  await expect(readerPage.locator('article strong')).toHaveText('antes del viernes');
  await reader.close();

  // Delete: the dialog asks first.
  await page.getByRole('button', { name: es('admin.news.delete') }).click();
  const dialog = page.getByRole('alertdialog', { name: es('admin.news.confirmDeleteTitle') });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'delete dialog (es)');
  await dialog.getByRole('button', { name: es('admin.news.delete') }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByText(es('admin.news.done.deleted')).first()).toBeVisible();
  await page.screenshot({ path: shotPath('admin-news-es'), fullPage: true });
});

test('the news screens have no axe violations in English', async ({ page }) => {
  const staff = await staffAccount('admin-news-en');
  await signIn(page, staff, 'es');
  await switchLanguage(page, 'en');
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'admin.news.title') })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page, 'news list (en)');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: t('en', 'admin.news.preview') })).toBeVisible();
  await expectNoAxeViolations(page, 'news editor (en)');
  await page.screenshot({ path: shotPath('admin-news-editor-en'), fullPage: true });
});
