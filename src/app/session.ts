// Starts the one app-wide session actor and connects it to the rest of the browser: the API client's
// auth middleware and the `storage` event of other tabs. (The login toast and the language switch are named
// actions of the machine, provided in src/actors/session.ts.)
import { createActor } from 'xstate';
import { connectAuth } from '#api/client';
import { appSessionMachine, readStoredRecord, settled, type SessionActor } from '#actors/session';
import { SESSION_STORAGE_KEYS, parseSessionRecord } from '#machines/session/session.machine';
import { selectAccessToken, selectIsBusy, selectUser } from '#machines/session/session.selectors';
import { getLocale } from '#lib/locale';
import { inspect } from './inspector';

export function startSession(): SessionActor {
  const actor = createActor(appSessionMachine, { input: { record: readStoredRecord() }, inspect });

  connectAuth({
    getAccessToken: () => selectAccessToken(actor.getSnapshot()),
    getLocale,
    getUserId: () => selectUser(actor.getSnapshot())?.id ?? null,
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

  actor.start();
  return actor;
}
