// "A new version is ready: reload to update" (docs/decisions/060-offline-shell.md): shown when a new service worker
// waits, never forced; the person chooses when, so an open form is never reloaded under them. Lazy: loaded with the
// registration, after the first paint.
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '#components/ui/Button';
import { applyUpdate, updateStore } from './service-worker';

export function UpdatePrompt() {
  const state = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => 'none' as const);
  return (
    // Always present, so the prompt's arrival is announced politely without taking the focus from a form.
    <div role="status">
      {state === 'none' ? null : (
        <p className="flex flex-wrap items-center justify-center gap-3 border-b-2 border-blue-900 bg-blue-50 px-4 py-3 text-gray-900">
          <FormattedMessage id="app.update.message" />
          <Button onClick={applyUpdate}>
            <FormattedMessage id="app.update.reload" />
          </Button>
        </p>
      )}
    </div>
  );
}
