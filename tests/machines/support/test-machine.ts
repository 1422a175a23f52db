// Makes a machine usable by `createTestModel` (xstate/graph), which refuses invocations and delayed transitions:
// each `invoke` becomes transitions on its `xstate.done.actor.<id>` / `xstate.error.actor.<id>` /
// `xstate.snapshot.<id>` events (and, on request, a `test.invoke` entry action naming it, so a model that composes
// the child sees where it starts), and each `after` becomes a transition on `xstate.after.<delay>.<state id>`, the
// event XState itself raises.
// The graph is otherwise the machine's own, with its guards and actions; the paths then drive the REAL actor,
// where the tests answer the calls and advance the clock.
import { createMachine, type AnyStateMachine } from 'xstate';

type Config = Record<string, unknown>;

function transformState(node: Config, id: string, markInvokes: boolean): Config {
  const out: Config = { ...node };
  const on: Config = { ...((node.on as Config | undefined) ?? {}) };
  const invokes = node.invoke === undefined ? [] : Array.isArray(node.invoke) ? node.invoke : [node.invoke];
  for (const invoke of invokes as Config[]) {
    const actorId = String(invoke.id ?? invoke.src);
    if (invoke.onDone !== undefined) on[`xstate.done.actor.${actorId}`] = invoke.onDone;
    if (invoke.onError !== undefined) on[`xstate.error.actor.${actorId}`] = invoke.onError;
    if (invoke.onSnapshot !== undefined) on[`xstate.snapshot.${actorId}`] = invoke.onSnapshot;
  }
  if (markInvokes && invokes.length > 0) {
    const entry = node.entry === undefined ? [] : Array.isArray(node.entry) ? node.entry : [node.entry];
    out.entry = [...entry, ...(invokes as Config[]).map((invoke) => ({ type: 'test.invoke', params: { id: String(invoke.id ?? invoke.src) } }))];
  }
  delete out.invoke;
  if (node.after !== undefined) {
    for (const [delay, transition] of Object.entries(node.after as Config)) on[`xstate.after.${delay}.${id}`] = transition;
    delete out.after;
  }
  if (Object.keys(on).length > 0) out.on = on;
  if (node.states !== undefined) {
    const states: Config = {};
    for (const [key, child] of Object.entries(node.states as Config)) states[key] = transformState(child as Config, `${id}.${key}`, markInvokes);
    out.states = states;
  }
  return out;
}

/**
 * The same machine (config, guards, actions) with invocations and delays turned into plain events. `inert` names
 * actions that talk to other actors (spawnChild, sendTo a child, sendParent): the graph is walked without those
 * actors, so there they do nothing; the real actor the paths drive runs them. With `markInvokes`, entering a state
 * that invokes runs a `test.invoke` action (params: the actor's id), which does nothing but shows in the actions
 * `transition()` returns.
 */
export function testMachineOf(
  machine: AnyStateMachine,
  { inert = [], markInvokes = false }: { inert?: readonly string[]; markInvokes?: boolean } = {},
): AnyStateMachine {
  const config = transformState(machine.config as unknown as Config, machine.id, markInvokes);
  const actions: Config = { ...machine.implementations.actions };
  for (const name of inert) {
    if (!(name in actions)) throw new Error(`testMachineOf: ${machine.id} has no action ${name}`);
    actions[name] = () => {};
  }
  if (markInvokes) actions['test.invoke'] = () => {};
  const implementations = { ...machine.implementations, actions };
  return createMachine(config as never, implementations as never);
}
