// docs/machines/<machine>.md are generated from the machines (scripts/machines-graph.ts) and committed: each must be
// what its machine says today, and every machine of machines/ must have one.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { MACHINES, chartPath, renderChart } from '../../scripts/machines-graph.ts';

describe('docs/machines/*.md', () => {
  for (const [name, machine] of Object.entries(MACHINES)) {
    it(`${chartPath(name)} matches machines/${name} (run \`npm run machines:graph\` when this fails)`, () => {
      expect(readFileSync(chartPath(name), 'utf8')).toBe(renderChart(name, machine));
    });
  }

  it('charts every machine file of machines/, and nothing else', () => {
    // A folder's own machine is named by the folder; another machine file beside it by folder and file.
    const folders = readdirSync('machines', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        readdirSync(`machines/${entry.name}`)
          .filter((file) => file.endsWith('.machine.ts'))
          .map((file) => (file === `${entry.name}.machine.ts` ? entry.name : `${entry.name}-${file.replace(/\.machine\.ts$/, '')}`)),
      );
    expect(Object.keys(MACHINES).sort()).toEqual(folders.sort());
    const charts = readdirSync('docs/machines').filter((file) => file.endsWith('.md')).map((file) => file.replace(/\.md$/, ''));
    expect(charts.sort()).toEqual(folders.sort());
  });

  it('draws nesting, initial and final states, guards, delays, root transitions and invoked children', () => {
    const machine = createMachine({
      id: 'sample',
      description: 'A sample.',
      initial: 'idle',
      on: { reset: { target: '.idle' }, ping: { actions: 'pong' } },
      states: {
        idle: { on: { go: [{ guard: 'ready', target: 'busy' }, { target: 'done' }] } },
        busy: {
          initial: 'working',
          invoke: [
            { id: 'worker', src: 'work' },
            { id: 'saver', src: 'autosave' },
          ],
          states: {
            working: { after: { 1000: 'waiting' }, always: { guard: 'finished', target: '#sample.done' } },
            waiting: { invoke: { id: 'poll', src: 'poll', onDone: 'working' } },
          },
        },
        done: { type: 'final' },
      },
    });
    const chart = renderChart('sample', machine);
    for (const line of [
      '  [*] --> idle',
      '  state "any state" as any_state',
      '  state "busy" as busy {',
      '    [*] --> busy__working',
      '    busy__waiting : invokes poll',
      '  done --> [*]',
      '  any_state --> idle: reset',
      '  idle --> busy: go [ready]',
      '  idle --> done: go',
      '  busy__working --> done: always [finished]',
      '  busy__working --> busy__waiting: after 1000 ms',
      '  busy__waiting --> busy__working: xstate.done.actor.poll',
      '| busy | worker (work) |',
      // One of our machines: its chart is linked.
      '| busy | saver ([autosave](autosave.md)) |',
      '| (sample, every state) | ping | pong |',
    ]) {
      expect(chart.split('\n'), line).toContain(line);
    }
  });
});
