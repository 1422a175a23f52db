// The whole review journey as one browser test: a reviewer (in Spanish) requests changes on step 2 -> the
// applicant (in English) fixes step 2 only and resubmits -> the reviewer verifies the documents, scores and approves
// -> the applicant sees the decision and its e-mail; the dashboard and the HUD report, filtered by the journey's own
// program, go from 0 to 1 approved. Every step is a click; only the submitted application is seeded through the API.
// axe on every screen the journey passes, each in its person's language, and in both where switching is cheap.
import { expect, test, type Page } from '@playwright/test';
import { countOf, dashboardChart, expectNoAxeViolationsInBoth, householdsCounted, hudRaceRow } from './support/admin.ts';
import { applicationPath, confirmSubmitApplication, expectReadonlyScreen, stepSection, submitStepInBrowser } from './support/apply.ts';
import { expectNoAxeViolations, waitForMail } from './support/fixtures.ts';
import { fieldLabel, t, type Locale } from './support/shell.ts';
import {
  checklist,
  checklistItem,
  expectReopenedStep,
  expectReviewStatus,
  openAs,
  openReview,
  reviewFacts,
  reviewPanel,
  score,
  seedSubmitted,
  type Seeded,
  declareNoConflictThroughApi,
} from './support/review.ts';

const MESSAGE = 'El nombre comercial no coincide con el registro de comerciante: corríjalo.';
const REASON = 'Cumple los requisitos y el plan es viable.';
const FIXED_NAME = 'Café del Sur LLC';
/** The documents completeSteps uploads (support/apply.ts): the owner's ID, the income document, the intake form. */
const DOCUMENTS = ['owner_id.pdf', 'income_document.pdf', 'formulario-firmado.pdf'];
/** The default incubator rubric (weights 3, 2, 2, 2, 1; maximum 5 each): all fours make 80 out of 100. */
const SCORES = { team: 4, problem: 4, market: 4, feasibility: 4, fit: 4 };

/**
 * The dashboard, opened from the staff navigation and filtered by the journey's program: approved applications (the
 * status chart) and decided ones (the funnel) are both `count`. axe clean; in both languages when `both`.
 */
async function expectDashboard(page: Page, locale: Locale, seeded: Seeded, count: number, both = false): Promise<void> {
  const say = (id: string) => t(locale, id);
  await page.getByRole('navigation', { name: say('admin.nav.label') }).getByRole('link', { name: say('admin.nav.dashboard') }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('admin.dashboard.title') })).toBeVisible();
  await page.getByLabel(fieldLabel(say('admin.dashboard.filterProgram'))).selectOption(String(seeded.programId));
  await page.getByRole('button', { name: say('admin.dashboard.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`program_id=${seeded.programId}`));
  const status = dashboardChart(page, locale, 'status');
  await expect(countOf(status, say('programs.applicationStatus.approved'))).toHaveText(String(count));
  // The journey's one application: waiting for staff before the review, approved after.
  await expect(countOf(status, say(`programs.applicationStatus.${count === 0 ? 'submitted' : 'approved'}`))).toHaveText('1');
  const funnel = dashboardChart(page, locale, 'funnel');
  await expect(countOf(funnel, say('admin.dashboard.funnel.submitted'))).toHaveText('1');
  await expect(countOf(funnel, say('admin.dashboard.funnel.decided'))).toHaveText(String(count));
  if (both) await expectNoAxeViolationsInBoth(page, 'dashboard of the program', (shown) => page.getByRole('heading', { level: 1, name: t(shown, 'admin.dashboard.title') }), locale);
  else await expectNoAxeViolations(page, `dashboard of the program (${locale})`);
}

/**
 * The HUD report, opened from the staff navigation: approved participants of the journey's program. `count`
 * households; the household (Hispanic or Latino, white: completeStepData[4]) counted in its race row when approved.
 */
async function expectHudReport(page: Page, locale: Locale, seeded: Seeded, count: number, both = false): Promise<void> {
  const say = (id: string) => t(locale, id);
  await page.getByRole('navigation', { name: say('admin.nav.label') }).getByRole('link', { name: say('admin.nav.hudReport') }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('admin.hud.title') })).toBeVisible();
  await page.getByLabel(fieldLabel(say('admin.hud.population'))).selectOption('approved');
  await page.getByLabel(fieldLabel(say('admin.hud.program'))).selectOption(String(seeded.programId));
  await page.getByRole('button', { name: say('admin.hud.show') }).click();
  await expect(page).toHaveURL(new RegExp(`program_id=${seeded.programId}`));
  await expect(page.getByRole('status').filter({ hasText: householdsCounted(locale, count) })).toBeVisible();
  await expect(hudRaceRow(page, locale, 'white').getByRole('cell')).toHaveText(count === 0 ? ['0', '0', '0', '0'] : ['1', '0', '0', '1']);
  if (both) await expectNoAxeViolationsInBoth(page, 'HUD report of the program', (shown) => page.getByRole('heading', { level: 1, name: t(shown, 'admin.hud.title') }), locale);
  else await expectNoAxeViolations(page, `HUD report of the program (${locale})`);
}

test('the whole review: changes on step 2, fixed and resubmitted, documents verified, scored, approved; the figures follow', async ({ browser }) => {
  // About twenty screens, two people and axe on each: minutes on a busy two-core machine.
  test.setTimeout(480_000);
  const es = (id: string, values: Record<string, string | number> = {}) => t('es', id, values);
  const en = (id: string, values: Record<string, string | number> = {}) => t('en', id, values);
  const seeded = await seedSubmitted('whole-journey', 'en');
  const staff = await openAs(browser, seeded.staff, 'es');

  // Before: nothing of the program is approved or decided.
  await expectDashboard(staff, 'es', seeded, 0);
  await expectHudReport(staff, 'es', seeded, 0);

  // The reviewer starts the review and requests changes on step 2.
  await openReview(staff, 'es', seeded);
  await expectReviewStatus(staff, 'es', 'submitted');
  await expectNoAxeViolations(staff, 'review page, submitted (es)');
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.startReview') }).click();
  await expectReviewStatus(staff, 'es', 'in_review');
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.requestChanges') }).click();
  const changes = staff.getByRole('dialog', { name: es('admin.review.changes.title', { name: seeded.name }) });
  await expect(changes).toBeVisible();
  await changes.getByRole('checkbox', { name: es('application.step.heading', { step: 2, name: es('application.step.name2') }) }).check();
  await changes.getByLabel(fieldLabel(es('admin.review.changes.message'))).fill(MESSAGE);
  await expectNoAxeViolations(staff, 'request changes dialog (es)');
  await changes.getByRole('button', { name: es('admin.review.changes.send') }).click();
  await expect(changes).toBeHidden();
  await expectReviewStatus(staff, 'es', 'changes_requested');
  await expect(reviewFacts(staff, 'es').getByText(MESSAGE)).toBeVisible();
  await expectNoAxeViolations(staff, 'review page, changes requested (es)');
  // The applicant is told by e-mail, in English, with the reviewer's words.
  expect((await waitForMail(seeded.applicant.email, (text) => text.includes(MESSAGE))).text).toContain(MESSAGE);

  // The applicant, in English: the message on step 2, which is editable (axe on it in expectReopenedStep).
  const applicant = await expectReopenedStep(browser, seeded, 2, MESSAGE, 'en');
  const businessName = applicant.getByLabel(fieldLabel(en('application.business.name')), { exact: true });
  await expect(businessName).toBeEditable();
  await businessName.fill(FIXED_NAME);
  await submitStepInBrowser(applicant, 2, 'en');
  // Step 1 was not reopened: read-only, and says so.
  await applicant.goto(applicationPath(seeded.applicationId, 1));
  await expect(stepSection(applicant, 1).getByText(en('application.review.stepLocked'))).toBeVisible();
  await expectReadonlyScreen(applicant, 'en');
  await expectNoAxeViolations(applicant, 'step 1, not reopened (en)');
  // "Check your answers": what was asked, only step 2 offers "Change", and the fixed name; then resubmit.
  await applicant.getByRole('navigation', { name: en('application.indicator.label') }).getByRole('link', { name: en('application.indicator.review') }).click();
  await expect(applicant.getByRole('heading', { name: en('application.review.changesTitle') })).toBeVisible();
  await expect(applicant.getByRole('link', { name: new RegExp(`^${en('application.submit.change')}`) })).toHaveCount(1);
  await expect(applicant.locator('section[aria-labelledby="review-step-2"]')).toContainText(FIXED_NAME);
  await expectNoAxeViolations(applicant, 'check your answers, changes requested (en)');
  await applicant.getByRole('button', { name: en('application.submit.button') }).click();
  await confirmSubmitApplication(applicant, 'en');
  await expect(applicant.getByRole('heading', { level: 1, name: en('application.confirmation.title') })).toBeVisible();
  await expectNoAxeViolations(applicant, 'confirmation after resubmitting (en)');

  // The reviewer: sent again, back in review and still assigned (docs/decisions/036-review-rules.md). Verify every
  // document, score (after declaring no conflict of interest, through the API: the declaration on the screen is
  // tests/e2e/review-audit-journey.spec.ts's), approve.
  await declareNoConflictThroughApi(seeded.staff, seeded.applicationId);
  await staff.reload();
  await expectReviewStatus(staff, 'es', 'in_review');
  await expect(reviewFacts(staff, 'es').getByText(seeded.staff.email)).toBeVisible();
  // The applicant's fix is what the reviewer reads on the business page; the checklist and the scores are on the first.
  const pages = staff.getByRole('navigation', { name: es('admin.review.stepsNav') });
  await pages.getByRole('link', { name: es('admin.review.page2') }).click();
  await expect(staff.getByText(FIXED_NAME)).toBeVisible();
  await expectNoAxeViolations(staff, 'review page 2, resubmitted (es)');
  await pages.getByRole('link', { name: es('admin.review.page1') }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/applications/${seeded.applicationId}/1$`));
  for (const name of DOCUMENTS) {
    await checklist(staff, 'es').getByRole('button', { name: es('admin.review.documents.verify', { name }) }).click();
    await expect(checklistItem(staff, 'es', name)).toContainText(es('admin.review.documents.verified'));
  }
  // Verdicts stand together: verifying the next document leaves the earlier ones verified.
  for (const name of DOCUMENTS) await expect(checklistItem(staff, 'es', name)).toContainText(es('admin.review.documents.verified'));
  await score(staff, 'es', SCORES);
  await expect(staff.getByTestId('score-average')).toContainText('80');
  await expectNoAxeViolations(staff, 'review page, documents verified and scored (es)');
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.decideButton') }).click();
  const decide = staff.getByRole('dialog', { name: es('admin.review.decide.title', { name: seeded.name }) });
  await expect(decide).toBeVisible();
  await decide.getByRole('radio', { name: es('programs.applicationStatus.approved'), exact: true }).check();
  await decide.getByLabel(fieldLabel(es('admin.review.decide.reason'))).fill(REASON);
  await expectNoAxeViolations(staff, 'decision dialog (es)');
  await decide.getByRole('button', { name: es('admin.review.decide.send') }).click();
  await expect(decide).toBeHidden();
  await expectReviewStatus(staff, 'es', 'approved');
  await expect(reviewFacts(staff, 'es').getByText(REASON)).toBeVisible();
  await expectNoAxeViolations(staff, 'review page, approved (es)');

  // The applicant sees the decision and its reason (axe in English and Spanish), and the e-mail, in English.
  await applicant.goto(applicationPath(seeded.applicationId));
  const approved = (locale: Locale) => t(locale, 'application.review.decisionTitle', { decision: t(locale, 'programs.applicationStatus.approved') });
  await expect(applicant.getByRole('heading', { name: approved('en') })).toBeVisible();
  await expect(applicant.getByText(REASON)).toBeVisible();
  await expectReadonlyScreen(applicant, 'en');
  await expectNoAxeViolationsInBoth(applicant, 'decided application', (locale) => applicant.getByRole('heading', { name: approved(locale) }), 'en');
  const mail = await waitForMail(seeded.applicant.email, (text) => text.includes(REASON));
  expect(mail.text).toContain(`your application ${seeded.applicationId} to ${seeded.programName.en}`);
  expect(mail.text).toContain('was approved');

  // After: the dashboard and the HUD report count the approval (axe in both languages).
  await expectDashboard(staff, 'es', seeded, 1, true);
  await expectHudReport(staff, 'es', seeded, 1, true);

  await staff.context().close();
  await applicant.context().close();
});
