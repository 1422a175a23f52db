// The one language rule of every page (docs/decisions/016-language-and-small-screens.md): the choice made on this
// device, else the signed-in person's profile language, else Spanish (docs/product.md section 9).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { selectIsSignedIn, selectUser } from '#machines/session/session.selectors';
import { meQueryOptions } from '#features/profile/api/me';
import { defaultLocale, hasStoredLocale, setLocale } from '#lib/locale';
import { useSession } from '#lib/use-session';

/**
 * Keeps the interface language in force while no choice is stored on the device. The session record's language is
 * what the profile said at sign-in; the profile itself (GET /me) is asked once per visit, because another device may
 * have changed it since, and a stale record would show one language on `/` and another wherever the profile is read.
 */
export function useLanguageRule(): void {
  const user = useSession(selectUser);
  // Asked once signed in: while a session is renewed (a stored one just adopted, docs/decisions/044) the user is known
  // but there is no access token to send, and a call without one is refused and never retried.
  const signedIn = useSession(selectIsSignedIn);
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const profileLanguage = user === null ? null : (me.data?.language ?? user.language);
  useEffect(() => {
    if (hasStoredLocale()) return;
    // Not persisted: only the person's own click on the switcher is a device choice.
    setLocale(profileLanguage ?? defaultLocale, false);
  }, [profileLanguage]);
}
