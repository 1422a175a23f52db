// What the review's browser tests share (docs/decisions/029-review-screens.md, 032-document-checklist.md): a submitted
// application of a program of the test's own with a fresh reviewer, a page signed in as someone, and the applicant's
// reopened step showing staff's words.
import { expect, type Browser, type Page } from '@playwright/test';
import { newStaff } from './admin.ts';
import { applicationPath, applyTo, completeSteps, createProgram, newApplicant, stepSection } from './apply.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { signIn, switchLanguage, t, type Account, type Locale } from './shell.ts';

export interface Seeded {
  applicant: Account;
  applicationId: number;
  staff: Account;
  name: string;
}

/** A program of the test's own, an applicant with a submitted application in it (every document uploaded), and a reviewer. */
export async function seedSubmitted(label: string, locale: Locale): Promise<Seeded> {
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Revisión ${token}`, 'incubator', `Review ${token}`);
  const { account, api } = await newApplicant(`${label}-${token}`, locale);
  const applicationId = await applyTo(api, programId);
  await completeSteps(api, applicationId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${applicationId}/submit`);
  const staff = await newStaff(`${label}-${token}`, { first_name: 'Revisora', last_name: `Prueba ${token}` });
  return { applicant: account, applicationId, staff, name: `${account.first_name} ${account.last_name}` };
}

/** A new browser context signed in as `account`, in `locale` (only fresh accounts: switching is saved to the profile). */
export async function openAs(browser: Browser, account: Account, locale: Locale, width = 1280): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-PR', viewport: { width, height: 800 } });
  const page = await context.newPage();
  await signIn(page, account, 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  return page;
}

/** The applicant opens a reopened step and reads staff's words on it (axe clean); answers the applicant's page. */
export async function expectReopenedStep(browser: Browser, seeded: Seeded, step: 2 | 3, words: string): Promise<Page> {
  const applicant = await openAs(browser, seeded.applicant, 'es');
  await applicant.goto(applicationPath(seeded.applicationId, step));
  const section = stepSection(applicant, step);
  await expect(section.getByRole('heading', { name: t('es', 'application.review.stepReopened') })).toBeVisible();
  await expect(section.getByText(words)).toBeVisible();
  await expectNoAxeViolations(applicant, `reopened step ${step} (es)`);
  return applicant;
}
