// Development only: `npm run dev`, then open http://localhost:3000/?inspect to watch every machine live in the
// Stately inspector (a new window). Production builds drop this code: import.meta.env.DEV is false there.
import type { InspectionEvent, Observer } from 'xstate';

let inspector: Observer<InspectionEvent> | undefined;

/** Opens the inspector when asked for with `?inspect`; call once before the first actor is created. */
export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspector = createBrowserInspector().inspect;
}

/** The `inspect` option for createActor(): undefined unless the inspector is open. */
export const inspect = (event: InspectionEvent): void => inspector?.next?.(event);
