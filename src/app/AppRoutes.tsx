// The route table: every path of docs/product.md section 2 in one place, with its title, its guard, and whether its
// code loads lazily (every area, the public pages included: docs/decisions/066-boot-closure.md).
import type { ComponentType } from 'react';
import { defineMessages } from 'react-intl';
import { matchRoutes, redirect, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { SessionActor } from '#actors/session';
import { loadCatalogPart } from '#lib/locale';
import type { StepScreen } from '#shared/application-constants';
import { catalogPartsFor } from '#shared/catalog-parts';
import { loadScreenValidators } from '#shared/validation/step-validators';
import { NotFoundPage, RouteErrorPage } from './ErrorPages';
import { redirectSignedIn, requireSignedIn, requireStaff } from './guards';
import { AppLoading, RootLayout, type RouteHandle } from './RootLayout';

const titles = defineMessages({
  home: { id: 'home.page.title' },
  registration: { id: 'events.registration.title' },
  login: { id: 'auth.login.title' },
  createAccount: { id: 'auth.register.title' },
  passwordReset: { id: 'auth.reset.title' },
  passwordResetConfirm: { id: 'auth.resetConfirm.title' },
  emailConfirm: { id: 'account.emailConfirm.title' },
  emailUndo: { id: 'account.emailUndo.title' },
  profile: { id: 'profile.page.title' },
  secondFactor: { id: 'profile.secondFactor.title' },
  terms: { id: 'terms.page.title' },
  programs: { id: 'panel.programs.title' },
  myPrograms: { id: 'panel.myPrograms.title' },
  drive: { id: 'panel.drive.title' },
  events: { id: 'panel.events.title' },
  applying: { id: 'panel.application.title' },
  survey: { id: 'survey.page.title' },
  news: { id: 'panel.news.title' },
  newsArticle: { id: 'panel.news.articleTitle' },
  adminEvents: { id: 'admin.events.title' },
  adminSubmission: { id: 'admin.submission.title' },
  adminApplications: { id: 'admin.applications.title' },
  adminReview: { id: 'admin.review.title' },
  adminPrint: { id: 'admin.print.title' },
  adminPrograms: { id: 'admin.programs.title' },
  adminDrive: { id: 'admin.drive.title' },
  adminDashboard: { id: 'admin.dashboard.title' },
  adminNews: { id: 'admin.news.title' },
  adminHudReport: { id: 'admin.hud.title' },
  adminNewsItem: { id: 'admin.news.editTitle' },
  adminUsers: { id: 'admin.users.title' },
  adminUser: { id: 'admin.users.detailTitle' },
  notFound: { id: 'app.notFound.title' },
});

const handle = (title: RouteHandle['title']): RouteHandle => ({ title });

// One dynamic import per area: Vite makes each a chunk the landing page never downloads. Which parts of the catalog
// a screen's code comes with is its address's (`catalogPartsFor`), added to every lazy route by `withAddressCatalogs`.
// The panel's layout and lists; each panel screen is a chunk of its own, with its machines (the drive's, the
// attendance's) and validators (the survey's): /panel/programs loads none of the others' (docs/decisions/066-boot-closure.md).
const panel = () => import('./PanelRoutes');
// The public pages too: no signed-in screen needs them (docs/decisions/066-boot-closure.md).
const publicPages = () => import('./PublicRoutes');
// An application's screens are apart from the rest of the panel: they alone need the step schemas' validators.
const application = () => import('./ApplicationRoutes');
// A step screen fetches its own steps' validators beside that code (shared/validation/step-validators.ts).
const stepScreen = async (screen: StepScreen) => (await Promise.all([application(), loadScreenValidators(screen)]))[0];

/**
 * Each admin screen's code, a chunk of its own: a staff member opening the applications list downloads neither the
 * program editor, the review screens nor the dashboard's charts. It loads beside the layout's (AdminRoutes.tsx).
 */
const adminScreens = {
  EventsPage: async () => (await import('#features/admin-events/components/EventsPage')).EventsPage,
  EventSubmissionPage: async () => (await import('#features/admin-events/components/EventSubmissionPage')).EventSubmissionPage,
  ApplicationsPage: async () => (await import('#features/admin-applications/components/ApplicationsPage')).ApplicationsPage,
  ReviewStep1Page: async () => (await import('#features/admin-applications/components/ReviewPage')).ReviewStep1Page,
  ReviewStep2Page: async () => (await import('#features/admin-applications/components/ReviewPage')).ReviewStep2Page,
  ReviewStep3Page: async () => (await import('#features/admin-applications/components/ReviewPage')).ReviewStep3Page,
  ReviewStep4Page: async () => (await import('#features/admin-applications/components/ReviewPage')).ReviewStep4Page,
  ApplicationPrintPage: async () => (await import('#features/admin-applications/components/PrintPage')).PrintPage,
  ProgramsPage: async () => (await import('#features/admin-programs/components/ProgramsPage')).ProgramsPage,
  DrivePage: async () => (await import('#features/admin-drive/components/AdminDrivePage')).AdminDrivePage,
  DashboardPage: async () => (await import('#features/admin-dashboard/components/DashboardPage')).DashboardPage,
  HudReportPage: async () => (await import('#features/admin-reports/components/HudReportPage')).HudReportPage,
  HudPrintPage: async () => (await import('#features/admin-reports/components/HudPrintPage')).HudPrintPage,
  NewsAdminPage: async () => (await import('#features/admin-news/components/NewsAdminPage')).NewsAdminPage,
  // The news editor's preview renders Markdown: markdown-it comes with this screen only.
  NewsEditorPage: async () => (await import('#features/admin-news/components/NewsEditorPage')).NewsEditorPage,
  UsersPage: async () => (await import('#features/admin-users/components/UsersPage')).UsersPage,
  UserDetailPage: async () => (await import('#features/admin-users/components/UserDetailPage')).UserDetailPage,
} satisfies Record<string, () => Promise<ComponentType>>;
type AdminScreenName = keyof typeof adminScreens;

/** Code loaded once and kept: `value` once it has arrived; a failed download is tried again on the next call. */
interface Remembered<T> {
  load(): Promise<T>;
  value: T | undefined;
}

function remembered<T>(start: () => Promise<T>): Remembered<T> {
  let loading: Promise<T> | undefined;
  const code: Remembered<T> = {
    value: undefined,
    load: () =>
      (loading ??= start().then(
        (value) => (code.value = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
  return code;
}

/** Admin code comes with the parts of the catalog an /admin address needs (the panel's and the admin's). */
const adminPart = async <T,>(code: Promise<T>): Promise<T> =>
  (await Promise.all([code, ...catalogPartsFor('/admin').map(loadCatalogPart)]))[0];
/** The admin area's layout and page actors, then each screen's code, once loaded (see adminScreen). */
const adminCode = remembered(() => adminPart(import('./AdminRoutes')));
const adminScreenCode = Object.fromEntries(
  Object.entries(adminScreens).map(([name, start]) => [name, remembered<ComponentType>(() => adminPart(start()))]),
) as Record<AdminScreenName, Remembered<ComponentType>>;

/** An admin route's handle: its title, and the screen whose code its loader waits for. */
interface AdminRouteHandle extends RouteHandle {
  adminScreen: AdminScreenName;
}

const isAdminRouteHandle = (value: unknown): value is AdminRouteHandle =>
  typeof value === 'object' && value !== null && 'adminScreen' in value && typeof value.adminScreen === 'string' && Object.hasOwn(adminScreens, value.adminScreen);

/**
 * Starts the admin code for an /admin address when this device's session is staff's, the layout's and the screen's,
 * in parallel with the catalog, the staff check and the screen's data (docs/decisions/058-phone-speed.md). Anyone
 * else's code waits for the guard.
 */
export function preloadAdminCode(routes: RouteObject[], pathname: string, isStaff: boolean): void {
  if (!isStaff || !/^\/admin(?:\/|$)/.test(pathname)) return;
  // Failures are the loaders' to report, when they ask for the same code.
  adminCode.load().catch(() => undefined);
  const screen = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.handle).find(isAdminRouteHandle)?.adminScreen;
  if (screen) adminScreenCode[screen].load().catch(() => undefined);
}

/**
 * The staff guard, then admin code: the layout's for the /admin route, a screen's for its own. Admin routes are not
 * route-`lazy`: React Router runs those in parallel with the loaders, so an applicant typing an /admin address would
 * download admin code while requireStaff sends them away. Here the import starts once the guard let a staff member
 * through, or earlier when the session already says staff (preloadAdminCode), and routes render after their loaders.
 */
const staffThen =
  (session: SessionActor, code: Remembered<unknown>) =>
  async (args: LoaderFunctionArgs): Promise<null> => {
    await requireStaff(session)(args);
    await code.load();
    return null;
  };

/** The admin layout, from the code the staff guard loaded before this route could render. */
function AdminLayoutScreen() {
  if (!adminCode.value) throw new Error('the admin layout rendered before the staff guard loaded the admin code');
  return <adminCode.value.AdminLayout />;
}

/** An admin screen's route but its path: its title, the staff guard, its code, and the screen once loaded. */
function adminScreen(session: SessionActor, title: RouteHandle['title'], screen: AdminScreenName) {
  const code = adminScreenCode[screen];
  const handle: AdminRouteHandle = { title, adminScreen: screen };
  return {
    handle,
    loader: staffThen(session, code),
    Component: function AdminScreen() {
      if (!code.value) throw new Error(`admin screen ${screen} rendered before the staff guard loaded its code`);
      return <code.value />;
    },
  };
}

const rid = (value: string | undefined): string => encodeURIComponent(value ?? '');

/** A route that only redirects. `element: null` says so explicitly (and silences React Router's empty-leaf warning). */
const redirectTo = (to: string | ((params: Record<string, string | undefined>) => string)) => ({
  element: null,
  loader: ({ params }: { params: Record<string, string | undefined> }) => redirect(typeof to === 'string' ? to : to(params)),
});

export function appRoutes(session: SessionActor): RouteObject[] {
  return withRouteIds(withAddressCatalogs(routeTable(session)));
}

/**
 * A lazy route's code comes with the catalog parts its address needs beyond the public one, which the entry loads for
 * every address: the same `catalogPartsFor` the entry asks before the first render, read here from the route's whole
 * path pattern (`/panel/programs/my/drive/:id`), so the route table never names a part itself
 * (docs/decisions/073-panel-screens-without-the-panel-catalog.md).
 */
function withAddressCatalogs(routes: RouteObject[], parentPath = ''): RouteObject[] {
  return routes.map((route) => {
    const path = route.path === undefined ? parentPath : `${parentPath}/${route.path}`;
    const parts = catalogPartsFor(path === '' ? '/' : path).filter((part) => part !== 'public');
    const { lazy } = route;
    const withParts = typeof lazy === 'function' && parts.length > 0
      ? { lazy: async () => (await Promise.all([lazy(), ...parts.map(loadCatalogPart)]))[0] }
      : {};
    const named: RouteObject = route.children
      ? { ...route, ...withParts, children: withAddressCatalogs(route.children, path) }
      : { ...route, ...withParts };
    return named;
  });
}

/**
 * Every route gets the id React Router would give it (its position in the tree), written down so the prerender
 * (src/app/prerender.tsx) and the browser name the same routes when the browser takes over the prerendered HTML.
 */
function withRouteIds(routes: RouteObject[], parent = ''): RouteObject[] {
  return routes.map((route, index) => {
    const id = route.id ?? `${parent}${index}`;
    const named: RouteObject = route.children ? { ...route, id, children: withRouteIds(route.children, `${id}-`) } : { ...route, id };
    return named;
  });
}

/**
 * Loads the code of the lazy routes `pathname` matches and puts it in the route objects, so the first render (a
 * hydration, or a fresh one over prerendered HTML) shows the page at once instead of the loading fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * What the prerendered page's loaders returned: every guard on a public page answers null for a signed-out visitor
 * (src/app/guards.ts), which is the only visitor the prerender draws. Given to the router, it skips those loaders.
 */
export function prerenderedLoaderData(routes: RouteObject[], pathname: string): HydrationState {
  const matches = matchRoutes(routes, pathname) ?? [];
  return {
    loaderData: Object.fromEntries(matches.filter(({ route }) => route.loader).map(({ route }) => [route.id, null])),
  };
}

function routeTable(session: SessionActor): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      HydrateFallback: AppLoading,
      children: [
        {
          // Errors render inside the layout, so the header and language switcher stay usable.
          errorElement: <RouteErrorPage />,
          children: [
            {
              index: true,
              handle: handle(titles.home),
              lazy: async () => ({ Component: (await publicPages()).LandingPage }),
            },
            {
              path: 'submission/:id',
              handle: handle(titles.registration),
              lazy: async () => ({ Component: (await publicPages()).SubmissionPage }),
            },
            {
              path: 'login',
              loader: redirectSignedIn(session),
              handle: handle(titles.login),
              lazy: async () => ({ Component: (await publicPages()).LoginPage }),
            },
            {
              path: 'account/create',
              handle: handle(titles.createAccount),
              lazy: async () => ({
                Component: (await import('#features/auth/components/CreateAccountPage')).CreateAccountPage,
              }),
            },
            { path: 'register', ...redirectTo('/account/create') },
            {
              // The terms and privacy page (docs/decisions/017-account-dead-ends.md): public, linked from the footer.
              path: 'terms',
              handle: handle(titles.terms),
              lazy: async () => ({ Component: (await import('#features/legal/components/TermsPage')).TermsPage }),
            },
            {
              path: 'password/reset',
              handle: handle(titles.passwordReset),
              lazy: async () => ({ Component: (await publicPages()).PasswordResetPage }),
            },
            {
              path: 'password/reset/confirm',
              handle: handle(titles.passwordResetConfirm),
              lazy: async () => ({ Component: (await publicPages()).PasswordResetConfirmPage }),
            },
            // The links of an e-mail change (docs/decisions/046-account-safety.md): public, since either may be opened on
            // another device, and lazy (few people ever open them).
            // Written out (not mapped) so that every route of this table is a literal the accessibility sweep reads.
            {
              path: 'account/email/confirm',
              handle: handle(titles.emailConfirm),
              lazy: async () => {
                const { EmailLinkPage } = await import('#features/auth/components/EmailLinkPage');
                return { Component: () => <EmailLinkPage kind="confirm" /> };
              },
            },
            {
              path: 'account/email/undo',
              handle: handle(titles.emailUndo),
              lazy: async () => {
                const { EmailLinkPage } = await import('#features/auth/components/EmailLinkPage');
                return { Component: () => <EmailLinkPage kind="undo" /> };
              },
            },
            {
              // Listed with the public routes in docs/product.md, but /me needs a signed-in person, so it is guarded.
              path: 'profile',
              loader: requireSignedIn(session),
              handle: handle(titles.profile),
              lazy: async () => ({
                Component: (await import('#features/profile/components/ProfilePage')).ProfilePage,
              }),
            },
            {
              // Add or remove an authenticator app (docs/decisions/049-second-factor.md); staff are sent here to enrol.
              path: 'profile/second-factor',
              loader: requireSignedIn(session),
              handle: handle(titles.secondFactor),
              lazy: async () => ({
                Component: (await import('#features/profile/components/SecondFactorPage')).SecondFactorPage,
              }),
            },
            {
              path: 'panel',
              loader: requireSignedIn(session),
              lazy: async () => ({ Component: (await panel()).PanelLayout }),
              children: [
                { index: true, ...redirectTo('/panel/programs') },
                {
                  path: 'programs',
                  handle: handle(titles.programs),
                  lazy: async () => ({ Component: (await import('#features/programs/components/ProgramsPage')).ProgramsPage }),
                },
                {
                  path: 'programs/my',
                  handle: handle(titles.myPrograms),
                  lazy: async () => ({ Component: (await import('#features/programs/components/MyProgramsPage')).MyProgramsPage }),
                },
                {
                  path: 'programs/my/drive/:id',
                  handle: handle(titles.drive),
                  lazy: async () => ({ Component: (await import('#features/drive/components/DrivePage')).DrivePage }),
                },
                {
                  path: 'events',
                  handle: handle(titles.events),
                  lazy: async () => ({ Component: (await import('#features/events/components/EventsPage')).EventsPage }),
                },
                {
                  path: 'news',
                  handle: handle(titles.news),
                  lazy: async () => ({ Component: (await import('#features/news/components/NewsListPage')).NewsListPage }),
                },
                {
                  // A chunk of its own: only an article renders Markdown, so markdown-it stays out of the panel's chunk.
                  path: 'news/:id',
                  handle: handle(titles.newsArticle),
                  lazy: async () => ({ Component: (await import('#features/news/components/NewsArticlePage')).NewsArticlePage }),
                },
                {
                  path: 'survey',
                  handle: handle(titles.survey),
                  lazy: async () => ({ Component: (await import('#features/survey/components/SurveyPage')).SurveyPage }),
                },
                {
                  // One application: its layout loads it and holds its actors while the person moves between screens.
                  path: 'application/:rid',
                  handle: handle(titles.applying),
                  lazy: async () => ({ Component: (await application()).ApplicationLayout }),
                  children: [
                    {
                      // The application start message, before step 1.
                      index: true,
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationStartPage }),
                    },
                    {
                      path: '1',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await stepScreen(1)).ApplicationStep1Page }),
                    },
                    {
                      path: '2',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await stepScreen(2)).ApplicationStep2Page }),
                    },
                    {
                      path: '3',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await stepScreen(3)).ApplicationStep3Page }),
                    },
                    // Steps 4 and 5 are sections of the step-3 screen: no route of their own (docs/product.md section 2).
                    { path: '4', ...redirectTo((params) => `/panel/application/${rid(params.rid)}/3`) },
                    { path: '5', ...redirectTo((params) => `/panel/application/${rid(params.rid)}/3`) },
                    {
                      path: '6',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await stepScreen(6)).ApplicationStep6Page }),
                    },
                    {
                      path: 'submit',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationSubmitPage }),
                    },
                    {
                      // The submit confirmation.
                      path: 'confirmation',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationConfirmationPage }),
                    },
                  ],
                },
                { path: '*', ...redirectTo('/panel/programs') },
              ],
            },
            {
              path: 'admin',
              loader: staffThen(session, adminCode),
              Component: AdminLayoutScreen,
              children: [
                { index: true, ...redirectTo('/admin/events') },
                { path: 'events', ...adminScreen(session, titles.adminEvents, 'EventsPage') },
                { path: 'events/submission/:id', ...adminScreen(session, titles.adminSubmission, 'EventSubmissionPage') },
                { path: 'applications', ...adminScreen(session, titles.adminApplications, 'ApplicationsPage') },
                { path: 'applications/:rid/1', ...adminScreen(session, titles.adminReview, 'ReviewStep1Page') },
                { path: 'applications/:rid/2', ...adminScreen(session, titles.adminReview, 'ReviewStep2Page') },
                { path: 'applications/:rid/3', ...adminScreen(session, titles.adminReview, 'ReviewStep3Page') },
                { path: 'applications/:rid/4', ...adminScreen(session, titles.adminReview, 'ReviewStep4Page') },
                // The whole application to print, in either language.
                { path: 'applications/:rid/print', ...adminScreen(session, titles.adminPrint, 'ApplicationPrintPage') },
                { path: 'programs', ...adminScreen(session, titles.adminPrograms, 'ProgramsPage') },
                { path: 'programs/drive/:id', ...adminScreen(session, titles.adminDrive, 'DrivePage') },
                { path: 'dashboard', ...adminScreen(session, titles.adminDashboard, 'DashboardPage') },
                // The HUD beneficiary report and its printable page (docs/decisions/031-hud-beneficiary-report.md).
                { path: 'reports/hud', ...adminScreen(session, titles.adminHudReport, 'HudReportPage') },
                { path: 'reports/hud/print', ...adminScreen(session, titles.adminHudReport, 'HudPrintPage') },
                { path: 'news', ...adminScreen(session, titles.adminNews, 'NewsAdminPage') },
                { path: 'news/:id', ...adminScreen(session, titles.adminNewsItem, 'NewsEditorPage') },
                { path: 'users', ...adminScreen(session, titles.adminUsers, 'UsersPage') },
                { path: 'users/:id', ...adminScreen(session, titles.adminUser, 'UserDetailPage') },
              ],
            },
            { path: '*', element: <NotFoundPage />, handle: handle(titles.notFound) },
          ],
        },
      ],
    },
  ];
}
