// React access to the one app-wide session actor. A plain context rather than createActorContext: the actor
// is created before React (the router's guards and the API middleware use it outside components).
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { toObserver, type Observer, type Subscription } from 'xstate';
import type { SessionActor } from '#actors/session';
import type { SessionSnapshot } from '#machines/session/session.selectors';

export const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (actor === null) throw new Error('useSessionActor: render inside <SessionContext value={actor}>');
  return actor;
}

/** The session as React's readers subscribe to it: what it takes of the actor, and nothing to send to. */
type SessionReader = Pick<SessionActor, 'getSnapshot' | 'subscribe'>;

/** How many sends into the session run during a render now (usePageActor's `page.open`). */
let sendsDuringRender = 0;

/**
 * Sends to the session during a render (usePageActor opens its page actor so, docs/decisions/059): the change reaches
 * React's readers of the session (useSession) once the render is over, as a microtask, since React forbids updating
 * another component while rendering one. The actor itself has changed at once: the render reads the new snapshot.
 */
export function sendDuringRender(send: () => void): void {
  sendsDuringRender++;
  try {
    send();
  } finally {
    sendsDuringRender--;
  }
}

const readers = new WeakMap<SessionActor, SessionReader>();

/** One reader per session actor (React resubscribes when its identity changes), holding back a render's changes. */
function readerOf(actor: SessionActor): SessionReader {
  let reader = readers.get(actor);
  if (reader === undefined) {
    const subscribe = (...args: Parameters<typeof toObserver<SessionSnapshot>>): Subscription => {
      const observer: Observer<SessionSnapshot> = toObserver(...args);
      let open = true;
      const subscription = actor.subscribe({
        next: (snapshot) => {
          if (sendsDuringRender === 0) observer.next?.(snapshot);
          else queueMicrotask(() => open && observer.next?.(snapshot));
        },
        error: (error) => observer.error?.(error),
        complete: () => observer.complete?.(),
      });
      return {
        unsubscribe: () => {
          open = false;
          subscription.unsubscribe();
        },
      };
    };
    reader = { getSnapshot: () => actor.getSnapshot(), subscribe };
    readers.set(actor, reader);
  }
  return reader;
}

/** Reads one derived value of `actor` (the session) and re-renders when it changes, after any render that changed it. */
export function useSessionSelector<T>(actor: SessionActor, selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(readerOf(actor), selector);
}

/** Reads one derived value (a selector from machines/session/session.selectors) and re-renders when it changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSessionSelector(useSessionActor(), selector);
}
