// The session graph's options, shared by its machine tests (tests/machines/session.machine.test.ts) and its browser
// paths (tests/e2e/paths.spec.ts): which samples each state is offered, and states keyed by the transition that entered them.
import { assertEvent, assign, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { serializeSnapshot } from 'xstate/graph';
import { pageId } from '#machines/session/session.pages.ts';
import type { sessionMachine } from '#machines/session/session.machine.ts';

/** A call can only answer while it is in flight, i.e. while the state that invokes it is active. */
export const ANSWERS_WHILE: Readonly<Record<string, string>> = {
  'xstate.done.actor.login': 'signingIn',
  'xstate.error.actor.login': 'signingIn',
  'xstate.done.actor.refresh': 'refreshing',
  'xstate.error.actor.refresh': 'refreshing',
  'xstate.done.actor.logout': 'signingOut',
  'xstate.error.actor.logout': 'signingOut',
  'xstate.done.actor.readStoredSession': 'adopting',
  'xstate.error.actor.readStoredSession': 'adopting',
  'xstate.done.actor.secondFactor': 'secondStep',
};

/**
 * createTestModel options for testMachineOf(sessionMachine): the samples (each call's answer only while it is in
 * flight), states matched by name, and each state keyed by the transition that entered it, so shortest paths cover
 * every transition and not only every state.
 */
export function sessionModelOptions(samples: readonly EventObject[]) {
  return {
    events: (snapshot: AnyMachineSnapshot) =>
      samples.filter((event) => {
        const whileState = ANSWERS_WHILE[event.type];
        return whileState === undefined || snapshot.value === whileState;
      }),
    serializeState: (snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) => {
      const entered = event !== undefined && previous !== undefined && previous.value !== snapshot.value;
      return `${serializeSnapshot(snapshot)}${entered ? ` via ${JSON.stringify(event)} from ${String(previous.value)}` : ''}`;
    },
    stateMatcher: (snapshot: AnyMachineSnapshot, key: string) => snapshot.value === key,
  };
}

/**
 * The session machine for a graph (docs/decisions/059-page-actors-in-the-session.md): its list of open pages kept as
 * the machine keeps it, without spawning or stopping children. The graph is walked in one actor system, where each
 * branch spawning `drive:7` again would clash with another branch's systemId.
 */
export function withListedPages(machine: typeof sessionMachine): typeof sessionMachine {
  return machine.provide({
    actions: {
      openPage: assign(({ context, event }) => {
        assertEvent(event, 'page.open');
        const id = pageId(event.page.kind, event.page.key);
        return { pages: context.pages.includes(id) ? context.pages : [...context.pages, id] };
      }),
      closePage: assign(({ context, event }) => {
        assertEvent(event, 'page.close');
        return { pages: context.pages.filter((id) => id !== pageId(event.kind, event.key)) };
      }),
      closeAllPages: assign({ pages: [] }),
      closePagesOfOthers: assign(({ context, event }) => {
        assertEvent(event, 'session.storageChanged');
        return { pages: event.record !== null && context.record !== null && event.record.id !== context.record.id ? [] : context.pages };
      }),
    },
  });
}
