// The views' one way to a workflow actor of their page (docs/decisions/059-page-actors-in-the-session.md): the
// session spawns it (`page.open`) and owns it; this hook only asks for it, reads it, and says when the view leaves.
import { useEffect, useEffectEvent, useState } from 'react';
import type { EventObject, Subscription } from 'xstate';
import { PAGE_LIFETIMES, type PageActorRef, type PageInputs, type PageKind, type PageOpening } from '#machines/session/session.pages';
import { selectPage } from '#machines/session/session.selectors';
import { sendDuringRender, useSessionActor, useSessionSelector } from './use-session';

/**
 * The page actor of `kind` for `key` (a program, a record...), started with `input` the first time that key is asked
 * for and reused after. It is asked for while rendering, not in an effect: opening is idempotent (once per key), and
 * the first render, the prerendered HTML included, draws the machine's state instead of an empty frame. A kind that
 * does not outlive its view is closed when the view leaves. After the session stopped it (sign-out), the view keeps
 * the last actor it had, stopped, until the guard takes it away.
 */
export function usePageActor<K extends PageKind>(kind: K, key: string | number, input: PageInputs[K]): PageActorRef<K> {
  const session = useSessionActor();
  const id = String(key);
  // Only a key not open yet reads `input`: the actor of an open one has its own state by then.
  // The session's readers hear of it after this render (sendDuringRender), not during it.
  if (selectPage(session.getSnapshot(), kind, id) === undefined) {
    sendDuringRender(() => session.send({ type: 'page.open', page: pageOpening(kind, id, input) }));
  }
  const live = useSessionSelector(session, (snapshot) => selectPage(snapshot, kind, id));
  // The last one this view had, for the moment between the session stopping it and the view going away.
  const [last, setLast] = useState(live);
  if (live !== undefined && live !== last) setLast(live);

  const reopen = useEffectEvent(() => session.send({ type: 'page.open', page: pageOpening(kind, id, input) }));
  useEffect(() => {
    // Again after a remount (StrictMode's included): the cleanup may have closed the one the render opened.
    reopen();
    return () => {
      if (!PAGE_LIFETIMES[kind].outlivesView) session.send({ type: 'page.close', kind, key: id });
    };
  }, [session, kind, id]);

  const actor = live ?? last;
  if (actor === undefined) throw new Error(`usePageActor: the session opens no ${kind} page actor now (signed out?)`);
  return actor;
}

/** The `page.open` payload: one kind's input with its kind (the generic cannot be narrowed, so the union is rebuilt). */
function pageOpening<K extends PageKind>(kind: K, key: string, input: PageInputs[K]): PageOpening {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
  return { kind, key, input } as PageOpening;
}

/** Runs `handler` on each event of `type` the page actor emits (a record created, a command answered), while mounted. */
export function usePageEvent<TEmitted extends EventObject, TType extends TEmitted['type']>(
  actor: { on: (type: TType, handler: (event: TEmitted & { type: TType }) => void) => Subscription },
  type: TType,
  handler: (event: TEmitted & { type: TType }) => void,
): void {
  // The newest handler (it closes over the view's state), without subscribing again on every render.
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const subscription = actor.on(type, (event) => onEvent(event));
    return () => subscription.unsubscribe();
  }, [actor, type]);
}
