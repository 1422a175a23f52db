// The application's screens filled with the keyboard alone (tests/e2e/support/keyboard.ts), shared by the specs that
// walk the whole application that way (apply-keyboard-whole at 1280 px, phone-application at 360 px): the survey and
// the answers of steps 1, 2, 4 and 5 that do not change from one walk to another.
import type { Page } from '@playwright/test';
import { labelledIn, questionIn, stepSection } from './apply.ts';
import { chooseRadio, pickWithArrows, tick, typeInto } from './keyboard.ts';
import { t, type Locale } from './shell.ts';

/** The survey, for an operating business of 1 to 2 years: it recommends the incubator. */
export async function answerSurveyByKeyboard(page: Page, locale: Locale): Promise<void> {
  await chooseRadio(page, page.locator('#survey-has-business'), t(locale, 'survey.form.yes'), 'has a business');
  await pickWithArrows(page, labelledIn(page, locale, 'survey.form.operatingTime'), 'operating time', 'years_1_to_2');
  await chooseRadio(page, page.locator('#survey-third-year'), t(locale, 'survey.form.no'), 'third-year student');
}

/** Step 1 below the name and e-mail (which come from the account). */
export async function fillPersonByKeyboard(page: Page, locale: Locale, person: { phone: string; street: string; city: string; postalCode: string; ssnLast4: string }): Promise<void> {
  const labelled = (id: string) => labelledIn(page, locale, id);
  await pickWithArrows(page, labelled('profile.person.gender'), 'gender');
  await typeInto(page, labelled('profile.person.phone'), person.phone, 'phone');
  await typeInto(page, labelled('profile.person.physicalLine1'), person.street, 'physical line 1');
  await typeInto(page, labelled('profile.person.city'), person.city, 'city');
  await typeInto(page, labelled('profile.person.state'), 'Puerto Rico', 'state');
  await typeInto(page, labelled('profile.person.postalCode'), person.postalCode, 'postal code');
  await typeInto(page, labelled('profile.person.country'), 'Estados Unidos', 'country');
  await tick(page, page.getByRole('checkbox', { name: t(locale, 'profile.person.postalSame') }), 'postal address is the same');
  await typeInto(page, labelled('application.person.ssnLast4'), person.ssnLast4, 'SSN last 4');
}

/** Step 2 for an operating business (the survey said so): every required fact; a restaurant (72), an LLC (7). */
export async function fillBusinessByKeyboard(page: Page, locale: Locale, name: string, city: string): Promise<void> {
  const business = stepSection(page, 2);
  const labelled = (id: string) => labelledIn(business, locale, id);
  await typeInto(page, labelled('application.business.name'), name, 'business name');
  await chooseRadio(page, questionIn(business, locale, 'application.business.type'), t(locale, 'application.business.typePhysical'), 'business type');
  await pickWithArrows(page, labelled('application.field.industry'), 'industry', '72');
  await typeInto(page, labelled('application.field.business_phone'), '787-555-0199', 'business phone');
  await typeInto(page, labelled('application.field.business_city'), city, 'business city');
  await pickWithArrows(page, labelled('application.field.legal_structure'), 'legal structure', '7');
  await chooseRadio(page, questionIn(business, locale, 'application.field.operating_time'), t(locale, 'survey.operatingTime.years1To2'), 'operating time');
  await typeInto(page, labelled('application.field.monthly_revenue'), '12500', 'monthly revenue');
  await typeInto(page, labelled('application.field.employees_full_time'), '3', 'full-time employees');
  await typeInto(page, labelled('application.field.employees_part_time'), '2', 'part-time employees');
  await typeInto(page, labelled('application.field.owners_count'), '1', 'owners');
  await typeInto(page, labelled('application.field.professional_services'), '1', 'professional services');
}

/** Step 4's last questions: no public housing, Section 8, other government program or Section 3. */
export async function answerHousingNoByKeyboard(page: Page, locale: Locale): Promise<void> {
  for (const field of ['application.field.public_housing', 'application.field.section_8', 'application.field.government_program', 'application.field.section_3']) {
    await chooseRadio(page, questionIn(stepSection(page, 4), locale, field), t(locale, 'application.option.no'), field);
  }
}

/** Step 5, training and plans, for someone who has a business. */
export async function fillTrainingByKeyboard(page: Page, locale: Locale): Promise<void> {
  const training = stepSection(page, 5);
  const labelled = (id: string) => labelledIn(training, locale, id);
  const question = (id: string) => questionIn(training, locale, id);
  await chooseRadio(page, question('application.field.similar_program'), t(locale, 'application.option.no'), 'similar program');
  await typeInto(page, labelled('application.narrative.mainChallenge'), 'Conseguir capital.', 'main challenge');
  await typeInto(page, labelled('application.field.strengths'), 'Tostamos nuestro café.', 'strengths');
  await typeInto(page, labelled('application.field.one_year_vision'), 'Un segundo local.', 'one-year vision');
  await typeInto(page, labelled('application.field.goal_actions'), 'Vender en línea.', 'actions');
  await typeInto(page, labelled('application.field.financial_support'), '25000', 'financial support');
  await typeInto(page, labelled('application.field.financial_support_purpose'), 'Una tostadora.', 'its purpose');
  await chooseRadio(page, question('application.field.program_interest'), t(locale, 'application.option.interest.both'), 'program interest');
  await chooseRadio(page, question('application.field.business_intent'), t(locale, 'application.option.intent.has_business'), 'business intent');
}
