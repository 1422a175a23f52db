// The browser path tests' bookkeeping (docs/decisions/027-browser-model-paths.md): which generated paths a run walks
// (a bounded, seeded selection, or every one with PATHS_ALL=1), and which states and transitions of a machine the
// walked paths covered, out of all the machine declares.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { seededRandom } from '../../support/seeded-random.ts';
import { createMachine, type AnyStateMachine, type AnyStateNode, type StateValue } from 'xstate';

/** Every path when PATHS_ALL=1 (`npm run test:paths`); otherwise PATHS_LIMIT paths per machine, chosen by PATHS_SEED. */
export const PATHS_ALL = process.env.PATHS_ALL === '1';
export const PATHS_SEED = Number(process.env.PATHS_SEED ?? 27);
export const PATHS_LIMIT = Number(process.env.PATHS_LIMIT ?? 3);

/** Leaf state of a snapshot value, as a dotted path: 'signedIn', 'draft.ready'. */
export function leafOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['?', undefined];
  return child === undefined ? key : `${key}.${leafOf(child)}`;
}

interface PathLike {
  steps: ReadonlyArray<{ state: { value: StateValue }; event: { type: string } }>;
}

/** The transitions a path takes, as `from --event--> to` keys (the first step is the boot, keyed as `boot`). */
export function transitionsOf(path: PathLike, initial: string): string[] {
  return path.steps.map((step, i) => {
    const from = i === 0 ? initial : leafOf(path.steps[i - 1]?.state.value ?? initial);
    return `${from} --${i === 0 ? 'boot' : step.event.type}--> ${leafOf(step.state.value)}`;
  });
}

/**
 * The paths a run walks. All of them with PATHS_ALL=1. Otherwise PATHS_LIMIT of them: shuffled by PATHS_SEED, then
 * taken greedily by the transitions they add that the ones taken before do not take (ties keep the shuffled order),
 * so a small selection still spreads over the machine, and the same seed picks the same paths. With `required`, the
 * first path taken is the best of those it accepts, so the selection always walks at least one such path; with a list,
 * the nth path taken is the best the nth accepts (one already taken that it accepts counts), so each is walked.
 */
export function selectPaths<T extends PathLike>(paths: readonly T[], initial: string, required?: ((path: T) => boolean) | ReadonlyArray<(path: T) => boolean>): T[] {
  const musts = required === undefined ? [] : typeof required === 'function' ? [required] : required;
  if (PATHS_ALL) return [...paths];
  const random = seededRandom(PATHS_SEED);
  const shuffled = paths.map((path) => ({ path, order: random() })).sort((a, b) => a.order - b.order).map(({ path }) => path);
  const chosen: T[] = [];
  const taken = new Set<string>();
  while (chosen.length < Math.min(Math.max(PATHS_LIMIT, musts.length), shuffled.length)) {
    // The first required predicate no path taken yet satisfies (and some path does).
    const must = musts.find((predicate) => !chosen.some(predicate) && shuffled.some(predicate));
    let best: T | undefined;
    let bestGain = -1;
    for (const path of shuffled) {
      if (chosen.includes(path) || (must !== undefined && !must(path))) continue;
      const gain = new Set(transitionsOf(path, initial).filter((key) => !taken.has(key))).size;
      if (gain > bestGain) {
        best = path;
        bestGain = gain;
      }
    }
    if (best === undefined) break;
    chosen.push(best);
    transitionsOf(best, initial).forEach((key) => taken.add(key));
  }
  return chosen;
}

type Config = Record<string, unknown>;

/** Names a transition to leave out of a graph: the state's dotted path ('' for the root) and the event type. */
export type Dropped = (state: string, eventType: string) => boolean;

function dropEvents(node: Config, state: string, dropped: Dropped): Config {
  const out: Config = { ...node };
  if (node.on !== undefined) out.on = Object.fromEntries(Object.entries(node.on as Config).filter(([type]) => !dropped(state, type)));
  if (node.states !== undefined) {
    out.states = Object.fromEntries(
      Object.entries(node.states as Config).map(([key, child]) => [key, dropEvents(child as Config, state === '' ? key : `${state}.${key}`, dropped)]),
    );
  }
  return out;
}

/**
 * The graph the browser paths are generated from: the machine without the transitions no person can make in a
 * browser. (createTestModel offers every event type a state handles, a bare `{ type }` for those without a sample,
 * so leaving a type out of the samples is not enough.) Coverage is still counted against the whole machine.
 */
export function withoutEvents(machine: AnyStateMachine, dropped: Dropped): AnyStateMachine {
  return createMachine(dropEvents(machine.config as unknown as Config, '', dropped) as never, machine.implementations as never);
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

const pathOf = (node: AnyStateNode): string => node.path.join('.');

/**
 * All a machine declares: its states (every node but the root) and its transitions from each leaf state, as
 * `from --event--> to` keys like transitionsOf's. A leaf takes its ancestors' transitions too (the application's
 * `draft` handles stepChanged for both its children); a transition without a target stays where it is; the
 * initial state's eventless transitions are the boots. Built from the machine the paths are generated from
 * (testMachineOf's, where an invoked call's answer is an `xstate.done/error.actor.<id>` event).
 */
export function machineInventory(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = descendants(machine.root);
  const leaves = nodes.filter((node) => Object.keys(node.states).length === 0);
  const transitions = new Set<string>();
  for (const leaf of leaves) {
    const seen = new Set<string>();
    for (let node: AnyStateNode | undefined = leaf; node !== undefined && node !== machine.root; node = node.parent) {
      for (const [eventType, definitions] of node.transitions) {
        // The nearest declaration of an event wins, as in XState.
        if (seen.has(eventType)) continue;
        seen.add(eventType);
        for (const definition of definitions) {
          const targets = definition.target?.map(leafTargetOf) ?? [pathOf(leaf)];
          for (const target of targets) transitions.add(`${pathOf(leaf)} --${eventType}--> ${target}`);
        }
      }
    }
    for (const definition of leaf.always ?? []) {
      for (const target of definition.target?.map(leafTargetOf) ?? []) transitions.add(`${pathOf(leaf)} --boot--> ${target}`);
    }
  }
  return { states: nodes.map(pathOf), transitions: [...transitions] };
}

/** A target that is a compound state ends in its initial leaf. */
function leafTargetOf(node: AnyStateNode): string {
  let current = node;
  while (Object.keys(current.states).length > 0) {
    const initial = current.initial.target[0];
    if (initial === undefined) break;
    current = initial;
  }
  return pathOf(current);
}

/** What the walked paths covered of one machine; `walked` is called as each step's screen check passes. */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  readonly all: { states: string[]; transitions: string[] };

  constructor(
    readonly name: string,
    machine: AnyStateMachine,
    readonly initial: string,
  ) {
    this.all = machineInventory(machine);
  }

  /** A step whose screen was checked: the state, its ancestors, and the transition into it. */
  walked(from: StateValue | null, event: string, to: StateValue): void {
    const leaf = leafOf(to);
    const parts = leaf.split('.');
    parts.forEach((_, i) => this.states.add(parts.slice(0, i + 1).join('.')));
    if (from === null) this.states.add(this.initial);
    this.transitions.add(`${from === null ? this.initial : leafOf(from)} --${from === null ? 'boot' : event}--> ${leaf}`);
  }

  /**
   * Adds what this worker walked to `file` (a failed test restarts the worker, which starts with empty sets) and
   * answers the whole run's coverage so far, as printed lines.
   */
  merge(file: string): void {
    const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { states: string[]; transitions: string[] }>) : {};
    const mine = saved[this.name] ?? { states: [], transitions: [] };
    mine.states.forEach((state) => this.states.add(state));
    mine.transitions.forEach((key) => this.transitions.add(key));
    saved[this.name] = { states: [...this.states], transitions: [...this.transitions] };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(saved, null, 2));
  }

  report(): string {
    const states = this.all.states.filter((state) => this.states.has(state));
    const transitions = this.all.transitions.filter((key) => this.transitions.has(key));
    const missing = this.all.transitions.filter((key) => !this.transitions.has(key));
    return [
      `${this.name}: states ${states.length}/${this.all.states.length}, transitions ${transitions.length}/${this.all.transitions.length}`,
      ...(missing.length > 0 ? [`  not walked: ${missing.join('; ')}`] : []),
    ].join('\n');
  }
}
