// The session workflow (docs/product.md section 4): sign in, renew the access token, sign out, follow other tabs, and
// adopt a session stored in the browser (at boot, and when a route asks while signed out), judging its token's expiry.
// It also owns the page actors views open (docs/decisions/059-page-actors-in-the-session.md): each one a child with a
// declared systemId, once per key, all stopped when the session ends.
// Pure: the API calls, the storage read and writes and the clock are injected with .provide() (src/actors in the SPA).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PAGE_LIFETIMES, PAGE_MACHINES, pageId, type PageKind } from './session.pages.ts';
import { signInStepMachine } from '#machines/second-factor/sign-in-step.machine.ts';
import type { SignInStepOutput } from '#machines/second-factor/second-factor.types.ts';
import type {
  LoginAnswer,
  LoginInput,
  LogoutInput,
  AdoptPreferredLanguageParams,
  AnnounceLoginFailureParams,
  PersistRecordParams,
  RefreshInput,
  RememberEmailParams,
  SecondFactorMethods,
  SessionContext,
  SessionError,
  SessionEvent,
  SessionInput,
  SessionRecord,
  SessionResponse,
  StoredSession,
} from './session.types.ts';

/** Browser storage keys the session owns (docs/product.md section 9); the SPA's storage actions write these. */
export const SESSION_STORAGE_KEYS = { user: 'user', remember: 'remember' } as const;

/**
 * A token this close to its expiry counts as expired when a stored session is adopted: starting signed in with a
 * token that dies on the first request would only trade a refresh now for a 401 and a refresh a moment later.
 */
const EXPIRY_MARGIN_MS = 10_000;

/** The `exp` claim of a JWT in milliseconds, or null when the token cannot be read. No signature check: the server does that. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    // atob gives one char per byte; decode them as UTF-8 so claims with non-ASCII text still parse.
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number' && Number.isFinite(claims.exp)) {
      return claims.exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}

/** Unreadable tokens count as expired: a refresh settles whether the session is still good. */
export function isAccessTokenExpired(access: string, now: number): boolean {
  const expiresAt = readTokenExpiry(access);
  return expiresAt === null || expiresAt - EXPIRY_MARGIN_MS <= now;
}

function isSessionRecord(value: unknown): value is SessionRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    'access' in value && typeof value.access === 'string' &&
    'refresh' in value && typeof value.refresh === 'string' &&
    'is_staff' in value && typeof value.is_staff === 'boolean' &&
    'id' in value && typeof value.id === 'number' &&
    'email' in value && typeof value.email === 'string' &&
    'first_name' in value && typeof value.first_name === 'string' &&
    'last_name' in value && typeof value.last_name === 'string' &&
    'language' in value && (value.language === 'es' || value.language === 'en')
  );
}

/**
 * Reads the raw value of storage key `user` (at boot, and from `storage` events of other tabs).
 * Storage is writable by anyone with devtools or an older version of the app, so anything that is not
 * a whole record counts as no session rather than crashing the app or half signing someone in.
 */
export function parseSessionRecord(raw: string | null): SessionRecord | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** The two answers of a sign-in (docs/decisions/049-second-factor.md): the challenge of a second step, or the record. */
const challengeOf = (answer: LoginAnswer): string => ('second_factor_required' in answer ? answer.challenge : '');
const methodsOf = (answer: LoginAnswer): SecondFactorMethods => ('second_factor_required' in answer ? answer.methods : []);
function asRecord(answer: LoginAnswer): SessionRecord {
  if ('second_factor_required' in answer) throw new Error('session: a second-factor challenge is no session record');
  return answer;
}

/** refreshing and signingOut are only entered with a record; reaching them without one is a bug worth a loud error. */
function requireRecord(context: SessionContext): SessionRecord {
  if (context.record === null) throw new Error('session: this state needs a session record and has none');
  return context.record;
}

/** POST /auth/session/ does not rotate refresh tokens (docs/product.md section 11), so the old one stays. */
function keepRefreshToken(previous: SessionRecord, response: SessionResponse): SessionRecord {
  return { ...response, refresh: previous.refresh };
}

/** The language of the record a session is restored from (params of `adoptPreferredLanguage` at boot). */
const storedLanguage = ({ context }: { context: SessionContext }) => ({ language: requireRecord(context).language });

/** Default actors fail loudly: a SPA that forgot .provide() should not look signed out for no reason. */
const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`session: provide the "${name}" actor with sessionMachine.provide({ actors })`);
};

const sessionSetup = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as { secondFactor: 'signInStep' },
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    login: fromPromise<LoginAnswer, LoginInput>(notProvided('login')),
    refresh: fromPromise<SessionResponse, RefreshInput>(notProvided('refresh')),
    logout: fromPromise<void, LogoutInput>(notProvided('logout')),
    /** Reads storage key `user` (parsed with parseSessionRecord) and the clock; the SPA provides the localStorage read. */
    readStoredSession: fromPromise<StoredSession>(notProvided('readStoredSession')),
    /** The second step of a sign-in (docs/decisions/049-second-factor.md); the SPA provides its code check. */
    signInStep: signInStepMachine,
    /** The page actors' machines, one slot per kind (session.pages.ts); the SPA provides their effects. */
    ...PAGE_MACHINES,
  },
  actions: {
    // Storage effects: no-ops here so the machine runs anywhere; the SPA provides the localStorage writes.
    persistRecord: (_, _params: PersistRecordParams) => {},
    clearRecord: () => {},
    rememberEmail: (_, _params: RememberEmailParams) => {},
    // Effects the person notices, named so each sits on the transition that causes it; the SPA provides them.
    /** A sign-in failed: one error toast built from the server's body (the SPA's showToast). */
    announceLoginFailure: (_, _params: AnnounceLoginFailureParams) => {},
    /** A session began on this device (sign-in or restored at boot): use the person's preferred language. */
    adoptPreferredLanguage: (_, _params: AdoptPreferredLanguageParams) => {},
    /** The second step ended because its challenge did: one toast says to sign in again. */
    announceSecondFactorEnded: () => {},
    setChallenge: assign((_, params: { challenge: string | null; methods: SecondFactorMethods }) => ({ challenge: params.challenge, methods: params.methods })),
    setRecord: assign((_, params: { record: SessionRecord | null }) => ({ record: params.record })),
    setError: assign((_, params: { error: SessionError | null }) => ({ error: params.error })),
    /** Another tab signed in: its record, and no error of this tab's last attempt. */
    followOtherTab: assign((_, params: { record: SessionRecord | null }) => ({ record: params.record, error: null })),
    setRemember: assign((_, params: { remember: boolean }) => ({ remember: params.remember })),
    markSignedOutByChoice: assign({ signedOutByChoice: true }),
    clearSignedOutByChoice: assign({ signedOutByChoice: false }),
  },
  guards: {
    /** A record whose access token is still usable at `now` (the clock reading it was read with). */
    isLive: (_, params: StoredSession) => params.record !== null && !isAccessTokenExpired(params.record.access, params.now),
    hasRecord: ({ context }) => context.record !== null,
    isRecord: (_, params: { record: SessionRecord | null }) => params.record !== null,
    wasRetried: (_, params: { retried: boolean }) => params.retried,
    needsSecondFactor: (_, params: { answer: LoginAnswer }) => 'second_factor_required' in params.answer,
    codeAccepted: (_, params: { output: SignInStepOutput }) => params.output.record !== null,
    challengeEnded: (_, params: { output: SignInStepOutput }) => params.output.expired,
    isPublicPage: (_, params: { kind: PageKind }) => PAGE_LIFETIMES[params.kind].public,
  },
});

/** Spawns one page actor: each kind named on its own, so its input is checked against its machine's. */
const spawnPage = sessionSetup.enqueueActions(({ context, event, enqueue }) => {
  assertEvent(event, 'page.open');
  const { page } = event;
  const id = pageId(page.kind, page.key);
  if (context.pages.includes(id)) return;
  const options = { id, systemId: id };
  switch (page.kind) {
    case 'drive': enqueue.spawnChild('drive', { ...options, input: page.input }); break;
    case 'adminDrive': enqueue.spawnChild('adminDrive', { ...options, input: page.input }); break;
    case 'review': enqueue.spawnChild('review', { ...options, input: page.input }); break;
    case 'attendance': enqueue.spawnChild('attendance', { ...options, input: page.input }); break;
    case 'registration': enqueue.spawnChild('registration', { ...options, input: page.input }); break;
    case 'enrolment': enqueue.spawnChild('enrolment', { ...options, input: page.input }); break;
    case 'signature': enqueue.spawnChild('signature', { ...options, input: page.input }); break;
    case 'userAction': enqueue.spawnChild('userAction', options); break;
    case 'eventAction': enqueue.spawnChild('eventAction', options); break;
    case 'newsAction': enqueue.spawnChild('newsAction', options); break;
    case 'noteAction': enqueue.spawnChild('noteAction', options); break;
    case 'duplicateAction': enqueue.spawnChild('duplicateAction', options); break;
    case 'bulkReview': enqueue.spawnChild('bulkReview', options); break;
    case 'passkeys': enqueue.spawnChild('passkeys', options); break;
  }
  enqueue.assign({ pages: [...context.pages, id] });
});

export const sessionMachine = sessionSetup
  .extend({
    actions: {
      /** A view asked for a page actor: spawned once per key as the child `<kind>:<key>`, which is also its systemId. */
      openPage: spawnPage,
      /** The view of a page actor that does not outlive it left: the child is stopped. */
      closePage: sessionSetup.enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'page.close');
        const id = pageId(event.kind, event.key);
        if (!context.pages.includes(id)) return;
        enqueue.stopChild(id);
        enqueue.assign({ pages: context.pages.filter((open) => open !== id) });
      }),
      /** The session ended: no page actor, with whatever data it holds, outlives it. */
      closeAllPages: sessionSetup.enqueueActions(({ context, enqueue }) => {
        for (const id of context.pages) enqueue.stopChild(id);
        if (context.pages.length > 0) enqueue.assign({ pages: [] });
      }),
      /** Another tab stored a different person's session: this one's page actors stop (their data is not the new person's). */
      closePagesOfOthers: sessionSetup.enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'session.storageChanged');
        if (event.record === null || context.record === null || event.record.id === context.record.id) return;
        for (const id of context.pages) enqueue.stopChild(id);
        enqueue.assign({ pages: [] });
      }),
    },
  })
  .createMachine({
  id: 'session',
  description: 'Who is signed in on this browser, kept in step with storage key `user` and with other tabs.',
  context: ({ input }) => ({
    record: input.record,
    error: null,
    remember: false,
    bootedAt: input.now ?? Date.now(),
    signedOutByChoice: false,
    challenge: null,
    methods: [],
    pages: [],
  }),
  initial: 'booting',
  on: {
    // The public kinds at any time; signedIn and refreshing (a live session) open the others too.
    'page.open': { guard: { type: 'isPublicPage', params: ({ event }) => ({ kind: event.page.kind }) }, actions: 'openPage' },
    'page.close': { actions: 'closePage' },
  },
  states: {
    booting: {
      description:
        'Transient. A stored record with a live access token starts signed in; one with an expired or unreadable token is refreshed first; no record starts signed out.',
      tags: 'busy',
      // A restored session (a reload, a new tab) brings the person's language as a fresh sign-in does.
      always: [
        {
          guard: { type: 'isLive', params: ({ context }) => ({ record: context.record, now: context.bootedAt }) },
          target: 'signedIn',
          actions: { type: 'adoptPreferredLanguage', params: storedLanguage },
        },
        { guard: 'hasRecord', target: 'refreshing', actions: { type: 'adoptPreferredLanguage', params: storedLanguage } },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      description:
        'Nobody is signed in. `error` says why when a sign-in or refresh just failed. A route asking (`session.check`) has storage read again, in case another tab stored a session this tab missed.',
      on: {
        'session.check': { target: 'adopting' },
        'session.login': {
          target: 'signingIn',
          actions: [
            { type: 'setError', params: { error: null } },
            { type: 'setRemember', params: ({ event }) => ({ remember: event.remember }) },
          ],
        },
        // Another tab signed in: follow it. Its write is already in storage, so nothing is persisted.
        'session.storageChanged': {
          guard: { type: 'isRecord', params: ({ event }) => ({ record: event.record }) },
          target: 'signedIn',
          actions: { type: 'followOtherTab', params: ({ event }) => ({ record: event.record }) },
        },
      },
    },
    adopting: {
      description:
        'A route asked while signed out: storage key `user` is read again with the clock. A stored record with a live access token signs in; one with an expired or unreadable token is renewed first; nothing stored (or nothing readable) stays signed out, with `error` as it was.',
      tags: 'busy',
      invoke: {
        id: 'readStoredSession',
        src: 'readStoredSession',
        onDone: [
          {
            guard: { type: 'isLive', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              { type: 'setRecord', params: ({ event }) => ({ record: event.output.record }) },
              { type: 'setError', params: { error: null } },
            ],
          },
          {
            // Renewed before anything is shown, so the page's first calls do not fail with it first.
            guard: { type: 'isRecord', params: ({ event }) => ({ record: event.output.record }) },
            target: 'refreshing',
            actions: { type: 'setRecord', params: ({ event }) => ({ record: event.output.record }) },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signingIn: {
      description: 'POST /auth/login is in flight. Further sign-in attempts are ignored until it answers.',
      tags: 'busy',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          // The password goes straight to the call and is never kept in context.
          return { email: event.email, password: event.password };
        },
        onDone: [
          {
            // A second factor: no session yet; the second step runs as this machine's child with the challenge.
            guard: { type: 'needsSecondFactor', params: ({ event }) => ({ answer: event.output }) },
            target: 'secondStep',
            actions: { type: 'setChallenge', params: ({ event }) => ({ challenge: challengeOf(event.output), methods: methodsOf(event.output) }) },
          },
          {
            target: 'signedIn',
            actions: [
              { type: 'setRecord', params: ({ event }) => ({ record: asRecord(event.output) }) },
              // Reads the record just assigned, so storage holds exactly what the context holds.
              { type: 'persistRecord', params: ({ context }) => ({ record: requireRecord(context) }) },
              {
                type: 'rememberEmail',
                params: ({ context }) => ({ email: requireRecord(context).email, remember: context.remember }),
              },
              { type: 'adoptPreferredLanguage', params: ({ context }) => ({ language: requireRecord(context).language }) },
            ],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: { code: 'login_failed', body: event.error } }) },
            { type: 'announceLoginFailure', params: ({ event }) => ({ body: event.error }) },
          ],
        },
      },
    },
    secondStep: {
      description:
        'The password was right and the account has a second factor (docs/decisions/049-second-factor.md): the sign-in step runs as the child `secondFactor` until a right code (signed in, as a sign-in would), a challenge the server says has ended (signed out, with a word why) or the person going back to the password.',
      exit: { type: 'setChallenge', params: { challenge: null, methods: [] } },
      invoke: {
        id: 'secondFactor',
        src: 'signInStep',
        input: ({ context }) => ({ challenge: context.challenge ?? '', methods: context.methods }),
        onDone: [
          {
            guard: { type: 'codeAccepted', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: [
              { type: 'setRecord', params: ({ event }) => ({ record: event.output.record }) },
              { type: 'setError', params: { error: null } },
              { type: 'persistRecord', params: ({ context }) => ({ record: requireRecord(context) }) },
              { type: 'rememberEmail', params: ({ context }) => ({ email: requireRecord(context).email, remember: context.remember }) },
              { type: 'adoptPreferredLanguage', params: ({ context }) => ({ language: requireRecord(context).language }) },
            ],
          },
          { guard: { type: 'challengeEnded', params: ({ event }) => ({ output: event.output }) }, target: 'signedOut', actions: 'announceSecondFactorEnded' },
          { target: 'signedOut' },
        ],
      },
      on: {
        // Another tab signed in meanwhile: follow it (its write is already in storage); the step is stopped.
        'session.storageChanged': {
          guard: { type: 'isRecord', params: ({ event }) => ({ record: event.record }) },
          target: 'signedIn',
          actions: { type: 'followOtherTab', params: ({ event }) => ({ record: event.record }) },
        },
      },
    },
    signedIn: {
      description:
        'A user is signed in with a usable access token. `session.login` is ignored here: the login route sends signed-in people away (docs/product.md section 2), so one arriving is a stale double submit, and obeying it would orphan the current refresh token.',
      entry: 'clearSignedOutByChoice',
      on: {
        'page.open': { actions: 'openPage' },
        'session.logout': {
          target: 'signingOut',
          actions: [{ type: 'setError', params: { error: null } }, 'markSignedOutByChoice'],
        },
        // Only here: in the other states a call with the old tokens is in flight, or nobody is signed in.
        'session.renewed': {
          actions: [
            { type: 'setRecord', params: ({ event }) => ({ record: event.record }) },
            { type: 'persistRecord', params: ({ context }) => ({ record: requireRecord(context) }) },
          ],
        },
        'session.unauthorized': [
          {
            // The call already failed once more after a refresh: renewing again would loop.
            guard: { type: 'wasRetried', params: ({ event }) => ({ retried: event.retried === true }) },
            target: 'signingOut',
            actions: { type: 'setError', params: { error: { code: 'session_rejected', body: null } } },
          },
          { target: 'refreshing' },
        ],
        'session.storageChanged': [
          {
            // Another tab renewed the token or signed in as someone else: use its record (and, if someone else's, end this person's pages).
            guard: { type: 'isRecord', params: ({ event }) => ({ record: event.record }) },
            actions: [
              'closePagesOfOthers',
              { type: 'setRecord', params: ({ event }) => ({ record: event.record }) },
            ],
          },
          // Another tab signed out, and already revoked the refresh token: sign out here without a call.
          { target: 'signedOut', actions: [{ type: 'setRecord', params: { record: null } }, 'closeAllPages'] },
        ],
      },
    },
    refreshing: {
      description:
        'POST /auth/session/ is in flight with the stored refresh token. 401s arriving meanwhile are ignored: they were caused by the same expired token this call renews.',
      tags: 'busy',
      invoke: {
        id: 'refresh',
        src: 'refresh',
        input: ({ context }) => ({ refresh: requireRecord(context).refresh }),
        onDone: {
          target: 'signedIn',
          actions: [
            {
              type: 'setRecord',
              params: ({ context, event }) => ({ record: keepRefreshToken(requireRecord(context), event.output) }),
            },
            { type: 'persistRecord', params: ({ context }) => ({ record: requireRecord(context) }) },
            { type: 'setError', params: { error: null } },
          ],
        },
        onError: {
          // Any failure, network included: the guard sends the person to /login (docs/product.md section 2).
          target: 'signedOut',
          actions: [
            { type: 'setRecord', params: { record: null } },
            'clearRecord',
            'closeAllPages',
            { type: 'setError', params: ({ event }) => ({ error: { code: 'refresh_failed', body: event.error } }) },
          ],
        },
      },
      on: {
        // A page opened while the token is renewed (a 401 on the page before) belongs to the same session.
        'page.open': { actions: 'openPage' },
        'session.logout': {
          target: 'signingOut',
          actions: [{ type: 'setError', params: { error: null } }, 'markSignedOutByChoice'],
        },
        // Leaving cancels our refresh, so it cannot write back a session another tab just ended or replaced.
        'session.storageChanged': [
          {
            guard: { type: 'isRecord', params: ({ event }) => ({ record: event.record }) },
            target: 'signedIn',
            actions: [
              'closePagesOfOthers',
              { type: 'setRecord', params: ({ event }) => ({ record: event.record }) },
              { type: 'setError', params: { error: null } },
            ],
          },
          { target: 'signedOut', actions: [{ type: 'setRecord', params: { record: null } }, 'closeAllPages'] },
        ],
      },
    },
    signingOut: {
      description:
        'POST /auth/logout is in flight to revoke the refresh token. Storage is already cleared (on entry, so other tabs follow at once and a closed tab or a failed call cannot leave the session behind); whatever the answer, the session ends signed out.',
      tags: 'busy',
      entry: ['clearRecord', 'closeAllPages'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refresh: requireRecord(context).refresh }),
        onDone: { target: 'signedOut', actions: { type: 'setRecord', params: { record: null } } },
        onError: { target: 'signedOut', actions: { type: 'setRecord', params: { record: null } } },
      },
    },
  },
});
