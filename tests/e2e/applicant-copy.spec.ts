// The applicant's copy in the browser (docs/decisions/048-the-applicants-copy.md): once submitted, My Programs and the
// application's read-only record offer "Download a copy of what you sent", with the keyboard alone, in Spanish and
// English, axe-clean and at 360 px; the file is the PDF of the answers in the screen's language. A draft offers none.
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { applicationPath, applyTo, completeSteps, createProgram, newApplicant } from './support/apply.ts';
import { expectNoHorizontalScroll, shotPath, signIn, switchLanguage, t, tabTo, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/** The copy's button of a My Programs card: its name carries the program for screen readers. */
const copyButton = (scope: Locator | Page, locale: Locale, program?: string): Locator =>
  scope.getByRole('button', {
    name: t(locale, 'panel.applicantCopy.download') + (program ? t(locale, 'panel.applicantCopy.context', { program }) : ''),
    exact: true,
  });

/** Presses Enter on the focused button and reads the file it saves. */
async function downloadWithEnter(page: Page): Promise<{ name: string; text: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), text: pdfText(bytes), bytes };
}

for (const locale of languagesOf('en')) {
  test(`a submitted application's copy downloads from My Programs and its record, with the keyboard (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const name = `Incubadora copia ${suffix}`;
    const nameEn = `Copy incubator ${suffix}`;
    const programName = locale === 'es' ? name : nameEn;
    const applicant = await newApplicant(`applicant-copy-${locale}`, locale);
    const sent = await applyTo(applicant.api, await createProgram(name, 'incubator', nameEn));
    await completeSteps(applicant.api, sent, [1, 2, 3, 4, 5, 6]);
    await applicant.api.call('POST', `/applications/${sent}/submit`);
    // A draft beside it: nothing was sent, so there is no copy to offer.
    const draftName = `Borrador ${suffix}`;
    await applyTo(applicant.api, await createProgram(draftName, 'incubator', `Draft ${suffix}`));

    await page.goto('/login');
    if (locale === 'en') await switchLanguage(page, 'en');
    await signIn(page, applicant.account, locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.goto('/panel/programs/my');
    const card = page.getByRole('article', { name: programName, exact: true });
    const button = copyButton(card, locale, programName);
    await expect(button).toBeVisible();
    await expect(page.getByRole('article', { name: locale === 'es' ? draftName : `Draft ${suffix}`, exact: true }).getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page, `My Programs with the copy ${locale}`);

    await tabTo(page, button);
    const fromList = await downloadWithEnter(page);
    expect(fromList.name).toBe(t(locale, 'panel.applicantCopy.fileName', { id: sent }));
    expect(fromList.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(fromList.text).toContain(locale === 'es' ? 'Copia de su solicitud' : 'Copy of your application');
    expect(fromList.text).toContain(`Café del Sur ${sent}`.replace('é', '\xe9'));
    expect(fromList.text).toContain(locale === 'es' ? 'Paso 3: Due\xf1os' : 'Step 3: Owners');

    // The read-only record of the application offers the same file.
    await page.goto(applicationPath(sent, 'submit'));
    const onRecord = copyButton(page, locale);
    await expect(onRecord).toBeVisible();
    await expectNoAxeViolations(page, `application record with the copy ${locale}`);
    await tabTo(page, onRecord);
    const fromRecord = await downloadWithEnter(page);
    expect(fromRecord.name).toBe(fromList.name);
    expect(fromRecord.text).toContain(`Café del Sur ${sent}`.replace('é', '\xe9'));

    // On a phone: the card's buttons fit the width.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/panel/programs/my');
    await expect(copyButton(card, locale, programName)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await card.screenshot({ path: shotPath(`applicant-copy-my-programs-${locale}-360`) });
  });
}
