// The review in the browser (docs/decisions/029-review-screens.md): a reviewer starts the
// review of a submitted application and asks for changes on step 2 with a message; the applicant reads the message on
// step 2, finds step 1 read-only, fixes step 2 and resubmits; the reviewer starts again and approves with a reason; the
// applicant reads 'approved' and the reason on the application and My Programs, and the decision's e-mail arrives.
// axe clean on the staff panel with each dialog open and on the applicant's reopened step, es and en, 1280 and 360 px.
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, applicationPath, confirmSubmitApplication, expectReadonlyScreen, stepSection, submitStepInBrowser } from './support/apply.ts';
import { expectNoAxeViolations, waitForMail } from './support/fixtures.ts';
import { e2eAll } from './support/selection.ts';
import { expectNoHorizontalScroll, fieldLabel, t } from './support/shell.ts';
import {
  expectReopenedStep,
  expectReviewStatus as expectStatus,
  openAs,
  openReview,
  reviewFacts,
  reviewPanel as panel,
  seedSubmitted,
  verifyDocumentsThroughApi,
} from './support/review.ts';
import { mkdirSync } from 'node:fs';

const SHOTS = '/tmp/shots-review-screens';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const MESSAGE = 'Falta el teléfono del negocio correcto: corrija el nombre comercial también.';
const REASON = 'Cumple todos los requisitos del programa.';

test('a reviewer asks for changes on step 2, the applicant fixes it and resubmits, the reviewer approves', async ({ browser }) => {
  test.setTimeout(240_000);
  const es = (id: string, values: Record<string, string | number> = {}) => t('es', id, values);
  const seeded = await seedSubmitted('review-journey', 'es');
  const staff = await openAs(browser, seeded.staff, 'es');

  // Submitted, nobody assigned: only "start the review" of the review's actions is offered.
  await openReview(staff, 'es', seeded);
  await expectStatus(staff, 'es', 'submitted');
  await expect(reviewFacts(staff, 'es').getByText(es('admin.review.noReviewer'))).toBeVisible();
  await expect(panel(staff).getByRole('button', { name: es('admin.review.requestChanges') })).toHaveCount(0);
  await expect(panel(staff).getByRole('button', { name: es('admin.review.decideButton') })).toHaveCount(0);
  await expectNoAxeViolations(staff, 'review panel, submitted (es)');
  // Assign the review to oneself (any active staff account is offered, and nobody), then take it back to nobody.
  const reviewerSelect = staff.getByLabel(fieldLabel(es('admin.review.reviewerSelect')));
  await reviewerSelect.selectOption({ label: `Revisora ${seeded.staff.last_name} (${seeded.staff.email})` });
  await panel(staff).getByRole('button', { name: es('admin.review.reviewerSave') }).click();
  await expect(reviewFacts(staff, 'es').getByText(seeded.staff.email)).toBeVisible();
  await reviewerSelect.selectOption({ label: es('admin.review.reviewerNone') });
  await panel(staff).getByRole('button', { name: es('admin.review.reviewerSave') }).click();
  await expect(reviewFacts(staff, 'es').getByText(es('admin.review.noReviewer'))).toBeVisible();
  await panel(staff).getByRole('button', { name: es('admin.review.startReview') }).click();
  // Starting with nobody assigned makes the reviewer the one who started; focus goes on from the panel's heading.
  await expectStatus(staff, 'es', 'in_review');
  await expect(staff.locator('#review-actions')).toBeFocused();
  await expect(reviewFacts(staff, 'es').getByText(seeded.staff.email)).toBeVisible();
  await expect(panel(staff).getByRole('button', { name: es('admin.review.startReview') })).toHaveCount(0);

  // Request changes: nothing chosen is refused in the dialog; step 2 and a message are sent.
  await panel(staff).getByRole('button', { name: es('admin.review.requestChanges') }).click();
  const changes = staff.getByRole('dialog', { name: es('admin.review.changes.title', { name: seeded.name }) });
  await expect(changes).toBeVisible();
  await changes.getByRole('button', { name: es('admin.review.changes.send') }).click();
  await expect(changes.getByText(es('admin.review.changes.stepsRequired'))).toBeVisible();
  await expect(changes.getByText(es('api.field.required'))).toBeVisible();
  await expectNoAxeViolations(staff, 'request changes dialog with errors (es)');
  await shot(staff, 'staff-changes-dialog-es');
  await changes.getByRole('checkbox', { name: es('application.step.heading', { step: 2, name: es('application.step.name2') }) }).check();
  await changes.getByLabel(fieldLabel(es('admin.review.changes.message'))).fill(MESSAGE);
  await changes.getByRole('button', { name: es('admin.review.changes.send') }).click();
  await expect(changes).toBeHidden();
  await expectStatus(staff, 'es', 'changes_requested');
  await expect(reviewFacts(staff, 'es').getByText(MESSAGE)).toBeVisible();
  await expect(panel(staff).getByRole('button', { name: es('admin.review.requestChanges') })).toHaveCount(0);
  await shot(staff, 'staff-panel-changes-requested-es');

  // The applicant: the message on step 2, which is editable; step 1 is read-only.
  const applicant = await expectReopenedStep(browser, seeded, 2, MESSAGE);
  await shot(applicant, 'applicant-reopened-step-es');
  const businessName = applicant.getByLabel(fieldLabel(es('application.business.name')), { exact: true });
  await businessName.fill('Café del Sur Corregido');
  await submitStepInBrowser(applicant, 2);

  await applicant.goto(applicationPath(seeded.applicationId, 1));
  await expect(stepSection(applicant, 1).getByText(es('application.review.stepLocked'))).toBeVisible();
  await expectReadonlyScreen(applicant);

  // Resubmit from "check your answers": the banner says what was asked; only step 2 offers "Change".
  await applicant.goto(applicationPath(seeded.applicationId, 'submit'));
  await expect(applicant.getByRole('heading', { name: es('application.review.changesTitle') })).toBeVisible();
  await expect(applicant.getByRole('link', { name: new RegExp(`^${es('application.submit.change')}`) })).toHaveCount(1);
  await applicant.getByRole('button', { name: es('application.submit.button') }).click();
  await confirmSubmitApplication(applicant);
  await expect(applicant.getByRole('heading', { level: 1, name: es('application.confirmation.title') })).toBeVisible();

  // The reviewer: back in review, still assigned (docs/decisions/036-review-rules.md); the documents verified (through
  // the API until the screen verifies them), then approve with a reason.
  await verifyDocumentsThroughApi(seeded.staff, seeded.applicationId);
  await staff.reload();
  await expectStatus(staff, 'es', 'in_review');
  await expect(reviewFacts(staff, 'es').getByText(seeded.staff.email)).toBeVisible();
  await panel(staff).getByRole('button', { name: es('admin.review.decideButton') }).click();
  const decide = staff.getByRole('dialog', { name: es('admin.review.decide.title', { name: seeded.name }) });
  await expect(decide).toBeVisible();
  await expectNoAxeViolations(staff, 'decision dialog (es)');
  await shot(staff, 'staff-decision-dialog-es');
  await decide.getByRole('radio', { name: es('programs.applicationStatus.approved'), exact: true }).check();
  await decide.getByLabel(fieldLabel(es('admin.review.decide.reason'))).fill(REASON);
  await decide.getByRole('button', { name: es('admin.review.decide.send') }).click();
  await expect(decide).toBeHidden();
  await expectStatus(staff, 'es', 'approved');
  await expect(reviewFacts(staff, 'es').getByText(REASON)).toBeVisible();
  // Approved is final: no review action is left.
  await expect(panel(staff).getByRole('button', { name: es('admin.review.decideButton') })).toHaveCount(0);
  await expect(panel(staff).getByRole('button', { name: es('admin.review.startReview') })).toHaveCount(0);
  await shot(staff, 'staff-panel-approved-es');

  // The applicant reads the decision and its reason, on the application and on My Programs, and by e-mail.
  await applicant.goto(applicationPath(seeded.applicationId));
  const approved = es('application.review.decisionTitle', { decision: es('programs.applicationStatus.approved') });
  await expect(applicant.getByRole('heading', { name: approved })).toBeVisible();
  await expect(applicant.getByText(REASON)).toBeVisible();
  await expectNoAxeViolations(applicant, 'decided application (es)');
  await shot(applicant, 'applicant-decision-es');
  await applicant.goto('/panel/programs/my');
  await expect(applicant.getByText(REASON)).toBeVisible();
  const mail = await waitForMail(seeded.applicant.email, (text) => text.includes(REASON));
  expect(mail.text).toContain(REASON);

  await staff.context().close();
  await applicant.context().close();
});

// axe on the staff panel with each dialog open, and on the applicant's reopened step, in the other sizes and languages
// (English at 360 px too with E2E_ALL=1: tests/e2e/support/selection.ts).
const pairs = [['en', 1280], ['es', 360], ...(e2eAll ? [['en', 360] as const] : [])] as const;
for (const [locale, width] of pairs) {
  test(`the review screens have no axe violations (${locale}, ${width} px)`, async ({ browser }) => {
    test.setTimeout(180_000);
    const seeded = await seedSubmitted(`review-a11y-${locale}-${width}`, locale);
    const staffApi = await apiSignIn(seeded.staff);
    await staffApi.call('POST', `/admin/applications/${seeded.applicationId}/review/start`);

    const staff = await openAs(browser, seeded.staff, locale, width);
    await openReview(staff, locale, seeded);
    await expectStatus(staff, locale, 'in_review');
    await expectNoAxeViolations(staff, `review panel, in review (${locale}, ${width})`);
    await expectNoHorizontalScroll(staff);
    await shot(staff, `staff-panel-in-review-${locale}-${width}`);
    for (const [button, title] of [
      ['admin.review.requestChanges', 'admin.review.changes.title'],
      ['admin.review.decideButton', 'admin.review.decide.title'],
    ] as const) {
      const opener = panel(staff).getByRole('button', { name: t(locale, button) });
      await opener.click();
      const dialog = staff.getByRole('dialog', { name: t(locale, title, { name: seeded.name }) });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(staff, `${title} (${locale}, ${width})`);
      await shot(staff, `staff-${title}-${locale}-${width}`);
      // Escape cancels and gives focus back to the button that opened it.
      await staff.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }

    await staffApi.call('POST', `/admin/applications/${seeded.applicationId}/review/changes`, { steps: [2], message: MESSAGE });
    const applicant = await openAs(browser, seeded.applicant, locale, width);
    await applicant.goto(applicationPath(seeded.applicationId, 2));
    await expect(stepSection(applicant, 2).getByText(MESSAGE)).toBeVisible();
    await expect(applicant.getByLabel(fieldLabel(t(locale, 'application.business.name')), { exact: true })).toBeEditable();
    await expectNoAxeViolations(applicant, `reopened step (${locale}, ${width})`);
    await expectNoHorizontalScroll(applicant);
    await shot(applicant, `applicant-reopened-step-${locale}-${width}`);
    await staff.context().close();
    await applicant.context().close();
  });
}
