// Under 768 px: a dismissible notice asking for a larger screen, a Chromium-based browser and landscape.
// The app still works on a phone; the notice only says it is easier elsewhere. Dismissal lasts the session.
import { useState, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { readItem, storageKeys, writeItem } from '#lib/storage';

const query = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isNarrow = (): boolean => window.matchMedia(query).matches;

export function SmallScreenPrompt() {
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  const [dismissed, setDismissed] = useState(() => readItem(storageKeys.smallScreenDismissed, 'session') === '1');
  if (!narrow || dismissed) return null;

  function dismiss() {
    writeItem(storageKeys.smallScreenDismissed, '1', 'session');
    setDismissed(true);
  }

  return (
    <section
      aria-labelledby="small-screen-title"
      className="border-b-4 border-amber-600 bg-amber-50 px-4 py-3 text-gray-900"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3">
        <div className="flex-1">
          <h2 id="small-screen-title" className="font-bold">
            <FormattedMessage id="app.smallScreen.title" />
          </h2>
          <p className="mt-1 text-sm">
            <FormattedMessage id="app.smallScreen.body" />
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="min-h-11 shrink-0 rounded-md border-2 border-gray-900 bg-white px-3 font-semibold hover:bg-gray-100"
        >
          <FormattedMessage id="app.smallScreen.dismiss" />
        </button>
      </div>
    </section>
  );
}
