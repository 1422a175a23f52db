// Model-based paths in real Chromium (docs/decisions/027-browser-model-paths.md): the session, application and review
// machines' generated paths (the review's through its separation-of-duties guards, docs/decisions/036-review-rules.md), each walked in a fresh browser context against the real app, where every state's check
// reads the screen and every event is something a person does (staff's review of a submitted application too, through
// the API with a staff account of the path's own). A bounded, seeded selection runs with the other browser tests;
// PATHS_ALL=1 (`npm run test:paths`) walks them all. Coverage per machine is printed at the end.
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { createTestModel, type TestModel } from 'xstate/graph';
import { assign, createMachine, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate';
import { sessionMachine } from '#machines/session/session.machine.ts';
import { pageId } from '#machines/session/session.pages.ts';
import type { SessionEvent, SessionInput, SessionRecord } from '#machines/session/session.types.ts';
import { applicationMachine, readonlyStepsOf } from '#machines/application/application.machine.ts';
import type { ApplicationContext, ApplicationInput, LoadedStep, StepNumber } from '#machines/application/application.types.ts';
import { sessionModelOptions, withListedPages } from '../machines/support/session-model.ts';
import { testMachineOf } from '../machines/support/test-machine.ts';
import { newStaff } from './support/admin.ts';
import {
  apiSignIn,
  applicationPath,
  applyTo,
  completeStepData,
  completeSteps,
  createProgram,
  expectStepStatus,
  newApplicant,
  saveStep,
  setProgramStatus,
  stepSection,
  submitStepInBrowser,
  type Api,
  type Applicant,
} from './support/apply.ts';
import { Coverage, leafOf, withoutEvents, PATHS_ALL, PATHS_LIMIT, PATHS_SEED, selectPaths } from './support/model-paths.ts';
import { reviewMachine, unverifiedDocuments } from '#machines/review/review.machine.ts';
import {
  selectCanConfirmApproval,
  selectDecisions,
  selectDeclaration,
  selectDocumentActions,
  selectPendingApproval,
  selectScoring,
  selectStaffActions,
  selectStatus,
  selectUnverifiedNames,
} from '#machines/review/review.selectors.ts';
import type { ReviewAnswer, ReviewInput } from '#machines/review/review.types.ts';
import { answerEvents, answerOf, DRAFT, OTHER_REVIEWER_ID, reviewModel, STAFF_ID, type ModelEvent } from '../support/review-model.ts';
import { checklist, expectReviewStatus, openAs, openReview, reviewPanel, seedSubmitted, type Seeded } from './support/review.ts';
import { baseURL } from './support/ports.ts';
import { createAccount, fieldLabel, PASSWORD, signIn, storedUser, t, type Account } from './support/shell.ts';

/**
 * The codes of the server's refusals, as the graph's samples (the machines act on `code`; the browser gets the real
 * bodies). tests/support/server-answers.ts has the whole bodies but imports JSON in a way Playwright's loader refuses.
 */
const refusal = (code: string) => ({ body: { code } });

const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

// ---------------------------------------------------------------- held calls

/**
 * The calls whose answers are events of the machines. Each is held in the browser until its answer event is walked,
 * so the state waiting for it (signingIn, refreshing, signingOut, submitting) can be seen; then it goes on to the
 * real server unchanged. Nothing is answered for the server.
 */
class HeldCalls {
  private readonly held: Array<{ name: string; route: Route }> = [];
  /** Set by the `session.unauthorized` step: the next authorized call goes out with an access token the server rejects. */
  rejectNextToken = false;

  constructor(private readonly calls: Record<string, (path: string, method: string) => boolean>) {}

  async install(page: Page): Promise<void> {
    await page.route(`${baseURL}/api/**`, async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      const name = Object.entries(this.calls).find(([, matches]) => matches(path, request.method()))?.[0];
      if (name !== undefined) {
        this.held.push({ name, route });
        return;
      }
      const authorization = request.headers().authorization;
      if (this.rejectNextToken && authorization !== undefined) {
        this.rejectNextToken = false;
        // The same token with one character of its signature changed: what the server says of a token it no longer takes.
        const token = authorization.replace(/^Bearer /, '');
        const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
        await route.continue({ headers: { ...request.headers(), authorization: `Bearer ${tampered}` } });
        return;
      }
      await route.continue();
    });
  }

  /** Waits until the app has made the call `name` (it is being held). */
  async expectPending(name: string): Promise<void> {
    await expect.poll(() => this.held.filter((call) => call.name === name).length, { message: `a held ${name} call` }).toBe(1);
  }

  /** How many `name` calls are held now. */
  pending(name: string): number {
    return this.held.filter((call) => call.name === name).length;
  }

  /** Lets the held call go to the server (or, offline, fail as a cut network does). */
  async release(name: string): Promise<void> {
    await this.expectPending(name);
    const index = this.held.findIndex((call) => call.name === name);
    const [call] = this.held.splice(index, 1);
    // Offline, continuing fails in the browser with a network error: the failure is what the step is about.
    await call?.route.continue().catch(() => undefined);
  }

  /**
   * Another tab's session replaced this one while a call was held: the app has left the state waiting for it and
   * ignores its answer, so it goes on now and is no longer counted as pending.
   */
  async releaseStale(name: string): Promise<void> {
    const stale = this.held.filter((call) => call.name === name);
    this.held.splice(0, this.held.length, ...this.held.filter((call) => call.name !== name));
    for (const call of stale) await call.route.continue().catch(() => undefined);
  }

  /** Calls a step left behind (another tab ended the session meanwhile) go on, so the page can close cleanly. */
  async releaseAll(): Promise<void> {
    for (const call of this.held.splice(0)) await call.route.continue().catch(() => undefined);
  }
}

// ---------------------------------------------------------------- the session machine

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** JWTs for the graph only (the browser holds real ones): the machine reads `exp` to choose its boot state. */
const graphJwt = (exp: number) => `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify({ sub: '1', exp }))}.sig`;
const GRAPH_RECORD: SessionRecord = {
  access: graphJwt(NOW / 1000 + 600),
  refresh: 'graph-refresh',
  is_staff: false,
  id: 1,
  email: 'graph@example.org',
  first_name: 'Ana',
  last_name: 'Ortiz',
  language: 'es',
};

type SessionModelEvent =
  | SessionEvent
  | { type: 'xstate.done.actor.login'; output: SessionRecord }
  | { type: 'xstate.error.actor.login'; error: unknown }
  | { type: 'xstate.done.actor.refresh'; output: Omit<SessionRecord, 'refresh'> }
  | { type: 'xstate.error.actor.refresh'; error: unknown }
  | { type: 'xstate.done.actor.logout'; output: undefined }
  | { type: 'xstate.error.actor.logout'; error: unknown };

/**
 * What a person can make happen, one sample each. Left out, because no person makes them: `session.check` (the route
 * guard asks it on every guarded navigation; it reads storage only when this tab missed another tab's session, which
 * tests/e2e/auth-session-refresh.spec.ts makes happen) and `session.unauthorized` with `retried` (the server refusing
 * a token it has just issued). Their transitions show as not walked.
 */
const SESSION_EVENTS: readonly SessionModelEvent[] = [
  { type: 'session.login', email: GRAPH_RECORD.email, password: PASSWORD, remember: true },
  { type: 'session.login', email: GRAPH_RECORD.email, password: PASSWORD, remember: false },
  { type: 'session.logout' },
  { type: 'session.unauthorized' },
  { type: 'session.storageChanged', record: GRAPH_RECORD },
  { type: 'session.storageChanged', record: null },
  { type: 'session.renewed', record: GRAPH_RECORD },
  { type: 'xstate.done.actor.login', output: GRAPH_RECORD },
  { type: 'xstate.error.actor.login', error: refusal('no_active_account').body },
  { type: 'xstate.done.actor.refresh', output: GRAPH_RECORD },
  { type: 'xstate.error.actor.refresh', error: refusal('token_not_valid').body },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: new TypeError('Failed to fetch') },
];

/**
 * The page actors (docs/decisions/059-page-actors-in-the-session.md), as a person makes them: `page.open` is opening a
 * screen that starts one, `page.close` leaving it. Two screens of an applicant, one of each lifetime: the program's
 * drive outlives its screen (coming back, the space left open is still open), the second-factor enrolment does not
 * (coming back, it starts again without the secret it held). The graph's keys stand for the path's own program.
 */
const OPEN_DRIVE = {
  type: 'page.open',
  page: { kind: 'drive', key: '7', input: { programId: 7, maxBytes: 1000, location: { space: 'personal', parentId: null } } },
} as const satisfies SessionEvent;
const OPEN_ENROLMENT = { type: 'page.open', page: { kind: 'enrolment', key: 'me', input: { enrolled: false } } } as const satisfies SessionEvent;
const CLOSE_ENROLMENT = { type: 'page.close', kind: 'enrolment', key: 'me' } as const satisfies SessionEvent;
const PAGE_EVENTS: readonly SessionModelEvent[] = [OPEN_DRIVE, OPEN_ENROLMENT, CLOSE_ENROLMENT];
const DRIVE_ID = pageId(OPEN_DRIVE.page.kind, OPEN_DRIVE.page.key);
const ENROLMENT_ID = pageId(OPEN_ENROLMENT.page.kind, OPEN_ENROLMENT.page.key);

/**
 * Which page events a person can make in a state: only signed in (the screens are guarded; the public kind and the
 * refusals while signed out are the machine tests'), one screen at a time: the drive is opened from elsewhere, not
 * from the enrolment's screen (leaving that screen would close the enrolment, a close the model would not see).
 * Opening the enrolment while it is open, or leaving it while it is not, changes nothing, so no shortest path takes
 * them; they are offered so the graph never offers a bare `{ type }` in their place.
 */
function pageEventsIn(snapshot: SessionSnapshot): readonly SessionModelEvent[] {
  if (snapshot.value !== 'signedIn') return [];
  return snapshot.context.pages.includes(ENROLMENT_ID) ? [OPEN_ENROLMENT, CLOSE_ENROLMENT] : PAGE_EVENTS;
}

// The model keeps the list of open pages as the machine does, without spawning them (tests/machines/support/session-model.ts).
const sessionModelMachine = testMachineOf(withListedPages(sessionMachine));
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
/**
 * Left out: `session.check` (see SESSION_EVENTS; `retried` is a guarded branch of `session.unauthorized` no sample
 * takes), the second step's endings (`secondStep`: only an account with a second factor reaches it: tests/e2e/second-factor.spec.ts
 * signs in with one; the paths' accounts have none), and signing out while refreshing: the header's "Sign out" is
 * disabled while the session is busy. The page actors' `page.open` and `page.close` are walked signed in only
 * (pageEventsIn): a screen opened while a renewal is in flight (`refreshing`) and the public kind (the event
 * registration form, opened in any state) are tests/machines/session.machine.test.ts's and show as not walked.
 */
const sessionBrowserMachine = withoutEvents(
  sessionModelMachine,
  (state, type) =>
    type === 'session.check' ||
    type === 'xstate.done.actor.secondFactor' ||
    (state === 'refreshing' && (type === 'session.logout' || type === 'page.open')) ||
    // The public kind's opening, offered in every state (no sample of it here).
    (state === '' && type === 'page.open'),
);
// The machine tests' options: each state keyed by the transition that entered it, so shortest paths take every
// transition and not only reach every state. The page events are offered where pageEventsIn says.
const sessionOptions = sessionModelOptions(SESSION_EVENTS);
const sessionTraversal = {
  ...sessionOptions,
  events: (snapshot: SessionSnapshot): readonly SessionModelEvent[] => {
    const offered = sessionOptions.events(snapshot);
    return [...SESSION_EVENTS.filter((event) => offered.includes(event)), ...pageEventsIn(snapshot)];
  },
};
const sessionModel = createTestModel(sessionBrowserMachine, sessionTraversal) as unknown as TestModel<
  SessionSnapshot,
  SessionModelEvent,
  SessionInput
>;

type SessionBoot = 'no stored session' | 'stored session with a live token' | 'stored session with an expired token';
const SESSION_BOOTS: ReadonlyArray<{ name: SessionBoot; input: SessionInput }> = [
  { name: 'no stored session', input: { record: null, now: NOW } },
  { name: 'stored session with a live token', input: { record: GRAPH_RECORD, now: NOW } },
  { name: 'stored session with an expired token', input: { record: { ...GRAPH_RECORD, access: graphJwt(NOW / 1000 - 60) }, now: NOW } },
];

const sessionCoverage = new Coverage('session', sessionModelMachine, 'booting');

/** The same real token with its `exp` claim rewritten: the app reads the new expiry (the server would refuse it). */
function withExpiry(token: string, exp: number): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url'), signature].join('.');
}

async function apiLogin(account: Account): Promise<SessionRecord> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`);
  return (await response.json()) as SessionRecord;
}

interface SessionWorld {
  page: Page;
  context: BrowserContext;
  account: Account;
  calls: HeldCalls;
  /** The program whose drive the path opens (the graph's `drive:7`): one the account applied to. */
  programId: number | null;
}

const signOutButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: es('app.header.signOut') });
const signInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: es('app.header.signIn') });

/** What the person sees in each session state, and what the browser holds. */
function sessionScreens(world: SessionWorld): Record<string, () => Promise<void>> {
  const { page, calls } = world;
  return {
    signedOut: async () => {
      await expect(signInLink(page)).toBeVisible();
      await expect(signOutButton(page)).toHaveCount(0);
      expect(await storedUser(page)).toBeNull();
    },
    signingIn: async () => {
      await calls.expectPending('login');
      await expect(page.getByRole('button', { name: es('auth.login.submitting') })).toBeDisabled();
      expect(await storedUser(page)).toBeNull();
    },
    signedIn: async () => {
      await expect(signOutButton(page)).toBeEnabled();
      await expect(signInLink(page)).toHaveCount(0);
      await expect.poll(async () => String((await storedUser(page))?.email).toLowerCase()).toBe(world.account.email.toLowerCase());
    },
    refreshing: async () => {
      await calls.expectPending('refresh');
      // The person is still shown as signed in, but nothing can be done with the session until the answer.
      await expect(signOutButton(page)).toBeDisabled();
      expect(await storedUser(page)).not.toBeNull();
    },
    signingOut: async () => {
      await calls.expectPending('logout');
      // Storage is cleared on entry, so other tabs follow at once; the header no longer offers the account.
      await expect(signOutButton(page)).toHaveCount(0);
      expect(await storedUser(page)).toBeNull();
    },
  };
}

/** A second tab of the same browser: another tab is where `storage` events come from. */
async function inAnotherTab(world: SessionWorld, act: (tab: Page) => Promise<void>): Promise<void> {
  const tab = await world.context.newPage();
  await tab.goto('/');
  // The tab boots its own session first: with an expired token stored it renews it (its calls are not held), and that
  // answer, landing after the act, would write a session back over a sign-out. Signed out, or signed in and settled.
  await expect(signInLink(tab).or(signOutButton(tab).and(tab.locator('button:enabled')))).toBeVisible();
  await act(tab);
  await tab.close();
}

async function sessionStep(world: SessionWorld, event: SessionModelEvent, next: SessionModelEvent | undefined, before: SessionSnapshot | undefined): Promise<void> {
  const { page, calls, account } = world;
  switch (event.type) {
    case 'page.open':
      return event.page.kind === 'drive' ? openDrive(world, before?.context.pages.includes(DRIVE_ID) === true) : openEnrolment(world);
    case 'page.close':
      return leaveEnrolment(world);
    case 'session.login': {
      // In-app navigation (not a reload): the actor that walks the path must be the same one.
      if (!page.url().endsWith('/login')) await signInLink(page).click();
      await expect(page.getByRole('heading', { level: 1, name: es('auth.login.title') })).toBeVisible();
      await page.getByLabel(fieldLabel(es('auth.login.email'))).fill(account.email);
      // The answer is the server's: a wrong password when the path goes on to a refused sign-in.
      const wrong = next?.type === 'xstate.error.actor.login';
      await page.getByLabel(fieldLabel(es('auth.login.password'))).fill(wrong ? `${account.password}-not` : account.password);
      await page.getByRole('checkbox', { name: es('auth.login.remember') }).setChecked(event.remember);
      await page.getByRole('button', { name: es('auth.login.submit'), exact: true }).click();
      return;
    }
    case 'xstate.done.actor.login':
      return calls.release('login');
    case 'xstate.error.actor.login':
      await calls.release('login');
      await expect(page.getByRole('region', { name: /F8/ }).getByText(es('api.error.badCredentials'))).toBeVisible();
      return;
    case 'session.logout':
      return signOutButton(page).click();
    case 'xstate.done.actor.logout':
      return calls.release('logout');
    case 'xstate.error.actor.logout':
      // The network is gone when the revocation goes out (context.setOffline): it fails, the session ends all the same.
      await world.context.setOffline(true);
      await calls.release('logout');
      await expect(signInLink(page)).toBeVisible();
      await world.context.setOffline(false);
      return;
    case 'session.unauthorized':
      // A call answered 401: its access token was refused by the server (one character of it changed on the way,
      // the only way to have the server refuse a token the app has just been given). The app renews it at once.
      calls.rejectNextToken = true;
      await page.getByRole('banner').getByRole('link', { name: es(page.url().endsWith('/profile') ? 'app.header.panel' : 'app.header.profile') }).click();
      return;
    case 'xstate.done.actor.refresh':
      return calls.release('refresh');
    case 'xstate.error.actor.refresh': {
      // The refresh token was revoked meanwhile (signed out on another device), so the server refuses the renewal.
      const record = await storedUser(page);
      if (record === null) throw new Error('refreshing without a stored session');
      await fetch(`${baseURL}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: record.refresh }),
      });
      return calls.release('refresh');
    }
    case 'session.renewed': {
      // The person changes their password: the server answers a new session for this device.
      await page.getByRole('banner').getByRole('link', { name: es('app.header.profile') }).click();
      const form = page.getByRole('form', { name: es('profile.password.title') });
      const fresh = `${PASSWORD}-${Date.now().toString(36)}`;
      await form.getByLabel(fieldLabel(es('profile.password.current'))).fill(account.password);
      await form.getByLabel(fieldLabel(es('profile.password.new'))).fill(fresh);
      await form.getByLabel(fieldLabel(es('profile.password.confirm'))).fill(fresh);
      await form.getByRole('button', { name: es('profile.password.save') }).click();
      await expect(form.getByRole('status')).toHaveText(es('api.password.changed'));
      account.password = fresh;
      return;
    }
    case 'session.storageChanged':
      await storageChangedInAnotherTab(world, event.record === null);
      // Leaving `refreshing` this way cancels the renewal in the app: its held call no longer waits for an answer.
      return calls.releaseStale('refresh');
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

const panelLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: es('app.header.panel') });
const spaceButton = (page: Page, space: 'personal' | 'shared') =>
  page.getByRole('navigation', { name: es('drive.spaces') }).getByRole('button', { name: es(`drive.space.${space}`) });
const scanTitle = (page: Page) => page.getByRole('heading', { name: es('profile.secondFactor.scanTitle') });

/**
 * The person opens the program's drive from their panel. The drive outlives its screen: opened before in this
 * session (`kept`, the model's list had it), it shows the space the person left open (the program's materials);
 * otherwise, a new one (never opened, or the session ended meanwhile and stopped it), it starts in their own space.
 * Either way the person then turns to the program's materials, the state a later opening must find kept.
 */
async function openDrive(world: SessionWorld, kept: boolean): Promise<void> {
  const { page, programId } = world;
  if (programId === null) throw new Error('a drive step without a program');
  await panelLink(page).click();
  await page.getByRole('navigation', { name: es('panel.nav.label') }).getByRole('link', { name: es('panel.nav.myPrograms') }).click();
  await page.getByRole('link', { name: new RegExp(`^${es('programs.my.drive')}`) }).click();
  await expect(page).toHaveURL(`/panel/programs/my/drive/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: es('panel.drive.title') })).toBeVisible();
  await expect(spaceButton(page, kept ? 'shared' : 'personal')).toHaveAttribute('aria-current', 'true');
  await expect(spaceButton(page, kept ? 'personal' : 'shared')).not.toHaveAttribute('aria-current');
  if (!kept) {
    await spaceButton(page, 'shared').click();
    await expect(spaceButton(page, 'shared')).toHaveAttribute('aria-current', 'true');
  }
}

/**
 * The person opens the second-factor screen from their profile. The enrolment does not outlive its screen, so it
 * always starts afresh: the password form, not the secret an earlier visit was shown. The person then starts it
 * (their password), so the enrolment holds a secret that leaving must drop.
 */
async function openEnrolment(world: SessionWorld): Promise<void> {
  const { page, account } = world;
  await page.getByRole('banner').getByRole('link', { name: es('app.header.profile') }).click();
  await page.getByRole('link', { name: es('profile.secondFactor.manage') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('profile.secondFactor.title') })).toBeVisible();
  const app = page.getByRole('region', { name: es('profile.secondFactor.appTitle') });
  await expect(scanTitle(page)).toHaveCount(0);
  await app.getByLabel(fieldLabel(es('profile.secondFactor.password'))).fill(account.password);
  await app.getByRole('button', { name: es('profile.secondFactor.start') }).click();
  await expect(scanTitle(page)).toBeVisible();
  await expect(page.locator('#sf-secret')).toHaveText(/^\s*[A-Z2-7]{32}\s*$/);
}

/** The person leaves the second-factor screen for their panel (the next opening checks the enrolment is new). */
async function leaveEnrolment(world: SessionWorld): Promise<void> {
  await panelLink(world.page).click();
  await expect(scanTitle(world.page)).toHaveCount(0);
}

/** Another tab signs out, or signs in (through its form when nobody is signed in here; else it writes its new session). */
async function storageChangedInAnotherTab(world: SessionWorld, signedOut: boolean): Promise<void> {
  const { page, account } = world;
  if (signedOut) {
    // Another tab signed out: its sign-out clears `user` first (the revocation is that tab's business).
    return inAnotherTab(world, (tab) => tab.evaluate(() => window.localStorage.removeItem('user')));
  }
  if ((await storedUser(page)) === null) {
    // Nobody is signed in here: the person signs in in another tab, through its form.
    return inAnotherTab(world, (tab) => signIn(tab, account));
  }
  // Signed in (or renewing) here: another tab renewed or signed in again, and wrote its new session.
  const record = await apiLogin(account);
  return inAnotherTab(world, (tab) => tab.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(record)));
}

/** Opens the app the way the boot needs: nothing stored, a live session stored, or one whose access token expired. */
async function bootSession(world: SessionWorld, boot: SessionBoot): Promise<void> {
  const { page, account } = world;
  await page.goto('/');
  if (boot === 'no stored session') return;
  const record = await apiLogin(account);
  const stored = boot === 'stored session with an expired token' ? { ...record, access: withExpiry(record.access, Math.floor(Date.now() / 1000) - 60) } : record;
  await page.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(stored));
  await page.reload();
}

// ---------------------------------------------------------------- the application machine

type ApplicationModelEvent =
  | { type: 'application.stepChanged'; step: StepNumber; status: 'submitted' | 'incomplete' }
  | { type: 'application.submit' }
  | { type: 'application.confirmSubmit' }
  | { type: 'application.cancelSubmit' }
  | { type: 'xstate.done.actor.submitApplication'; output: { status: 'submitted' } }
  | { type: 'xstate.error.actor.submitApplication'; error: unknown }
  | { type: 'staff.requestChanges' }
  | { type: 'staff.decide' };

/** Failures of the submit call, each made real on the server before the held call goes on (see applicationStep). */
const FAILURES = {
  closed: refusal('application_closed'),
  unavailable: refusal('program_unavailable'),
  submittedElsewhere: refusal('application_submitted'),
  incompleteOnServer: refusal('steps_incomplete'),
  network: new TypeError('Failed to fetch'),
} as const;
type Failure = keyof typeof FAILURES;
const failureOf = (error: unknown): Failure => {
  const found = (Object.keys(FAILURES) as Failure[]).find((key) => FAILURES[key] === error);
  if (found === undefined) throw new Error('not a sample failure');
  return found;
};

/** Step 5 is the one that comes and goes (submitted in the browser, reopened by typing in it, reopened by staff). */
const TOGGLED: StepNumber = 5;
const APPLICATION_EVENTS: readonly ApplicationModelEvent[] = [
  { type: 'application.stepChanged', step: TOGGLED, status: 'submitted' },
  { type: 'application.stepChanged', step: TOGGLED, status: 'incomplete' },
  { type: 'application.submit' },
  { type: 'application.confirmSubmit' },
  { type: 'application.cancelSubmit' },
  { type: 'xstate.done.actor.submitApplication', output: { status: 'submitted' } },
  ...Object.values(FAILURES).map((error) => ({ type: 'xstate.error.actor.submitApplication' as const, error })),
  { type: 'staff.requestChanges' },
  { type: 'staff.decide' },
];
const STAFF_MESSAGE = 'Explique mejor sus fortalezas: qué las distingue.';
const STAFF_REASON = 'Cumple los requisitos del programa.';

const loadedStep = (status: 'submitted' | 'incomplete'): LoadedStep => ({ status, data: {}, version: 1, localCopy: null });
const graphInput = (toggled: 'submitted' | 'incomplete', status: ApplicationInput['status'], programStatus: ApplicationInput['programStatus']): ApplicationInput => ({
  id: 1,
  status,
  programStatus,
  intakeForm: null,
  maxUploadBytes: 1,
  reopenedSteps: [],
  files: [],
  maxDocumentsPerField: 10,
  steps: { '1': loadedStep('submitted'), '2': loadedStep('submitted'), '3': loadedStep('submitted'), '4': loadedStep('submitted'), '5': loadedStep(toggled), '6': loadedStep('submitted') },
});

type ApplicationBoot = 'one step left' | 'every step submitted' | 'submitted' | 'program closed' | 'program unavailable';
const APPLICATION_BOOTS: ReadonlyArray<{ name: ApplicationBoot; input: ApplicationInput }> = [
  { name: 'one step left', input: graphInput('incomplete', 'draft', 'open') },
  { name: 'every step submitted', input: graphInput('submitted', 'draft', 'open') },
  { name: 'submitted', input: graphInput('submitted', 'submitted', 'open') },
  { name: 'program closed', input: graphInput('incomplete', 'draft', 'closed') },
  { name: 'program unavailable', input: graphInput('incomplete', 'draft', 'unavailable') },
];

// The children are the unit tests' business (tests/machines/application.machine.test.ts): here they are inert.
const applicationModelMachine = testMachineOf(applicationMachine, {
  inert: ['restoreLocalCopies', 'discardLocalCopies', 'editStep', 'flushStep', 'submitStep', 'resolveConflict', 'reopenIntakeStep', 'setFiles', 'tellEveryAutosave', 'lockSteps'],
});
type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;

/**
 * The context the machine boots with when the application is opened again after staff's move: the server's status
 * as the SPA hands it to the machine (src/features/application/hooks/use-application-workspace.ts) and the steps as
 * stored, step 5 reopened by a change request; no error (a fresh load has none). The model alone also remembers
 * that staff asked for changes (`changesRequested`), so a decision after a change request is a state of its own and
 * the generated paths walk the whole review: changes requested, resubmitted, decided.
 */
function reloaded(context: ApplicationContext, status: 'changes_requested' | 'approved'): Partial<ApplicationContext> & { changesRequested?: true } {
  const toggled = status === 'changes_requested' ? 'incomplete' : 'submitted';
  return {
    ...(status === 'changes_requested' ? { changesRequested: true } : {}),
    status,
    loaded: { ...context.loaded, steps: { ...context.loaded.steps, [`${TOGGLED}`]: loadedStep(toggled) } },
    steps: { ...context.steps, [`${TOGGLED}`]: toggled },
    readonlySteps: readonlyStepsOf({ status, programStatus: context.programStatus, reopenedSteps: [TOGGLED] }),
    error: null,
  };
}

/**
 * The application machine's graph past `submitted` (docs/decisions/028-review-lifecycle.md and
 * docs/decisions/051-the-application-machine-holds-the-workflow.md): staff's review happens on the server, and the
 * applicant meets it when the application is opened again, where a new machine boots from the server's status into the
 * state the lifecycle table names. The browser model joins the two lives: while the application waits for staff or is
 * in review (`submitted.waiting`, `submitted.inReview`), staff's `staff.requestChanges` (step 5 reopened) leads to
 * `changesRequested.incomplete`, and `staff.decide` (approved, with a reason) to `submitted.decided`. Every other state
 * and transition is the machine's own.
 */
function withStaffReview(machine: AnyStateMachine): AnyStateMachine {
  const config = machine.config as unknown as { states: Record<string, Record<string, unknown>> };
  const submitted = (config.states.submitted ?? {}) as { states?: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  const substates = submitted.states ?? {};
  const staffMoves = {
    'staff.requestChanges': {
      target: '#application.changesRequested.incomplete',
      actions: assign(({ context }) => reloaded(context as ApplicationContext, 'changes_requested')),
    },
    'staff.decide': { target: '#application.submitted.decided', actions: assign(({ context }) => reloaded(context as ApplicationContext, 'approved')) },
  };
  // Waiting and in review are final to the machine (the next load decides); here staff's moves leave them.
  const awaitingStaff = (state: Record<string, unknown> | undefined) => {
    const { type: _final, ...rest } = state ?? {};
    return { ...rest, on: staffMoves };
  };
  const extended: Record<string, unknown> = {
    ...config,
    states: {
      ...config.states,
      submitted: {
        ...submitted,
        states: { ...substates, waiting: awaitingStaff(substates.waiting), inReview: awaitingStaff(substates.inReview) },
      },
    },
  };
  return createMachine(extended as never, machine.implementations as never);
}
const applicationReviewMachine = withStaffReview(applicationModelMachine);
/** The relays to the children (typing, uploads, online and offline): they change no state of the application's own. */
const applicationBrowserMachine = withoutEvents(applicationReviewMachine, (state) => state === '');
const applicationModelFor = (input: ApplicationInput) =>
  createTestModel(applicationBrowserMachine, {
    input,
    events: (snapshot: ApplicationSnapshot) =>
      APPLICATION_EVENTS.filter((event) => {
        const submitting = snapshot.matches('submitting');
        if (event.type.startsWith('xstate.')) {
          // A change request is answered whatever the program's deadline: closing the program refuses no resubmission.
          const closedRefusal = event.type === 'xstate.error.actor.submitApplication' && failureOf(event.error) === 'closed';
          return submitting && !(closedRefusal && snapshot.context.status === 'changes_requested');
        }
        if (event.type.startsWith('staff.')) return snapshot.matches({ submitted: 'waiting' }) || snapshot.matches({ submitted: 'inReview' });
        // A step reports only a real change; while the submit is in flight the person stays on its screen, and while
        // the question "Submit the application?" is open (a modal dialog) they answer it first. The machine's handling
        // of a step changed meanwhile is tests/machines/application.machine.test.ts's.
        const asked = snapshot.matches({ draft: 'confirming' }) || snapshot.matches({ changesRequested: 'confirming' });
        if (event.type === 'application.stepChanged') return !submitting && !asked && snapshot.context.steps[`${event.step}`] !== event.status;
        return true;
      }),
  }) as unknown as TestModel<ApplicationSnapshot, ApplicationModelEvent, ApplicationInput>;

/** A path on which staff request changes and, once the application is sent again, decide: the whole review. */
const throughChangeRequestToDecision = (path: { steps: ReadonlyArray<{ event: { type: string } }> }) => {
  const types = path.steps.map((step) => step.event.type);
  return types.includes('staff.requestChanges') && types.at(-1) === 'staff.decide';
};

const applicationCoverage = new Coverage('application', applicationReviewMachine, 'init');

interface ApplicationWorld {
  page: Page;
  context: BrowserContext;
  applicant: Applicant;
  programId: number;
  id: number;
  calls: HeldCalls;
  /** A staff account of the path's own, signed in on the API, made when the path first needs staff. */
  staff?: Api;
}

const submitButton = (page: Page) => page.getByRole('button', { name: es('application.submit.button') });
const errorSummary = (page: Page) => page.locator('#submit-errors');
/** The question "Submit the application?" that "Submit application" opens once every step is submitted. */
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: es('application.submit.confirmTitle') });

async function expectStepReviewed(page: Page, step: StepNumber, status: 'submitted' | 'incomplete'): Promise<void> {
  const review = page.locator(`section[aria-labelledby="review-step-${step}"]`);
  await expect(review.getByText(es(`application.step.${status}`), { exact: false }).first()).toBeVisible();
}

/** What the applicant sees in each application state (on "check your answers", or where the submit took them). */
function applicationScreens(world: ApplicationWorld): Record<string, (snapshot: ApplicationSnapshot) => Promise<void>> {
  const { page, calls } = world;
  const draft = async (snapshot: ApplicationSnapshot) => {
    await expect(page.getByRole('heading', { level: 1, name: es('application.submit.title') })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
    await expectStepReviewed(page, TOGGLED, snapshot.context.steps[`${TOGGLED}`]);
    // After staff's change request: what was asked, and only the reopened step offers "Change" (the others are read-only).
    const changesRequested = snapshot.context.status === 'changes_requested';
    await expect(page.getByRole('heading', { name: es('application.review.changesTitle') })).toHaveCount(changesRequested ? 1 : 0);
    if (changesRequested) {
      await expect(page.getByText(STAFF_MESSAGE)).toBeVisible();
      const changeLinks = page.getByRole('link', { name: new RegExp(`^${es('application.submit.change')} `) });
      await expect(changeLinks).toHaveCount(1);
      await expect(page.locator(`section[aria-labelledby="review-step-${TOGGLED}"]`).getByRole('link', { name: new RegExp(`^${es('application.submit.change')} `) })).toHaveCount(1);
    }
    // An error the machine keeps is on the screen, and none when it keeps none.
    await expect(errorSummary(page)).toHaveCount(snapshot.context.error === null ? 0 : 1);
    if (snapshot.context.error?.code === 'network') await expect(errorSummary(page)).toContainText(es('application.submit.network'));
    if (snapshot.context.error?.code === 'steps_incomplete' && snapshot.context.error.body === null) {
      await expect(errorSummary(page)).toContainText(es('application.submit.stepNotSubmitted'));
    }
  };
  const confirming = async () => {
    // Asked, nothing sent yet.
    await expect(confirmDialog(page)).toBeVisible();
    await expect(confirmDialog(page).getByRole('button', { name: es('application.submit.confirm') })).toBeFocused();
    expect(calls.pending('submit')).toBe(0);
  };
  const readonly = async () => {
    await expect(submitButton(page)).toHaveCount(0);
    await expect(page.locator('main').locator('input:not([disabled]), textarea:not([disabled])')).toHaveCount(0);
  };
  const sent = async () => {
    await expect(page.getByRole('heading', { name: es('application.state.submitted') }).or(page.getByRole('heading', { level: 1, name: es('application.confirmation.title') }))).toBeVisible();
    await readonly();
  };
  return {
    'draft.incomplete': async (snapshot) => {
      await draft(snapshot);
      await expect(confirmDialog(page)).toHaveCount(0);
    },
    'draft.ready': async (snapshot) => {
      await draft(snapshot);
      await expect(confirmDialog(page)).toHaveCount(0);
    },
    'draft.confirming': confirming,
    'changesRequested.incomplete': async (snapshot) => {
      await draft(snapshot);
      await expect(confirmDialog(page)).toHaveCount(0);
    },
    'changesRequested.ready': async (snapshot) => {
      await draft(snapshot);
      await expect(confirmDialog(page)).toHaveCount(0);
    },
    'changesRequested.confirming': confirming,
    submitting: async () => {
      await calls.expectPending('submit');
      await expect(page.getByRole('button', { name: es('application.submit.submitting') })).toBeDisabled();
    },
    // Waiting for staff, or in review again after the changes were sent: the confirmation, or the submitted state.
    'submitted.waiting': sent,
    'submitted.inReview': sent,
    closed: async () => {
      await expect(page.getByRole('heading', { name: es('application.state.closed') })).toBeVisible();
      await readonly();
    },
    unavailable: async () => {
      await expect(page.getByRole('heading', { level: 1, name: es('application.unavailable.title') })).toBeVisible();
      await readonly();
    },
    'submitted.decided': async () => {
      const approved = es('application.review.decisionTitle', { decision: es('programs.applicationStatus.approved') });
      await expect(page.getByRole('heading', { name: approved })).toBeVisible();
      await expect(page.getByText(STAFF_REASON)).toBeVisible();
      await readonly();
    },
  };
}

/**
 * To a step's screen and back to "check your answers" through the step indicator: the same actors all along. While
 * changes are requested, the steps sharing the screen that staff did not reopen say they are read-only.
 */
async function onStepScreen(page: Page, step: StepNumber, act: () => Promise<void>): Promise<void> {
  const review = page.locator(`section[aria-labelledby="review-step-${step}"]`);
  const changesRequested = (await page.getByRole('heading', { name: es('application.review.changesTitle') }).count()) > 0;
  await review.getByRole('link', { name: new RegExp(`^${es('application.submit.change')} `) }).click();
  await expect(stepSection(page, step)).toBeVisible();
  if (changesRequested) {
    await expect(stepSection(page, step).getByRole('heading', { name: es('application.review.stepReopened') })).toBeVisible();
    for (const locked of [3, 4] as const) {
      await expect(stepSection(page, locked).getByText(es('application.review.stepLocked'))).toBeVisible();
      await expect(stepSection(page, locked).locator('input:not([disabled]), textarea:not([disabled]), select:not([disabled])')).toHaveCount(0);
    }
  }
  await act();
  await page.getByRole('navigation', { name: es('application.indicator.label') }).getByRole('link', { name: es('application.indicator.review') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('application.submit.title') })).toBeVisible();
}

async function applicationStep(world: ApplicationWorld, event: ApplicationModelEvent): Promise<void> {
  const { page, calls, applicant, id, programId } = world;
  switch (event.type) {
    case 'application.stepChanged':
      return onStepScreen(page, event.step, async () => {
        if (event.status === 'submitted') {
          await submitStepInBrowser(page, event.step);
        } else {
          // Typing in a submitted step reopens it.
          const field = stepSection(page, event.step).getByLabel(fieldLabel(es('application.field.strengths')), { exact: true });
          await field.fill(`${await field.inputValue()} Y con buen servicio.`);
          await expectStepStatus(page, event.step, 'incomplete');
        }
      });
    case 'application.submit':
      return submitButton(page).click();
    case 'application.confirmSubmit':
      return confirmDialog(page).getByRole('button', { name: es('application.submit.confirm') }).click();
    case 'application.cancelSubmit':
      await confirmDialog(page).getByRole('button', { name: es('ui.confirm.cancel') }).click();
      await expect(submitButton(page)).toBeFocused();
      return;
    case 'xstate.done.actor.submitApplication':
      return calls.release('submit');
    case 'xstate.error.actor.submitApplication': {
      const failure = failureOf(event.error);
      // Each refusal is made real first: staff close or withdraw the program, the application is sent from another
      // device, step 5 is changed from another device, or the network goes away.
      if (failure === 'closed') await setProgramStatus(programId, 'closed');
      if (failure === 'unavailable') await setProgramStatus(programId, 'unavailable');
      if (failure === 'submittedElsewhere') await applicant.api.call('POST', `/applications/${id}/submit`);
      if (failure === 'incompleteOnServer') await saveStep(applicant.api, id, TOGGLED, { ...completeStepData[TOGGLED], strengths: 'Otra respuesta.' });
      if (failure !== 'network') return calls.release('submit');
      await world.context.setOffline(true);
      await calls.release('submit');
      await expect(errorSummary(page)).toContainText(es('application.submit.network'));
      await world.context.setOffline(false);
      return;
    }
    case 'staff.requestChanges': {
      // Staff start the review (a resubmission is in review already) and ask for changes on step 5; the applicant opens the application again.
      const staff = await staffOf(world);
      const { status } = await staff.call<{ status: string }>('GET', `/admin/applications/${id}`);
      if (status === 'submitted') await staff.call('POST', `/admin/applications/${id}/review/start`);
      await staff.call('POST', `/admin/applications/${id}/review/changes`, { steps: [TOGGLED], message: STAFF_MESSAGE });
      await page.goto(applicationPath(id, 'submit'));
      return;
    }
    case 'staff.decide': {
      // Staff start the review (a resubmission is back in review already) and approve with a reason; the applicant
      // opens the application again.
      const staff = await staffOf(world);
      const before = await staff.call<{ status: string }>('GET', `/admin/applications/${id}`);
      if (before.status === 'submitted') await staff.call('POST', `/admin/applications/${id}/review/start`);
      // Approving rests on a verified checklist (docs/decisions/036-review-rules.md).
      const { documents } = await staff.call<{ documents: Array<{ file_id: number; verdict: string | null }> }>('GET', `/admin/applications/${id}`);
      for (const document of documents.filter((one) => one.verdict !== 'verified')) {
        await staff.call('POST', `/admin/applications/${id}/documents/${document.file_id}/verify`);
      }
      await staff.call('POST', `/admin/applications/${id}/review/decision`, { decision: 'approved', reason: STAFF_REASON });
      await page.goto(applicationPath(id));
      return;
    }
  }
}

/** The path's own staff account (the review's operations are staff only), made the first time a path needs it. */
async function staffOf(world: ApplicationWorld): Promise<Api> {
  world.staff ??= await apiSignIn(await newStaff('paths'));
  return world.staff;
}

/** The application the boot needs, made through the real API in a program of this path's own. */
async function bootApplication(boot: ApplicationBoot): Promise<Omit<ApplicationWorld, 'page' | 'context' | 'calls'>> {
  const applicant = await newApplicant('paths');
  const programId = await createProgram(`Programa de rutas ${Date.now().toString(36)}`);
  const id = await applyTo(applicant.api, programId);
  const allSubmitted = boot === 'every step submitted' || boot === 'submitted';
  await completeSteps(applicant.api, id, allSubmitted ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 6]);
  // Step 5 left saved but not submitted: complete, so that "submit step" in the browser is accepted.
  if (!allSubmitted) await saveStep(applicant.api, id, TOGGLED, completeStepData[TOGGLED]);
  if (boot === 'submitted') await applicant.api.call('POST', `/applications/${id}/submit`);
  if (boot === 'program closed') await setProgramStatus(programId, 'closed');
  if (boot === 'program unavailable') await setProgramStatus(programId, 'unavailable');
  return { applicant, programId, id };
}

// ---------------------------------------------------------------- walking the paths

const label = (event: { type: string; [key: string]: unknown }): string => {
  const type = event.type.replace(/^xstate\./, '');
  if (event.type === 'session.login') return `${type}(remember ${String(event.remember)})`;
  if (event.type === 'session.storageChanged') return `${type}(${event.record === null ? 'signed out' : 'signed in'})`;
  if (event.type === 'application.stepChanged') return `${type}(${String(event.step)} ${String(event.status)})`;
  if (event.type === 'xstate.error.actor.submitApplication') return `${type}(${failureOf(event.error)})`;
  if (event.type === 'staff.requestChanges') return `${type}(step ${TOGGLED})`;
  if (event.type === 'page.open') return `${type}(${String((event.page as { kind: string }).kind)})`;
  if (event.type === 'page.close') return `${type}(${String(event.kind)})`;
  return type;
};
const describePath = (boot: string, path: { steps: ReadonlyArray<{ event: { type: string } }>; state: { value: StateValue } }) =>
  `${boot}: ${path.steps.slice(1).map((step) => label(step.event)).join(' → ') || '(boot only)'} ⇒ ${leafOf(path.state.value)}`;

interface WalkablePath<TSnapshot, TEvent> {
  steps: ReadonlyArray<{ state: TSnapshot; event: TEvent }>;
  test: (params: {
    events: Record<string, (step: { state: TSnapshot; event: TEvent }) => Promise<void>>;
    states: Record<string, (snapshot: TSnapshot) => Promise<void>>;
  }) => Promise<unknown>;
}

/** Walks one path (@xstate/test's way): each step's event as a user action, then its state's screen check; coverage counts the checked steps. */
async function walk<TSnapshot extends { value: StateValue }, TEvent extends { type: string }>(
  path: WalkablePath<TSnapshot, TEvent>,
  coverage: Coverage,
  screens: Record<string, (snapshot: TSnapshot) => Promise<void>>,
  act: (event: TEvent, next: TEvent | undefined, before: TSnapshot | undefined) => Promise<void>,
): Promise<void> {
  let previous: TSnapshot | null = null;
  const perform = async (step: { state: TSnapshot; event: TEvent }) => {
    // The next step's event lets a step choose what the server will answer (a wrong password before a refused sign-in);
    // the state before it, what the person must find (a page actor kept or new).
    const index = path.steps.indexOf(step);
    await act(step.event, path.steps[index + 1]?.event, path.steps[index - 1]?.state);
  };
  await path.test({
    events: Object.fromEntries(path.steps.slice(1).map((step) => [step.event.type, perform])),
    states: Object.fromEntries(
      Object.entries(screens).map(([key, check]) => [
        key,
        async (snapshot: TSnapshot) => {
          await check(snapshot);
          const step = path.steps.find((candidate) => candidate.state === snapshot);
          coverage.walked(previous === null ? null : previous.value, step?.event.type ?? '', snapshot.value);
          previous = snapshot;
        },
      ]),
    ),
  });
}

// A path is several tests' worth of steps; on a busy 2-core machine one can take well over the 90 s of a single test.
test.describe.configure({ mode: 'default', timeout: 240_000 });

/**
 * Only paths made of the samples: createTestModel also offers a bare `{ type }` for an event a state handles without a
 * sample (stepChanged while submitting, which the filter leaves out), and no person can make that one.
 */
const ofSamples = (samples: readonly object[]) => (path: { steps: ReadonlyArray<{ event: object }> }) =>
  path.steps.slice(1).every((step) => samples.includes(step.event));

const sessionPaths = selectPaths(
  SESSION_BOOTS.flatMap((boot) =>
    sessionModel.getShortestPaths({ input: boot.input }).filter(ofSamples([...SESSION_EVENTS, ...PAGE_EVENTS])).map((path) => Object.assign(path, { boot: boot.name })),
  ),
  'booting',
);
// The selection always walks the whole review: a change request, the application sent again, staff's decision.
const applicationPaths = selectPaths(
  APPLICATION_BOOTS.flatMap((boot) =>
    applicationModelFor(boot.input).getShortestPaths().filter(ofSamples(APPLICATION_EVENTS)).map((path) => Object.assign(path, { boot: boot.name })),
  ),
  'init',
  throughChangeRequestToDecision,
);

/**
 * The page actors' lifetimes, one named path of the same model (shortest paths open each screen once, and never come
 * back to one): the enrolment left and opened again starts afresh, the drive left and opened again is as it was left,
 * and after signing out and in again the drive is a new one (the session stopped it).
 */
// `fromState: undefined`, or the graph's default start (made without the input) would be taken instead of the input's.
const PAGE_LIFETIMES_OPTIONS: Parameters<typeof sessionModel.getPathsFromEvents>[1] = {
  ...sessionTraversal,
  input: { record: GRAPH_RECORD, now: NOW },
  fromState: undefined,
};
const PAGE_LIFETIMES_PATH = Object.assign(
  sessionModel.getPathsFromEvents(
    [
      OPEN_ENROLMENT,
      CLOSE_ENROLMENT,
      OPEN_DRIVE,
      OPEN_ENROLMENT,
      CLOSE_ENROLMENT,
      OPEN_DRIVE,
      { type: 'session.logout' },
      { type: 'xstate.done.actor.logout', output: undefined },
      { type: 'session.login', email: GRAPH_RECORD.email, password: PASSWORD, remember: true },
      { type: 'xstate.done.actor.login', output: GRAPH_RECORD },
      OPEN_DRIVE,
    ],
    PAGE_LIFETIMES_OPTIONS,
  )[0] ?? failed('the page lifetimes path is not a path of the session model'),
  { boot: 'stored session with a live token' as const },
);
function failed(message: string): never {
  throw new Error(message);
}

test.describe('session machine paths in the browser', () => {
  // The lifetimes path walks with every path (PATHS_ALL=1): in the CI-size selection it costs more than the time
  // the default run may grow by (docs/testing.md).
  for (const path of PATHS_ALL ? [...sessionPaths, PAGE_LIFETIMES_PATH] : sessionPaths) {
    test(describePath(path.boot, path), async ({ browser }) => {
      // A fresh browser context per path: no storage, cookie or cache of one path leaks into the next.
      const context = await browser.newContext();
      const page = await context.newPage();
      const calls = new HeldCalls({
        login: (p, method) => method === 'POST' && p === '/api/auth/login',
        refresh: (p, method) => method === 'POST' && p === '/api/auth/session/',
        logout: (p, method) => method === 'POST' && p === '/api/auth/logout',
      });
      await calls.install(page);
      // A path that opens the drive needs a program the account applied to (which asks for the survey first).
      const drive = path.steps.some((step) => step.event === OPEN_DRIVE);
      const account = drive ? (await newApplicant('paths')).account : await createAccount('paths');
      const programId = drive ? await createProgram(`Aceleradora paths ${Date.now().toString(36)}`, 'accelerator') : null;
      if (programId !== null) await applyTo(await apiSignIn(account), programId);
      const world: SessionWorld = { page, context, account, calls, programId };
      await bootSession(world, path.boot);
      await walk(path, sessionCoverage, sessionScreens(world), (event, next, before) => sessionStep(world, event, next, before));
      await calls.releaseAll();
      await context.close();
    });
  }
});

test.describe('application machine paths in the browser', () => {
  for (const path of applicationPaths) {
    test(describePath(path.boot, path), async ({ browser }) => {
      // A fresh browser context per path: no storage, cookie or cache of one path leaks into the next.
      const context = await browser.newContext();
      const page = await context.newPage();
      const made = await bootApplication(path.boot);
      const calls = new HeldCalls({ submit: (p, method) => method === 'POST' && p === `/api/applications/${made.id}/submit` });
      await calls.install(page);
      const world: ApplicationWorld = { page, context, calls, ...made };
      // Signed in as the session paths' live boot is: the sign-in form is the session paths' subject, not these.
      await page.goto('/');
      const record = await apiLogin(made.applicant.account);
      await page.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(record));
      await page.goto(applicationPath(made.id, 'submit'));
      await walk(path, applicationCoverage, applicationScreens(world), (event) => applicationStep(world, event));
      await calls.releaseAll();
      await context.close();
    });
  }
});

// ---------------------------------------------------------------- the review machine (staff's review screen)

/**
 * Staff's review screen runs machines/review; these paths walk its new guards in the browser
 * (docs/decisions/036-review-rules.md, 043-audit-ready-review-screens.md): the declaration of no conflict of interest
 * before scoring, an approval refused while documents are unverified, an approval proposed (the program asks for a
 * second person) and one confirmed by another staff member. The model's application is the browser's: a submitted
 * application with the three documents support/apply.ts completeSteps uploads, in a program with the second person.
 * Each state's check reads the screen against the machine's selectors (what is offered, and why not); each staff
 * event is a click on the screen; another staff member's proposal is made through the API and read by a reload.
 */
const REVIEW_DOCUMENTS = [
  { file_id: 1, kind: 'owner_id', file_name: 'owner_id.pdf', step: 3, verdict: null },
  { file_id: 2, kind: 'income_document', file_name: 'income_document.pdf', step: 4, verdict: null },
  { file_id: 3, kind: 'intake_form', file_name: 'formulario-firmado.pdf', step: 6, verdict: null },
] as const satisfies ReviewAnswer['documents'];
const REVIEW_INPUT_BROWSER: ReviewInput = {
  viewerId: STAFF_ID,
  application: { ...DRAFT, status: 'submitted', documents: REVIEW_DOCUMENTS.map((document) => ({ ...document })), approval_needs_confirmation: true },
};
/** The other staff member of a path, who proposes the approval the viewer confirms. */
const OTHER_NAMES = { first_name: 'Otra', last_name: 'Revisora' };
const REVIEW_REASON = 'Cumple los requisitos del programa.';
type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>;

/** What a person (or another staff member, through the API) does in each state: one sample each. */
function reviewSamples(snapshot: ReviewSnapshot): ModelEvent[] {
  const status = selectStatus(snapshot);
  const { context } = snapshot;
  const events: ModelEvent[] = [...answerEvents(snapshot)];
  if (status === 'submitted' || status === 'in_review') events.push({ type: 'declare_conflict', by: 'staff', conflict: false });
  if (status === 'submitted') events.push({ type: 'start_review', by: 'staff' });
  if (status === 'in_review') {
    for (const document of context.documents) events.push({ type: 'verify_document', by: 'staff', fileId: document.fileId });
    events.push({ type: 'approve', by: 'staff', reason: REVIEW_REASON }, { type: 'confirm_approval', by: 'staff' });
    // Another staff member proposes the approval once the documents are verified (none waits yet).
    if (unverifiedDocuments(context).length === 0 && context.proposedBy === null) {
      events.push({ type: 'review.loaded', application: { ...answerOf(context), approval: { proposed_by: { id: OTHER_REVIEWER_ID }, reason: REVIEW_REASON, confirmed_by: null } } });
    }
  }
  return events;
}

/** A path of samples only: no bare event the graph offers for a type without a sample, no refusal. */
const ofReviewSamples = (path: { steps: ReadonlyArray<{ event: { type: string } }> }) =>
  path.steps.slice(1).every(({ event }) => !event.type.startsWith('xstate.error') && ('by' in event || 'output' in event || 'application' in event));
const reviewGraphMachine = testMachineOf(reviewMachine, { inert: ['reportDone'] });
const reviewCoverage = new Coverage('review', reviewGraphMachine, 'loading');
const throughState = (state: string) => (path: { steps: ReadonlyArray<{ state: { value: StateValue } }> }) =>
  path.steps.some((step) => leafOf(step.state.value) === state);
/** Each new guard at least once in the CI-size selection: declared before scoring, proposed, confirmed by another. */
const REVIEW_GUARDS = [throughState('sending.confirmingApproval'), throughState('sending.proposingApproval'), throughState('sending.declaringConflict')];
const reviewPaths = selectPaths(
  reviewModel(reviewSamples, REVIEW_INPUT_BROWSER)
    .getShortestPaths()
    .filter(ofReviewSamples)
    .filter((path) => path.steps.length > 1),
  'loading',
  REVIEW_GUARDS,
);

interface ReviewWorld {
  page: Page;
  calls: HeldCalls;
  seeded: Seeded;
  /** Another staff member (the API), who proposes an approval the viewer then confirms. */
  other: Api | null;
}

const reviewButton = (page: Page, id: string) => reviewPanel(page).getByRole('button', { name: es(id), exact: true });

/** The review screen against the machine: the status, what is offered (and not), the notes saying why, the scoring sheet. */
async function reviewScreen(world: ReviewWorld, snapshot: ReviewSnapshot): Promise<void> {
  const { page } = world;
  const status = selectStatus(snapshot);
  if (status === null) throw new Error('a review screen check outside a status');
  await expectReviewStatus(page, 'es', status);
  const actions = selectStaffActions(snapshot);
  const declaration = selectDeclaration(snapshot);
  const offered: Record<string, boolean> = {
    'admin.review.startReview': actions.includes('start_review'),
    'admin.review.requestChanges': actions.includes('request_changes'),
    'admin.review.decideButton': selectDecisions(snapshot).length > 0,
    'admin.review.confirmApproval': selectCanConfirmApproval(snapshot),
    'admin.review.conflict.declareNone': declaration.none,
  };
  for (const [id, shown] of Object.entries(offered)) await expect(reviewButton(page, id)).toHaveCount(shown ? 1 : 0);
  for (const document of snapshot.context.documents) {
    // A verified document keeps its Verify button, disabled: only an enabled one counts as offered.
    const verify = checklist(page, 'es').getByRole('button', { name: es('admin.review.documents.verify', { name: document.name }), disabled: false });
    await expect(verify).toHaveCount(selectDocumentActions(snapshot, document.fileId).verify ? 1 : 0);
  }
  // Why approving is not offered: the documents not verified, named; an approval waiting, whose it is.
  const unverified = selectUnverifiedNames(snapshot);
  const unverifiedNote = reviewPanel(page).getByText(es('api.review.documentsUnverified', { names: new Intl.ListFormat('es', { type: 'conjunction' }).format(unverified) }));
  await expect(unverifiedNote).toHaveCount(status === 'in_review' && unverified.length > 0 ? 1 : 0);
  const pending = selectPendingApproval(snapshot);
  await expect(reviewPanel(page).getByText(es('admin.review.approvalWaitingMine', { reason: REVIEW_REASON }))).toHaveCount(pending?.mine === true ? 1 : 0);
  const theirs = es('admin.review.approvalWaiting', { name: `${OTHER_NAMES.first_name} ${OTHER_NAMES.last_name}`, reason: REVIEW_REASON });
  await expect(reviewPanel(page).getByText(theirs)).toHaveCount(pending?.mine === false ? 1 : 0);
  // The decisions the dialog offers are the machine's: approving only on a verified checklist, and not one's own proposal.
  const decisions = selectDecisions(snapshot);
  if (decisions.length > 0) {
    await reviewButton(page, 'admin.review.decideButton').click();
    const dialog = page.getByRole('dialog', { name: es('admin.review.decide.title', { name: world.seeded.name }) });
    await expect(dialog.getByRole('radio')).toHaveCount(decisions.length);
    for (const decision of decisions) await expect(dialog.getByRole('radio', { name: es(`programs.applicationStatus.${decision}`), exact: true })).toHaveCount(1);
    // Cancelled with its button (pressed before the dialog has taken focus, Escape can miss it).
    await dialog.getByRole('button', { name: es('ui.confirm.cancel') }).click();
    await expect(dialog).toBeHidden();
  }
  // Scoring is offered once the viewer declared no conflict of interest; before, the sheet says why.
  const scoring = page.getByRole('region', { name: es('admin.scoring.title') });
  const offer = selectScoring(snapshot);
  await expect(scoring.getByRole('button', { name: es('admin.scoring.save') })).toHaveCount(offer === 'open' ? 1 : 0);
  if (offer === 'declare_first') await expect(scoring.getByTestId('scoring-not-offered')).toHaveText(es('api.duty.declareFirst'));
}

function reviewScreens(world: ReviewWorld): Record<string, (snapshot: ReviewSnapshot) => Promise<void>> {
  const check = (snapshot: ReviewSnapshot) => reviewScreen(world, snapshot);
  return {
    submitted: check,
    in_review: check,
    approved: check,
    // A command on its way: held in the browser until its answer is walked.
    sending: () => world.calls.expectPending('review'),
  };
}

async function reviewStep(world: ReviewWorld, event: ModelEvent): Promise<void> {
  const { page, calls, seeded } = world;
  if (event.type.startsWith('xstate.done.actor.')) return calls.release('review');
  switch (event.type) {
    case 'start_review':
      return reviewButton(page, 'admin.review.startReview').click();
    case 'declare_conflict':
      return reviewButton(page, 'admin.review.conflict.declareNone').click();
    case 'verify_document': {
      const document = REVIEW_DOCUMENTS.find((one) => one.file_id === event.fileId);
      if (!document) throw new Error(`no document ${event.fileId}`);
      return checklist(page, 'es').getByRole('button', { name: es('admin.review.documents.verify', { name: document.file_name }) }).click();
    }
    case 'approve': {
      await reviewButton(page, 'admin.review.decideButton').click();
      const dialog = page.getByRole('dialog', { name: es('admin.review.decide.title', { name: seeded.name }) });
      await expect(dialog.getByText(es('admin.review.decide.proposeNote'))).toBeVisible();
      await dialog.getByRole('radio', { name: es('programs.applicationStatus.approved'), exact: true }).check();
      await dialog.getByLabel(fieldLabel(es('admin.review.decide.reason'))).fill(REVIEW_REASON);
      return dialog.getByRole('button', { name: es('admin.review.decide.send') }).click();
    }
    case 'confirm_approval':
      return reviewButton(page, 'admin.review.confirmApproval').click();
    case 'review.loaded': {
      // Another staff member proposes the approval (through the API); the viewer reads the application again.
      world.other ??= await apiSignIn(await newStaff('paths-review-other', OTHER_NAMES));
      await world.other.call('POST', `/admin/applications/${seeded.applicationId}/review/decision`, { decision: 'approved', reason: REVIEW_REASON });
      await page.reload();
      return;
    }
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

test.describe('review machine paths in the browser', () => {
  for (const path of reviewPaths) {
    test(describePath('submitted, second person', path), async ({ browser }) => {
      const seeded = await seedSubmitted('paths-review', 'es', { secondPerson: true });
      const page = await openAs(browser, seeded.staff, 'es');
      const calls = new HeldCalls({
        review: (p, method) => method !== 'GET' && p.startsWith(`/api/admin/applications/${seeded.applicationId}/`),
      });
      await calls.install(page);
      await openReview(page, 'es', seeded);
      const world: ReviewWorld = { page, calls, seeded, other: null };
      await walk(path, reviewCoverage, reviewScreens(world), (event) => reviewStep(world, event));
      await calls.releaseAll();
      await page.context().close();
    });
  }
});

test.afterAll(() => {
  // In the run's output directory, which Playwright empties when a run starts.
  const file = join(test.info().project.outputDir, 'paths-coverage.json');
  sessionCoverage.merge(file);
  applicationCoverage.merge(file);
  reviewCoverage.merge(file);
  const selection = PATHS_ALL ? 'every generated path' : `PATHS_SEED=${PATHS_SEED} PATHS_LIMIT=${PATHS_LIMIT} (PATHS_ALL=1 for every path)`;
  console.log(`\nBrowser path coverage, ${selection}:\n${sessionCoverage.report()}\n${applicationCoverage.report()}\n${reviewCoverage.report()}`);
});
