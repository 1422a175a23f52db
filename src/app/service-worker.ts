// Registers the service worker (src/app/sw.ts) after the first paint and follows its updates: a new version waits
// until the person accepts the update prompt (src/app/UpdatePrompt.tsx), then the page reloads under it
// (docs/decisions/060-offline-shell.md). Loaded by src/app/main.tsx as its own chunk, off the entry.
import { SKIP_WAITING_MESSAGE } from '#lib/offline-shell';

/** 'waiting': a new version is installed and waits; 'active': another tab let it take over, this page is older. */
export type UpdateState = 'none' | 'waiting' | 'active';

let state: UpdateState = 'none';
let waiting: ServiceWorker | null = null;
let accepted = false;
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export const updateStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): UpdateState => state,
};

function offer(worker: ServiceWorker): void {
  // Without a controller this is the first install: nothing older is running, nothing to offer.
  if (!navigator.serviceWorker.controller) return;
  waiting = worker;
  setState('waiting');
}

/**
 * The person accepted: the waiting worker takes over and the page reloads under it. The application's drafts are on
 * the device at every change (the autosave machine's local copy), and the reload's pagehide sends the pending saves
 * as any reload does: nothing typed is lost.
 */
export function applyUpdate(): void {
  accepted = true;
  if (waiting === null) return void window.location.reload();
  waiting.postMessage(SKIP_WAITING_MESSAGE);
}

async function registerOrNothing(container: ServiceWorkerContainer): Promise<ServiceWorkerRegistration | undefined> {
  try {
    // updateViaCache 'none': the browser asks the server for sw.js itself every time (the server sends it no-cache).
    return await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch {
    // A private window, storage turned off, a blocking policy.
    return undefined;
  }
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (accepted) return void window.location.reload();
    // Another tab accepted the update: this page's code is older than the worker's cache; ask before reloading.
    if (hadController) setState('active');
  });
  const registration = await registerOrNothing(container);
  // Refused, or a browser or test harness that blocks workers and resolves with nothing: the app works as before,
  // only not offline.
  if (!registration) return;
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // A phone keeps a tab for days: look for a new version whenever it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) void registration.update().catch(() => undefined);
  });
}
