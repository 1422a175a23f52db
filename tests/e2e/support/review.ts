// What the review's browser tests share (docs/decisions/029-review-screens.md, 032-document-checklist.md,
// 033-scoring-and-notes.md): a submitted application of a program of the test's own with a fresh reviewer, a page
// signed in as someone, the staff review page's parts (the actions panel, the facts, the document checklist, the
// scoring sheet), and the applicant's reopened step showing staff's words.
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { newStaff } from './admin.ts';
import { apiSignIn, applicationPath, applyTo, completeSteps, createProgram, newApplicant, stepSection } from './apply.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { signIn, switchLanguage, t, type Account, type Locale } from './shell.ts';

export interface Seeded {
  applicant: Account;
  applicationId: number;
  staff: Account;
  name: string;
  /** The program of the test's own, and its name in each language (as the staff filters list it). */
  programId: number;
  programName: Record<Locale, string>;
}

/**
 * A program of the test's own, an applicant with a submitted application in it (every document uploaded), and a
 * reviewer; with `secondPerson`, the program asks a second staff member to confirm each approval.
 */
export async function seedSubmitted(label: string, locale: Locale, { secondPerson = false } = {}): Promise<Seeded> {
  const token = Math.random().toString(36).slice(2, 8);
  const programName = { es: `Revisión ${token}`, en: `Review ${token}` };
  const programId = await createProgram(programName.es, 'incubator', programName.en, { secondPerson });
  const { account, api } = await newApplicant(`${label}-${token}`, locale);
  const applicationId = await applyTo(api, programId);
  await completeSteps(api, applicationId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${applicationId}/submit`);
  const staff = await newStaff(`${label}-${token}`, { first_name: 'Revisora', last_name: `Prueba ${token}` });
  return { applicant: account, applicationId, staff, name: `${account.first_name} ${account.last_name}`, programId, programName };
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
export async function expectReopenedStep(browser: Browser, seeded: Seeded, step: 2 | 3, words: string, locale: Locale = 'es'): Promise<Page> {
  const applicant = await openAs(browser, seeded.applicant, locale);
  await applicant.goto(applicationPath(seeded.applicationId, step));
  const section = stepSection(applicant, step);
  await expect(section.getByRole('heading', { name: t(locale, 'application.review.stepReopened') })).toBeVisible();
  await expect(section.getByText(words)).toBeVisible();
  await expectNoAxeViolations(applicant, `reopened step ${step} (${locale})`);
  return applicant;
}

// ---- staff's review page -------------------------------------------------------------------------------------

/**
 * Review acts done through the API in a spec's setup when the spec is about something else
 * (docs/decisions/036-review-rules.md): verifying every document before an approval, and declaring no conflict of
 * interest before scoring. The review screen's own controls for both are walked by
 * tests/e2e/review-audit-journey.spec.ts and the review machine's paths in tests/e2e/paths.spec.ts.
 */
export async function verifyDocumentsThroughApi(staff: Account, applicationId: number): Promise<void> {
  const api = await apiSignIn(staff);
  const { documents } = (await api.call('GET', `/admin/applications/${applicationId}`)) as { documents: Array<{ file_id: number; verdict: string | null }> };
  for (const document of documents.filter((one) => one.verdict !== 'verified')) {
    await api.call('POST', `/admin/applications/${applicationId}/documents/${document.file_id}/verify`);
  }
}

export async function declareNoConflictThroughApi(staff: Account, applicationId: number): Promise<void> {
  await (await apiSignIn(staff)).call('PUT', `/admin/applications/${applicationId}/conflict`, { conflict: false });
}

/** The review page's actions panel (start, request changes, decide, the reviewer). */
export const reviewPanel = (page: Page): Locator => page.getByRole('region', { name: /^(Acciones|Actions)$/ });
/** The review's facts: the reviewer, the change request's message, the decision's reason. */
export const reviewFacts = (page: Page, locale: Locale): Locator => page.getByLabel(t(locale, 'admin.review.reviewTitle'), { exact: true });
/** The application's facts, its status among them. */
export const applicationFacts = (page: Page, locale: Locale): Locator => page.getByLabel(t(locale, 'admin.review.facts'), { exact: true });

export async function expectReviewStatus(page: Page, locale: Locale, status: string): Promise<void> {
  await expect(applicationFacts(page, locale)).toContainText(t(locale, `programs.applicationStatus.${status}`));
}

/** Opens the review page (its first page of steps) of the seeded application. */
export async function openReview(page: Page, locale: Locale, seeded: Seeded): Promise<void> {
  await page.goto(`/admin/applications/${seeded.applicationId}/1`);
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.review.heading', { id: seeded.applicationId, name: seeded.name }) })).toBeVisible();
}

/** The document checklist, and one document's item in it (by file name). */
export const checklist = (page: Page, locale: Locale): Locator => page.getByRole('region', { name: t(locale, 'admin.review.documents.title') });
export const checklistItem = (page: Page, locale: Locale, name: string): Locator => checklist(page, locale).getByRole('listitem').filter({ hasText: name });

/** Fills the signed-in reviewer's scoring sheet (criterion key -> score), saves it and waits for "saved". */
export async function score(page: Page, locale: Locale, scores: Record<string, number>): Promise<void> {
  const section = page.getByRole('region', { name: t(locale, 'admin.scoring.title') });
  for (const [key, value] of Object.entries(scores)) await section.locator(`#score-${key}`).fill(String(value));
  await section.getByRole('button', { name: t(locale, 'admin.scoring.save') }).click();
  await expect(section.getByRole('status').filter({ hasText: t(locale, 'admin.scoring.saved') })).toBeVisible();
}
