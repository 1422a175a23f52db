// The site header: product name (home link), main navigation by session state, and the language switcher. Under
// 768 px (where the small-screen prompt also shows) the navigation and the switcher fold into a "Menu" disclosure
// (Radix Collapsible), so the page's content starts near the top of a phone (docs/decisions/016-language-and-small-screens.md).
import * as Collapsible from '@radix-ui/react-collapsible';
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { selectIsBusy, selectIsStaff, selectUser } from '#machines/session/session.selectors';
import { useSession, useSessionActor } from '#lib/use-session';
import { paths } from '#lib/paths';
import { useIsDrawnFrame } from './drawn-frame';
import { LanguageSwitcher } from './LanguageSwitcher';

const MENU_ID = 'site-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  'flex min-h-11 items-center rounded-md px-3 font-semibold text-white hover:bg-blue-800 ' +
  (isActive ? 'underline decoration-2 underline-offset-4' : '');

/** The links (and sign-out) of the session's state; `onChosen` closes the phone menu once one is used. */
function NavItems({ onChosen, layout }: { onChosen: () => void; layout: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const session = useSessionActor();
  const user = useSession(selectUser);
  const isStaff = useSession(selectIsStaff);
  const busy = useSession(selectIsBusy);
  // The drawn frame holds a signed-in person's links, hidden: they keep their room, so nothing moves when the app
  // draws the real ones (a signed-in screen is mostly opened by someone signed in).
  const frame = useIsDrawnFrame();

  // Leave the signed-in page first: signing out while it is still shown would let its guard (SignedInOnly) send the
  // person to /login?next=... when the logout call returns before the navigation to / has finished.
  async function signOut() {
    onChosen();
    await navigate(paths.home);
    session.send({ type: 'session.logout' });
  }

  const link = (to: string, text: ReactNode) => (
    <li>
      <NavLink to={to} className={navLinkClass} onClick={onChosen}>
        {text}
      </NavLink>
    </li>
  );

  return (
    <nav aria-label={intl.formatMessage({ id: 'app.header.navLabel' })} className={frame ? 'invisible' : undefined}>
      <ul className={layout}>
        {user || frame ? (
          <>
            {link(paths.panel, <FormattedMessage id="app.header.panel" />)}
            {isStaff ? link(paths.admin, <FormattedMessage id="app.header.admin" />) : null}
            {link(paths.profile, <FormattedMessage id="app.header.profile" />)}
            <li>
              <button
                type="button"
                onClick={() => void signOut()}
                disabled={busy}
                className="inline-flex min-h-11 items-center rounded-md border-2 border-white px-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
              >
                <FormattedMessage id="app.header.signOut" />
              </button>
            </li>
          </>
        ) : (
          <>
            {link(paths.login, <FormattedMessage id="app.header.signIn" />)}
            {link(paths.createAccount, <FormattedMessage id="app.header.createAccount" />)}
          </>
        )}
      </ul>
    </nav>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  return (
    <header className="bg-blue-900 text-white">
      <Collapsible.Root
        open={open}
        onOpenChange={setOpen}
        className="mx-auto max-w-6xl px-4 py-2 md:py-3"
        // Escape, from the button or from inside the menu, closes it and returns focus to the button.
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          close();
          trigger.current?.focus();
        }}
      >
        <div className="flex items-center justify-between gap-x-6">
          <Link to={paths.home} onClick={close} className="inline-flex min-h-11 items-center text-xl font-bold text-white">
            <FormattedMessage id="app.name" />
          </Link>
          {/* Wide screens: everything in one row, no menu. */}
          <div className="hidden flex-wrap items-center justify-end gap-x-4 gap-y-2 md:flex">
            <NavItems onChosen={close} layout="flex flex-wrap items-center gap-1" />
            <LanguageSwitcher />
          </div>
          <Collapsible.Trigger
            ref={trigger}
            aria-controls={MENU_ID}
            className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md border-2 border-white px-3 font-semibold text-white hover:bg-blue-800 md:hidden"
          >
            <span aria-hidden="true" className="text-lg leading-none">
              {open ? '×' : '☰'}
            </span>
            <FormattedMessage id="app.header.menu" />
          </Collapsible.Trigger>
        </div>
        {/* Phones: the same links and the switcher, shown while the menu is open. */}
        <Collapsible.Content id={MENU_ID} className="mt-2 space-y-3 border-t border-blue-700 pb-2 pt-3 md:hidden">
          <NavItems onChosen={close} layout="flex flex-col gap-1" />
          <LanguageSwitcher />
        </Collapsible.Content>
      </Collapsible.Root>
    </header>
  );
}
