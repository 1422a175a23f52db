// The default toast (docs/product.md section 9): bottom-right, gone after 3000 ms, and held while the pointer is on it,
// so a slow reader can finish it. Checked on the profile's "saved" toast, a toast every applicant sees.
import { expect, test } from '@playwright/test';
import { createAccount, fieldLabel, signIn, t, toastRegion } from './support/shell.ts';

const es = (id: string) => t('es', id);

test('the default toast sits bottom-right, leaves after ~3000 ms, and stays while hovered', async ({ page }) => {
  const account = await createAccount('toasts');
  await signIn(page, account);
  await page.goto('/profile');
  const person = page.getByRole('form', { name: es('profile.person.title') });
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };

  // First save: the toast is in the bottom-right corner and leaves on its own after about 3 s.
  await person.getByLabel(fieldLabel(es('profile.person.city'))).fill('Mayagüez');
  await person.getByRole('button', { name: es('profile.person.save') }).click();
  const toast = toastRegion(page, 'bottom-right').getByText(es('profile.person.saved'));
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width / 2).toBeGreaterThan(viewport.width / 2);
  expect(box!.y + box!.height / 2).toBeGreaterThan(viewport.height / 2);
  await expect(toast).toBeHidden({ timeout: 6000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThanOrEqual(2500);
  expect(shownFor).toBeLessThan(5500);

  // Second save: with the pointer on the toast it stays past its 3 s, and leaves once the pointer moves away.
  await person.getByLabel(fieldLabel(es('profile.person.city'))).fill('Aguadilla');
  await person.getByRole('button', { name: es('profile.person.save') }).click();
  await expect(toast).toBeVisible();
  await toast.hover();
  // Waiting is the behaviour under test here: the toast must outlive its own duration while hovered.
  await page.waitForTimeout(4000);
  await expect(toast).toBeVisible();
  await page.mouse.move(10, 10);
  await expect(toast).toBeHidden({ timeout: 6000 });
});
