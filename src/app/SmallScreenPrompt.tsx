// Under 768 px: a dismissible notice asking for a larger screen, a Chromium-based browser and landscape.
// The app still works on a phone; the notice only says it is easier elsewhere. Dismissal lasts the session.
// The width is CSS's business (md:hidden), not JavaScript's: the prerendered page already holds the notice, so a
// phone sees it from the first paint and nothing moves when the page hydrates.
import { useState, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { readItem, storageKeys, writeItem } from '#lib/storage';

const subscribeNever = () => () => {};
const wasDismissed = (): boolean => readItem(storageKeys.smallScreenDismissed, 'session') === '1';

export function SmallScreenPrompt() {
  // Prerendered HTML never knows this tab's sessionStorage: hydrate as not dismissed, then read it.
  const dismissedEarlier = useSyncExternalStore(subscribeNever, wasDismissed, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || dismissedEarlier) return null;

  function dismiss() {
    writeItem(storageKeys.smallScreenDismissed, '1', 'session');
    setDismissed(true);
  }

  return (
    <section
      aria-labelledby="small-screen-title"
      className="border-b-4 border-amber-600 bg-amber-50 px-4 py-3 text-gray-900 md:hidden"
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
