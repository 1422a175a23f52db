// The site header: product name (home link), main navigation by session state, and the language switcher.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { selectIsBusy, selectIsStaff, selectUser } from '#machines/session/session.selectors';
import { useSession, useSessionActor } from '#lib/use-session';
import { paths } from '#lib/paths';
import { LanguageSwitcher } from './LanguageSwitcher';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  'inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-white hover:bg-blue-800 ' +
  (isActive ? 'underline decoration-2 underline-offset-4' : '');

export function Header() {
  const intl = useIntl();
  const navigate = useNavigate();
  const session = useSessionActor();
  const user = useSession(selectUser);
  const isStaff = useSession(selectIsStaff);
  const busy = useSession(selectIsBusy);

  function signOut() {
    session.send({ type: 'session.logout' });
    void navigate(paths.home);
  }

  return (
    <header className="bg-blue-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <Link to={paths.home} className="inline-flex min-h-11 items-center text-xl font-bold text-white">
          <FormattedMessage id="app.name" />
        </Link>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <nav aria-label={intl.formatMessage({ id: 'app.header.navLabel' })}>
            <ul className="flex flex-wrap items-center gap-1">
              {user ? (
                <>
                  <li>
                    <NavLink to={paths.panel} className={navLinkClass}>
                      <FormattedMessage id="app.header.panel" />
                    </NavLink>
                  </li>
                  {isStaff ? (
                    <li>
                      <NavLink to={paths.admin} className={navLinkClass}>
                        <FormattedMessage id="app.header.admin" />
                      </NavLink>
                    </li>
                  ) : null}
                  <li>
                    <NavLink to={paths.profile} className={navLinkClass}>
                      <FormattedMessage id="app.header.profile" />
                    </NavLink>
                  </li>
                  <li>
                    <button
                      type="button"
                      onClick={signOut}
                      disabled={busy}
                      className="inline-flex min-h-11 items-center rounded-md border-2 border-white px-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
                    >
                      <FormattedMessage id="app.header.signOut" />
                    </button>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <NavLink to={paths.login} className={navLinkClass}>
                      <FormattedMessage id="app.header.signIn" />
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.createAccount} className={navLinkClass}>
                      <FormattedMessage id="app.header.createAccount" />
                    </NavLink>
                  </li>
                </>
              )}
            </ul>
          </nav>
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
