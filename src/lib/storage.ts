// Browser storage that never throws: private windows and storage quotas make localStorage calls fail,
// and a failed read must not take the whole app down with it.

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the app keeps working for this page view.
  }
}

export function removeItem(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Same as writeItem.
  }
}

/**
 * The SPA's own storage keys. The session's keys (`user`, `remember`, docs/product.md section 9) belong to the
 * session machine: SESSION_STORAGE_KEYS in machines/session/session.machine.ts.
 */
export const storageKeys = {
  /** The interface language chosen in the switcher. */
  language: 'language',
  /** Set (sessionStorage) once the small-screen prompt was dismissed. */
  smallScreenDismissed: 'smallScreenPromptDismissed',
} as const;
