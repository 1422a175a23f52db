// The accessibility sweep: every route of src/app/AppRoutes.tsx and every dialog of src/, in Spanish
// and English, at 1280x800 and at 360x740, checked with axe (the five WCAG tags of support/fixtures.ts); by default
// Spanish at 360 px and English at 1280 (E2E_ALL=1: both languages at both widths). Driven by the
// two tables below; the first test fails when the router or src/ gains a route or a dialog that is not in them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import ts from 'typescript';
import { Api, apiSignIn, applyTo, completeSteps, createProgram, newApplicant, saveStep, tinyPdf, type Applicant } from './support/apply.ts';
import { newStaff } from './support/admin.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { baseURL } from './support/ports.ts';
import { e2eAll } from './support/selection.ts';
import { fieldLabel, shotPath, signIn, switchLanguage, t, type Account, type Locale } from './support/shell.ts';

type Who = 'public' | 'applicant' | 'staff';

/** What the set-up made through the API, shared by every language and screen size (nothing here changes it). */
interface Data {
  applicant: Applicant;
  applicantUserId: number;
  programId: number;
  draftId: number;
  submittedId: number;
  /** An application staff are reviewing (in review): the review panel offers its dialogs there. */
  inReviewId: number;
  eventId: number;
  newsId: number;
  person: string;
  /** A staff account of the sweep's own: signing in with a language may write it to the profile, and the shared
   *  seeded staff account must keep Spanish for the other tests (tests/e2e/shell-guards.spec.ts). */
  staff: Account;
}

interface RouteCheck {
  /** The route's full path as src/app/AppRoutes.tsx declares it. */
  route: string;
  who: Who;
  /** The address opened for it (the route's parameters filled from the set-up's data). */
  url: (data: Data) => string;
  /** A route that only redirects: where it must land (the target has its own row, so axe is not run twice). */
  redirectsTo?: (data: Data) => RegExp;
  /** What shows that the screen's data has been drawn, beyond its h1 (axe must not look at a loading state). */
  drawn?: (page: Page, locale: Locale, data: Data) => Locator;
  /** A step a visitor takes before the screen is whole: a form's captcha loads once the form is started. */
  prepare?: (page: Page, locale: Locale) => Promise<void>;
}

const exact = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const main = (page: Page): Locator => page.locator('main');

/** Focuses an event registration form's first field, which loads its captcha, and waits for the captcha. */
async function startRegistration(page: Page, locale: Locale): Promise<void> {
  await main(page).getByLabel(fieldLabel(t(locale, 'events.form.name'))).focus();
  await expect(main(page).locator('altcha-widget .altcha')).toBeVisible();
}

/** Every route, once. `route` is matched against the router's source by the first test below. */
const routes: RouteCheck[] = [
  { route: '/', who: 'public', url: () => '/', prepare: startRegistration },
  { route: '/submission/:id', who: 'public', url: (d) => `/submission/${d.eventId}`, prepare: startRegistration },
  { route: '/login', who: 'public', url: () => '/login' },
  { route: '/account/create', who: 'public', url: () => '/account/create', drawn: (page) => page.locator('altcha-widget .altcha') },
  { route: '/register', who: 'public', url: () => '/register', redirectsTo: () => /\/account\/create$/ },
  { route: '/terms', who: 'public', url: () => '/terms' },
  { route: '/password/reset', who: 'public', url: () => '/password/reset' },
  { route: '/password/reset/confirm', who: 'public', url: () => '/password/reset/confirm?uid=MQ&token=abc' },
  { route: '/account/email/confirm', who: 'public', url: () => '/account/email/confirm?token=abc' },
  { route: '/account/email/undo', who: 'public', url: () => '/account/email/undo?token=abc' },
  { route: '/*', who: 'public', url: () => '/no/such/page' },
  { route: '/profile', who: 'applicant', url: () => '/profile', drawn: (page, locale) => page.getByRole('form', { name: t(locale, 'profile.ssn.title') }) },
  { route: '/profile/second-factor', who: 'applicant', url: () => '/profile/second-factor' },
  { route: '/panel', who: 'applicant', url: () => '/panel', redirectsTo: () => /\/panel\/programs$/ },
  { route: '/panel/*', who: 'applicant', url: () => '/panel/no-such-screen', redirectsTo: () => /\/panel\/programs$/ },
  { route: '/panel/programs', who: 'applicant', url: () => '/panel/programs', drawn: (page) => main(page).getByRole('article').first() },
  { route: '/panel/programs/my', who: 'applicant', url: () => '/panel/programs/my', drawn: (page) => main(page).getByRole('article').first() },
  {
    route: '/panel/programs/my/drive/:id',
    who: 'applicant',
    url: (d) => `/panel/programs/my/drive/${d.programId}`,
    drawn: (page, locale) => page.getByRole('button', { name: t(locale, 'drive.download', { name: 'plan.pdf' }) }),
  },
  { route: '/panel/events', who: 'applicant', url: () => '/panel/events', drawn: (page) => main(page).getByRole('article').first() },
  { route: '/panel/news', who: 'applicant', url: () => '/panel/news', drawn: (page) => main(page).getByRole('link').first() },
  { route: '/panel/news/:id', who: 'applicant', url: (d) => `/panel/news/${d.newsId}`, drawn: (page) => main(page).locator('article') },
  { route: '/panel/survey', who: 'applicant', url: () => '/panel/survey', drawn: (page) => main(page).getByRole('radio').first() },
  { route: '/panel/application/:rid', who: 'applicant', url: (d) => `/panel/application/${d.draftId}` },
  { route: '/panel/application/:rid/1', who: 'applicant', url: (d) => `/panel/application/${d.draftId}/1`, drawn: (page) => page.locator('section#step-1 form') },
  { route: '/panel/application/:rid/2', who: 'applicant', url: (d) => `/panel/application/${d.draftId}/2`, drawn: (page) => page.locator('section#step-2 form') },
  { route: '/panel/application/:rid/3', who: 'applicant', url: (d) => `/panel/application/${d.draftId}/3`, drawn: (page) => page.locator('section#step-5 form') },
  { route: '/panel/application/:rid/4', who: 'applicant', url: (d) => `/panel/application/${d.draftId}/4`, redirectsTo: (d) => new RegExp(`/panel/application/${d.draftId}/3$`) },
  { route: '/panel/application/:rid/5', who: 'applicant', url: (d) => `/panel/application/${d.draftId}/5`, redirectsTo: (d) => new RegExp(`/panel/application/${d.draftId}/3$`) },
  { route: '/panel/application/:rid/6', who: 'applicant', url: (d) => `/panel/application/${d.draftId}/6`, drawn: (page) => page.locator('altcha-widget .altcha') },
  { route: '/panel/application/:rid/submit', who: 'applicant', url: (d) => `/panel/application/${d.draftId}/submit` },
  {
    route: '/panel/application/:rid/confirmation',
    who: 'applicant',
    url: (d) => `/panel/application/${d.submittedId}/confirmation`,
    drawn: (page, locale) => page.getByRole('heading', { level: 1, name: t(locale, 'application.confirmation.title') }),
  },
  { route: '/admin', who: 'staff', url: () => '/admin', redirectsTo: () => /\/admin\/events$/ },
  { route: '/admin/events', who: 'staff', url: () => '/admin/events', drawn: (page) => main(page).getByRole('table') },
  { route: '/admin/events/submission/:id', who: 'staff', url: (d) => `/admin/events/submission/${d.eventId}`, drawn: (page) => main(page).locator('h2').first() },
  { route: '/admin/applications', who: 'staff', url: () => '/admin/applications', drawn: (page) => main(page).getByRole('table') },
  ...([1, 2, 3, 4] as const).map(
    (page): RouteCheck => ({
      route: `/admin/applications/:rid/${page}`,
      who: 'staff',
      url: (d) => `/admin/applications/${d.submittedId}/${page}`,
      drawn: (p, locale, d) => p.getByRole('heading', { level: 1, name: t(locale, 'admin.review.heading', { id: d.submittedId, name: d.person }) }),
    }),
  ),
  {
    route: '/admin/applications/:rid/print',
    who: 'staff',
    url: (d) => `/admin/applications/${d.submittedId}/print`,
    drawn: (page, locale) => page.getByRole('button', { name: t(locale, 'admin.print.printButton') }),
  },
  { route: '/admin/programs', who: 'staff', url: () => '/admin/programs', drawn: (page) => main(page).getByRole('table') },
  {
    route: '/admin/programs/drive/:id',
    who: 'staff',
    url: (d) => `/admin/programs/drive/${d.programId}`,
    drawn: (page, locale) => page.getByRole('button', { name: t(locale, 'drive.openFolder', { name: 'Guías' }) }),
  },
  {
    route: '/admin/dashboard',
    who: 'staff',
    url: () => '/admin/dashboard',
    drawn: (page, locale) => page.getByRole('region', { name: t(locale, 'admin.dashboard.chart.status') }).getByRole('table'),
  },
  { route: '/admin/news', who: 'staff', url: () => '/admin/news', drawn: (page) => main(page).getByRole('table') },
  { route: '/admin/news/:id', who: 'staff', url: (d) => `/admin/news/${d.newsId}`, drawn: (page, locale) => page.getByRole('button', { name: t(locale, 'admin.news.delete') }) },
  { route: '/admin/reports/hud', who: 'staff', url: () => '/admin/reports/hud', drawn: (page) => main(page).getByRole('table').first() },
  { route: '/admin/reports/hud/print', who: 'staff', url: () => '/admin/reports/hud/print', drawn: (page) => main(page).getByRole('table').first() },
  { route: '/admin/users', who: 'staff', url: () => '/admin/users' },
  {
    route: '/admin/users/:id',
    who: 'staff',
    url: (d) => `/admin/users/${d.applicantUserId}`,
    drawn: (page, locale) => page.getByRole('button', { name: t(locale, 'admin.users.deactivate') }),
  },
];

interface DialogCheck {
  name: string;
  /** The file of src/ that puts the dialog on screen (the first test checks that every such file has a row). */
  source: string;
  who: Who;
  url: (data: Data) => string;
  /** Opens the dialog from its screen (the screen's own control, or for the conflict the other tab's save) and answers it. */
  open: (page: Page, locale: Locale, data: Data) => Promise<Locator>;
  /** Closes it without changing anything that another language or screen size needs. */
  close: (page: Page, locale: Locale, dialog: Locator) => Promise<void>;
}

const pressEscape = async (page: Page) => page.keyboard.press('Escape');
const cancelConfirm = async (_page: Page, locale: Locale, dialog: Locator) => dialog.getByRole('button', { name: t(locale, 'ui.confirm.cancel') }).click();
const rowButton = (page: Page, locale: Locale, action: 'drive.rename' | 'drive.move' | 'drive.delete', name: string) =>
  page.getByRole('button', { name: `${t(locale, action)} ${name}`, exact: true });

/** Opens a drive dialog from `control` and answers the dialog, named by its title. */
async function driveDialog(page: Page, control: Locator, title: string): Promise<Locator> {
  await control.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Every dialog, each opened on its screen, checked, and closed. */
const dialogs: DialogCheck[] = [
  ...(['new folder', 'rename', 'move', 'delete'] as const).map(
    (which): DialogCheck => ({
      name: `drive: ${which}`,
      source: 'src/features/drive/components/DrivePage.tsx',
      who: 'applicant',
      url: (d) => `/panel/programs/my/drive/${d.programId}`,
      open: async (page, locale) => {
        if (which === 'new folder') return driveDialog(page, page.getByRole('button', { name: t(locale, 'drive.newFolder') }), t(locale, 'drive.newFolder'));
        if (which === 'rename') return driveDialog(page, rowButton(page, locale, 'drive.rename', 'plan.pdf'), t(locale, 'drive.renameTitle', { name: 'plan.pdf' }));
        if (which === 'move') return driveDialog(page, rowButton(page, locale, 'drive.move', 'plan.pdf'), t(locale, 'drive.moveTitle', { name: 'plan.pdf' }));
        return driveDialog(page, rowButton(page, locale, 'drive.delete', 'Facturas'), t(locale, 'drive.deleteTitle', { name: 'Facturas' }));
      },
      close: pressEscape,
    }),
  ),
  ...(['new folder', 'delete'] as const).map(
    (which): DialogCheck => ({
      name: `staff drive: ${which}`,
      source: 'src/features/admin-drive/components/AdminDrivePage.tsx',
      who: 'staff',
      url: (d) => `/admin/programs/drive/${d.programId}`,
      open: async (page, locale) =>
        which === 'new folder'
          ? driveDialog(page, page.getByRole('button', { name: t(locale, 'drive.newFolder') }), t(locale, 'drive.newFolder'))
          : driveDialog(page, rowButton(page, locale, 'drive.delete', 'Guías'), t(locale, 'drive.deleteTitle', { name: 'Guías' })),
      close: pressEscape,
    }),
  ),
  {
    name: 'events: cancel attendance',
    source: 'src/features/events/components/EventsPage.tsx',
    who: 'applicant',
    url: () => '/panel/events',
    open: async (page, locale) => {
      await main(page).getByRole('button', { name: new RegExp(`^${t(locale, 'events.panel.cancel').split('<')[0]}`) }).click();
      return page.getByRole('alertdialog', { name: t(locale, 'events.cancel.title') });
    },
    close: async (_page, locale, dialog) => dialog.getByRole('button', { name: t(locale, 'events.cancel.keep') }).click(),
  },
  {
    name: 'application: a save from another tab (conflict)',
    source: 'src/features/application/components/StepSection.tsx',
    who: 'applicant',
    url: (d) => `/panel/application/${d.draftId}/2`,
    open: async (page, locale, d) => {
      // This screen holds the step's version; the other tab saves over it, then this one's save meets the conflict.
      const name = page.getByLabel(new RegExp(`^\\s*${t(locale, 'application.business.name')}`));
      await expect(name).toBeEditable();
      // A fresh sign-in: the set-up's access token lives five minutes, less than the sweep takes on a busy machine.
      await saveStep(await apiSignIn(d.applicant.account), d.draftId, 2, { business_name: `Otra pestaña ${Date.now().toString(36)}` });
      await name.fill(`Esta pestaña ${locale}`);
      return page.getByRole('alertdialog', { name: t(locale, 'application.conflict.title') });
    },
    close: async (_page, locale, dialog) => dialog.getByRole('button', { name: t(locale, 'application.conflict.theirs') }).click(),
  },
  ...(
    [
      ['request changes', 'admin.review.requestChanges', 'admin.review.changes.title'],
      ['decide', 'admin.review.decideButton', 'admin.review.decide.title'],
    ] as const
  ).map(
    ([which, button, title]): DialogCheck => ({
      name: `staff review: ${which}`,
      source: 'src/features/admin-applications/components/ReviewPanel.tsx',
      who: 'staff',
      url: (d) => `/admin/applications/${d.inReviewId}/1`,
      open: async (page, locale, d) => {
        await page.getByRole('button', { name: t(locale, button) }).click();
        return page.getByRole('dialog', { name: t(locale, title, { name: d.person }) });
      },
      close: pressEscape,
    }),
  ),
  {
    name: 'staff review: reject a document',
    source: 'src/features/admin-applications/components/DocumentChecklist.tsx',
    who: 'staff',
    url: (d) => `/admin/applications/${d.inReviewId}/1`,
    open: async (page, locale) => {
      // The first document's Reject button; its dialog is titled with the same words and the file's name.
      const reject = new RegExp(`^${t(locale, 'admin.review.documents.reject', { name: '' }).trim()} `);
      await page.getByRole('button', { name: reject }).first().click();
      return page.getByRole('dialog', { name: new RegExp(`^${t(locale, 'admin.review.documents.rejectTitle', { name: '' }).trim()} `) });
    },
    close: pressEscape,
  },
  {
    name: 'staff review: delete my note',
    source: 'src/features/admin-applications/components/NotesPanel.tsx',
    who: 'staff',
    url: (d) => `/admin/applications/${d.inReviewId}/1`,
    open: async (page, locale) => {
      await page.getByRole('region', { name: t(locale, 'admin.notes.title') }).getByRole('button', { name: t(locale, 'admin.notes.delete') }).first().click();
      return page.getByRole('alertdialog', { name: t(locale, 'admin.notes.deleteTitle') });
    },
    close: cancelConfirm,
  },
  {
    name: 'staff review: close the application',
    source: 'src/features/admin-applications/components/ReviewPanel.tsx',
    who: 'staff',
    url: (d) => `/admin/applications/${d.draftId}/1`,
    open: async (page, locale, d) => {
      await page.getByRole('button', { name: t(locale, 'admin.review.close') }).click();
      return page.getByRole('alertdialog', { name: t(locale, 'admin.review.confirm.closeTitle', { name: d.person }) });
    },
    close: cancelConfirm,
  },
  {
    name: 'staff users: deactivate an account',
    source: 'src/features/admin-users/components/UserDetailPage.tsx',
    who: 'staff',
    url: (d) => `/admin/users/${d.applicantUserId}`,
    open: async (page, locale, d) => {
      await page.getByRole('button', { name: t(locale, 'admin.users.deactivate') }).click();
      return page.getByRole('alertdialog', { name: t(locale, 'admin.users.confirm.deactivateTitle', { name: d.person }) });
    },
    close: cancelConfirm,
  },
  {
    name: 'staff news: delete an item',
    source: 'src/features/admin-news/components/NewsEditorPage.tsx',
    who: 'staff',
    url: (d) => `/admin/news/${d.newsId}`,
    open: async (page, locale) => {
      await page.getByRole('button', { name: t(locale, 'admin.news.delete') }).click();
      return page.getByRole('alertdialog', { name: t(locale, 'admin.news.confirmDeleteTitle') });
    },
    close: cancelConfirm,
  },
];

// ---- the guards: the tables against the source -------------------------------------------------------------------

const root = new URL('../../', import.meta.url).pathname;

/** The full path of every leaf route (a route without children) of the route table in src/app/AppRoutes.tsx. */
function routerPaths(): string[] {
  const file = 'src/app/AppRoutes.tsx';
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const table = source.statements.find((node): node is ts.FunctionDeclaration => ts.isFunctionDeclaration(node) && node.name?.text === 'routeTable');
  if (!table?.body) throw new Error(`no function routeTable in ${file}`);
  const paths: string[] = [];
  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)?.initializer;
  const walk = (array: ts.ArrayLiteralExpression, parent: string): void => {
    for (const element of array.elements) {
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`a route in ${file} is not an object literal: ${element.getText()}`);
      const path = property(element, 'path');
      if (path !== undefined && !ts.isStringLiteral(path)) throw new Error(`a path in ${file} is not a string literal: ${path.getText()}`);
      const full = path ? `${parent.replace(/\/$/, '')}/${path.text}` : parent;
      const children = property(element, 'children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, full);
      else paths.push(full === '' ? '/' : full);
    }
  };
  const returned = table.body.statements.find(ts.isReturnStatement)?.expression;
  if (!returned || !ts.isArrayLiteralExpression(returned)) throw new Error(`routeTable in ${file} does not return an array literal`);
  walk(returned, '');
  return paths;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

/**
 * The files of src/ that put a dialog on screen: those that render a component of a Radix dialog file (one that
 * imports @radix-ui/react-dialog or react-alert-dialog) from outside it, and the dialog files whose components no
 * other file renders (a screen with its own Dialog.Root, like the events page).
 */
function dialogSites(): string[] {
  const files = sourceFiles('src').map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
  const dialogFiles = files.filter(({ text }) => /from '@radix-ui\/react-(alert-)?dialog'/.test(text));
  const sites = new Set<string>();
  for (const definition of dialogFiles) {
    const exported = [...definition.text.matchAll(/export function (\w+)/g)].map((match) => match[1] ?? '');
    const users = files.filter(({ file, text }) => file !== definition.file && exported.some((name) => new RegExp(`<${name}[\\s/>]`).test(text)));
    if (users.length === 0) sites.add(definition.file);
    for (const { file } of users) sites.add(file);
  }
  return [...sites].sort();
}

/**
 * Dialogs whose set-up is a journey of its own (a flagged pair of applicants, six submitted steps): their spec opens
 * them and runs axe on them, under the label named here; the test below checks that the spec still does.
 */
const dialogsCheckedElsewhere: Record<string, { spec: string; axeLabel: string }> = {
  'src/features/admin-applications/components/DuplicateFlags.tsx': { spec: 'tests/e2e/duplicates.spec.ts', axeLabel: 'not-the-same dialog (es)' },
  'src/features/application/components/SubmitPage.tsx': { spec: 'tests/e2e/phone-faults.spec.ts', axeLabel: 'submit confirmation (${locale})' },
};

test('every route of the router and every dialog of src/ is in the sweep', () => {
  expect(routes.map((check) => check.route).sort()).toEqual(routerPaths().sort());
  expect([...new Set([...dialogs.map((check) => check.source), ...Object.keys(dialogsCheckedElsewhere)])].sort()).toEqual(dialogSites());
  for (const { spec, axeLabel } of Object.values(dialogsCheckedElsewhere)) expect(readFileSync(join(root, spec), 'utf8')).toContain(axeLabel);
});

// ---- the set-up, through the real API ----------------------------------------------------------------------------

async function publicEventId(): Promise<number> {
  for (let id = 1; id <= 20; id += 1) {
    const response = await fetch(`${baseURL}/api/events/${id}`);
    if (response.status !== 200) continue;
    const event = (await response.json()) as { kind: string; available: boolean };
    if (event.kind === 'event' && event.available) return id;
  }
  throw new Error('no open event seeded');
}

async function upload(api: Api, path: string, name: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseURL}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  if (response.status !== 201) throw new Error(`upload ${path}: ${response.status} ${await response.text()}`);
}

/**
 * One applicant with a draft (program A: its drive holds a folder and a file, staff shared a folder) and a submitted
 * application (program B), attending the seeded event; a published news item.
 */
async function setUp(): Promise<Data> {
  const token = Date.now().toString(36);
  const programId = await createProgram(`Incubadora barrido ${token}`, 'incubator', `Incubator sweep ${token}`);
  const otherProgram = await createProgram(`Aceleradora barrido ${token}`, 'accelerator', `Accelerator sweep ${token}`);
  const applicant = await newApplicant(`a11y-sweep-${token}`, 'es');
  const { api } = applicant;
  const draftId = await applyTo(api, programId);
  const submittedId = await applyTo(api, otherProgram);
  await completeSteps(api, submittedId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${submittedId}/submit`);
  const inReviewId = await applyTo(api, await createProgram(`Revisión barrido ${token}`, 'incubator', `Review sweep ${token}`));
  await completeSteps(api, inReviewId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${inReviewId}/submit`);
  await api.call('POST', `/programs/${programId}/drive/folders`, { space: 'personal', parent_id: null, name: 'Facturas' });
  await upload(api, `/programs/${programId}/drive/files?space=personal`, 'plan.pdf');
  const staffAccount = await newStaff(`a11y-sweep-${token}`);
  const staff = await apiSignIn(staffAccount);
  await staff.call('POST', `/admin/programs/${programId}/drive/folders`, { space: 'shared', parent_id: null, name: 'Guías' });
  await staff.call('POST', `/admin/applications/${inReviewId}/review/start`);
  // A note of the sweep's staff member: only its author is offered Delete, which opens the notes' dialog.
  await staff.call('POST', `/admin/applications/${inReviewId}/notes`, { text: 'Nota del barrido' });
  const eventId = await publicEventId();
  await api.call('POST', `/events/${eventId}/attendance`);
  const news = await api.call<{ results: Array<{ id: number }> }>('GET', '/news');
  const newsId = news.results[0]?.id;
  if (newsId === undefined) throw new Error('no published news item seeded');
  const me = await api.call<{ id: number; first_name: string; last_name: string }>('GET', '/me');
  return { applicant, applicantUserId: me.id, programId, draftId, submittedId, inReviewId, eventId, newsId, person: `${me.first_name} ${me.last_name}`, staff: staffAccount };
}

let data: Data | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  data = await setUp();
});

// ---- the sweep ---------------------------------------------------------------------------------------------------

const viewports = { desktop: { width: 1280, height: 800 }, '360 px': { width: 360, height: 740 } } as const;

/** One browser context for a language, a screen size and a kind of visitor: the language chosen, then signed in. */
async function openAs(browser: Browser, who: Who, locale: Locale, viewport: keyof typeof viewports, d: Data): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-PR', viewport: viewports[viewport] });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Chosen on this device, so it wins over the profile's language of whoever signs in.
  await switchLanguage(page, locale);
  if (who === 'applicant') await signIn(page, d.applicant.account, locale);
  if (who === 'staff') await signIn(page, d.staff, locale);
  return page;
}

/**
 * Moves the app already loaded to `url` the way the browser's Back and Forward do: a history entry and a popstate,
 * which the router follows as it follows a link. One document per context keeps the sweep affordable on two busy
 * cores: a full load per screen downloads and starts the app again, restores the session again, and injects axe again.
 * Focus is let go first: the app puts it on the new screen's heading (or <main>) once the screen is drawn
 * (src/app/RootLayout.tsx), which is how the caller knows the navigation is over.
 */
async function visit(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

const here = (page: Page): string => {
  const address = new URL(page.url());
  return address.pathname + address.search;
};

/** Opens a screen (unless it is open) and waits until it is drawn in `locale`: its h1, no loading line, its data. */
async function openScreen(page: Page, url: string, locale: Locale, drawn?: Locator): Promise<void> {
  const navigated = here(page) !== url;
  const landing = page.locator('#main-heading, #main-content').and(page.locator(':focus'));
  if (navigated) {
    await visit(page, url);
    await expect(landing).toHaveCount(1);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  if (drawn) await expect(drawn.first()).toBeVisible();
  await expect(main(page).getByText(exact(t(locale, 'app.loading')))).toHaveCount(0);
  // Still there once the data is drawn (WCAG 2.4.3): a screen that swaps its loading heading must not drop focus.
  if (navigated) await expect(landing, `focus after opening ${url}`).toHaveCount(1);
}

/**
 * The CI-size selection (docs/testing.md, "How long"): Spanish on a phone, the portal's first case, and English on a
 * desktop, so each language and each width is checked on every route and dialog. `E2E_ALL=1` checks all four.
 */
const inCiSelection = (locale: Locale, viewport: keyof typeof viewports): boolean =>
  e2eAll || (locale === 'es' ? viewport === '360 px' : viewport === 'desktop');

for (const locale of ['es', 'en'] as const) {
  for (const viewport of (Object.keys(viewports) as Array<keyof typeof viewports>).filter((size) => inCiSelection(locale, size))) {
    for (const who of ['public', 'applicant', 'staff'] as const) {
      test(`${who} routes and dialogs have no axe violations (${locale}, ${viewport})`, async ({ browser }) => {
        // Some twenty axe checks: well under a minute on a quiet machine, several minutes on a busy one.
        test.setTimeout(420_000);
        if (!data) throw new Error('set-up did not run');
        const d = data;
        const page = await openAs(browser, who, locale, viewport, d);
        const where = (what: string) => `(${locale}, ${viewport}, ${what})`;
        for (const check of routes.filter((route) => route.who === who)) {
          if (check.redirectsTo) {
            await visit(page, check.url(d));
            await expect(page, `${check.route} redirects`).toHaveURL(check.redirectsTo(d));
            continue;
          }
          await openScreen(page, check.url(d), locale, check.drawn?.(page, locale, d));
          await check.prepare?.(page, locale);
          await expectNoAxeViolations(page, where(check.route));
        }
        for (const check of dialogs.filter((dialog) => dialog.who === who)) {
          await openScreen(page, check.url(d), locale);
          const dialog = await check.open(page, locale, d);
          await expect(dialog).toBeVisible();
          await expectNoAxeViolations(page, where(`dialog ${check.name}`));
          if (viewport === '360 px') await page.screenshot({ path: shotPath(`a11y-sweep-${check.name.replace(/\W+/g, '-')}-${locale}-360`) });
          await check.close(page, locale, dialog);
          await expect(dialog).toBeHidden();
        }
        await page.context().close();
      });
    }
  }
}
