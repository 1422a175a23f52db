// The whole application with the keyboard alone: sign in, My Programs, the programs list, the survey,
// steps 1 to 6 with every required field, two owners added and one removed, the owner's identification, two races
// and two income sources, income documents added and one removed, the signed intake form chosen through the file
// chooser opened with Enter, the certification PDF downloaded with Enter, the captcha ticked with Space, submit, the
// confirmation and My Programs saying "submitted". No mouse and no fill(): every control is reached with Tab or
// Shift+Tab (the helpers below press the key until the control has focus, so a control the keyboard cannot reach
// fails the test), then operated with typing, Space, Enter and the arrow keys. Every stop on the way shows a focus
// ring (WCAG 2.4.7), every Tab moves focus on, and on each screen Tab and Shift+Tab go round the whole page and back
// (nothing traps focus, WCAG 2.1.2).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, applicationPath, expectStepStatus, getApplication, indicatorSegment, seededPrograms, stepOf, stepSection, tinyPdf } from './support/apply.ts';
import { createAccount, fieldLabel, shotPath, t } from './support/shell.ts';

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Stop {
  /** The focused element, for messages: tag, id and the start of its name. */
  where: string;
  /** Focus is on no element (the page itself): between the last control and the first when Tab goes round. */
  body: boolean;
  /** The element that had focus before this press still has it. */
  stayed: boolean;
  /** A date input: Tab walks its month, day, year and calendar button before it leaves. */
  segmented: boolean;
  /** It or, for a file input drawn by its label or drop zone, that label or zone shows a ring. */
  ring: boolean;
  /** Inside <main>. */
  inMain: boolean;
  /** The element marked as the start of a round (expectTabRound). */
  atStart: boolean;
}

/** Where focus is now (through shadow roots: the captcha's checkbox lives in the widget's), and whether it shows. */
async function focusStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const memory = window as unknown as { keyboardLast?: Element | null; keyboardStart?: Element | null };
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    const last = memory.keyboardLast;
    memory.keyboardLast = element;
    if (!element || element === document.body || element === document.documentElement) {
      return { where: 'the page', body: true, stayed: false, segmented: false, ring: true, inMain: false, atStart: false };
    }
    const shown = (node: Element) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(node).opacity !== '0';
    };
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      const drawn = style.outlineStyle === 'auto' || (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2);
      return drawn && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    };
    const segmented = element instanceof HTMLInputElement && ['date', 'time', 'datetime-local', 'month', 'week'].includes(element.type);
    // On a date input's calendar button (inside the browser's own shadow tree, so the input no longer matches :focus)
    // Chromium draws the ring itself.
    const native = segmented && !element.matches(':focus');
    const own = native || (shown(element) && (outlined(element) || getComputedStyle(element).boxShadow !== 'none'));
    // A file input drawn by something else (DocumentsField's label, FileDropZone's zone) lends it the app's ring:
    // the amber outline with its dark edge (src/app/styles.css), so that it shows on white too.
    const stands = element instanceof HTMLInputElement && element.type === 'file' ? [...(element.labels ?? []), element.parentElement] : [];
    const lent = stands.some((node) => node !== null && shown(node) && outlined(node) && getComputedStyle(node).boxShadow !== 'none');
    let host: Node = element;
    for (let root = host.getRootNode(); root instanceof ShadowRoot; root = host.getRootNode()) host = root.host;
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 50);
    return {
      where: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element instanceof HTMLInputElement ? ` type=${element.type}` : ''}> "${name}"`,
      body: false,
      stayed: element === last,
      segmented,
      ring: own || lent,
      inMain: document.getElementById('main-content')?.contains(host) ?? false,
      atStart: element === memory.keyboardStart,
    };
  });
}

/** One press of Tab (or Shift+Tab): focus moves on (a date input keeps it while Tab walks its parts), to an element with a visible ring. */
async function press(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<Stop> {
  await page.keyboard.press(key);
  const stop = await focusStop(page);
  expect(stop.stayed && !stop.segmented, `${key} left focus on ${stop.where}: a trap`).toBe(false);
  expect(stop.ring, `${stop.where} has focus but no visible focus indicator`).toBe(true);
  return stop;
}

/**
 * Presses Tab, or Shift+Tab when `target` comes before the focused element, until `target` (or, for a group, a
 * control inside it) has focus; fails past `max` presses.
 */
async function tabTo(page: Page, target: Locator, what: string, max = 150): Promise<void> {
  const where = () =>
    target.evaluate((element) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      if (active && (element === active || element.contains(active))) return 'here';
      if (!active || active === document.body) return 'after';
      // Compared in the page's own tree: a shadow host stands for what it holds.
      const lift = (node: Node) => {
        for (let root = node.getRootNode(); root instanceof ShadowRoot; root = node.getRootNode()) node = root.host;
        return node;
      };
      return lift(active).compareDocumentPosition(lift(element)) & Node.DOCUMENT_POSITION_PRECEDING ? 'before' : 'after';
    });
  const start = await where();
  if (start === 'here') return;
  await focusStop(page);
  const key = start === 'before' ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < max; presses += 1) {
    await press(page, key);
    if ((await where()) === 'here') return;
  }
  throw new Error(`${key} should reach ${what} within ${max} presses`);
}

/**
 * Tab from the focused control goes through the whole page (the header and the footer outside <main> too) and
 * comes back to it, and so does Shift+Tab: no part of the screen keeps focus, every stop shows its ring.
 */
async function expectTabRound(page: Page, screen: string, max = 400): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab'] as const) {
    await page.evaluate(() => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      (window as unknown as { keyboardStart?: Element | null }).keyboardStart = element;
    });
    await focusStop(page);
    let outside = 0;
    let inside = 0;
    let onPage = 0;
    let presses = 0;
    const path: string[] = [];
    for (; presses < max; presses += 1) {
      const stop = await press(page, key);
      if (stop.atStart) break;
      path.push(stop.where);
      onPage = stop.body ? onPage + 1 : 0;
      expect(onPage, `${key} on ${screen}: focus stayed off every element`).toBeLessThan(2);
      if (stop.inMain) inside += 1;
      else if (!stop.body) outside += 1;
    }
    expect(presses, `${key} on ${screen} should come back round within ${max} presses; the last stops:\n${path.slice(-40).join('\n')}`).toBeLessThan(max);
    expect(inside, `${key} on ${screen}: stops in <main>`).toBeGreaterThan(0);
    expect(outside, `${key} on ${screen}: stops outside <main> (header, footer)`).toBeGreaterThan(0);
  }
}

async function typeInto(page: Page, target: Locator, text: string, what: string): Promise<void> {
  await tabTo(page, target, what);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(target).toHaveValue(text);
}

/** A radio question: Tab into its group, then the arrow keys move the choice to `option` (Space when it has focus). */
async function chooseRadio(page: Page, group: Locator, option: string, what: string): Promise<void> {
  await tabTo(page, group, what);
  const radio = group.getByRole('radio', { name: option, exact: true });
  for (let presses = 0; presses < 12 && !(await radio.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(radio).toBeFocused();
  if (!(await radio.isChecked())) await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

async function tick(page: Page, box: Locator, what: string): Promise<void> {
  await tabTo(page, box, what);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** A native select: focused with Tab, its options walked with ArrowDown until one that is not the placeholder. */
async function pickWithArrows(page: Page, select: Locator, what: string, wanted?: string): Promise<void> {
  await tabTo(page, select, what);
  for (let presses = 0; presses < 40; presses += 1) {
    const value = await select.inputValue();
    if (wanted === undefined ? value !== '' : value === wanted) break;
    await page.keyboard.press('ArrowDown');
  }
  if (wanted === undefined) await expect(select).not.toHaveValue('');
  else await expect(select).toHaveValue(wanted);
}

/** A file input: focused with Tab, opened with Enter, the file given to the chooser the browser opened. */
async function uploadByKeyboard(page: Page, field: Locator, fileName: string, what: string): Promise<void> {
  const before = await field.getByRole('listitem').count();
  await tabTo(page, field.locator('input[type=file]'), what);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: fileName, mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(field.getByRole('listitem').filter({ hasText: fileName })).toHaveCount(1);
  expect(await field.getByRole('listitem').count()).toBe(before + 1);
}

async function pressButton(page: Page, button: Locator, what: string): Promise<void> {
  await tabTo(page, button, what);
  await page.keyboard.press('Enter');
}

/** A navigation's new screen: its main heading has focus (the layout moves it there), where the next Tab starts. */
async function expectScreen(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(path);
  await expect(page.locator('#main-heading')).toBeFocused();
}

/** A screenshot of `target` with a margin, so that a focus ring drawn outside its box shows. */
async function shootAround(page: Page, target: Locator, name: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${name}: nothing to shoot`);
  const margin = 16;
  await page.screenshot({ path: shotPath(name), clip: { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: box.height + 2 * margin } });
}

const question = (scope: Page | Locator, id: string) => scope.getByRole('group', { name: new RegExp(`^\\s*${escape(es(id))}`) });
const labelled = (scope: Page | Locator, id: string) => scope.getByLabel(fieldLabel(es(id)), { exact: true });

test('the whole application, from My Programs to the submitted application, with the keyboard alone (es)', async ({ page }) => {
  // About 700 key presses, each followed by a look at the focus: generous for a busy two-core machine.
  test.setTimeout(600_000);
  const account = await createAccount('apply-keyboard-whole', { language: 'es' });
  const program = seededPrograms.incubator;
  const context = es('programs.action.context', { program: program.es });

  // ---- Sign in.
  await page.goto('/login');
  await typeInto(page, labelled(page, 'auth.login.email'), account.email, 'the e-mail');
  await typeInto(page, labelled(page, 'auth.login.password'), account.password, 'the password');
  await page.keyboard.press('Enter');
  await expectScreen(page, /\/panel\/programs$/);

  // ---- My Programs, empty: its link to the programs list.
  await pressButton(page, page.getByRole('link', { name: es('panel.nav.myPrograms'), exact: true }), 'My Programs in the menu');
  await expectScreen(page, /\/panel\/programs\/my$/);
  await expect(page.getByText(es('programs.my.empty'))).toBeVisible();
  await pressButton(page, page.getByRole('link', { name: es('programs.my.seePrograms') }), 'See the programs');
  await expectScreen(page, /\/panel\/programs$/);

  // ---- The programs list: Apply; the survey comes first.
  const card = page.getByRole('article', { name: program.es, exact: true });
  await tabTo(page, card.getByRole('button', { name: es('programs.action.apply') + context }), 'Apply');
  await expectTabRound(page, 'the programs list');
  await page.keyboard.press('Enter');
  await expectScreen(page, new RegExp(`/panel/survey\\?program=${program.id}$`));
  await chooseRadio(page, page.locator('#survey-has-business'), es('survey.form.yes'), 'has a business');
  await pickWithArrows(page, labelled(page, 'survey.form.operatingTime'), 'operating time', 'years_1_to_2');
  await chooseRadio(page, page.locator('#survey-third-year'), es('survey.form.no'), 'third-year student');
  await expectTabRound(page, 'the survey');
  await pressButton(page, page.getByRole('button', { name: es('survey.form.save') }), 'Save my answers');
  const result = page.getByRole('region', { name: es('survey.result.title') });
  await expect(result.getByRole('heading', { name: es('survey.result.title') })).toBeFocused();
  await pressButton(page, result.getByRole('button', { name: es('survey.result.applyTo', { program: program.es }) }), 'Apply to the incubator');
  await expectScreen(page, /\/panel\/application\/\d+$/);
  const id = Number(/\/application\/(\d+)$/.exec(page.url())?.[1]);
  await pressButton(page, page.getByRole('link', { name: es('programs.action.start'), exact: true }), 'Start');
  await expectScreen(page, applicationPath(id, 1));

  // ---- Step 1: the name and e-mail come from the account; the rest typed.
  await pickWithArrows(page, labelled(page, 'profile.person.gender'), 'gender');
  await typeInto(page, labelled(page, 'profile.person.phone'), '787-555-0177', 'phone');
  await typeInto(page, labelled(page, 'profile.person.physicalLine1'), 'Calle Teclado 8', 'physical line 1');
  await typeInto(page, labelled(page, 'profile.person.city'), 'Mayagüez', 'city');
  await typeInto(page, labelled(page, 'profile.person.state'), 'Puerto Rico', 'state');
  await typeInto(page, labelled(page, 'profile.person.postalCode'), '00680', 'postal code');
  await typeInto(page, labelled(page, 'profile.person.country'), 'Estados Unidos', 'country');
  await tick(page, page.getByRole('checkbox', { name: es('profile.person.postalSame') }), 'postal address is the same');
  await typeInto(page, labelled(page, 'application.person.ssnLast4'), '4821', 'SSN last 4');
  await expectTabRound(page, 'step 1');
  await pressButton(page, page.getByRole('button', { name: es('application.step.submit', { step: 1 }) }), 'Submit step 1');
  // Submitted, the page moves on to step 2 by itself.
  await expectScreen(page, applicationPath(id, 2));
  await expect(indicatorSegment(page, 1)).toContainText(es('application.step.submitted'));

  // ---- Step 2: an operating business (the survey said so), every required fact.
  const business = stepSection(page, 2);
  await typeInto(page, labelled(business, 'application.business.name'), 'Café Teclado', 'business name');
  await chooseRadio(page, question(business, 'application.business.type'), es('application.business.typePhysical'), 'business type');
  await pickWithArrows(page, labelled(business, 'application.field.industry'), 'industry', '72');
  await typeInto(page, labelled(business, 'application.field.business_phone'), '787-555-0199', 'business phone');
  await typeInto(page, labelled(business, 'application.field.business_city'), 'Mayagüez', 'business city');
  await pickWithArrows(page, labelled(business, 'application.field.legal_structure'), 'legal structure', '7');
  await chooseRadio(page, question(business, 'application.field.operating_time'), es('survey.operatingTime.years1To2'), 'operating time');
  await typeInto(page, labelled(business, 'application.field.monthly_revenue'), '12500', 'monthly revenue');
  await typeInto(page, labelled(business, 'application.field.employees_full_time'), '3', 'full-time employees');
  await typeInto(page, labelled(business, 'application.field.employees_part_time'), '2', 'part-time employees');
  await typeInto(page, labelled(business, 'application.field.owners_count'), '1', 'owners');
  await typeInto(page, labelled(business, 'application.field.professional_services'), '1', 'professional services');
  await expectTabRound(page, 'step 2');
  await pressButton(page, business.getByRole('button', { name: es('application.step.submit', { step: 2 }) }), 'Submit step 2');
  await expectScreen(page, applicationPath(id, 3));
  await expect(indicatorSegment(page, 2)).toContainText(es('application.step.submitted'));

  // ---- Step 3: an owner added with her identification; a second added, named, and removed again.
  const owners = stepSection(page, 3);
  const owner = (number: number) => owners.getByRole('group', { name: new RegExp(`^${escape(es('application.owners.owner', { number }))}$`) });
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.addFirst') }), 'Add an owner');
  await expect(labelled(owner(1), 'application.owners.name')).toBeFocused();
  await page.keyboard.type('Marisol Quiñones');
  await typeInto(page, labelled(owner(1), 'application.owners.position'), 'Presidenta', 'position');
  await pickWithArrows(page, labelled(owner(1), 'application.field.education_level'), 'education level', 'college_degree');
  await chooseRadio(page, question(owner(1), 'application.field.employment_status'), es('application.option.employment.employed'), 'employment status');
  await uploadByKeyboard(page, question(owner(1), 'application.field.id_files'), 'identificacion.pdf', "the owner's identification");
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.add') }), 'Add another owner');
  await expect(labelled(owner(2), 'application.owners.name')).toBeFocused();
  await page.keyboard.type('Segunda Persona');
  await pressButton(page, owners.getByRole('button', { name: es('application.owners.remove', { number: 2 }) }), 'Remove owner 2');
  await expect(owner(2)).toHaveCount(0);
  // Focus goes back to the owner before the removed one, not to the page.
  await expect(labelled(owner(1), 'application.owners.name')).toBeFocused();
  await pressButton(page, owners.getByRole('button', { name: es('application.step.submit', { step: 3 }) }), 'Submit step 3');
  await expectStepStatus(page, 3, 'submitted');

  // ---- Step 4: the household; two income sources, income documents (one removed again), and a second race
  // ticked on the way back up with Shift+Tab.
  const household = stepSection(page, 4);
  const race = question(household, 'application.field.race');
  const incomeSources = question(household, 'application.household.incomeSources');
  await typeInto(page, labelled(household, 'application.household.size'), '3', 'household size');
  await chooseRadio(page, question(household, 'application.field.head_of_household'), es('application.option.head.single_female'), 'head of household');
  await chooseRadio(page, question(household, 'application.field.ethnicity'), es('application.option.ethnicity.hispanic_or_latino'), 'ethnicity');
  await tick(page, race.getByRole('checkbox', { name: es('application.option.race.white'), exact: true }), 'race: white');
  await tick(page, incomeSources.getByRole('checkbox', { name: es('application.household.incomeWork'), exact: true }), 'income from work');
  await tick(page, incomeSources.getByRole('checkbox', { name: es('application.household.incomePensions'), exact: true }), 'income from pensions');
  const incomeDocuments = question(household, 'application.field.income_documents');
  await uploadByKeyboard(page, incomeDocuments, 'talonario-enero.pdf', 'the income documents');
  await uploadByKeyboard(page, incomeDocuments, 'talonario-febrero.pdf', 'another income document');
  await tabTo(page, incomeDocuments.locator('input[type=file]'), 'the income documents');
  await shootAround(page, incomeDocuments, 'apply-keyboard-whole-documents-focus-es');
  await uploadByKeyboard(page, incomeDocuments, 'talonario-equivocado.pdf', 'a third income document');
  await pressButton(
    page,
    incomeDocuments.getByRole('button', { name: es('application.documents.remove', { name: 'talonario-equivocado.pdf' }) }),
    'Remove the wrong document',
  );
  await expect(incomeDocuments.getByRole('listitem')).toHaveCount(2);
  // The removed file's button is gone: focus waits on the field, with its ring, not on the page.
  await expect(incomeDocuments).toBeFocused();
  expect((await focusStop(page)).ring, 'the income documents field has focus but no visible focus indicator').toBe(true);
  await shootAround(page, incomeDocuments, 'apply-keyboard-whole-documents-removed-es');
  await tick(page, race.getByRole('checkbox', { name: es('application.option.race.black_or_african_american'), exact: true }), 'race: black');
  await expect(race.getByRole('checkbox', { name: es('application.option.race.white'), exact: true })).toBeChecked();
  for (const field of ['application.field.public_housing', 'application.field.section_8', 'application.field.government_program', 'application.field.section_3']) {
    await chooseRadio(page, question(household, field), es('application.option.no'), field);
  }
  await pressButton(page, household.getByRole('button', { name: es('application.step.submit', { step: 4 }) }), 'Submit step 4');
  await expectStepStatus(page, 4, 'submitted');

  // ---- Step 5: training and plans.
  const training = stepSection(page, 5);
  await chooseRadio(page, question(training, 'application.field.similar_program'), es('application.option.no'), 'similar program');
  await typeInto(page, labelled(training, 'application.narrative.mainChallenge'), 'Conseguir capital.', 'main challenge');
  await typeInto(page, labelled(training, 'application.field.strengths'), 'Tostamos nuestro café.', 'strengths');
  await typeInto(page, labelled(training, 'application.field.one_year_vision'), 'Un segundo local.', 'one-year vision');
  await typeInto(page, labelled(training, 'application.field.goal_actions'), 'Vender en línea.', 'actions');
  await typeInto(page, labelled(training, 'application.field.financial_support'), '25000', 'financial support');
  await typeInto(page, labelled(training, 'application.field.financial_support_purpose'), 'Una tostadora.', 'its purpose');
  await chooseRadio(page, question(training, 'application.field.program_interest'), es('application.option.interest.both'), 'program interest');
  await chooseRadio(page, question(training, 'application.field.business_intent'), es('application.option.intent.has_business'), 'business intent');
  await expectTabRound(page, 'steps 3 to 5', 600);
  await pressButton(page, training.getByRole('button', { name: es('application.step.submit', { step: 5 }) }), 'Submit step 5');
  await expectScreen(page, applicationPath(id, 6));
  await expect(indicatorSegment(page, 5)).toContainText(es('application.step.submitted'));

  // ---- Step 6: the certification downloaded, the signed form uploaded, the conditions, the captcha.
  await tabTo(page, page.getByRole('button', { name: es('application.certification.download') }), 'Download the certification');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const intake = page.getByLabel(fieldLabel(es('application.upload.label')));
  await tabTo(page, intake, 'the intake form');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'formulario-firmado.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(page.getByText(es('application.upload.done'))).toBeVisible();
  await tick(page, page.getByRole('checkbox', { name: es('application.agreement.conditions') }), 'the conditions');
  await tabTo(page, page.locator('altcha-widget').getByRole('checkbox'), 'the captcha');
  await page.keyboard.press('Space');
  // The widget gives way to the "done" line, which takes focus (with its ring) so that Tab goes on from there.
  await expect(page.getByText(es('application.agreement.captchaDone'))).toBeFocused({ timeout: 60_000 });
  expect((await focusStop(page)).ring, 'the captcha done line has focus but no visible focus indicator').toBe(true);
  await tabTo(page, stepSection(page, 6).getByRole('button', { name: es('application.step.submit', { step: 6 }) }), 'Submit step 6');
  await expectTabRound(page, 'step 6');
  await page.keyboard.press('Enter');

  // ---- Check the answers (where submitting step 6 moved the page), submit, confirm, the confirmation.
  await expectScreen(page, applicationPath(id, 'submit'));
  await expect(indicatorSegment(page, 6)).toContainText(es('application.step.submitted'));
  await expect(page.locator('main').getByText('Café Teclado')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: es('application.submit.button') }), 'Submit the application');
  await expectTabRound(page, 'check your answers', 600);
  await page.keyboard.press('Enter');
  // "Submit the application?": the dialog takes focus on its confirm button; Enter sends.
  await expect(page.getByRole('alertdialog').getByRole('button', { name: es('application.submit.confirm') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectScreen(page, applicationPath(id, 'confirmation'));
  await expect(page.getByRole('heading', { level: 1, name: es('application.confirmation.title') })).toBeVisible();
  await page.screenshot({ path: shotPath('apply-keyboard-whole-confirmation-es'), fullPage: true });

  // ---- My Programs says it was sent.
  await pressButton(page, page.getByRole('link', { name: es('application.confirmation.myPrograms') }), 'Go to My Programs');
  await expectScreen(page, /\/panel\/programs\/my$/);
  const mine = page.getByRole('article', { name: program.es, exact: true });
  await expect(mine.locator(`dt:text-is("${es('programs.my.status')}") + dd`)).toHaveText(es('programs.applicationStatus.submitted'));
  await tabTo(page, mine.getByRole('link', { name: es('programs.action.view') + context, exact: true }), 'View the application');

  // What the keyboard entered is what the server holds.
  const api = await apiSignIn(account);
  expect((await getApplication(api, id)).status).toBe('submitted');
  expect((await stepOf(api, id, 2)).data).toMatchObject({ business_name: 'Café Teclado', industry: '72', legal_structure: 7 });
  const ownersSaved = (await stepOf(api, id, 3)).data.owners as { name: string; id_files: unknown[] }[];
  expect(ownersSaved.map((saved) => saved.name)).toEqual(['Marisol Quiñones']);
  expect(ownersSaved[0]?.id_files).toHaveLength(1);
  const householdSaved = (await stepOf(api, id, 4)).data;
  expect([...(householdSaved.race as string[])].sort()).toEqual(['black_or_african_american', 'white']);
  expect([...(householdSaved.income_sources as string[])].sort()).toEqual(['pensions', 'work']);
  expect(householdSaved.income_documents).toHaveLength(2);
});
