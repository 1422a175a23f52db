// React access to the one app-wide session actor. A plain context rather than createActorContext: the actor
// is created before React (the router's guards and the API middleware use it outside components).
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SessionActor } from '#actors/session';
import type { SessionSnapshot } from '#machines/session/session.selectors';

export const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (actor === null) throw new Error('useSessionActor: render inside <SessionContext value={actor}>');
  return actor;
}

/** Reads one derived value (a selector from machines/session/session.selectors) and re-renders when it changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}
