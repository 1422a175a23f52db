// Signing the certification on screen (docs/decisions/055-signing-in-the-browser.md) at 360 px, in Spanish and English,
// with the keyboard: the consent, the typed name (in Spanish a signature drawn with the pointer too; in English the
// typed name alone, as a keyboard user signs), "Sign the form", then the signed line and the stored intake form;
// axe clean before and after. Staff then read "signed on screen" with the name in the review's document checklist.
import { expect, test, type Page } from '@playwright/test';
import { applicationPath, applyTo, completeStepData, completeSteps, createProgram, newApplicant, saveStep, solveCaptcha } from './support/apply.ts';
import { newStaff } from './support/admin.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { checklistItem, openAs } from './support/review.ts';
import { expectNoHorizontalScroll, signIn, switchLanguage, t, tabTo, type Locale } from './support/shell.ts';

/** Draws a stroke across the signature pad with the pointer (a finger or mouse would). */
async function drawSignature(page: Page, locale: Locale): Promise<void> {
  const pad = page.getByRole('img', { name: t(locale, 'application.signature.padArea') }).first();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 === 0 ? 25 : -25), { steps: 3 });
  }
  await page.mouse.up();
}

for (const locale of ['es', 'en'] as const satisfies readonly Locale[]) {
  test(`the certification is signed on screen at 360 px with the keyboard, and staff read it was (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const applicant = await newApplicant(`sign-${locale}`, locale);
    const id = await applyTo(applicant.api, await createProgram(`Firma ${suffix}`, 'incubator', `Signing ${suffix}`));
    await completeSteps(applicant.api, id, [1, 2, 3, 4, 5]);
    const signer = locale === 'es' ? 'Ana Núñez Rivera' : 'Ann Smith';

    const context = await browser.newContext({ locale: 'es-PR', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/login');
    if (locale === 'en') await switchLanguage(page, 'en');
    await signIn(page, applicant.account, locale);
    await page.goto(applicationPath(id, 6));
    const panel = page.getByRole('group', { name: t(locale, 'application.signature.title') });
    await expect(panel).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `step 6 with the signing panel (${locale}, 360 px)`);

    // Without consent nothing is sent: the panel says why, at the checkbox.
    const send = panel.getByRole('button', { name: t(locale, 'application.signature.send') });
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(panel.getByText(t(locale, 'api.signature.consentRequired'))).toBeVisible();

    const consent = panel.getByRole('checkbox', { name: t(locale, 'application.signature.consent') });
    await tabTo(page, consent);
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    const name = panel.getByRole('textbox', { name: t(locale, 'application.signature.name') });
    await tabTo(page, name);
    await page.keyboard.type(signer);
    if (locale === 'es') await drawSignature(page, locale);
    if (locale === 'es') await expect(panel.getByRole('button', { name: t(locale, 'application.signature.clear') })).toBeVisible();
    await tabTo(page, send);
    await page.keyboard.press('Enter');

    const signedLine = panel.getByText(t(locale, 'application.signature.signed', { name: signer, date: '' }).split(signer)[0] ?? '');
    await expect(signedLine).toBeVisible();
    await expect(panel).toContainText(signer);
    // Focus follows the outcome, and the intake form field shows the signed form as its file.
    await expect(panel.locator('[id$="-signed"]')).toBeFocused();
    const fileName = t(locale, 'pdf.certification.fileName', { id });
    await expect(page.locator('#step6-intake-form-stored')).toContainText(fileName);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `step 6 signed on screen (${locale}, 360 px)`);
    await context.close();

    // The rest of step 6 and the sending, through the API; then staff's checklist says how the form was signed.
    await saveStep(applicant.api, id, 6, { ...completeStepData[6], captcha: await solveCaptcha() });
    await applicant.api.call('POST', `/applications/${id}/steps/6/submit`);
    await applicant.api.call('POST', `/applications/${id}/submit`);
    const staff = await openAs(browser, await newStaff(`sign-staff-${locale}`), locale, 360);
    await staff.goto(`/admin/applications/${id}/1`);
    const item = checklistItem(staff, locale, fileName);
    await expect(item).toContainText(t(locale, 'admin.review.documents.signedOnScreen', { name: signer, date: '' }).split(signer)[0] ?? '');
    await expect(item).toContainText(signer);
    await expectNoHorizontalScroll(staff);
    await expectNoAxeViolations(staff, `document checklist with a form signed on screen (${locale}, 360 px)`);
    await staff.context().close();
  });
}
