// Long words wrap everywhere: at 360 px, a word of 150-200 characters that a person typed (a
// business name, their own name, a city) never makes a page wider than the phone, in the answers, lists, forms and toasts.
import { expect, test, type Page } from '@playwright/test';
import { applicationPath, applyTo, completeStepData, newApplicant, saveStep, seededPrograms } from './support/apply.ts';
import { expectNoHorizontalScroll, shotPath, signIn, submitLogin, t, toastRegion } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

test.use({ viewport: { width: 360, height: 740 } });

/** One unbroken "word", as a person pasting a long identifier or a name without spaces would type it. */
const longWord = (length: number): string => 'Supercalifragilisticoespialidoso'.repeat(10).slice(0, length);

async function expectFits(page: Page, shot: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: shotPath(shot), fullPage: true });
}

for (const locale of languagesOf('es')) {
  test(`a 200-character word fits the phone on check answers, programs and the profile (${locale})`, async ({ page }) => {
    const { account, api } = await newApplicant(`long-words-${locale}`, locale);
    const name = longWord(150);
    await api.call('PATCH', '/me', { first_name: name, last_name: name, city: longWord(100) });
    const id = await applyTo(api, seededPrograms.incubator.id);
    await saveStep(api, id, 1, { ...completeStepData[1], first_name: name, last_name: name, city: longWord(100) });
    await saveStep(api, id, 2, { ...completeStepData[2], business_name: longWord(200) });
    await saveStep(api, id, 3, { owners: [{ name: longWord(200), position: longWord(200) }] });

    await signIn(page, account, 'es');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    // Check answers: every step's answers, the business name among them.
    await page.goto(applicationPath(id, 'submit'));
    await expect(page.getByText(longWord(200)).first()).toBeVisible();
    await expectFits(page, `long-words-check-answers-${locale}`);

    for (const [path, shot] of [
      [applicationPath(id, 2), 'step-2'],
      [applicationPath(id, 3), 'step-3'],
      ['/panel/programs/my', 'my-programs'],
      ['/panel/programs', 'programs'],
    ] as const) {
      await page.goto(path);
      await expectFits(page, `long-words-${shot}-${locale}`);
    }

    // The profile, once its data (the long names) is in the form.
    await page.goto('/profile');
    const person = page.getByRole('form', { name: t(locale, 'profile.person.title') });
    await expect(person.getByRole('textbox').first()).toHaveValue(name);
    await expectFits(page, `long-words-profile-${locale}`);
  });
}

test('a toast with a 200-character word wraps inside the phone', async ({ page }) => {
  // Our server's messages have no such word, so this one answer is changed on its way to the browser (as
  // tests/e2e/auth-errors.spec.ts does for bodies the server never sends); the toast is what is under test.
  const word = longWord(200);
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 401, json: { detail: word, code: 'no_active_account' } }), {
    times: 1,
  });
  await page.goto('/login');
  await submitLogin(page, 'es', { email: 'nadie@example.com', password: 'Quetzal-Mango-Lluvia-42' });
  const toast = toastRegion(page, 'top').getByRole('listitem').filter({ hasText: word });
  await expect(toast).toBeVisible();
  for (const box of [await toast.boundingBox(), await toast.getByText(word).boundingBox()]) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: shotPath('long-words-toast-es') });
});
