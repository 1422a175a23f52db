// The profile's signed-in devices (docs/decisions/057-see-your-sessions.md), in Spanish or English (both: E2E_ALL=1) at
// 360 px: two browser contexts signed in to one account; the first sees both (itself marked, axe clean), ends the
// second's session with the keyboard, and the second is signed out at its next call; then "sign out on this device"
// signs out the first.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { createAccount, expectNoHorizontalScroll, PHONE_USER_AGENT, shotPath, signIn, storedUser, t, toastRegion } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';


for (const locale of languagesOf('es')) {
  test(`see the signed-in devices and end another one (${locale})`, async ({ browser }) => {
    const L = (id: string, values: Record<string, string | number> = {}) => t(locale, id, values);
    const account = await createAccount(`sessions-${locale}`, { language: locale });
    const first = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const second = await browser.newContext({ userAgent: PHONE_USER_AGENT });
    try {
      // A new device shows the login form in Spanish (the device's rule); the account's language follows the sign-in.
      const phone = await second.newPage();
      await signIn(phone, account);
      const page = await first.newPage();
      await signIn(page, account);

      await page.goto('/profile');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const section = page.getByRole('region', { name: L('sessions.title') });
      const devices = section.getByRole('listitem');
      await expect(devices).toHaveCount(2);
      const mine = devices.filter({ hasText: L('sessions.thisDevice') });
      await expect(mine).toHaveCount(1);
      const phoneRow = devices.filter({ hasText: L('sessions.device', { browser: 'Chrome 131', system: 'Android 14' }) });
      await expect(phoneRow).toHaveCount(1);
      await expect(phoneRow).not.toContainText(L('sessions.thisDevice'));
      await expect(phoneRow).toContainText(L('sessions.network', { network: '127.0.0.0/24' }));
      await expect(phoneRow).toContainText(L('sessions.unknownPlace'));
      await section.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, `signed-in devices (${locale}, 360 px)`);
      await expectNoHorizontalScroll(page);
      await section.screenshot({ path: shotPath(`account-sessions-${locale}`) });

      // The keyboard: Tab reaches the phone's button (named for its device) from the one before it, Enter ends it.
      const end = phoneRow.getByRole('button', { name: L('sessions.endOneLabel', { browser: 'Chrome 131', system: 'Android 14' }) });
      await expect(end).toHaveText(L('sessions.endOne'));
      const signOutHere = mine.getByRole('button', { name: L('sessions.signOutHere') });
      const order = await devices.evaluateAll((items) => items.map((item) => (item.textContent ?? '').includes('Android')));
      // The last used is listed first: this device (which just signed in) before the phone.
      expect(order).toEqual([false, true]);
      await signOutHere.focus();
      await page.keyboard.press('Tab');
      await expect(end).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toastRegion(page, 'bottom-right').getByText(L('sessions.endedOne'))).toBeVisible();
      await expect(devices).toHaveCount(1);
      await expect(section.getByRole('button', { name: L('sessions.endOthers') })).toHaveCount(0);
      await expectNoAxeViolations(page, `signed-in devices after ending one (${locale}, 360 px)`);

      // The phone's next call is refused: it is signed out and sent to sign in, its stored session gone.
      await phone.goto('/profile');
      await expect(phone).toHaveURL(/\/login/);
      await expect.poll(() => storedUser(phone)).toBeNull();

      // This device's own button signs out here.
      await signOutHere.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => storedUser(page)).toBeNull();
      await expect(page).not.toHaveURL(/\/profile/);
    } finally {
      await first.close();
      await second.close();
    }
  });
}
