// Which generated paths a machine's suite walks. `PATHS_ALL=1` walks every shortest path the model generates (the
// whole set, on demand); without it, the CI-size selection: the paths, picked greedily, that together take every step
// the whole set takes (the same state, the same event with the same payload, to the same state), plus every n-th of
// the others, spread over the generated order, up to a share of the whole set (a tenth by default): the whole set
// differs mostly by context (what is stored, which pages are open), which the spread keeps a sample of. Both are
// deterministic, so a failing path fails again on the next run; docs/testing.md says how long each set takes.

/** A state of the model as a path holds it: its value and, for a key that needs it, its context. */
type ModelState = { value: unknown; context?: unknown };

/** The part of an xstate/graph path the selection reads. */
interface WalkedPath {
  steps: ReadonlyArray<{ state: ModelState; event: unknown }>;
}

/** True when the whole set was asked for (`PATHS_ALL=1`, as for the browser's model paths). */
export const walkAllPaths = process.env.PATHS_ALL === '1';

/** What makes one step of a path different from another: where it starts, the event with its payload, where it ends. */
function stepKeys(path: WalkedPath, stateKey: (state: ModelState) => string): string[] {
  const keys: string[] = [];
  for (let index = 1; index < path.steps.length; index += 1) {
    const from = path.steps[index - 1];
    const step = path.steps[index];
    if (!from || !step) continue;
    keys.push(`${stateKey(from.state)} ${JSON.stringify(step.event)} ${stateKey(step.state)}`);
  }
  return keys;
}

/**
 * The paths to walk: all of them with PATHS_ALL=1, else a set that takes every step of the whole set at least once.
 * `pathOf` finds the path in an item (a suite may pair each path with its start); `all` overrides PATHS_ALL; `stateKey` names a state for the comparison (its value by default; a model whose context decides what a step does
 * passes a key with the part of the context that matters).
 */
export function selectPaths<TItem>(
  paths: readonly TItem[],
  options: { pathOf?: (item: TItem) => WalkedPath; stateKey?: (state: ModelState) => string; share?: number; all?: boolean } = {},
): TItem[] {
  if (options.all ?? walkAllPaths) return [...paths];
  const pathOf = options.pathOf ?? ((item: TItem) => item as WalkedPath);
  const stateKey = options.stateKey ?? ((state: ModelState) => JSON.stringify(state.value));
  const keysOf = paths.map((item) => new Set(stepKeys(pathOf(item), stateKey)));
  const uncovered = new Set(keysOf.flatMap((keys) => [...keys]));
  const chosen = new Set<number>();
  while (uncovered.size > 0) {
    let best = -1;
    let bestGain = 0;
    keysOf.forEach((keys, index) => {
      if (chosen.has(index)) return;
      let gain = 0;
      for (const key of keys) if (uncovered.has(key)) gain += 1;
      if (gain > bestGain) {
        best = index;
        bestGain = gain;
      }
    });
    if (best < 0) break;
    chosen.add(best);
    for (const key of keysOf[best] ?? []) uncovered.delete(key);
  }
  const others = paths.map((_, index) => index).filter((index) => !chosen.has(index));
  const room = Math.ceil(paths.length * (options.share ?? 0.1)) - chosen.size;
  if (room > 0 && others.length > 0) {
    const stride = others.length / Math.min(room, others.length);
    for (let taken = 0; taken * stride < others.length; taken += 1) chosen.add(others[Math.floor(taken * stride)] ?? 0);
  }
  // In the generated order: a run of the selection walks its paths in the same order as the whole set does.
  return paths.filter((_, index) => chosen.has(index));
}
