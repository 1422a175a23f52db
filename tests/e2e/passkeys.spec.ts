// Passkeys in the browser (docs/decisions/056-passkeys.md), in Spanish or English (both: E2E_ALL=1), by keyboard, axe
// clean: add one on /profile/second-factor with Chromium's virtual authenticator (over CDP, a real WebAuthn ceremony),
// sign in with it, then remove it confirming with it. The page runs on localhost: browsers refuse an address as the
// relying party, and tests/e2e/support/serve.ts sets PASSKEY_RP_ID=localhost.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { E2E_PORT } from './support/ports.ts';
import { createAccount, signIn, SIGN_IN_MS, startTheApp, submitLogin, switchLanguage, t } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });

/** A platform authenticator that says yes at once (user present and verified), as a phone's unlock would. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

for (const locale of languagesOf('en')) {
  test(`add a passkey, sign in with it, remove it confirming with it (${locale})`, async ({ page }) => {
    test.slow();
    const L = (id: string, values: Record<string, string | number> = {}) => t(locale, id, values);
    const authenticator = await virtualAuthenticator(page);
    const account = await createAccount(`passkeys-${locale}`, { language: locale });
    await signIn(page, account);
    await page.goto('/profile/second-factor');
    await expect(page.getByRole('heading', { level: 1, name: L('profile.secondFactor.title') })).toBeVisible();
    const section = page.getByRole('region', { name: L('profile.passkeys.title') });
    await expect(section.getByText(L('profile.passkeys.none'))).toBeVisible();
    await expectNoAxeViolations(page, `passkeys, none yet (${locale})`);

    // Keyboard only: the name, the password, then Enter; the browser's prompt is the virtual authenticator's.
    await page.locator('#pk-name').focus();
    await page.keyboard.type('Mi teléfono');
    await page.keyboard.press('Tab');
    await expect(page.locator('#pk-password')).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');

    // The first second factor: ten recovery codes, shown once.
    await expect(page.getByRole('heading', { name: L('profile.secondFactor.codesTitle') })).toBeVisible();
    await expect(page.locator('#pk-recovery-codes li')).toHaveCount(10);
    expect(await authenticator.credentials()).toHaveLength(1);
    await expectNoAxeViolations(page, `passkeys, recovery codes (${locale})`);
    await page.getByRole('button', { name: L('profile.secondFactor.codesSaved') }).press('Enter');
    await expect(section.getByText('Mi teléfono', { exact: true })).toBeVisible();
    await expect(section.getByText(L('profile.passkeys.neverUsed'))).toBeVisible();
    await expectNoAxeViolations(page, `passkeys, one added (${locale})`);

    // Sign in again: the password, then the passkey (its button has the focus).
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await startTheApp(page);
    if (locale === 'en') await switchLanguage(page, 'en');
    await submitLogin(page, locale, account);
    await expect(page.getByRole('heading', { name: L('auth.secondFactor.title') })).toBeVisible({ timeout: SIGN_IN_MS });
    const usePasskey = page.getByRole('button', { name: L('auth.secondFactor.usePasskey') });
    await expect(usePasskey).toBeFocused();
    await expectNoAxeViolations(page, `login, second step with a passkey (${locale})`);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/, { timeout: SIGN_IN_MS });

    // Used: the list says when; removing it asks the password and the passkey again.
    await page.goto('/profile/second-factor');
    await expect(section.getByText('Mi teléfono', { exact: true })).toBeVisible();
    await expect(section.getByText(L('profile.passkeys.neverUsed'))).toBeHidden();
    await section.getByRole('button', { name: L('profile.passkeys.removeTitle', { name: 'Mi teléfono' }) }).press('Enter');
    const removal = section.getByRole('form', { name: L('profile.passkeys.removeTitle', { name: 'Mi teléfono' }) });
    await removal.locator('#pk-password').fill(account.password);
    await expectNoAxeViolations(page, `passkeys, removal form (${locale})`);
    await removal.locator('#pk-password').press('Enter');
    await expect(page.getByText(L('api.passkey.removed'), { exact: true })).toBeVisible();
    await expect(section.getByText(L('profile.passkeys.none'))).toBeVisible();
  });
}
