// Link targets shared by features (the route table itself is src/app/AppRoutes.tsx), and the `next` parameter
// that brings a person back to the page they asked for after signing in.

export const paths = {
  home: '/',
  login: '/login',
  createAccount: '/account/create',
  passwordReset: '/password/reset',
  passwordResetConfirm: '/password/reset/confirm',
  profile: '/profile',
  secondFactor: '/profile/second-factor',
  terms: '/terms',
  panel: '/panel',
  admin: '/admin',
} as const;

/** Router state the login page reads: the e-mail to fill in (after sign-up). */
export interface LoginState {
  email: string;
}

/** The e-mail of a LoginState, or '' for any other state (history entries can hold anything). */
export function loginStateEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state) || typeof state.email !== 'string') return '';
  return state.email;
}

/**
 * `next` as a same-origin path, or null. Anything else (an absolute URL, `//host`, a backslash trick, the
 * login page itself) would turn the login form into an open redirect or a loop.
 */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters (tabs, newlines) are stripped by URL parsers and can hide a second slash.
  if (/\p{Cc}/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://portal.invalid') return null;
  if (url.pathname === paths.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, remembering where to return (docs/product.md section 2 route guard). */
export function loginHref(next: string | null | undefined): string {
  const target = safeNext(next);
  return target && target !== paths.home ? `${paths.login}?next=${encodeURIComponent(target)}` : paths.login;
}

/** Where a signed-in person lands: staff in the admin area, everyone else in the panel (docs/product.md section 6). */
export function homeFor(isStaff: boolean): string {
  return isStaff ? paths.admin : paths.panel;
}
