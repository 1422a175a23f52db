// "A new version is ready: reload to update" (docs/decisions/060-offline-shell.md): shown when a new service worker
// waits, never forced; the person chooses when, so an open form is never reloaded under them. Lazy: loaded with the
// registration, after the first paint.
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { applyUpdate, updateStore } from './service-worker';

export function UpdatePrompt() {
  const state = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => 'none' as const);
  return (
    // Always present, so the prompt's arrival is announced politely without taking the focus from a form.
    <div role="status">
      {state === 'none' ? null : (
        <div className="border-b-2 border-blue-900 bg-blue-50 px-4 py-3 text-gray-900">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
            <p className="flex-1">
              <FormattedMessage id="app.update.message" />
            </p>
            <button
              type="button"
              onClick={applyUpdate}
              className="min-h-11 rounded-md bg-blue-900 px-4 font-semibold text-white hover:bg-blue-800"
            >
              <FormattedMessage id="app.update.reload" />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
