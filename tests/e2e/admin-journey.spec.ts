// Staff's whole journey in one browser session: staff signs in and lands on /admin/events, creates an event in both
// languages, a visitor (another browser context) registers on /submission/:id, staff checks the registration in,
// reviews a submitted application and opens its documents, closes a program, and the applicant whose draft was in it
// reads "Application has been closed". axe on every admin screen on the way, in es and en (the shell's switcher).
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBoth, fillEvent, newStaff, registerAsVisitor } from './support/admin.ts';
import { uniqueEmail } from './support/fixtures.ts';
import { apiSignIn, applicationPath, applyTo, completeSteps, createProgram, incubatorSurvey, newApplicant } from './support/apply.ts';
import { createAccount, fieldLabel, SIGN_IN_MS, signIn, submitLogin, t, type Locale } from './support/shell.ts';

type Values = Record<string, string | number>;
const es = (id: string, values?: Values) => t('es', id, values);

/** The admin area's own navigation (Events, Applications, Programs...). */
const adminNav = (page: Page) => page.getByRole('navigation', { name: es('admin.nav.label') });

test('staff run the program from /admin: event, registration and check-in, review with documents, closing a program', async ({ page, browser }) => {
  // Eleven screens, each checked by axe in two languages: minutes on a busy two-core machine.
  test.setTimeout(480_000);
  const token = Math.random().toString(36).slice(2, 8);

  // Set-up through the real API (what the journey is not about): a program of this test's own, with Ana Peña's
  // submitted application (every document) and Mark's draft; Mark reads English.
  const programName = { es: `Programa ${token}`, en: `Program ${token}` };
  const programId = await createProgram(programName.es, 'incubator', programName.en);
  const ana = await createAccount('journey-ana', { first_name: 'Ana', last_name: `Peña ${token}` });
  const anaApi = await apiSignIn(ana);
  await anaApi.call('PUT', '/me/survey', incubatorSurvey);
  const submittedId = await applyTo(anaApi, programId);
  await completeSteps(anaApi, submittedId, [1, 2, 3, 4, 5, 6]);
  await anaApi.call('POST', `/applications/${submittedId}/submit`);
  const anaName = `Ana Peña ${token}`;
  const mark = await newApplicant('journey-mark', 'en');
  const draftId = await applyTo(mark.api, programId);
  const staff = await newStaff('admin-journey', { first_name: 'Directora', last_name: 'Del Programa' });

  // 1. Staff signs in and lands on the events list.
  await page.goto('/login');
  await submitLogin(page, 'es', staff);
  await expect(page).toHaveURL(/\/admin\/events$/, { timeout: SIGN_IN_MS });
  await expectNoAxeViolationsInBoth(page, 'events list', (locale) => page.getByRole('heading', { level: 1, name: t(locale, 'admin.events.title') }));

  // 2. Creates an event in both languages; its page opens.
  await page.getByRole('button', { name: es('admin.events.new') }).click();
  await expectNoAxeViolationsInBoth(page, 'new event form', (locale) => page.getByRole('heading', { level: 2, name: t(locale, 'admin.events.newTitle') }));
  const title = { es: `Taller ${token}`, en: `Workshop ${token}` };
  await fillEvent(page, 'es', title.es, title.en);
  await page.getByRole('button', { name: es('admin.events.form.create') }).click();
  await expect(page).toHaveURL(/\/admin\/events\/submission\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title.es })).toBeVisible();
  const eventId = Number(/submission\/(\d+)$/.exec(page.url())?.[1]);

  // 3. A visitor, not signed in, registers on the event's public page (the captcha solved by the widget).
  const visitorName = `Lucía Visitante ${token}`;
  const visitorEmail = uniqueEmail('admin-journey-visitor');
  await registerAsVisitor(browser, eventId, title.es, { name: visitorName, email: visitorEmail, phone: '787-555-0177', howHeard: 'recommendation' });

  // 4. Staff sees the registration on the event's page and checks it in.
  await page.reload();
  const registration = page.getByRole('row', { name: new RegExp(visitorName) });
  await expect(registration).toContainText(visitorEmail);
  await expect(registration).toContainText(es('events.howHeard.recommendation'));
  const checkIn = page.getByRole('checkbox', { name: es('admin.events.registrations.checkIn', { name: visitorName }) });
  await expect(checkIn).not.toBeChecked();
  await checkIn.check();
  await expect(page.getByText(es('admin.events.done.checkedIn', { name: visitorName })).first()).toBeVisible();
  await expect(checkIn).toBeChecked();
  await expect(page.getByText(es('admin.events.registrations.checkedIn', { count: 1 }))).toBeVisible();
  await expectNoAxeViolationsInBoth(page, 'event and its registrations', (locale) => page.getByRole('heading', { level: 1, name: title[locale] }));
  // Checked in for good: the server's answer after a reload, not the toggle's own state.
  await page.reload();
  await expect(checkIn).toBeChecked();

  // 5. Staff finds the submitted application (the accent not typed) and reviews it.
  await adminNav(page).getByRole('link', { name: es('admin.nav.applications') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('admin.applications.title') })).toBeVisible();
  await page.getByLabel(fieldLabel(es('admin.applications.search'))).fill(`pena ${token}`);
  await page.getByRole('button', { name: es('admin.applications.searchButton') }).click();
  const reviewLink = (locale: Locale) => page.getByRole('link', { name: t(locale, 'admin.applications.review', { id: submittedId, name: anaName }) });
  await expectNoAxeViolationsInBoth(page, 'applications list', reviewLink);
  await reviewLink('es').click();
  await expect(page).toHaveURL(`/admin/applications/${submittedId}/1`);
  await expectNoAxeViolationsInBoth(page, 'review page 1', (locale) =>
    page.getByRole('heading', { level: 1, name: t(locale, 'admin.review.heading', { id: submittedId, name: anaName }) }),
  );
  const reviewPage = async (review: 2 | 3 | 4, step: number) => {
    await page.getByRole('navigation', { name: es('admin.review.stepsNav') }).getByRole('link', { name: es(`admin.review.page${review}`) }).click();
    await expect(page).toHaveURL(`/admin/applications/${submittedId}/${review}`);
    await expectNoAxeViolationsInBoth(page, `review page ${review}`, (locale) => page.getByRole('heading', { level: 2, name: t(locale, `application.step.name${step}`) }));
  };
  await reviewPage(2, 2);

  // Page 3: the owner's identification opens in the browser, a PDF.
  await reviewPage(3, 3);
  const pdf = page.waitForResponse((response) => /\/api\/applications\/\d+\/files\/\d+$/.test(response.url()));
  const tab = page.context().waitForEvent('page');
  // The step's own copy of the button (the document checklist above has one too).
  await page.getByRole('region', { name: es('admin.review.page3') }).getByRole('button', { name: es('admin.review.view', { name: 'owner_id.pdf' }) }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  // (Playwright does not keep the body of a response the page reads as a blob; its bytes are checked on download.)
  expect(Number(response.headers()['content-length'])).toBeGreaterThan(0);
  const viewer = await tab;
  await expect.poll(() => viewer.url()).toMatch(/^blob:/);
  await viewer.close();

  // Page 4: the signed intake form downloaded, a PDF.
  await reviewPage(4, 6);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: es('admin.review.download', { name: 'formulario-firmado.pdf' }) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // 6. Staff closes the program on /admin/programs.
  await adminNav(page).getByRole('link', { name: es('admin.nav.programs') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('admin.programs.title') })).toBeVisible();
  await page.getByLabel(fieldLabel(es('admin.programs.search'))).fill(token);
  await page.getByRole('button', { name: es('admin.programs.searchButton') }).click();
  const programRow = (locale: Locale) => page.getByRole('row', { name: new RegExp(programName[locale]) });
  await expect(programRow('es')).toContainText(es('admin.programs.applicationCounts', { drafts: 1, submitted: 1 }));
  await expectNoAxeViolationsInBoth(page, 'programs list', programRow);
  await programRow('es').getByRole('button', { name: es('admin.programs.editNamed', { name: programName.es }) }).click();
  const editForm = (locale: Locale) => page.getByRole('form', { name: t(locale, 'admin.programs.editTitle', { name: programName[locale] }) });
  await expectNoAxeViolationsInBoth(page, 'program edit form', editForm);
  await editForm('es').getByLabel(fieldLabel(es('admin.programs.field.status'))).selectOption('closed');
  await editForm('es').getByRole('button', { name: es('admin.programs.save') }).click();
  await expect(page.getByText(es('admin.programs.saved', { name: programName.es }))).toBeVisible();
  await expect(programRow('es')).toContainText(es('programs.status.closed'));

  // 7. The applicant signs in (their profile reads English) and finds the draft closed.
  const applicantContext = await browser.newContext({ locale: 'es-PR' });
  const applicant = await applicantContext.newPage();
  await signIn(applicant, mark.account, 'es');
  await applicant.goto(applicationPath(draftId));
  await expect(applicant.locator('html')).toHaveAttribute('lang', 'en');
  await expect(applicant.getByRole('heading', { name: t('en', 'application.state.closed') })).toBeVisible();
  expect(t('en', 'application.state.closed')).toBe('Application has been closed');
  await applicantContext.close();
});
