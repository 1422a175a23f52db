// The offline banner: while the browser has no network, every screen says so, and that the drafts stay on this device
// (docs/decisions/060-offline-shell.md). Part of the entry: an offline reload must show it at the first paint.
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

// The prerendered HTML is drawn online.
const isOffline = () => !navigator.onLine;
const serverSnapshot = () => false;

export function OfflineBanner() {
  const offline = useSyncExternalStore(subscribe, isOffline, serverSnapshot);
  return (
    // Always present, so losing the network is announced when it happens.
    <div role="status">
      {offline ? (
        <p className="border-b-2 border-amber-500 bg-amber-50 px-4 py-3 text-center font-semibold text-gray-900">
          <FormattedMessage id="app.offline.banner" />
        </p>
      ) : null}
    </div>
  );
}
