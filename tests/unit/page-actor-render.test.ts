// @vitest-environment jsdom
// usePageActor (src/lib/use-page-actor.ts) opens its actor while rendering (docs/decisions/059-page-actors-in-the-session.md):
// a view mounting next to one that reads the session's page list must not update that one during its render (React's
// "Cannot update a component while rendering a different component"), and the first render draws the actor's state.
import { createElement, StrictMode, type ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registrationMachine } from '#machines/registration/registration.machine.ts';
import { sessionMachine } from '#machines/session/session.machine.ts';
import { selectOpenPages } from '#machines/session/session.selectors.ts';
import { SessionContext, useSession } from '#lib/use-session.ts';
import { usePageActor } from '#lib/use-page-actor.ts';

// React's test mode: act() flushes renders and effects.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A mounted reader of the session's page list (as a header or a debugging panel could be). */
function OpenPages(): ReactNode {
  const pages = useSession(selectOpenPages);
  return createElement('p', { id: 'pages' }, pages.join(','));
}

/** A view of the public registration page actor: its first render already draws the machine's state. */
function Registration({ eventId }: { eventId: number }): ReactNode {
  const actor = usePageActor('registration', eventId, { eventId });
  const state = useSelector(actor, (snapshot) => JSON.stringify(snapshot.value));
  return createElement('p', { id: `registration-${eventId}` }, state);
}

describe('usePageActor while rendering', () => {
  let root: Root;
  let container: HTMLElement;
  let errors: ReturnType<typeof vi.spyOn>;
  // The session's page slots hold only their machines' types (docs/decisions/066-boot-closure.md): the pure machine of
  // the kind this file opens, whose first state needs no call.
  const session = () =>
    createActor(sessionMachine.provide({ actors: { registration: registrationMachine } }), { input: { record: null, now: Date.now() } }).start();
  const app = (actor: ReturnType<typeof session>, ...children: ReactNode[]) =>
    createElement(StrictMode, null, createElement(SessionContext, { value: actor }, ...children));

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    errors = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    errors.mockRestore();
  });

  it('opens the actor without updating another mounted reader of the session during the render', async () => {
    const actor = session();
    await act(async () => root.render(app(actor, createElement(OpenPages, { key: 'pages' }))));
    expect(container.querySelector('#pages')?.textContent).toBe('');

    await act(async () =>
      root.render(app(actor, createElement(OpenPages, { key: 'pages' }), createElement(Registration, { key: 'form', eventId: 5 }))),
    );

    const warnings = errors.mock.calls.map((call: unknown[]) => call.map(String).join(' '));
    expect(warnings.filter((warning: string) => warning.includes('while rendering a different component'))).toEqual([]);
    // The reader still hears of the open page, after the render, and the view drew the machine's state.
    expect(container.querySelector('#pages')?.textContent).toBe('registration:5');
    expect(container.querySelector('#registration-5')?.textContent).toContain('editing');
    actor.stop();
  });
});
