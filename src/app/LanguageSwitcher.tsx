// Español / English. Each name is written in its own language (lang attribute) so screen readers say it right.
// The choice persists in localStorage and, when signed in, in the profile (PATCH /me).
import { defineMessages, useIntl } from 'react-intl';
import { selectIsSignedIn } from '#machines/session/session.selectors';
import { useSession } from '#lib/use-session';
import { useUpdateMe } from '#features/profile/api/me';
import { locales, setLocale, useLocale, type Locale } from '#lib/locale';

const names = defineMessages({
  es: { id: 'app.language.es' },
  en: { id: 'app.language.en' },
});

export function LanguageSwitcher() {
  const intl = useIntl();
  const locale = useLocale();
  const signedIn = useSession(selectIsSignedIn);
  const updateMe = useUpdateMe();

  function choose(next: Locale) {
    // Pressing the language already in force is a choice too: it is stored, so a profile in another language no
    // longer overrides it on this device (docs/decisions/016-language-and-small-screens.md).
    setLocale(next);
    if (next === locale) return;
    // Saving it in the profile is a convenience for the next device: a failure is not worth interrupting for.
    if (signedIn) updateMe.mutate({ language: next });
  }

  return (
    <div role="group" aria-label={intl.formatMessage({ id: 'app.language.label' })} className="flex gap-1">
      {locales.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          // The boot script keeps a choice made before the app arrived (src/app/boot.ts).
          data-language-choice={option}
          aria-pressed={option === locale}
          onClick={() => choose(option)}
          className={
            'min-h-11 rounded-md px-3 font-semibold ' +
            (option === locale ? 'bg-white text-blue-900' : 'text-white underline underline-offset-2 hover:bg-blue-800')
          }
        >
          {intl.formatMessage(names[option])}
        </button>
      ))}
    </div>
  );
}
