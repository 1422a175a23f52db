// The boot script's one decision (src/app/boot.ts): does this browser need the app at once, or is it the visitor the
// prerender drew (signed out, nothing remembered, the file's language), who can read the page until they act? The
// test src/app/main.tsx makes before choosing hydrateRoot, plus the small-screen notice's dismissal, which the
// prerendered page cannot know; kept free of imports so the boot stays a few KB (tests/unit/boot-rules.test.ts holds
// the keys and the language rule to the app's).

/**
 * Storage keys the test reads: the session's (machines/session/session.machine.ts), the language's and the
 * small-screen notice's (#lib/storage; the last in sessionStorage).
 */
export const bootStorageKeys = {
  user: 'user',
  remember: 'remember',
  language: 'language',
  smallScreenDismissed: 'smallScreenPromptDismissed',
} as const;

export interface BootStorage {
  local: (key: string) => string | null;
  session: (key: string) => string | null;
}

/** The language the app starts in on this device: its stored choice, else Spanish (#lib/locale's initialLocale). */
export function bootLanguage(stored: string | null): string {
  return stored === 'es' || stored === 'en' ? stored : 'es';
}

/**
 * True when the app must load now: a stored session (guards, silent refresh and redirects start at once), a
 * remembered e-mail (the login form shows it), a language other than the prerendered file's, or a small-screen
 * notice dismissed earlier in this tab (the app takes it away).
 */
export function loadsAtOnce(storage: BootStorage, prerendered: string | undefined): boolean {
  if (storage.local(bootStorageKeys.user) !== null) return true;
  if ((storage.local(bootStorageKeys.remember) ?? '') !== '') return true;
  if (storage.session(bootStorageKeys.smallScreenDismissed) === '1') return true;
  return bootLanguage(storage.local(bootStorageKeys.language)) !== prerendered;
}

/** The page's <h1> (src/components/ui/PageHeading.tsx's MAIN_HEADING_ID), where focus lands after a navigation. */
export const mainHeadingId = 'main-heading';

/** sessionStorage: the path a link followed before hydration led to, so the page it loads can focus its heading. */
export const arrivalKey = 'bootFollowedLink';
