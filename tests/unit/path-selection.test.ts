// The CI-size selection of generated model paths (tests/machines/support/path-selection.ts): it takes every step the
// whole set takes, a spread share of the rest, always the same paths, and the whole set when asked.
import { describe, expect, it } from 'vitest';
import { selectPaths } from '../machines/support/path-selection.ts';

type Path = { name: string; steps: Array<{ state: { value: string }; event: { type: string; n?: number } }> };

/** A path through the named states, each step entered by the event `to:<state>` (or a payload `n` when given). */
function path(name: string, states: string[], payloads: number[] = []): Path {
  return {
    name,
    steps: states.map((value, index) => ({ state: { value }, event: index === 0 ? { type: 'xstate.init' } : { type: `to:${value}`, ...((payloads[index] ?? -1) < 0 ? {} : { n: payloads[index] }) } })),
  };
}

const steps = (paths: Path[]) =>
  new Set(paths.flatMap((p) => p.steps.slice(1).map((step, index) => `${p.steps[index]?.state.value} ${JSON.stringify(step.event)} ${step.state.value}`)));

describe('selectPaths', () => {
  // Forty paths over five steps: most of them repeat steps another path takes (they differ in context only).
  const whole = [
    path('a', ['idle', 'loading', 'ready']),
    path('b', ['idle', 'loading', 'failed']),
    path('c', ['idle', 'loading', 'failed', 'loading'], [-1, -1, -1, 1]),
    ...Array.from({ length: 37 }, (_, index) => path(`same ${index}`, ['idle', 'loading', 'ready'])),
  ];

  it('takes every step of the whole set, by state, event and payload', () => {
    const chosen = selectPaths(whole, { all: false, share: 0 });
    expect(steps(chosen)).toEqual(steps(whole));
    // The greedy cover: "c" takes three of the four steps, then "a" the fourth; "b" adds nothing.
    expect(chosen.map((p) => p.name)).toEqual(['a', 'c']);
  });

  it('adds a spread share of the others, in the generated order', () => {
    const chosen = selectPaths(whole, { all: false, share: 0.25 });
    expect(chosen).toHaveLength(10);
    expect(chosen.map((p) => whole.indexOf(p))).toEqual([...chosen.map((p) => whole.indexOf(p))].sort((x, y) => x - y));
    expect(new Set(chosen).size).toBe(10);
    // Spread over the set, not its first ten.
    expect(whole.indexOf(chosen.at(-1) as Path)).toBeGreaterThan(30);
  });

  it('chooses the same paths on every run', () => {
    expect(selectPaths(whole, { all: false }).map((p) => p.name)).toEqual(selectPaths(whole, { all: false }).map((p) => p.name));
  });

  it('walks the whole set when asked (PATHS_ALL=1)', () => {
    expect(selectPaths(whole, { all: true })).toEqual(whole);
  });

  it('reads the path of an item through pathOf', () => {
    const items = whole.map((p, index) => ({ index, p }));
    expect(selectPaths(items, { all: false, share: 0, pathOf: (item) => item.p }).map((item) => item.p.name)).toEqual(['a', 'c']);
  });

  it('tells states apart by stateKey, so a suite can name the part of the context that matters', () => {
    // "d" takes the steps "a" takes, but ends with two owners: by value it adds nothing, by value and owners it does.
    const d = path('d', ['idle', 'loading', 'ready']);
    const last = d.steps[2];
    if (last) last.state = Object.assign(last.state, { owners: 2 });
    const withD = [...whole, d];
    const byOwners = (state: { value: unknown; owners?: number }) => `${String(state.value)}/${state.owners ?? 1}`;
    expect(selectPaths(withD, { all: false, share: 0 }).map((p) => p.name)).toEqual(['a', 'c']);
    expect(selectPaths(withD, { all: false, share: 0, stateKey: byOwners }).map((p) => p.name)).toEqual(['a', 'c', 'd']);
  });
});
