// Model-based path tests of the session machine: every shortest path, replayed on a real actor with fake browser storage.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type NonReducibleUnknown } from 'xstate';
import { createTestModel, type TestModel } from 'xstate/graph';
import { sessionModelOptions, withListedPages } from './support/session-model.ts';
import { testMachineOf } from './support/test-machine.ts';
import {
  SESSION_STORAGE_KEYS,
  isAccessTokenExpired,
  parseSessionRecord,
  readTokenExpiry,
  sessionMachine,
} from '#machines/session/session.machine.ts';
import {
  selectAccessToken,
  selectError,
  selectIsBusy,
  selectSignedOutByChoice,
  selectIsSignedIn,
  selectIsStaff,
  selectSecondStep,
  selectUser,
  selectOpenPages,
  selectPage,
  type SessionSnapshot,
} from '#machines/session/session.selectors.ts';
import type {
  LoginInput,
  LoginResponse,
  SecondFactorChallenge,
  LogoutInput,
  RefreshInput,
  SessionEvent,
  SessionInput,
  SessionRecord,
  SessionResponse,
  StoredSession,
} from '#machines/session/session.types.ts';
import { signInStepMachine } from '#machines/second-factor/sign-in-step.machine.ts';
import { passkeysMachine } from '#machines/second-factor/passkeys.machine.ts';
import { driveMachine } from '#machines/drive/drive.machine.ts';
import { registrationMachine } from '#machines/registration/registration.machine.ts';
import { PAGE_LIFETIMES, pageId } from '#machines/session/session.pages.ts';
import type { SignInStepOutput, VerifyCodeInput } from '#machines/second-factor/second-factor.types.ts';
import { SERVER_ANSWERS } from '../support/server-answers.ts';
import { selectPaths } from './support/path-selection.ts';

// ---------------------------------------------------------------- fixtures

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const nowSeconds = NOW / 1000;

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** A JWT with the given claims; the signature is never checked on the client, so any text does. */
const jwt = (claims: Record<string, unknown>) =>
  `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.signature`;

const VALID_STORED: SessionRecord = {
  access: jwt({ sub: '1', exp: nowSeconds + 300 }),
  refresh: 'refresh-of-valid-stored',
  is_staff: false,
  id: 1,
  email: 'lucia@example.org',
  first_name: 'Lucía',
  last_name: 'Rivera',
  language: 'es',
};
const EXPIRED_STORED: SessionRecord = {
  ...VALID_STORED,
  access: jwt({ sub: '1', exp: nowSeconds - 60 }),
  refresh: 'refresh-of-expired-stored',
};
const LOGIN_RESPONSE: LoginResponse = {
  access: jwt({ sub: '2', exp: nowSeconds + 300 }),
  refresh: 'refresh-from-login',
  is_staff: false,
  id: 2,
  email: 'ana@example.org',
  first_name: 'Ana',
  last_name: 'Ortiz',
  language: 'en',
};
/** The same person, renewed: a new access token and, as the API promises, no refresh token. */
const REFRESH_RESPONSE: SessionResponse = {
  access: jwt({ sub: '2', exp: nowSeconds + 600 }),
  is_staff: false,
  id: 2,
  email: 'ana@example.org',
  first_name: 'Ana',
  last_name: 'Ortiz',
  language: 'en',
};
/** What another tab wrote: a staff member signed in there. */
const OTHER_TAB_RECORD: SessionRecord = {
  access: jwt({ sub: '3', exp: nowSeconds + 300 }),
  refresh: 'refresh-from-other-tab',
  is_staff: true,
  id: 3,
  email: 'staff@example.org',
  first_name: 'Marta',
  last_name: 'Díaz',
  language: 'es',
};
/** What another tab stored long enough ago that its access token has expired (the refresh token still good). */
const STALE_OTHER_TAB_RECORD: SessionRecord = {
  ...OTHER_TAB_RECORD,
  access: jwt({ sub: '3', exp: nowSeconds - 120 }),
  refresh: 'refresh-from-other-tab-long-ago',
};
/** What POST /me/password answers: a new session for this device (every other one ended). */
const RENEWED_RECORD: SessionRecord = {
  ...LOGIN_RESPONSE,
  access: jwt({ sub: '2', exp: nowSeconds + 900 }),
  refresh: 'refresh-after-password-change',
};
/** A sign-in of an account with a second factor (docs/decisions/049-second-factor.md): no tokens, a challenge. */
const CHALLENGE: SecondFactorChallenge = { second_factor_required: true, challenge: 'challenge-token', methods: ['totp', 'passkey', 'recovery_code'] };
/**
 * Page actors (docs/decisions/059-page-actors-in-the-session.md): a signed-in kind (a program's drive), a public one
 * (an event's registration form) and the drive's view leaving. Opening one already open is the reuse test below.
 */
const OPEN_DRIVE = { type: 'page.open', page: { kind: 'drive', key: '7', input: { programId: 7, maxBytes: 1000, location: { space: 'shared', parentId: null } } } } as const satisfies SessionEvent;
const OPEN_REGISTRATION = { type: 'page.open', page: { kind: 'registration', key: '5', input: { eventId: 5 } } } as const satisfies SessionEvent;
const CLOSE_DRIVE = { type: 'page.close', kind: 'drive', key: '7' } as const satisfies SessionEvent;
// Error bodies in the shapes of docs/product.md section 11.
const LOGIN_ERROR = SERVER_ANSWERS.badCredentials;
const REFRESH_ERROR = SERVER_ANSWERS.tokenNotValid;
const LOGOUT_ERROR = { detail: 'Servicio no disponible.' };

// ---------------------------------------------------------------- the model's events

/** The machine's own events plus the answers of its invoked calls, which the model sends as events. */
type ModelEvent =
  | SessionEvent
  | { type: 'xstate.done.actor.login'; output: LoginResponse | SecondFactorChallenge }
  | { type: 'xstate.error.actor.login'; error: unknown }
  | { type: 'xstate.done.actor.refresh'; output: SessionResponse }
  | { type: 'xstate.error.actor.refresh'; error: unknown }
  | { type: 'xstate.done.actor.logout'; output: undefined }
  | { type: 'xstate.error.actor.logout'; error: unknown }
  | { type: 'xstate.done.actor.readStoredSession'; output: StoredSession }
  /** The sign-in's second step (its child machine) ended: a right code, an ended challenge, or the person went back. */
  | { type: 'xstate.done.actor.secondFactor'; output: SignInStepOutput }
  | { type: 'xstate.error.actor.readStoredSession'; error: unknown };

/**
 * One small fixed sample per event shape keeps the context finite, so path generation terminates.
 * Two sign-ins differ only in `remember`, two storage events cover "another tab signed in" and "signed out".
 */
const SAMPLE_EVENTS: readonly ModelEvent[] = [
  { type: 'session.login', email: 'ana@example.org', password: 'correct horse', remember: true },
  { type: 'session.login', email: 'ana@example.org', password: 'correct horse', remember: false },
  { type: 'session.logout' },
  { type: 'session.check' },
  { type: 'session.unauthorized' },
  { type: 'session.unauthorized', retried: true },
  { type: 'session.storageChanged', record: OTHER_TAB_RECORD },
  { type: 'session.storageChanged', record: null },
  { type: 'session.renewed', record: RENEWED_RECORD },
  OPEN_DRIVE,
  OPEN_REGISTRATION,
  CLOSE_DRIVE,
  { type: 'xstate.done.actor.login', output: LOGIN_RESPONSE },
  { type: 'xstate.done.actor.login', output: CHALLENGE },
  { type: 'xstate.done.actor.secondFactor', output: { record: LOGIN_RESPONSE, expired: false } },
  { type: 'xstate.done.actor.secondFactor', output: { record: null, expired: true } },
  { type: 'xstate.done.actor.secondFactor', output: { record: null, expired: false } },
  { type: 'xstate.error.actor.login', error: LOGIN_ERROR },
  { type: 'xstate.done.actor.refresh', output: REFRESH_RESPONSE },
  { type: 'xstate.error.actor.refresh', error: REFRESH_ERROR },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: LOGOUT_ERROR },
  // What a signed-out tab finds when a route asks: another tab's live session, a stale one, nothing, or no storage.
  { type: 'xstate.done.actor.readStoredSession', output: { record: OTHER_TAB_RECORD, now: NOW } },
  { type: 'xstate.done.actor.readStoredSession', output: { record: STALE_OTHER_TAB_RECORD, now: NOW } },
  { type: 'xstate.done.actor.readStoredSession', output: { record: null, now: NOW } },
  { type: 'xstate.error.actor.readStoredSession', error: new DOMException('The operation is insecure.', 'SecurityError') },
];

/**
 * `createTestModel` refuses machines that invoke actors, so it gets `testMachineOf(sessionMachine)`: the same
 * graph, guards and actions, with each invoked call's answer as an `xstate.done/error.actor.<id>` event. States
 * are matched by name, and each state is keyed by the transition that entered it, so shortest paths cover every
 * transition and not only every state. Session events are offered in every state, so ignoring them is tested too.
 */
// The machine's event type lists what callers may send; the answers of its invoked calls are events of the
// test machine, which the type does not say.
// The model keeps the list of open pages without spawning them (withListedPages). The real actor the paths drive
// spawns and stops them, and its list and children are checked against the model's and against checkPages below.
const modelMachine = testMachineOf(withListedPages(sessionMachine));

// The test machine is built from a config at run time, so its types are `any`: name the real ones here.
const model = createTestModel(modelMachine, sessionModelOptions(SAMPLE_EVENTS)) as unknown as TestModel<SessionSnapshot, ModelEvent, SessionInput>;

const BOOTS: ReadonlyArray<{ name: string; input: SessionInput }> = [
  { name: 'no stored session', input: { record: null, now: NOW } },
  { name: 'stored session with a live token', input: { record: VALID_STORED, now: NOW } },
  { name: 'stored session with an expired token', input: { record: EXPIRED_STORED, now: NOW } },
];

const ALL_PATHS = BOOTS.flatMap((boot) =>
  model.getShortestPaths({ input: boot.input }).map((path) => ({ boot, path })),
);
// The CI-size selection takes every step the whole set takes; PATHS_ALL=1 walks them all (tests/machines/support/path-selection.ts).
const PATHS = selectPaths(ALL_PATHS, { pathOf: ({ path }) => path });

// ---------------------------------------------------------------- the system under test

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Call<TInput, TOutput> {
  input: TInput;
  answer: Deferred<TOutput>;
}

type LoginEvent = Extract<SessionEvent, { type: 'session.login' }>;
type Effect =
  | { action: 'announceLoginFailure'; params: { body: unknown } }
  | { action: 'adoptPreferredLanguage'; params: { language: SessionRecord['language'] } }
  | { action: 'announceSecondFactorEnded' };

/**
 * A running session actor whose API calls wait for the test to answer them, and whose storage actions
 * write an in-memory Map standing in for window.localStorage (the browser's storage, not our API).
 */
function createSession(input: SessionInput) {
  const storage = new Map<string, string>();
  // The SPA read the record it passes in from this key, so a stored session is already there.
  if (input.record !== null) storage.set(SESSION_STORAGE_KEYS.user, JSON.stringify(input.record));

  const loginCalls: Array<Call<LoginInput, LoginResponse | SecondFactorChallenge>> = [];
  const refreshCalls: Array<Call<RefreshInput, SessionResponse>> = [];
  const logoutCalls: Array<Call<LogoutInput, void>> = [];
  // The storage read takes no input; XState types an absent input as NonReducibleUnknown.
  const readCalls: Array<Call<NonReducibleUnknown, StoredSession>> = [];
  // The second step's code checks (POST /auth/login/second-factor), answered by the test too.
  const codeCalls: Array<Call<VerifyCodeInput, LoginResponse>> = [];
  const track = <TInput, TOutput>(calls: Array<Call<TInput, TOutput>>) =>
    fromPromise<TOutput, TInput>(({ input: callInput }) => {
      const answer = deferred<TOutput>();
      calls.push({ input: callInput, answer });
      return answer.promise;
    });

  // The named effects the person notices (toast, language), in the order the machine ran them.
  const effects: Effect[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: track(loginCalls),
        refresh: track(refreshCalls),
        logout: track(logoutCalls),
        readStoredSession: track(readCalls),
        signInStep: signInStepMachine.provide({ actors: { verifyCode: track(codeCalls) } }),
        // The pure machines of the kinds this file opens: the session's slots hold only their types
        // (docs/decisions/066-boot-closure.md).
        drive: driveMachine,
        passkeys: passkeysMachine,
        registration: registrationMachine,
      },
      actions: {
        persistRecord: (_, params) => storage.set(SESSION_STORAGE_KEYS.user, JSON.stringify(params.record)),
        clearRecord: () => storage.delete(SESSION_STORAGE_KEYS.user),
        rememberEmail: (_, params) => {
          if (params.remember) storage.set(SESSION_STORAGE_KEYS.remember, params.email);
          else storage.delete(SESSION_STORAGE_KEYS.remember);
        },
        announceLoginFailure: (_, params) => effects.push({ action: 'announceLoginFailure', params }),
        adoptPreferredLanguage: (_, params) => effects.push({ action: 'adoptPreferredLanguage', params }),
        announceSecondFactorEnded: () => effects.push({ action: 'announceSecondFactorEnded' }),
      },
    }),
    { input },
  );
  actor.start();
  // Booting with a stored record brings its language, as a sign-in does; booting without one does nothing.
  expect(effects).toEqual(input.record === null ? [] : [{ action: 'adoptPreferredLanguage', params: { language: input.record.language } }]);
  effects.length = 0;

  // What the test itself expects, worked out from the events it performed (not read from the machine).
  const expected: { lastLogin: LoginEvent | null; remember: string | undefined; pages: string[] } = {
    lastLogin: null,
    remember: undefined,
    pages: [],
  };

  return {
    actor,
    storage,
    effects,
    loginCalls,
    codeCalls,
    refreshCalls,
    logoutCalls,
    readCalls,
    expected,
    storedRecord: () => parseSessionRecord(storage.get(SESSION_STORAGE_KEYS.user) ?? null),
    /** Resolves once the actor has left `state`, i.e. the answer of its call was processed. */
    leave: (state: string) => waitFor(actor, (snapshot) => snapshot.value !== state, { timeout: 1000 }),
  };
}

type Session = ReturnType<typeof createSession>;

function lastCall<TInput, TOutput>(calls: Array<Call<TInput, TOutput>>): Call<TInput, TOutput> {
  const call = calls.at(-1);
  if (call === undefined) throw new Error('expected a call in flight, found none');
  return call;
}

// ---------------------------------------------------------------- driving a path

/** What a reader of the path needs: the boot, then each event with the payload detail that matters. */
function describePath(bootName: string, events: readonly ModelEvent[], end: SessionSnapshot): string {
  const label = (event: ModelEvent) => {
    switch (event.type) {
      case 'session.login':
        return `login(remember=${String(event.remember)})`;
      case 'session.unauthorized':
        return event.retried === true ? 'unauthorized(retried)' : 'unauthorized';
      case 'session.storageChanged':
        return event.record === null ? 'storageChanged(cleared)' : 'storageChanged(record)';
      case 'page.open':
        return `open(${event.page.kind})`;
      case 'page.close':
        return `close(${event.kind})`;
      case 'xstate.done.actor.secondFactor':
        return `second step(${event.output.record !== null ? 'right code' : event.output.expired ? 'ended' : 'back'})`;
      case 'xstate.done.actor.readStoredSession':
        return event.output.record === null
          ? 'read storage(nothing)'
          : `read storage(${isAccessTokenExpired(event.output.record.access, event.output.now) ? 'expired' : 'live'})`;
      default:
        return event.type.replace(/^session\./, '').replace(/^xstate\.(done|error)\.actor\.(\w+)$/, '$2 $1');
    }
  };
  return `${[bootName, ...events.map(label)].join(' → ')} ⇒ ${String(end.value)}`;
}

/** path.test hands executors the step's event typed as `{ type }` only; the sample itself carries the payload. */
function sampleOf(event: { type: string }): ModelEvent {
  const sample = SAMPLE_EVENTS.find((candidate) => candidate === event);
  if (sample === undefined) throw new Error(`not one of the sample events: ${JSON.stringify(event)}`);
  return sample;
}

/**
 * Performs one model event on the real actor, then checks its effect on storage against values worked
 * out here from the inputs, independently of the machine's own context.
 */
async function perform(session: Session, event: ModelEvent) {
  session.effects.length = 0;
  const before = session.actor.getSnapshot();
  await performEvent(session, event);
  checkPages(session, before, event);
  // The toast follows a failed sign-in and the language a successful one, each exactly once; nothing else has effects.
  const effects: Effect[] =
    event.type === 'xstate.error.actor.login'
      ? [{ action: 'announceLoginFailure', params: { body: event.error } }]
      : event.type === 'xstate.done.actor.login' && !('second_factor_required' in event.output)
        ? [{ action: 'adoptPreferredLanguage', params: { language: event.output.language } }]
        : event.type === 'xstate.done.actor.secondFactor' && event.output.record !== null
          ? [{ action: 'adoptPreferredLanguage', params: { language: event.output.record.language } }]
          : event.type === 'xstate.done.actor.secondFactor' && event.output.expired
            ? [{ action: 'announceSecondFactorEnded' }]
            : [];
  expect(session.effects).toEqual(effects);
}

async function performEvent(session: Session, event: ModelEvent) {
  const { actor, storage, expected } = session;
  switch (event.type) {
    case 'session.login':
      // Only a sign-in from signedOut starts a call; the others are ignored and must not change expectations.
      if (actor.getSnapshot().value === 'signedOut') expected.lastLogin = event;
      actor.send(event);
      return;
    case 'session.logout':
    case 'session.check':
    case 'session.unauthorized':
    case 'page.open':
    case 'page.close':
      actor.send(event);
      return;
    case 'session.renewed': {
      // Only a signed-in session takes the new record (and stores it); elsewhere storage is left as it was.
      const signedIn = actor.getSnapshot().value === 'signedIn';
      const before = storage.get(SESSION_STORAGE_KEYS.user);
      actor.send(event);
      if (signedIn) expect(session.storedRecord()).toEqual(event.record);
      else expect(storage.get(SESSION_STORAGE_KEYS.user)).toBe(before);
      return;
    }
    case 'session.storageChanged':
      // Another tab wrote the key first; the `storage` event only reports it.
      if (event.record === null) storage.delete(SESSION_STORAGE_KEYS.user);
      else storage.set(SESSION_STORAGE_KEYS.user, JSON.stringify(event.record));
      actor.send(event);
      return;
    case 'xstate.done.actor.secondFactor': {
      // The real child ends the way the sample says: a right code, a challenge the server says has ended, going back.
      const step = actor.getSnapshot().children.secondFactor;
      if (step === undefined) throw new Error('expected the second step to run');
      const { record, expired } = event.output;
      if (record === null && !expired) step.send({ type: 'cancel' });
      else {
        step.send({ type: 'code.submit', code: '123456' });
        const call = lastCall(session.codeCalls);
        expect(call.input).toEqual({ challenge: CHALLENGE.challenge, method: 'totp', code: '123456' });
        if (record !== null) call.answer.resolve(record);
        else call.answer.reject({ detail: 'Sign in again.', code: 'second_factor_challenge_invalid' });
      }
      await session.leave('secondStep');
      if (record === null) {
        expect(storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
        return;
      }
      expect(session.storedRecord()).toEqual(record);
      expected.remember = expected.lastLogin?.remember === true ? record.email : undefined;
      return;
    }
    case 'xstate.done.actor.login': {
      lastCall(session.loginCalls).answer.resolve(event.output);
      await session.leave('signingIn');
      if ('second_factor_required' in event.output) {
        // No session yet: nothing stored, the second step runs as the session's child with the challenge.
        expect(storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
        const step = actor.getSnapshot().children.secondFactor?.getSnapshot().context;
        expect(step?.challenge).toBe(event.output.challenge);
        // What the answer offers reaches the step: its passkey button shows only when `passkey` is named.
        expect(step?.methods).toEqual(event.output.methods);
        return;
      }
      expect(session.storedRecord()).toEqual(event.output);
      expected.remember = expected.lastLogin?.remember === true ? event.output.email : undefined;
      return;
    }
    case 'xstate.error.actor.login':
      lastCall(session.loginCalls).answer.reject(event.error);
      await session.leave('signingIn');
      expect(storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      return;
    case 'xstate.done.actor.refresh': {
      const call = lastCall(session.refreshCalls);
      call.answer.resolve(event.output);
      await session.leave('refreshing');
      // The new access token is stored and the refresh token the call was made with is kept.
      expect(session.storedRecord()).toEqual({ ...event.output, refresh: call.input.refresh });
      return;
    }
    case 'xstate.error.actor.refresh':
      lastCall(session.refreshCalls).answer.reject(event.error);
      await session.leave('refreshing');
      expect(storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      return;
    case 'xstate.done.actor.logout':
      lastCall(session.logoutCalls).answer.resolve(undefined);
      await session.leave('signingOut');
      expect(storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      return;
    case 'xstate.error.actor.logout':
      lastCall(session.logoutCalls).answer.reject(event.error);
      await session.leave('signingOut');
      expect(storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      return;
    case 'xstate.done.actor.readStoredSession': {
      // Another tab wrote the key and this tab missed its `storage` event: the read finds what it wrote.
      const { record } = event.output;
      if (record === null) storage.delete(SESSION_STORAGE_KEYS.user);
      else storage.set(SESSION_STORAGE_KEYS.user, JSON.stringify(record));
      lastCall(session.readCalls).answer.resolve(event.output);
      await session.leave('adopting');
      // Adopting writes nothing: the record stays as the other tab stored it until a renewal replaces it.
      expect(session.storedRecord()).toEqual(record);
      const live = record !== null && !isAccessTokenExpired(record.access, event.output.now);
      expect(actor.getSnapshot().value).toBe(live ? 'signedIn' : record === null ? 'signedOut' : 'refreshing');
      if (!live && record !== null) expect(lastCall(session.refreshCalls).input).toEqual({ refresh: record.refresh });
      return;
    }
    case 'xstate.error.actor.readStoredSession':
      lastCall(session.readCalls).answer.reject(event.error);
      await session.leave('adopting');
      expect(storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      return;
  }
}

/** The page actors running as children of `snapshot`, by id (`<kind>:<key>`; the invoked calls and the second step are not). */
const pageChildren = (snapshot: SessionSnapshot) => Object.entries(snapshot.children).filter(([id]) => id.includes(':'));

/**
 * The page actors after `event`, worked out here: opened once per key (signed-in kinds only while a session is live),
 * closed by their view, all stopped when the session ends or another person's session replaces it. The children
 * are checked against it, a reused key keeps its actor, and every actor no longer listed is stopped.
 */
function checkPages(session: Session, before: SessionSnapshot, event: ModelEvent) {
  const after = session.actor.getSnapshot();
  const live = (snapshot: SessionSnapshot) => snapshot.value === 'signedIn' || snapshot.value === 'refreshing';
  const { expected } = session;
  if (event.type === 'page.open') {
    const id = pageId(event.page.kind, event.page.key);
    const allowed = live(before) || PAGE_LIFETIMES[event.page.kind].public;
    if (allowed && !expected.pages.includes(id)) expected.pages = [...expected.pages, id];
    // Reuse: a key already open keeps the very actor it had.
    if (before.context.pages.includes(id)) expect(selectPage(after, event.page.kind, event.page.key)).toBe(selectPage(before, event.page.kind, event.page.key));
  } else if (event.type === 'page.close') {
    expected.pages = expected.pages.filter((id) => id !== pageId(event.kind, event.key));
  } else if (live(before) && (after.value === 'signedOut' || after.value === 'signingOut')) {
    expected.pages = [];
  } else if (live(before) && event.type === 'session.storageChanged' && event.record !== null && event.record.id !== before.context.record?.id) {
    expected.pages = [];
  }
  expect(selectOpenPages(after)).toEqual(expected.pages);
  expect(pageChildren(after).map(([id]) => id)).toEqual(expected.pages);
  // A page actor is its own child of the system too, found by its systemId.
  for (const id of expected.pages) expect(session.actor.system.get(id)).toBe(after.children[id as keyof typeof after.children]);
  for (const [id, child] of pageChildren(before)) {
    if (!expected.pages.includes(id)) expect(child?.getSnapshot().status).toBe('stopped');
  }
}

/** Checks the real actor against the model's snapshot, then what must hold in that state. */
function stateChecks(session: Session) {
  const { expected } = session;
  const same = (modelSnapshot: SessionSnapshot) => {
    const real = session.actor.getSnapshot();
    expect(real.value).toEqual(modelSnapshot.value);
    expect(real.context).toEqual(modelSnapshot.context);
    expect(selectIsBusy(real)).toBe(['adopting', 'signingIn', 'refreshing', 'signingOut'].includes(String(real.value)));
    expect(session.storage.get(SESSION_STORAGE_KEYS.remember)).toBe(expected.remember);
    return real;
  };
  return {
    signedOut: (modelSnapshot: SessionSnapshot) => {
      const real = same(modelSnapshot);
      expect(real.context.record).toBeNull();
      expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      expect(selectIsSignedIn(real)).toBe(false);
      expect(selectIsStaff(real)).toBe(false);
      expect(selectUser(real)).toBeNull();
      expect(selectAccessToken(real)).toBeNull();
    },
    adopting: (modelSnapshot: SessionSnapshot) => {
      const real = same(modelSnapshot);
      // Entered only from signedOut: nothing stored and nobody signed in until the read answers.
      expect(real.context.record).toBeNull();
      expect(session.readCalls.length).toBeGreaterThan(0);
      expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      expect(selectIsSignedIn(real)).toBe(false);
      expect(selectUser(real)).toBeNull();
      expect(selectAccessToken(real)).toBeNull();
    },
    secondStep: (modelSnapshot: SessionSnapshot) => {
      const real = same(modelSnapshot);
      // The password was right, but nobody is signed in until the code is: the step is the session's child.
      expect(real.context.record).toBeNull();
      expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      expect(selectIsSignedIn(real)).toBe(false);
      expect(selectAccessToken(real)).toBeNull();
      expect(selectSecondStep(real)?.getSnapshot().value).toBe('entering');
    },
    signingIn: (modelSnapshot: SessionSnapshot) => {
      const real = same(modelSnapshot);
      expect(real.context.record).toBeNull();
      expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      const login = expected.lastLogin;
      expect(login).not.toBeNull();
      expect(lastCall(session.loginCalls).input).toEqual({ email: login?.email, password: login?.password });
      expect(JSON.stringify(real.context)).not.toContain(login?.password);
      expect(selectError(real)).toBeNull();
      expect(selectIsSignedIn(real)).toBe(false);
    },
    signedIn: (modelSnapshot: SessionSnapshot) => {
      const real = same(modelSnapshot);
      const record = real.context.record;
      expect(record).not.toBeNull();
      expect(session.storedRecord()).toEqual(record);
      expect(selectIsSignedIn(real)).toBe(true);
      expect(selectIsStaff(real)).toBe(record?.is_staff);
      expect(selectUser(real)).toEqual(record);
      expect(selectAccessToken(real)).toBe(record?.access);
      expect(selectError(real)).toBeNull();
    },
    refreshing: (modelSnapshot: SessionSnapshot) => {
      const real = same(modelSnapshot);
      const record = real.context.record;
      expect(record).not.toBeNull();
      // The record being renewed stays stored until the answer replaces or clears it.
      expect(session.storedRecord()).toEqual(record);
      expect(lastCall(session.refreshCalls).input).toEqual({ refresh: record?.refresh });
      expect(selectIsSignedIn(real)).toBe(false);
      expect(selectAccessToken(real)).toBeNull();
      expect(selectUser(real)).toEqual(record);
    },
    signingOut: (modelSnapshot: SessionSnapshot) => {
      const real = same(modelSnapshot);
      const record = real.context.record;
      expect(record).not.toBeNull();
      expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
      expect(lastCall(session.logoutCalls).input).toEqual({ refresh: record?.refresh });
      expect(selectIsSignedIn(real)).toBe(false);
      expect(selectUser(real)).toBeNull();
      expect(selectAccessToken(real)).toBeNull();
    },
  };
}

// ---------------------------------------------------------------- the tests

describe('session machine: every shortest path', () => {
  for (const { boot, path } of PATHS) {
    const events = path.steps.slice(1).map((step) => sampleOf(step.event));
    it(describePath(boot.name, events, path.state), async () => {
      const session = createSession(boot.input);
      const drive = async (step: { event: { type: string } }) => perform(session, sampleOf(step.event));
      await path.test({
        states: stateChecks(session),
        events: {
          'session.login': drive,
          'session.logout': drive,
          'session.check': drive,
          'session.unauthorized': drive,
          'session.storageChanged': drive,
          'session.renewed': drive,
          'page.open': drive,
          'page.close': drive,
          'xstate.done.actor.secondFactor': drive,
          'xstate.done.actor.login': drive,
          'xstate.error.actor.login': drive,
          'xstate.done.actor.refresh': drive,
          'xstate.error.actor.refresh': drive,
          'xstate.done.actor.logout': drive,
          'xstate.error.actor.logout': drive,
          'xstate.done.actor.readStoredSession': drive,
          'xstate.error.actor.readStoredSession': drive,
        },
      });
      session.actor.stop();
    });
  }

  it('reaches every state, and takes every transition the machine declares', () => {
    const reached = new Set(ALL_PATHS.flatMap(({ path }) => path.steps.map((step) => String(step.state.value))));
    // booting is transient: the three boots above resolve it into signedOut, signedIn and refreshing.
    const settledStates = Object.keys(sessionMachine.root.states).filter((name) => name !== 'booting');
    expect([...reached].sort()).toEqual(settledStates.sort());
    expect(BOOTS.map((boot) => String(createActor(sessionMachine, { input: boot.input }).getSnapshot().value))).toEqual([
      'signedOut',
      'signedIn',
      'refreshing',
    ]);

    const taken = new Set(
      ALL_PATHS.flatMap(({ path }) => path.steps.slice(1).map((step, i) => `${String(path.steps[i]?.state.value)} ${step.event.type}`)),
    );
    for (const name of settledStates) {
      const node = sessionMachine.root.states[name];
      for (const eventType of node?.transitions.keys() ?? []) {
        expect(taken, `${name} on ${eventType}`).toContain(`${name} ${eventType}`);
      }
    }
  });
});

describe('session machine: stored record after each workflow', () => {
  it('sign-in stores the login response as the record and remembers the e-mail when asked', async () => {
    const session = createSession({ record: null, now: NOW });
    session.actor.send({ type: 'session.login', email: 'ana@example.org', password: 'pw', remember: true });
    lastCall(session.loginCalls).answer.resolve(LOGIN_RESPONSE);
    await session.leave('signingIn');
    expect(session.storage.get(SESSION_STORAGE_KEYS.user)).toBe(JSON.stringify(LOGIN_RESPONSE));
    expect(session.storage.get(SESSION_STORAGE_KEYS.remember)).toBe('ana@example.org');
    expect(selectIsStaff(session.actor.getSnapshot())).toBe(false);
  });

  it('sign-in without "remember me" forgets an e-mail remembered before', async () => {
    const session = createSession({ record: null, now: NOW });
    session.storage.set(SESSION_STORAGE_KEYS.remember, 'old@example.org');
    session.actor.send({ type: 'session.login', email: 'ana@example.org', password: 'pw', remember: false });
    lastCall(session.loginCalls).answer.resolve(LOGIN_RESPONSE);
    await session.leave('signingIn');
    expect(session.storage.has(SESSION_STORAGE_KEYS.remember)).toBe(false);
  });

  it('a failed sign-in keeps the server body for the toast and stores nothing', async () => {
    const session = createSession({ record: null, now: NOW });
    session.actor.send({ type: 'session.login', email: 'ana@example.org', password: 'wrong', remember: true });
    lastCall(session.loginCalls).answer.reject(LOGIN_ERROR);
    await session.leave('signingIn');
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    expect(selectError(session.actor.getSnapshot())).toEqual({ code: 'login_failed', body: LOGIN_ERROR });
    expect([...session.storage.keys()]).toEqual([]);
  });

  it('a refresh replaces the record with the response and keeps the old refresh token', async () => {
    const session = createSession({ record: EXPIRED_STORED, now: NOW });
    expect(lastCall(session.refreshCalls).input).toEqual({ refresh: EXPIRED_STORED.refresh });
    lastCall(session.refreshCalls).answer.resolve(REFRESH_RESPONSE);
    await session.leave('refreshing');
    const stored = session.storedRecord();
    expect(stored).toEqual({ ...REFRESH_RESPONSE, refresh: EXPIRED_STORED.refresh });
    expect(stored?.access).toBe(REFRESH_RESPONSE.access);
    expect(selectAccessToken(session.actor.getSnapshot())).toBe(REFRESH_RESPONSE.access);
  });

  it('a failed refresh clears the record and leaves a code for the route guard', async () => {
    const session = createSession({ record: EXPIRED_STORED, now: NOW });
    lastCall(session.refreshCalls).answer.reject(REFRESH_ERROR);
    await session.leave('refreshing');
    expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
    expect(selectError(session.actor.getSnapshot())).toEqual({ code: 'refresh_failed', body: REFRESH_ERROR });
  });

  it('logout revokes the refresh token and clears the record, even when the call fails', async () => {
    const session = createSession({ record: VALID_STORED, now: NOW });
    session.actor.send({ type: 'session.logout' });
    expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
    expect(lastCall(session.logoutCalls).input).toEqual({ refresh: VALID_STORED.refresh });
    lastCall(session.logoutCalls).answer.reject(new TypeError('Failed to fetch'));
    await session.leave('signingOut');
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    expect(session.actor.getSnapshot().context.record).toBeNull();
    expect(selectError(session.actor.getSnapshot())).toBeNull();
    // A signed-in page's guard sends the person home, not to /login?next=...
    expect(selectSignedOutByChoice(session.actor.getSnapshot())).toBe(true);
  });

  it('a burst of 401s renews once; a 401 on the retried call signs out', async () => {
    const session = createSession({ record: VALID_STORED, now: NOW });
    session.actor.send({ type: 'session.unauthorized' });
    session.actor.send({ type: 'session.unauthorized' });
    session.actor.send({ type: 'session.unauthorized' });
    expect(session.refreshCalls).toHaveLength(1);
    lastCall(session.refreshCalls).answer.resolve(REFRESH_RESPONSE);
    await session.leave('refreshing');
    session.actor.send({ type: 'session.unauthorized', retried: true });
    expect(session.actor.getSnapshot().value).toBe('signingOut');
    expect(session.refreshCalls).toHaveLength(1);
    lastCall(session.logoutCalls).answer.resolve(undefined);
    await session.leave('signingOut');
    expect(selectError(session.actor.getSnapshot())).toEqual({ code: 'session_rejected', body: null });
    // Not the person's choice: the guard keeps the page as `next` for the sign-in that follows.
    expect(selectSignedOutByChoice(session.actor.getSnapshot())).toBe(false);
    expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
  });

  it('another tab signing out during a refresh wins: the late answer is not written back', async () => {
    const session = createSession({ record: EXPIRED_STORED, now: NOW });
    session.storage.delete(SESSION_STORAGE_KEYS.user);
    session.actor.send({ type: 'session.storageChanged', record: null });
    lastCall(session.refreshCalls).answer.resolve(REFRESH_RESPONSE);
    // Let the resolved promise deliver its answer, had anyone still been listening.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    expect(session.storage.has(SESSION_STORAGE_KEYS.user)).toBe(false);
    expect(session.logoutCalls).toHaveLength(0);
  });

  it('a route asking while signed out adopts a stale session another tab stored, renewed before it is used', async () => {
    const session = createSession({ record: null, now: NOW });
    session.actor.send({ type: 'session.check' });
    expect(session.actor.getSnapshot().value).toBe('adopting');
    expect(selectIsBusy(session.actor.getSnapshot())).toBe(true);
    session.storage.set(SESSION_STORAGE_KEYS.user, JSON.stringify(STALE_OTHER_TAB_RECORD));
    lastCall(session.readCalls).answer.resolve({ record: STALE_OTHER_TAB_RECORD, now: NOW });
    await session.leave('adopting');
    // No token known to be expired is handed out: the access token is null until the renewal answers.
    expect(selectAccessToken(session.actor.getSnapshot())).toBeNull();
    expect(lastCall(session.refreshCalls).input).toEqual({ refresh: STALE_OTHER_TAB_RECORD.refresh });
    lastCall(session.refreshCalls).answer.resolve(REFRESH_RESPONSE);
    await session.leave('refreshing');
    expect(selectAccessToken(session.actor.getSnapshot())).toBe(REFRESH_RESPONSE.access);
    expect(session.storedRecord()).toEqual({ ...REFRESH_RESPONSE, refresh: STALE_OTHER_TAB_RECORD.refresh });
    // Asking again while signed in reads nothing: the token is the API middleware's to renew on a 401.
    session.actor.send({ type: 'session.check' });
    expect(session.actor.getSnapshot().value).toBe('signedIn');
    expect(session.readCalls).toHaveLength(1);
  });

  it('a sign-in while signed in is ignored, so the current refresh token is not orphaned', () => {
    const session = createSession({ record: VALID_STORED, now: NOW });
    session.actor.send({ type: 'session.login', email: 'ana@example.org', password: 'pw', remember: false });
    expect(session.actor.getSnapshot().value).toBe('signedIn');
    expect(session.loginCalls).toHaveLength(0);
  });
});

describe('session machine: reading what storage holds', () => {
  it('boots by the access token expiry: live signs in, expired or unreadable refreshes first', () => {
    const boot = (record: SessionRecord | null) =>
      String(createActor(sessionMachine, { input: { record, now: NOW } }).getSnapshot().value);
    expect(boot(null)).toBe('signedOut');
    expect(boot(VALID_STORED)).toBe('signedIn');
    expect(boot(EXPIRED_STORED)).toBe('refreshing');
    expect(boot({ ...VALID_STORED, access: 'not-a-jwt' })).toBe('refreshing');
    expect(boot({ ...VALID_STORED, access: jwt({ sub: '1' }) })).toBe('refreshing');
    // Within seconds of expiry counts as expired.
    expect(boot({ ...VALID_STORED, access: jwt({ sub: '1', exp: nowSeconds + 5 }) })).toBe('refreshing');
  });

  it('decodes the exp claim, also past non-ASCII claims', () => {
    expect(readTokenExpiry(jwt({ exp: 1_800_000_000, name: 'Lucía Núñez' }))).toBe(1_800_000_000_000);
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(jwt({ exp: 'soon' }))).toBeNull();
    expect(isAccessTokenExpired(jwt({ exp: nowSeconds + 60 }), NOW)).toBe(false);
    expect(isAccessTokenExpired(jwt({ exp: nowSeconds - 1 }), NOW)).toBe(true);
  });

  it('accepts only a whole record from storage', () => {
    expect(parseSessionRecord(JSON.stringify(VALID_STORED))).toEqual(VALID_STORED);
    expect(parseSessionRecord(null)).toBeNull();
    expect(parseSessionRecord('{not json')).toBeNull();
    expect(parseSessionRecord(JSON.stringify({ access: 'a', refresh: 'r', is_staff: true }))).toBeNull();
    expect(parseSessionRecord(JSON.stringify({ ...VALID_STORED, language: 'fr' }))).toBeNull();
  });
});

describe('xstate/graph', () => {
  // Why the model is built from testMachineOf(sessionMachine): upstream refuses invocations on test machines.
  it('createTestModel still refuses machines that invoke actors', () => {
    expect(() => createTestModel(sessionMachine)).toThrow('Invocations on test machines are not supported');
  });
});

describe('session machine: page actors', () => {
  it('opens one actor per key, reuses it, closes it, and stops all on sign-out', async () => {
    const session = createSession({ record: VALID_STORED, now: NOW });
    const { actor } = session;
    actor.send(OPEN_DRIVE);
    const drive = selectPage(actor.getSnapshot(), 'drive', '7');
    expect(drive?.getSnapshot().status).toBe('active');
    expect(actor.system.get('drive:7')).toBe(drive);
    // The same key again: the same actor, with the state it has (the input is not read again).
    actor.send(OPEN_DRIVE);
    expect(selectPage(actor.getSnapshot(), 'drive', '7')).toBe(drive);
    actor.send({ type: 'page.open', page: { kind: 'passkeys', key: 'me', input: undefined } });
    actor.send({ type: 'page.close', kind: 'passkeys', key: 'me' });
    expect(selectOpenPages(actor.getSnapshot())).toEqual(['drive:7']);
    actor.send({ type: 'session.logout' });
    expect(selectOpenPages(actor.getSnapshot())).toEqual([]);
    expect(drive?.getSnapshot().status).toBe('stopped');
    expect(actor.system.get('drive:7')).toBeUndefined();
    // Signed out, a signed-in kind is refused; a public one opens.
    actor.send(OPEN_DRIVE);
    actor.send(OPEN_REGISTRATION);
    expect(selectOpenPages(actor.getSnapshot())).toEqual(['registration:5']);
    actor.stop();
  });
});
