// Types of the session machine: its input, context, events and the shapes its injected effects exchange.
import type { components } from '#api/schema.d.ts';
import type { PageKind, PageOpening } from './session.pages.ts';

type Schemas = components['schemas'];

/** What POST /auth/login answers: the user plus both tokens. */
export type LoginResponse = Schemas['LoginResponse'];
/**
 * A sign-in of an account with a second factor answers 202 with a challenge instead (docs/decisions/049-second-factor.md);
 * its second step runs in machines/second-factor/sign-in-step.machine.ts.
 */
export type SecondFactorChallenge = Schemas['SecondFactorChallenge'];
/** What the login actor resolves with: tokens, or the challenge of a second step. */
export type LoginAnswer = LoginResponse | SecondFactorChallenge;
/** What a challenge may be answered with (passkey, app, recovery code: docs/decisions/056-passkeys.md). */
export type SecondFactorMethods = SecondFactorChallenge['methods'];
/** What POST /auth/session/ answers: the user plus a new access token, no refresh (tokens do not rotate). */
export type SessionResponse = Schemas['SessionResponse'];
/** The user fields of a session, without tokens: what views may show. */
export type SessionUser = Schemas['SessionUser'];

/**
 * The record kept in browser storage under the key `user` (docs/product.md section 3). It is exactly the login
 * response, so the SPA stores what the server sent without renaming or reshaping anything.
 */
export type SessionRecord = LoginResponse;

export interface SessionInput {
  /** The record the caller read (and parsed with `parseSessionRecord`) from storage key `user`, or null. */
  record: SessionRecord | null;
  /** Milliseconds since the epoch, to judge the stored access token's expiry at boot; defaults to Date.now(). */
  now?: number;
}

/**
 * Why the session ended up without a user. Views pick the message from `code`; `body` keeps the
 * server's error body as received (docs/product.md error shapes: {detail}, {non_field_errors}, a bare array...)
 * so the login toast can apply docs/product.md section 8 to it. Never prose of our own.
 */
export type SessionErrorCode =
  /** POST /auth/login failed: show the toast built from `body`. */
  | 'login_failed'
  /** POST /auth/session/ failed (any error): the route guard sends the person to /login. */
  | 'refresh_failed'
  /** A request still got 401 after a successful refresh: the session was signed out to stop a loop. */
  | 'session_rejected';

export interface SessionError {
  code: SessionErrorCode;
  /** The rejection value of the failed call: the parsed JSON error body, or whatever a network failure threw. */
  body: unknown;
}

export interface SessionContext {
  record: SessionRecord | null;
  error: SessionError | null;
  /** The `remember` choice of the sign-in in flight, needed when its answer arrives. */
  remember: boolean;
  /** The clock reading the boot decision is made with (input `now`), kept so guards stay pure. */
  bootedAt: number;
  /**
   * The session ended because the person chose to sign out here (set by `session.logout`, cleared on entering signedIn;
   * a 401 after renewal also signs out, but not by choice). A signed-in page's guard then sends them home instead of to /login?next=<that page>.
   */
  signedOutByChoice: boolean;
  /** The challenge of a sign-in whose second step runs now (state `secondStep`), else null. */
  challenge: string | null;
  /** What that challenge may be answered with (the step offers a passkey only when it names one), else empty. */
  methods: SecondFactorMethods;
  /** The page actors running as children, by id (`<kind>:<key>`, session.pages.ts), in the order they were opened. */
  pages: string[];
}

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string; remember: boolean }
  | { type: 'session.logout' }
  /**
   * A route asks who is signed in (the route guard, before a page that needs a session). Signed out, the machine
   * reads storage again: another tab may have stored a session this tab missed. Ignored in every other state.
   */
  | { type: 'session.check' }
  /**
   * An API call answered 401. `retried: true` says the call had already been retried once after a
   * refresh, so refreshing again cannot help and the session is signed out instead.
   */
  | { type: 'session.unauthorized'; retried?: boolean }
  /**
   * This device's session was replaced by the server (a password change ends every session and answers a new one
   * for the device that made it, docs/decisions/017-account-dead-ends.md): store the new record.
   */
  | { type: 'session.renewed'; record: SessionRecord }
  /** Another tab wrote (record) or removed (null) the `user` key: this tab follows it. */
  | { type: 'session.storageChanged'; record: SessionRecord | null }
  /**
   * A view wants its page actor (docs/decisions/059-page-actors-in-the-session.md): spawned once per kind and key,
   * signed in (the public kinds signed out too); opening one already running changes nothing.
   */
  | { type: 'page.open'; page: PageOpening }
  /** The view of a kind that does not outlive it left: its actor is stopped. */
  | { type: 'page.close'; kind: PageKind; key: string };

/** Inputs of the injected API actors (bodies of docs/product.md section 7). */
export interface LoginInput {
  email: string;
  password: string;
}
export interface RefreshInput {
  refresh: string;
}
export type LogoutInput = RefreshInput;

/**
 * What the injected storage read answers: the parsed record of key `user` (or null) and the clock it was read at.
 * Also the params of the `isLive` guard, which judges a record's access token by such a clock reading.
 */
export interface StoredSession {
  record: SessionRecord | null;
  /** Milliseconds since the epoch, to judge the record's access token; read with the record so guards stay pure. */
  now: number;
}

/** Params of the injected storage actions. */
export interface PersistRecordParams {
  record: SessionRecord;
}
export interface RememberEmailParams {
  email: string;
  remember: boolean;
}
export interface AnnounceLoginFailureParams {
  /** The failed sign-in's rejection value: the server's error body as received, or a network failure. */
  body: unknown;
}
export interface AdoptPreferredLanguageParams {
  language: SessionRecord['language'];
}
