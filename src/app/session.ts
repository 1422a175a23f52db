// Starts the one app-wide session actor and connects it to the rest of the browser: the API client's
// auth middleware, the `storage` event of other tabs, the login-failure toast, and the profile language.
import { createActor } from 'xstate';
import { connectAuth } from '../api/client';
import { appSessionMachine, readStoredRecord, settled, type SessionActor } from '../actors/session';
import { SESSION_STORAGE_KEYS, parseSessionRecord } from '../../machines/session/session.machine';
import {
  selectAccessToken,
  selectError,
  selectIsBusy,
  type SessionSnapshot,
} from '../../machines/session/session.selectors';
import { authErrorMessage } from '../features/auth/errorMessage';
import { getIntl, getLocale, hasStoredLocale, setLocale } from '../lib/locale';
import { showToast } from '../lib/toast';
import { inspect } from './inspector';

export function startSession(): SessionActor {
  const restored = readStoredRecord();
  const actor = createActor(appSessionMachine, { input: { record: restored }, inspect });
  // A session restored from storage (a reload, a new tab) brings the person's language as a fresh sign-in does;
  // without this, someone who prefers English saw Spanish after every reload.
  if (restored !== null && !hasStoredLocale()) setLocale(restored.language, false);

  connectAuth({
    getAccessToken: () => selectAccessToken(actor.getSnapshot()),
    getLocale,
    async recoverFromUnauthorized(failedToken) {
      const now = actor.getSnapshot();
      const current = selectAccessToken(now);
      // Another call's 401 already renewed the token: retry with it instead of refreshing twice.
      if (current !== null && current !== failedToken) return current;
      if (!selectIsBusy(now)) actor.send({ type: 'session.unauthorized' });
      return selectAccessToken(await settled(actor));
    },
    rejectAfterRetry() {
      actor.send({ type: 'session.unauthorized', retried: true });
    },
  });

  // Other tabs: a sign-in, token renewal or sign-out there writes `user`; follow it here.
  // localStorage.clear() fires with key null, which also removes `user`.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== SESSION_STORAGE_KEYS.user) return;
    actor.send({ type: 'session.storageChanged', record: parseSessionRecord(event.key === null ? null : event.newValue) });
  });

  let previous: SessionSnapshot | undefined;
  actor.subscribe((snapshot) => {
    const before = previous;
    previous = snapshot;
    const error = selectError(snapshot);
    // SPEC.md section 8: a failed sign-in shows one error toast at the top, built from the server's body.
    if (error !== null && error !== (before && selectError(before)) && error.code === 'login_failed') {
      const intl = getIntl();
      showToast({
        kind: 'error',
        position: 'top',
        message: authErrorMessage(error.body, intl.formatMessage({ id: 'auth.error.tryAgainLater' })),
      });
    }
    // A fresh sign-in brings the person's preferred language, unless they picked one on this device.
    const record = snapshot.context.record;
    if (before?.matches('signingIn') && snapshot.matches('signedIn') && record !== null && !hasStoredLocale()) {
      setLocale(record.language, false);
    }
  });

  actor.start();
  return actor;
}
