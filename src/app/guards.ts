// Route guards (docs/product.md section 2), as loaders so they decide before anything renders: sign-in required
// (after trying to renew the session), staff only, and "already signed in" for /login.
import { redirect } from 'react-router-dom';
import { selectIsSignedIn, selectIsStaff, type SessionSnapshot } from '#machines/session/session.selectors';
import { settled, type SessionActor } from '#actors/session';
import { homeFor, loginHref, paths, safeNext } from '#lib/paths';

/**
 * The signed-in snapshot, or null. The guard only asks: once no session call is in flight, `session.check` has a
 * signed-out machine read storage again (a session another tab stored that this tab missed is adopted, and renewed
 * first when its token has expired; docs/decisions/044-the-session-adopts-itself.md), and the answer is the
 * settled state.
 */
export async function ensureSignedIn(actor: SessionActor): Promise<SessionSnapshot | null> {
  await settled(actor);
  actor.send({ type: 'session.check' });
  const snapshot = await settled(actor);
  return selectIsSignedIn(snapshot) ? snapshot : null;
}

/** The part of a loader's arguments a guard reads. */
interface GuardArgs {
  request: Request;
}

const asked = (request: Request): string => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/** Sign-in required: otherwise /login, which brings the person back here afterwards (`next`). */
export const requireSignedIn =
  (actor: SessionActor) =>
  async ({ request }: GuardArgs) => {
    if (!(await ensureSignedIn(actor))) throw redirect(loginHref(asked(request)));
    return null;
  };

/** Staff only: signed-out people sign in first; signed-in non-staff go to their panel. */
export const requireStaff =
  (actor: SessionActor) =>
  async ({ request }: GuardArgs) => {
    const snapshot = await ensureSignedIn(actor);
    if (!snapshot) throw redirect(loginHref(asked(request)));
    if (!selectIsStaff(snapshot)) throw redirect(paths.panel);
    return null;
  };

/** /login for someone already signed in: on to `next`, else /admin for staff and /panel for the rest. */
export const redirectSignedIn =
  (actor: SessionActor) =>
  async ({ request }: GuardArgs) => {
    const snapshot = await settled(actor);
    if (selectIsSignedIn(snapshot)) {
      const next = safeNext(new URL(request.url).searchParams.get('next'));
      throw redirect(next ?? homeFor(selectIsStaff(snapshot)));
    }
    return null;
  };
