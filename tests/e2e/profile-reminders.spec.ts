// Reminder e-mails on or off from the profile (docs/decisions/050-reminders.md), in Spanish or English (both:
// E2E_ALL=1), with the keyboard alone: the section says which reminders there are, the box starts on, turning it off is
// saved (the toast says so, the API reads it back, a reload shows it off), and on again; axe finds nothing, and it fits
// 360 px.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { baseURL } from './support/ports.ts';
import { createAccount, expectNoHorizontalScroll, shotPath, signIn, storedUser, t, toastRegion } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

for (const locale of languagesOf('es')) {
  test(`turn reminder e-mails off and on again from the profile, by keyboard (${locale})`, async ({ page }) => {
    const L = (id: string) => t(locale, id);
    const account = await createAccount(`reminders-${locale}`, { language: locale });
    await signIn(page, account);
    await page.goto('/profile');
    const form = page.getByRole('form', { name: L('profile.reminders.title') });
    const box = form.getByRole('checkbox', { name: L('profile.reminders.label') });
    await expect(box).toBeChecked();
    await expect(form).toContainText(L('profile.reminders.hint'));
    await expectNoAxeViolations(page, `profile reminders (${locale})`);

    // The keyboard alone: focus the box, Space turns it off, Tab to the button, Enter saves.
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: L('profile.reminders.save') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toastRegion(page, 'bottom-right').getByText(L('profile.reminders.savedOff'))).toBeVisible();

    // Stored: the API reads it back, and a reload shows the box off.
    const access = (await storedUser(page))?.access ?? '';
    const stored = await fetch(`${baseURL}/api/me/reminders`, { headers: { authorization: `Bearer ${access}` } });
    expect(await stored.json()).toEqual({ enabled: false });
    await page.reload();
    await expect(page.getByRole('form', { name: L('profile.reminders.title') }).getByRole('checkbox', { name: L('profile.reminders.label') })).not.toBeChecked();

    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await page.getByRole('form', { name: L('profile.reminders.title') }).screenshot({ path: shotPath(`profile-reminders-360-${locale}`) });
    await page.setViewportSize({ width: 1280, height: 720 });

    // On again.
    const again = page.getByRole('form', { name: L('profile.reminders.title') });
    await again.getByRole('checkbox', { name: L('profile.reminders.label') }).click();
    await again.getByRole('button', { name: L('profile.reminders.save') }).click();
    await expect(toastRegion(page, 'bottom-right').getByText(L('profile.reminders.savedOn'))).toBeVisible();
    await expect
      .poll(async () => (await (await fetch(`${baseURL}/api/me/reminders`, { headers: { authorization: `Bearer ${access}` } })).json()) as unknown)
      .toEqual({ enabled: true });
  });
}
