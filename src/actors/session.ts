// The real effects of the session machine: the three auth calls through the API client, the localStorage
// read and writes of keys `user` and `remember` (with the clock the read is judged by), the failed sign-in toast
// and the switch to the person's language, and the page actors' effects with the app's query client (page-actors.ts).
// Plugged in with .provide(); tests provide their own.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise, waitFor, type Actor } from 'xstate';
import { api } from '#api/client';
import { SESSION_STORAGE_KEYS, parseSessionRecord, sessionMachine } from '#machines/session/session.machine';
import type {
  LoginInput,
  LoginAnswer,
  LogoutInput,
  RefreshInput,
  SessionRecord,
  SessionResponse,
  StoredSession,
} from '#machines/session/session.types';
import { selectIsBusy, type SessionSnapshot } from '#machines/session/session.selectors';
import { authErrorMessage } from '#features/auth/error-message';
import { getIntl, hasStoredLocale, setLocale } from '#lib/locale';
import { readItem, removeItem, writeItem } from '#lib/storage';
import { showToast } from '#lib/toast';
import { pageActors } from './page-actors';
import { appSignInStepMachine } from './second-factor';

/**
 * The machine keeps a failed call's rejection value as `error.body` and the login toast reads docs/product.md
 * section 8 off it, so reject with the parsed error body itself (a network failure rejects with its TypeError).
 */
async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await request;
  if (!response.ok || data === undefined) throw error ?? null;
  return data;
}

export const sessionActors = {
  login: fromPromise<LoginAnswer, LoginInput>(({ input, signal }) =>
    call(api.POST('/auth/login', { body: { email: input.email, password: input.password }, signal })),
  ),
  refresh: fromPromise<SessionResponse, RefreshInput>(({ input, signal }) =>
    call(api.POST('/auth/session/', { body: { refresh: input.refresh }, signal })),
  ),
  logout: fromPromise<void, LogoutInput>(async ({ input }) => {
    // Storage is already cleared; this only revokes the refresh token server-side.
    await call(api.POST('/auth/logout', { body: { refresh: input.refresh } }));
  }),
  // What this tab finds in storage now; the machine judges the token's expiry by `now`.
  readStoredSession: fromPromise<StoredSession>(async () => ({ record: readStoredRecord(), now: Date.now() })),
  // The sign-in's second step, the session's child while it runs, with its code check wired to the API.
  signInStep: appSignInStepMachine,
};

export function readStoredRecord(): SessionRecord | null {
  return parseSessionRecord(readItem(SESSION_STORAGE_KEYS.user));
}

/** The e-mail saved by the last sign-in with "Remember me" ticked, to prefill the login form. */
export function readRememberedEmail(): string {
  return readItem(SESSION_STORAGE_KEYS.remember) ?? '';
}

/** The machine with its real effects; `queryClient` is the one the app renders with (the page actors refresh it). */
export const provideSessionMachine = (queryClient: QueryClient) => sessionMachine.provide({
  actors: { ...sessionActors, ...pageActors(queryClient) },
  actions: {
    persistRecord: (_, params) => writeItem(SESSION_STORAGE_KEYS.user, JSON.stringify(params.record)),
    clearRecord: () => removeItem(SESSION_STORAGE_KEYS.user),
    rememberEmail: (_, params) => {
      if (params.remember) writeItem(SESSION_STORAGE_KEYS.remember, params.email);
      else removeItem(SESSION_STORAGE_KEYS.remember);
    },
    // A failed sign-in shows one error toast at the top, built from the server's body.
    announceLoginFailure: (_, params) => {
      const intl = getIntl();
      showToast({
        kind: 'error',
        position: 'top',
        message: authErrorMessage(params.body, intl.formatMessage({ id: 'auth.error.tryAgainLater' })),
      });
    },
    // The second step's challenge ended (expired, or the account's sessions ended): sign in again.
    announceSecondFactorEnded: () => {
      showToast({ kind: 'error', message: getIntl().formatMessage({ id: 'auth.secondFactor.expired' }) });
    },
    // Unless the person picked a language on this device (then theirs wins, and is not overwritten).
    adoptPreferredLanguage: (_, params) => {
      if (!hasStoredLocale()) setLocale(params.language, false);
    },
  },
});

export type SessionActor = Actor<ReturnType<typeof provideSessionMachine>>;

/** How long anything waits for a sign-in, refresh or sign-out to answer before treating it as failed. */
const SETTLE_TIMEOUT_MS = 20_000;

/** The snapshot once no session call is in flight (the route guard and the API middleware wait on it). */
export async function settled(actor: SessionActor): Promise<SessionSnapshot> {
  try {
    return await waitFor(actor, (snapshot) => !selectIsBusy(snapshot), { timeout: SETTLE_TIMEOUT_MS });
  } catch {
    return actor.getSnapshot();
  }
}
