// Keeps a signed-in area honest after it loaded: if the session ends (sign-out in another tab, a refresh that
// failed), send the person to /login with the current page as `next`. The router's guard covers arrival. After the
// person's own sign-out the page is left for home: the header also navigates there, but that navigation is a React
// transition that a slow lazy chunk can hold back past the logout call's answer.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsBusy, selectIsSignedIn, selectIsStaff, selectSignedOutByChoice } from '#machines/session/session.selectors';
import { loginHref, paths } from '#lib/paths';
import { useSession } from '#lib/use-session';

export function SignedInOnly({ staff = false, children }: { staff?: boolean; children: ReactNode }) {
  const signedIn = useSession(selectIsSignedIn);
  const isStaff = useSession(selectIsStaff);
  const busy = useSession(selectIsBusy);
  const byChoice = useSession(selectSignedOutByChoice);
  const location = useLocation();
  // While a call is in flight (a token refresh), keep showing the page: the outcome decides.
  if (!signedIn && !busy && byChoice) return <Navigate to={paths.home} replace />;
  if (!signedIn && !busy) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  if (signedIn && staff && !isStaff) return <Navigate to={paths.panel} replace />;
  return children;
}
