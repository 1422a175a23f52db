// The audit-ready review in the browser (docs/decisions/036-review-rules.md, 038-duplicate-check-and-unduplicated-counts.md,
// 043-audit-ready-review-screens.md): what a monitor checks first, each through the screens staff use.
// 1. One application in a program that asks for a second person: a staff member declares a conflict and is recused
//    (nothing left to do, and why); the reviewer rejects two documents with reasons, picks a step and sends ONE change
//    request (the SMTP server on loopback receives exactly one e-mail naming both); the applicant replaces both
//    documents and resubmits (the list and the review page say "resubmitted" with its date); the reviewer verifies the
//    documents, scores and proposes the approval, and is told they cannot confirm it; a second staff member confirms it
//    with the keyboard; the applicant reads the decision.
// 2. A staff member's own application, and one the duplicate check links to another staff member's account: neither
//    is offered assign, score or decide, and the review page says why; a third staff member sees the flag (with why) on
//    the review page and in the list, marks it "not the same" with the keyboard (audited), and the list's flag is gone.
// axe on each new screen state (es and en where the state is new), the keyboard for the key actions, 360 px once.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBoth, makeStaff, newStaff } from './support/admin.ts';
import {
  applicationPath,
  applyTo,
  completeStepData,
  completeSteps,
  confirmSubmitApplication,
  createProgram,
  newApplicant,
  ownAnswers,
  saveStep,
  stepSection,
  submitStepInBrowser,
  uploadInto,
} from './support/apply.ts';
import { expectNoAxeViolations, mailsTo, waitForMail } from './support/fixtures.ts';
import {
  applicationFacts,
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
} from './support/review.ts';
import { expectNoHorizontalScroll, fieldLabel, t, tabTo, type Locale } from './support/shell.ts';

const es = (id: string, values: Record<string, string | number> = {}) => t('es', id, values);
const en = (id: string, values: Record<string, string | number> = {}) => t('en', id, values);

const ID_REASON = 'La identificación está vencida: suba una vigente.';
const INCOME_REASON = 'El talonario no muestra el nombre del solicitante.';
const MESSAGE = 'Revise también el nombre comercial del paso 2.';
const APPROVAL_REASON = 'Cumple los requisitos y el plan es viable.';
const SCORES = { team: 4, problem: 4, market: 4, feasibility: 4, fit: 4 };
/** Names as the screen lists them ("a y b", "a e income…", "a and b"): the locale's conjunction, as react-intl's formatList. */
const listed = (locale: Locale, names: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
/** The English change-request e-mail's own words (locales/en.json email.changesRequested.text). */
const isChangeRequest = (text: string) => text.includes('staff ask you to correct these steps');

/** The review panel's note saying why (an explanation in the panel's words, found by its text). */
const note = (page: Page, text: string): Locator => reviewPanel(page).getByText(text, { exact: true });
const scoringRegion = (page: Page, locale: Locale): Locator => page.getByRole('region', { name: t(locale, 'admin.scoring.title') });

/** Nothing that changes the application is offered to this viewer: no reviewer form, no review action, no score sheet. */
async function expectNothingOffered(page: Page, locale: Locale, why: string): Promise<void> {
  await expect(note(page, why)).toBeVisible();
  const panel = reviewPanel(page);
  for (const action of ['admin.review.startReview', 'admin.review.requestChanges', 'admin.review.decideButton', 'admin.review.confirmApproval', 'admin.review.reviewerSave']) {
    await expect(panel.getByRole('button', { name: t(locale, action) })).toHaveCount(0);
  }
  await expect(panel.getByLabel(fieldLabel(t(locale, 'admin.review.reviewerSelect')))).toHaveCount(0);
  await expect(panel.getByRole('button', { name: t(locale, 'admin.review.conflict.declareNone') })).toHaveCount(0);
  const scoring = scoringRegion(page, locale);
  await expect(scoring.getByTestId('scoring-not-offered')).toHaveText(why);
  await expect(scoring.getByRole('button', { name: t(locale, 'admin.scoring.save') })).toHaveCount(0);
}

test('a recused reviewer, one batch change request, a resubmission, and an approval confirmed by a second person', async ({ browser }) => {
  // Four people, about twenty screens and axe on each: minutes on a busy two-core machine.
  test.setTimeout(480_000);
  const seeded = await seedSubmitted('audit-journey', 'en', { secondPerson: true });
  const token = seeded.programName.en.split(' ').pop() ?? '';
  const recused = await newStaff(`audit-recused-${token}`, { first_name: 'Ramón', last_name: `Recusado ${token}` });
  const second = await newStaff(`audit-second-${token}`, { first_name: 'Sara', last_name: `Segunda ${token}` });

  // (b) A staff member declares a conflict of interest, with the keyboard, at 360 px in English: recused for good.
  const small = await openAs(browser, recused, 'en', 360);
  await openReview(small, 'en', seeded);
  const recuse = reviewPanel(small).getByRole('button', { name: en('admin.review.conflict.declareConflict') });
  await tabTo(small, recuse, 120);
  await small.keyboard.press('Enter');
  const ask = small.getByRole('alertdialog', { name: en('admin.review.confirm.conflictTitle', { name: seeded.name }) });
  await expect(ask).toBeVisible();
  await expectNoAxeViolations(small, 'declare a conflict of interest dialog (en, 360 px)');
  await tabTo(small, ask.getByRole('button', { name: en('admin.review.conflict.declareConflict') }), 5);
  await small.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expectNothingOffered(small, 'en', en('api.duty.conflictOfInterest'));
  await expectNoHorizontalScroll(small);
  await expectNoAxeViolations(small, 'review page, recused (en, 360 px)');
  // Read again, the page says the same: the declaration was recorded on the server.
  await small.reload();
  await expectNothingOffered(small, 'en', en('api.duty.conflictOfInterest'));
  await small.context().close();

  // The reviewer (Spanish) starts the review and declares no conflict of interest.
  const staff = await openAs(browser, seeded.staff, 'es');
  await openReview(staff, 'es', seeded);
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.startReview') }).click();
  await expectReviewStatus(staff, 'es', 'in_review');
  // Scoring waits for the declaration, and says so.
  await expect(scoringRegion(staff, 'es').getByTestId('scoring-not-offered')).toHaveText(es('api.duty.declareFirst'));
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.conflict.declareNone') }).click();
  await expect(reviewPanel(staff).getByText(es('admin.review.conflict.declaredNone'))).toBeVisible();
  await expect(scoringRegion(staff, 'es').getByRole('button', { name: es('admin.scoring.save') })).toBeVisible();

  // (c) Two documents rejected with their reasons: each waits in the checklist; the other keeps its buttons.
  for (const [name, reason] of [
    ['owner_id.pdf', ID_REASON],
    ['income_document.pdf', INCOME_REASON],
  ] as const) {
    await checklist(staff, 'es').getByRole('button', { name: es('admin.review.documents.reject', { name }) }).click();
    const dialog = staff.getByRole('dialog', { name: es('admin.review.documents.rejectTitle', { name }) });
    await dialog.getByLabel(fieldLabel(es('admin.review.decide.reason'))).fill(reason);
    await dialog.getByRole('button', { name: es('admin.review.documents.rejectSend') }).click();
    await expect(dialog).toBeHidden();
    await expect(checklistItem(staff, 'es', name)).toContainText(es('admin.review.documents.rejected', { reason }));
  }
  await expectReviewStatus(staff, 'es', 'in_review');
  await expect(note(staff, es('admin.review.rejectedPending', { names: listed('es', ['owner_id.pdf', 'income_document.pdf']) }))).toBeVisible();
  await expect(mailsTo(seeded.applicant.email, isChangeRequest)).resolves.toHaveLength(0);
  await expectNoAxeViolationsInBoth(staff, 'review page, two documents rejected', (locale) => note(staff, t(locale, 'admin.review.rejectedPending', { names: listed(locale, ['owner_id.pdf', 'income_document.pdf']) })));

  // One change request: step 2 picked, the rejected documents' steps go with it.
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.requestChanges') }).click();
  const changes = staff.getByRole('dialog', { name: es('admin.review.changes.title', { name: seeded.name }) });
  await changes.getByRole('checkbox', { name: es('application.step.heading', { step: 2, name: es('application.step.name2') }) }).check();
  await changes.getByLabel(fieldLabel(es('admin.review.changes.message'))).fill(MESSAGE);
  await changes.getByRole('button', { name: es('admin.review.changes.send') }).click();
  await expect(changes).toBeHidden();
  await expectReviewStatus(staff, 'es', 'changes_requested');
  // Exactly one e-mail, in the applicant's English, naming both documents with their reasons under their steps.
  const mail = await waitForMail(seeded.applicant.email, isChangeRequest);
  expect(mail.text).toContain(MESSAGE);
  expect(mail.text).toContain(`owner_id.pdf: ${ID_REASON}`);
  expect(mail.text).toContain(`income_document.pdf: ${INCOME_REASON}`);
  expect(mail.text).toMatch(/- 2\. .*\r?\n- 3\. .*\r?\n {4}- owner_id\.pdf: .*\r?\n- 4\. .*\r?\n {4}- income_document\.pdf: /);
  await expect(mailsTo(seeded.applicant.email, isChangeRequest)).resolves.toHaveLength(1);

  // The applicant (English): fixes step 2, replaces both rejected documents, resubmits.
  const applicant = await expectReopenedStep(browser, seeded, 2, MESSAGE, 'en');
  await submitStepInBrowser(applicant, 2, 'en');
  const owner = stepSection(applicant, 3).getByRole('group', { name: new RegExp(`^${en('application.owners.owner', { number: 1 })}$`) });
  await owner.getByRole('button', { name: en('application.documents.remove', { name: 'owner_id.pdf' }) }).click();
  await expect(owner.getByText('owner_id.pdf')).toHaveCount(0);
  await uploadInto(owner, 'en', 'application.field.id_files', 'identificacion-vigente.pdf');
  await submitStepInBrowser(applicant, 3, 'en');
  const household = stepSection(applicant, 4);
  await household.getByRole('button', { name: en('application.documents.remove', { name: 'income_document.pdf' }) }).click();
  await expect(household.getByText('income_document.pdf')).toHaveCount(0);
  await uploadInto(household, 'en', 'application.field.income_documents', 'talonario-con-nombre.pdf');
  await submitStepInBrowser(applicant, 4, 'en');
  await applicant.getByRole('navigation', { name: en('application.indicator.label') }).getByRole('link', { name: en('application.indicator.review') }).click();
  await applicant.getByRole('button', { name: en('application.submit.button') }).click();
  await confirmSubmitApplication(applicant, 'en');
  await expect(applicant.getByRole('heading', { level: 1, name: en('application.confirmation.title') })).toBeVisible();

  // The list and the review page say "resubmitted", with its date.
  const resubmittedOn = es('admin.applications.resubmittedOn', { date: '' }).trim();
  await staff.goto(`/admin/applications?q=${encodeURIComponent(seeded.applicant.email)}`);
  const row = staff.getByRole('row').filter({ hasText: seeded.applicant.email });
  await expect(row).toContainText(es('programs.applicationStatus.in_review'));
  // The date as the locale writes it ("26 de noviembre…", "Nov 26…"): the line starts with the words and holds a year.
  await expect(row.getByText(new RegExp(`^${resubmittedOn} .*\\d{4}`))).toBeVisible();
  await expectNoAxeViolationsInBoth(staff, 'applications list, resubmitted', (locale) => row.getByText(new RegExp(`^${t(locale, 'admin.applications.resubmittedOn', { date: '' }).trim()} .*\\d{4}`)));
  await openReview(staff, 'es', seeded);
  await expectReviewStatus(staff, 'es', 'in_review');
  const resubmittedRow = applicationFacts(staff, 'es').locator('div').filter({ has: staff.getByText(es('admin.review.resubmitted'), { exact: true }) });
  await expect(resubmittedRow.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  // The replaced documents left the checklist; the new ones wait for a verdict.
  await expect(checklistItem(staff, 'es', 'owner_id.pdf')).toHaveCount(0);
  await expect(checklistItem(staff, 'es', 'income_document.pdf')).toHaveCount(0);

  // (d) The approval is not offered while documents are unverified (the note names them); verified, scored, proposed.
  await expect(reviewPanel(staff).getByText(new RegExp('identificacion-vigente\\.pdf'))).toBeVisible();
  for (const name of ['identificacion-vigente.pdf', 'talonario-con-nombre.pdf', 'formulario-firmado.pdf']) {
    await checklist(staff, 'es').getByRole('button', { name: es('admin.review.documents.verify', { name }) }).click();
    await expect(checklistItem(staff, 'es', name)).toContainText(es('admin.review.documents.verified'));
  }
  await score(staff, 'es', SCORES);
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.decideButton') }).click();
  const decide = staff.getByRole('dialog', { name: es('admin.review.decide.title', { name: seeded.name }) });
  await expect(decide.getByText(es('admin.review.decide.proposeNote'))).toBeVisible();
  await decide.getByRole('radio', { name: es('programs.applicationStatus.approved'), exact: true }).check();
  await decide.getByLabel(fieldLabel(es('admin.review.decide.reason'))).fill(APPROVAL_REASON);
  await decide.getByRole('button', { name: es('admin.review.decide.send') }).click();
  await expect(decide).toBeHidden();
  // Still in review: the proposer is told another staff member must confirm, and is not offered the confirmation.
  await expect(note(staff, es('admin.review.approvalWaitingMine', { reason: APPROVAL_REASON }))).toBeVisible();
  await expectReviewStatus(staff, 'es', 'in_review');
  await expect(reviewPanel(staff).getByRole('button', { name: es('admin.review.confirmApproval') })).toHaveCount(0);
  await expectNoAxeViolationsInBoth(staff, 'review page, approval proposed', (locale) => note(staff, t(locale, 'admin.review.approvalWaitingMine', { reason: APPROVAL_REASON })));
  await staff.context().close();

  // A second staff member (English) reads whose proposal it is and confirms it with the keyboard.
  const confirmer = await openAs(browser, second, 'en');
  await openReview(confirmer, 'en', seeded);
  await expect(note(confirmer, en('admin.review.approvalWaiting', { name: `Revisora ${seeded.staff.last_name}`, reason: APPROVAL_REASON }))).toBeVisible();
  await expectNoAxeViolationsInBoth(
    confirmer,
    'review page, approval waiting for a second person',
    (locale) => reviewPanel(confirmer).getByRole('button', { name: t(locale, 'admin.review.confirmApproval') }),
    'en',
  );
  const confirm = reviewPanel(confirmer).getByRole('button', { name: en('admin.review.confirmApproval') });
  await tabTo(confirmer, confirm, 120);
  await confirmer.keyboard.press('Enter');
  await expectReviewStatus(confirmer, 'en', 'approved');
  // The decision's reason on the review's facts (the history names it too).
  await expect(reviewFacts(confirmer, 'en').getByText(APPROVAL_REASON, { exact: true })).toBeVisible();
  await expectNoAxeViolations(confirmer, 'review page, approval confirmed (en)');
  await confirmer.context().close();

  // The applicant reads the decision; still one change-request e-mail in all.
  await applicant.goto(applicationPath(seeded.applicationId));
  await expect(applicant.getByRole('heading', { name: en('application.review.decisionTitle', { decision: en('programs.applicationStatus.approved') }) })).toBeVisible();
  await expect(applicant.getByText(APPROVAL_REASON)).toBeVisible();
  await expect(mailsTo(seeded.applicant.email, isChangeRequest)).resolves.toHaveLength(1);
  await applicant.context().close();
});

test('staff are not offered their own application nor one linked to them by the duplicate check; a flag is marked "not the same"', async ({ browser }) => {
  test.setTimeout(300_000);
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Auditoría ${token}`, 'incubator', `Audit ${token}`);
  const otherProgramId = await createProgram(`Auditoría B ${token}`, 'accelerator', `Audit B ${token}`);
  // An applicant with a submitted application.
  const applicant = await newApplicant(`audit-applicant-${token}`, 'es');
  const applicationId = await applyTo(applicant.api, programId);
  await completeSteps(applicant.api, applicationId, [1, 2, 3, 4, 5, 6]);
  await applicant.api.call('POST', `/applications/${applicationId}/submit`);
  // A person who applied in another program with the applicant's phone and e-mail, and later joined the staff.
  const linked = await newApplicant(`audit-linked-${token}`, 'es');
  const linkedApplicationId = await applyTo(linked.api, otherProgramId);
  await completeSteps(linked.api, linkedApplicationId, [1, 2, 3, 4, 5, 6]);
  const shared = ownAnswers(applicationId)[1] ?? {};
  await saveStep(linked.api, linkedApplicationId, 1, { ...completeStepData[1], ...ownAnswers(linkedApplicationId)[1], phone: shared.phone, email: shared.email });
  await linked.api.call('POST', `/applications/${linkedApplicationId}/steps/1/submit`);
  await linked.api.call('POST', `/applications/${linkedApplicationId}/submit`);
  await makeStaff(linked.account.email);
  // The applicant too joins the staff: their own application is theirs.
  await makeStaff(applicant.account.email);
  const name = `${completeStepData[1].first_name} ${completeStepData[1].last_name}`;
  const heading = (page: Page, locale: Locale) => page.getByRole('heading', { level: 1, name: t(locale, 'admin.review.heading', { id: applicationId, name }) });

  // (a) Their own application: nothing that changes it is offered, and the page says why (es and en).
  const own = await openAs(browser, applicant.account, 'es');
  await own.goto(`/admin/applications/${applicationId}/1`);
  await expect(heading(own, 'es')).toBeVisible();
  await expectNothingOffered(own, 'es', es('api.duty.ownApplication'));
  await expect(checklist(own, 'es').getByRole('button', { name: es('admin.review.documents.verify', { name: 'owner_id.pdf' }) })).toHaveCount(0);
  await expectNoAxeViolationsInBoth(own, 'review page, own application', (locale) => note(own, t(locale, 'api.duty.ownApplication')));
  await own.context().close();

  // Linked by the duplicate check to the staff member's account: the same, with the link as the reason (English).
  const viaDuplicate = await openAs(browser, linked.account, 'en');
  await viaDuplicate.goto(`/admin/applications/${applicationId}/1`);
  await expect(heading(viaDuplicate, 'en')).toBeVisible();
  await expectNothingOffered(viaDuplicate, 'en', en('admin.review.linkedDuplicate'));
  await expectNoAxeViolationsInBoth(viaDuplicate, 'review page, linked by the duplicate check', (locale) => note(viaDuplicate, t(locale, 'admin.review.linkedDuplicate')), 'en');
  await viaDuplicate.context().close();

  // (e) A third staff member sees the flag, with why, on the review page and in the list.
  const third = await newStaff(`audit-third-${token}`, { first_name: 'Tere', last_name: `Tercera ${token}` });
  const page = await openAs(browser, third, 'es');
  await page.goto(`/admin/applications?q=${encodeURIComponent(applicant.account.email)}`);
  const row = page.getByRole('row').filter({ hasText: applicant.account.email });
  await expect(row.getByText('Posible duplicado (1)', { exact: true })).toBeVisible();
  await page.goto(`/admin/applications/${applicationId}/1`);
  await expect(heading(page, 'es')).toBeVisible();
  // Free to act: the review is offered to them.
  await expect(reviewPanel(page).getByRole('button', { name: es('admin.review.startReview') })).toBeVisible();
  const region = page.getByRole('region', { name: es('admin.duplicates.title') });
  const flag = region.getByRole('listitem').filter({ hasText: linked.account.email });
  await expect(flag).toContainText(es('admin.duplicates.reasons', { reasons: `${es('admin.duplicates.reason.email')} y ${es('admin.duplicates.reason.phone')}` }));
  // Marked "not the same" with the keyboard alone.
  const mark = region.getByRole('button', { name: es('admin.duplicates.mark', { id: linkedApplicationId }) });
  await tabTo(page, mark, 150);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: es('admin.duplicates.markTitle') });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: es('admin.duplicates.markConfirm') }), 5);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(flag).toContainText(`Tere Tercera ${token}`);
  // Audited: the application's history names the mark, and who made it.
  const history = page.getByText(es('admin.history.op.markAdminApplicationNotSame', { who: `Tere Tercera ${token}` }));
  await expect(history).toBeVisible();
  await expectNoAxeViolations(page, 'review page, duplicate marked not the same (es)');
  // The list's flag is gone.
  await page.goto(`/admin/applications?q=${encodeURIComponent(applicant.account.email)}`);
  await expect(page.getByRole('row').filter({ hasText: applicant.account.email })).toBeVisible();
  await expect(page.getByText('Posible duplicado (1)', { exact: true })).toHaveCount(0);
  await page.context().close();

  // The link gone, the staff member it bound is free to review that application; their own stays theirs.
  const freed = await openAs(browser, linked.account, 'en');
  await freed.goto(`/admin/applications/${applicationId}/1`);
  await expect(reviewPanel(freed).getByRole('button', { name: en('admin.review.startReview') })).toBeVisible();
  await expect(note(freed, en('admin.review.linkedDuplicate'))).toHaveCount(0);
  await freed.context().close();
});
