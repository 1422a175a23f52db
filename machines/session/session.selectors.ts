// What views and the API middleware read from the session actor; everything here is derived, nothing stored twice.
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine.ts';
import { pageId, type PageActorRef, type PageKind } from './session.pages.ts';
import type { SessionError, SessionUser } from './session.types.ts';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Signed in: a record is present and the session is settled in signedIn (docs/product.md section 4). */
export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches('signedIn') && snapshot.context.record !== null;

/** Staff comes from the record's is_staff and only counts while signed in. */
export const selectIsStaff = (snapshot: SessionSnapshot): boolean =>
  selectIsSignedIn(snapshot) && snapshot.context.record?.is_staff === true;

/**
 * Whose session this is, without tokens. Also answered while the access token is being renewed, so a
 * header showing the name does not flicker out on every 401; null once signing out starts.
 */
export const selectUser = (snapshot: SessionSnapshot): SessionUser | null =>
  snapshot.matches('signedIn') || snapshot.matches('refreshing') ? snapshot.context.record : null;

/**
 * The bearer token for API calls, only while signed in. During a refresh it is null on purpose: the
 * middleware waits for `selectIsBusy` to turn false rather than send a token known to be expired.
 */
export const selectAccessToken = (snapshot: SessionSnapshot): string | null => {
  const record = snapshot.context.record;
  return snapshot.matches('signedIn') && record !== null ? record.access : null;
};

/** Why the last sign-in or refresh failed: a code plus the server's body, for views to translate. */
export const selectError = (snapshot: SessionSnapshot): SessionError | null => snapshot.context.error;

/** A call is in flight (signing in, refreshing, signing out): buttons disable, guards wait. */
export const selectIsBusy = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('busy');

/** The person signed out on this device by choice (not another tab, not a failed refresh): guards send them home. */
export const selectSignedOutByChoice = (snapshot: SessionSnapshot): boolean => snapshot.context.signedOutByChoice;

/** The sign-in's second step while it runs (the session's child `secondFactor`): the login page shows its form. */
export const selectSecondStep = (snapshot: SessionSnapshot) => snapshot.children.secondFactor ?? null;

/**
 * The page actor `<kind>:<key>` while it runs (docs/decisions/059-page-actors-in-the-session.md), else undefined.
 * The child of that id is only ever spawned from the slot of `kind` (the session's `openPage`), so it is that kind's
 * machine: the one assertion says so, as the children map cannot name ids made at run time.
 */
export function selectPage<K extends PageKind>(snapshot: SessionSnapshot, kind: K, key: string): PageActorRef<K> | undefined {
  const children: Readonly<Record<string, AnyActorRef | undefined>> = snapshot.children;
  return children[pageId(kind, key)] as PageActorRef<K> | undefined;
}

/** The ids of the page actors running now, in the order they were opened. */
export const selectOpenPages = (snapshot: SessionSnapshot): readonly string[] => snapshot.context.pages;
