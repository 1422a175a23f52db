// Ends the current task and continues in a new one, so the browser can paint and handle input in between: the
// boot's steps in src/app/main.tsx are then several short tasks rather than one long one
// (docs/decisions/070-blocking-time.md).

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (it continues ahead of the page's other
 * queued tasks), a zero timeout elsewhere.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
