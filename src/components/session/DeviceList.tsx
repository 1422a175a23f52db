// The signed-in devices of one account (docs/decisions/057-see-your-sessions.md), as the person sees them in the
// profile and staff in the account's page: browser and system, the place and network, when it signed in and was last
// used, this device marked; each row's action is the screen's own.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { components } from '#api/schema';
import { InstantText } from '#components/ui/InstantText';

export type SignedInSession = components['schemas']['SignedInSession'];

/** The country's name in the interface language ("Puerto Rico"), or null when unknown. */
function countryName(locale: string, code: string | null): string | null {
  if (code === null) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The browser and system a button names ("End the session of Chrome 131 on Android 14"), unknown parts said so. */
export function deviceWords(intl: IntlShape, session: SignedInSession): { browser: string; system: string } {
  return {
    browser: session.browser ?? intl.formatMessage({ id: 'sessions.unknownBrowser' }),
    system: session.system ?? intl.formatMessage({ id: 'sessions.unknownSystem' }),
  };
}

export function DeviceList({ sessions, action }: { sessions: readonly SignedInSession[]; action: (session: SignedInSession) => ReactNode }) {
  const intl = useIntl();
  return (
    <ul className="space-y-3">
      {sessions.map((session) => {
        const { browser, system } = deviceWords(intl, session);
        const place = countryName(intl.locale, session.country);
        return (
          <li key={session.id} className="space-y-2 rounded-md border border-gray-300 p-3 sm:p-4" data-session={session.id}>
            <p className="font-semibold break-words text-gray-900">
              <FormattedMessage id="sessions.device" values={{ browser, system }} />
              {session.current ? (
                <span className="ms-2 inline-block rounded bg-blue-800 px-2 py-0.5 text-sm font-semibold text-white">
                  <FormattedMessage id="sessions.thisDevice" />
                </span>
              ) : null}
            </p>
            <dl className="grid gap-x-3 gap-y-1 text-gray-800 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">
                <FormattedMessage id="sessions.place" />
              </dt>
              <dd className="break-words">
                {place ?? <FormattedMessage id="sessions.unknownPlace" />}
                {session.network ? (
                  <>
                    {' · '}
                    <FormattedMessage id="sessions.network" values={{ network: session.network }} />
                  </>
                ) : null}
              </dd>
              <dt className="font-semibold">
                <FormattedMessage id="sessions.signedIn" />
              </dt>
              <dd>
                <InstantText instant={session.signed_in_at} />
              </dd>
              <dt className="font-semibold">
                <FormattedMessage id="sessions.lastUsed" />
              </dt>
              <dd>
                <InstantText instant={session.last_used_at} />
              </dd>
            </dl>
            {action(session)}
          </li>
        );
      })}
    </ul>
  );
}

/** Where the places come from: IP2Location LITE's data asks to be named wherever it is shown. */
export function PlaceSource() {
  return (
    <p className="text-sm text-gray-800">
      <FormattedMessage
        id="sessions.placeSource"
        values={{
          link: (text: ReactNode) => (
            <a href="https://lite.ip2location.com" className="text-blue-800 underline" rel="noreferrer">
              {text}
            </a>
          ),
        }}
      />
    </p>
  );
}
