// News in the panel: the list and an article in Spanish and English, the other language shown
// (and marked) when an item has none in the reader's, a safe Markdown body, drafts hidden, axe clean in es, en and at
// 360 px, and the keyboard alone. The demo seed (server/news/seed.ts) provides the items.
import { expect, test, type Page } from '@playwright/test';
import { demoNews } from '#server/news/seed.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { createAccount, expectNoHorizontalScroll, shotPath, signIn, switchLanguage, t, type Locale } from './support/shell.ts';

const [accelerator, workshop, spanishOnly, , draft] = demoNews(new Date());

async function openNewsList(page: Page, locale: Locale): Promise<void> {
  await page.getByRole('navigation', { name: t(locale, 'panel.nav.label') }).getByRole('link', { name: t(locale, 'panel.nav.news') }).click();
  await expect(page).toHaveURL(/\/panel\/news$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'panel.news.title'));
  await expect(page.getByText(t(locale, 'app.loading'))).toHaveCount(0);
}

for (const locale of ['es', 'en'] as const) {
  test(`an applicant reads the news list and an article in ${locale}`, async ({ page }) => {
    const account = await createAccount(`news-${locale}`);
    await signIn(page, account);
    if (locale === 'en') await switchLanguage(page, 'en');
    await openNewsList(page, locale);
    const title = (item: typeof accelerator) => (locale === 'es' ? item?.title_es : item?.title_en) ?? '';
    const items = page.getByRole('main').getByRole('article');
    await expect(items.first()).toContainText(title(accelerator));
    await expect(items.nth(1)).toContainText(title(workshop));
    await expect(page.getByRole('main')).not.toContainText(draft?.title_es ?? 'x');
    await expect(page.getByRole('main')).not.toContainText(draft?.title_en ?? 'x');
    // The Spanish-only item: in Spanish for everyone; English readers are told why.
    const fallback = items.filter({ hasText: spanishOnly?.title_es ?? '' });
    await expect(fallback.getByRole('heading')).toHaveAttribute('lang', 'es');
    if (locale === 'en') await expect(fallback).toContainText(t('en', 'panel.news.onlySpanish'));
    else await expect(fallback).not.toContainText(t('es', 'panel.news.onlySpanish'));
    await expectNoAxeViolations(page, `news list ${locale}`);
    await page.screenshot({ path: shotPath(`news-list-${locale}`), fullPage: true });

    await page.getByRole('link', { name: title(accelerator) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title(accelerator));
    await expect(page).toHaveTitle(`${t(locale, 'panel.news.articleTitle')} | ${t(locale, 'app.shortName')}`);
    const body = page.getByRole('main').getByRole('article');
    // Markdown rendered: emphasis, a list, a link into the panel.
    await expect(body.locator('strong')).toHaveText(locale === 'es' ? 'aceleradora' : 'accelerator');
    await expect(body.getByRole('listitem')).toHaveCount(2);
    await expect(body.getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoAxeViolations(page, `news article ${locale}`);
    await page.screenshot({ path: shotPath(`news-article-${locale}`), fullPage: true });

    await page.getByRole('link', { name: t(locale, 'panel.news.back') }).click();
    await page.getByRole('link', { name: spanishOnly?.title_es ?? '' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanishOnly?.title_es ?? '');
    await expect(page.getByRole('main').locator('[lang="es"]').last()).toContainText(spanishOnly?.body_es ?? '');
    if (locale === 'en') await expect(page.getByRole('main')).toContainText(t('en', 'panel.news.onlySpanish'));
    await expectNoAxeViolations(page, `news fallback article ${locale}`);
  });
}

test('news at 360 px: no sideways scrolling, axe clean', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const account = await createAccount('news-phone');
  await signIn(page, account);
  await page.goto('/panel/news');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'news list 360 px');
  await page.screenshot({ path: shotPath('news-list-360'), fullPage: true });
  await page.getByRole('link', { name: accelerator?.title_es ?? '' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(accelerator?.title_es ?? '');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'news article 360 px');
});

test('the keyboard alone opens an article and comes back; a draft or unknown item reads as not found', async ({ page }) => {
  const account = await createAccount('news-keyboard');
  await signIn(page, account);
  await page.goto('/panel/news');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  const first = page.getByRole('link', { name: accelerator?.title_es ?? '' });
  for (let presses = 0; presses < 30 && !(await first.evaluate((link) => link === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(accelerator?.title_es ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const back = page.getByRole('link', { name: t('es', 'panel.news.back') });
  for (let presses = 0; presses < 30 && !(await back.evaluate((link) => link === document.activeElement)); presses += 1) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/panel\/news$/);

  for (const path of ['/panel/news/999999', '/panel/news/abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'panel.news.notFoundTitle'));
  }
  await expectNoAxeViolations(page, 'news not found');
  // Unknown panel paths still go to programs.
  await page.goto('/panel/nothing-here');
  await expect(page).toHaveURL(/\/panel\/programs$/);
});
