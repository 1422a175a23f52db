// Route guards (docs/product.md section 2), as loaders so they decide before anything renders: sign-in required
// (after trying to renew the session), staff only, and "already signed in" for /login.
import { redirect } from 'react-router-dom';
import { isAccessTokenExpired } from '#machines/session/session.machine';
import { selectIsSignedIn, selectIsStaff, type SessionSnapshot } from '#machines/session/session.selectors';
import { readStoredRecord, settled, type SessionActor } from '#actors/session';
import { homeFor, loginHref, paths, safeNext } from '#lib/paths';

/**
 * The signed-in snapshot, or null. A stored session is renewed before giving up: the machine refreshes an
 * expired token at start (we wait for that); and a record another tab stored that this tab missed is adopted
 * and, when its access token has expired, refreshed.
 */
export async function ensureSignedIn(actor: SessionActor): Promise<SessionSnapshot | null> {
  let snapshot = await settled(actor);
  if (selectIsSignedIn(snapshot)) return snapshot;
  const stored = readStoredRecord();
  if (stored !== null) {
    actor.send({ type: 'session.storageChanged', record: stored });
    if (selectIsSignedIn(actor.getSnapshot()) && isAccessTokenExpired(stored.access, Date.now())) {
      actor.send({ type: 'session.refresh' });
    }
    snapshot = await settled(actor);
  }
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
