// Model-based path tests of the bulk-review machine (docs/decisions/040-staff-queues-and-history.md): generated paths
// drive a real actor whose `perform` call the test settles, and check in each state the selection, the request sent
// (only the selected applications, with the chosen action), the outcomes shown, that after a report only the refused
// stay selected, and that the selection cannot change while a request is on its way.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, type TestParam } from 'xstate/graph';
import { testMachineOf } from './support/test-machine.ts';
import { bulkReviewMachine } from '#machines/bulk-review/bulk-review.machine.ts';
import {
  selectCanAct,
  selectCanSelect,
  selectDoneCount,
  selectErrorBody,
  selectHasFailed,
  selectIsReported,
  selectIsWorking,
  selectOutcomes,
  selectRefused,
  selectSelected,
} from '#machines/bulk-review/bulk-review.selectors.ts';
import type { BulkOutcome, BulkRequest, BulkReviewEvent } from '#machines/bulk-review/bulk-review.types.ts';

type Snapshot = SnapshotFrom<typeof bulkReviewMachine>;
type ModelEvent =
  | BulkReviewEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.perform'; output: { results: BulkOutcome[] } }
  | { type: 'xstate.error.actor.perform'; error: { status: number; body?: unknown } };

/** What the real server answers (tests/server/staff-queues.test.ts): application 2 is a draft, so its review cannot start. */
const REFUSED: BulkOutcome = { id: 2, done: false, code: 'review_not_allowed', detail: 'No se puede hacer eso con una solicitud en estado «Borrador».' };
const answerFor = (ids: number[]): BulkOutcome[] => ids.map((id) => (id === 2 ? REFUSED : { id, done: true, code: null, detail: null }));
const INVALID = { reviewer_id: ['Este campo es obligatorio.'], code: 'invalid' };

function sampleEvents(state: Snapshot): ModelEvent[] {
  const asked = state.context.request?.ids ?? [];
  return [
    { type: 'bulk.toggle', id: 1 },
    { type: 'bulk.toggle', id: 2 },
    { type: 'bulk.page', ids: [1, 2], selected: true },
    { type: 'bulk.page', ids: [1, 2], selected: false },
    { type: 'bulk.clear' },
    { type: 'bulk.assign', reviewerId: 9 },
    { type: 'bulk.start_review' },
    { type: 'bulk.retry' },
    { type: 'bulk.dismiss' },
    { type: 'xstate.done.actor.perform', output: { results: answerFor(asked) } },
    { type: 'xstate.error.actor.perform', error: { status: 400, body: INVALID } },
  ];
}

const model = createTestModel(testMachineOf(bulkReviewMachine, { inert: ['reportDone'] }), { events: sampleEvents });

interface World {
  actor: ReturnType<typeof createActor<typeof bulkReviewMachine>>;
  calls: Array<{ input: BulkRequest; resolve: (value: { results: BulkOutcome[] }) => void; reject: (error: unknown) => void }>;
  /** reportDone's runs (the list refreshed). */
  reports: number[];
}

function createWorld(): World {
  const world: Omit<World, 'actor'> = { calls: [], reports: [] };
  const actor = createActor(
    bulkReviewMachine.provide({
      actors: {
        perform: fromPromise<{ results: BulkOutcome[] }, BulkRequest>(({ input }) => new Promise((resolve, reject) => world.calls.push({ input, resolve, reject }))),
      },
      actions: {
        reportDone: () => void world.reports.push(1),
      },
    }),
  ).start();
  return { ...world, actor };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function execute(world: World, event: ModelEvent): Promise<void> {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'xstate.done.actor.perform':
      world.calls.at(-1)?.resolve({ results: answerFor(world.calls.at(-1)?.input.ids ?? []) });
      break;
    case 'xstate.error.actor.perform':
      world.calls.at(-1)?.reject(event.error);
      break;
    default:
      world.actor.send(event);
  }
  await settle();
}

const visited = new Set<string>();

function testParams(world: World): TestParam<Snapshot, ModelEvent> {
  const check = (state: Snapshot) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.value);
    // The model's context is the real actor's: the same selection, request and outcomes.
    expect(selectSelected(snapshot)).toEqual(state.context.selected);
    expect(snapshot.context.request).toEqual(state.context.request);
    expect(selectIsWorking(snapshot)).toBe(snapshot.matches('working'));
    expect(selectCanSelect(snapshot)).toBe(!snapshot.matches('working') && !snapshot.matches('failed'));
    expect(selectCanAct(snapshot)).toBe(!snapshot.matches('working') && !snapshot.matches('failed') && state.context.selected.length > 0);
    visited.add(String(snapshot.value));
    return snapshot;
  };
  return {
    states: {
      choosing: (state) => {
        const snapshot = check(state);
        expect(selectOutcomes(snapshot)).toEqual([]);
        expect(selectErrorBody(snapshot)).toBeNull();
      },
      working: (state) => {
        check(state);
        const call = world.calls.at(-1);
        // Sent: exactly the selection, with the chosen action.
        expect(call?.input.ids).toEqual(state.context.selected);
        expect(call?.input).toEqual(state.context.request);
        expect(call?.input.ids.length).toBeGreaterThan(0);
      },
      reported: (state) => {
        const snapshot = check(state);
        expect(selectIsReported(snapshot)).toBe(true);
        const asked = snapshot.context.request?.ids ?? [];
        expect(selectOutcomes(snapshot).map((outcome) => outcome.id)).toEqual(asked);
        expect(selectDoneCount(snapshot)).toBe(asked.filter((id) => id !== 2).length);
        expect(selectRefused(snapshot)).toEqual(asked.includes(2) ? [REFUSED] : []);
        expect(world.reports.length).toBeGreaterThan(0);
      },
      failed: (state) => {
        const snapshot = check(state);
        expect(selectHasFailed(snapshot)).toBe(true);
        expect(selectErrorBody(snapshot)).toEqual(INVALID);
      },
    },
    events: Object.fromEntries(
      ['bulk.toggle', 'bulk.page', 'bulk.clear', 'bulk.assign', 'bulk.start_review', 'bulk.retry', 'bulk.dismiss', 'xstate.done.actor.perform', 'xstate.error.actor.perform'].map(
        (type) => [type, (step: { event: { type: string } }) => execute(world, step.event as ModelEvent)],
      ),
    ),
  };
}

describe('bulk-review machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(8);
    expect(paths.length).toBeLessThan(500);
  });

  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => step.event.type.replace(/^(bulk|xstate)\./, '')).join(' → ')}`, async () => {
      const world = createWorld();
      await path.test(testParams(world));
      world.actor.stop();
    });
  });

  it('visited every state', () => {
    expect([...visited].sort()).toEqual(['choosing', 'failed', 'reported', 'working']);
  });
});

describe('bulk-review machine: rules a path does not show', () => {
  it('sends nothing with nothing selected, and keeps only the refused selected after a report', async () => {
    const world = createWorld();
    world.actor.send({ type: 'bulk.start_review' });
    expect(world.calls).toHaveLength(0);
    world.actor.send({ type: 'bulk.page', ids: [1, 2, 3], selected: true });
    world.actor.send({ type: 'bulk.start_review' });
    world.actor.send({ type: 'bulk.toggle', id: 3 });
    expect(selectSelected(world.actor.getSnapshot())).toEqual([1, 2, 3]);
    world.calls[0]?.resolve({ results: answerFor([1, 2, 3]) });
    await settle();
    expect(selectSelected(world.actor.getSnapshot())).toEqual([2]);
    expect(selectRefused(world.actor.getSnapshot())).toEqual([REFUSED]);
    world.actor.stop();
  });
});
