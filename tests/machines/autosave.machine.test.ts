// Model-based path tests of the autosave machine: every generated path drives a real actor
// (deferred saveDraft, simulated clock, in-memory browser storage) and checks each state it reaches.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
  type AnyStateMachine,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { createTestModel, getStateNodes, type StatePath, type TestModel, type TestParam } from 'xstate/graph';
import {
  autosaveLabel,
  autosaveProjection,
  autosaveSampleEvents,
  LOADED,
  REJECTION,
  serializeAutosaveState,
  THEIRS,
  TYPED_A,
  TYPED_B,
  type AutosaveModelEvent,
  type AutosaveSnapshot,
} from './support/autosave-model.ts';
import { testMachineOf } from './support/test-machine.ts';
import { autosaveMachine, DEBOUNCE_MS } from '#machines/autosave/autosave.machine.ts';
import {
  selectAutosaveError,
  selectAutosaveStatus,
  selectConflict,
  selectHasUnsavedChanges,
  selectIsSaving,
} from '#machines/autosave/autosave.selectors.ts';
import type {
  AutosaveInput,
  DraftData,
  LocalCopy,
  LocalCopyKey,
  SaveDraftError,
  SaveDraftInput,
  SaveDraftOutput,
} from '#machines/autosave/autosave.types.ts';

/** Leaf state paths of a state value: 'saving', or 'draft.ready' for nested ones. */
function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [key] : leafPaths(child).map((leaf) => `${key}.${leaf}`)));
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// ---------------------------------------------------------------------------------------------
// Samples: a few fixed values so the explored state space stays finite.
// ---------------------------------------------------------------------------------------------
type ModelEvent = AutosaveModelEvent;
const INPUT: AutosaveInput = { applicationId: 7, step: 2, data: LOADED, version: 1 };
/** The backoff the person would notice: 1 s, 2 s, 4 s, 8 s, 16 s, then at most 30 s. */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];

const change = (data: DraftData): ModelEvent => ({ type: 'autosave.change', data });
const saved = (version: number): ModelEvent => ({ type: 'xstate.done.actor.saveDraft', output: { version } });
const failed = (error: SaveDraftError): ModelEvent => ({ type: 'xstate.error.actor.saveDraft', error });
const debounced: ModelEvent = { type: 'xstate.after.debounce.autosave.dirty' };
const backedOff: ModelEvent = { type: 'xstate.after.retryBackoff.autosave.retrying' };

// `createTestModel` refuses machines that invoke or wait ("Invocations on test machines are not
// supported"): the model is the machine's own graph with those outcomes as plain events
// (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`), and the
// executors below make them happen on the real actor (settle its promises and move its clock).
const modelMachine = testMachineOf(autosaveMachine);

const model: TestModel<AutosaveSnapshot, ModelEvent, unknown> = createTestModel(modelMachine, {
  input: INPUT,
  events: autosaveSampleEvents,
  serializeState: serializeAutosaveState,
  // A guard against a serialization that stops bounding the space: fail instead of running forever.
  limit: 20_000,
});

// ---------------------------------------------------------------------------------------------
// The system under test: a real actor with test implementations of its slots.
// ---------------------------------------------------------------------------------------------
interface SaveCall {
  input: SaveDraftInput;
  resolve: (output: SaveDraftOutput) => void;
  reject: (error: SaveDraftError) => void;
  settled: boolean;
}

const visited = new Set<string>();

function createWorld() {
  const clock = new SimulatedClock();
  const calls: SaveCall[] = [];
  const storage = new Map<string, LocalCopy>();
  const storageKey = (key: LocalCopyKey) => `draft:${key.applicationId}:${key.step}`;
  const world = {
    clock,
    calls,
    storage,
    /** What the server holds: our saves, or another tab's when it answered with a conflict. */
    server: { data: INPUT.data, version: INPUT.version },
    /** The data the person last typed, or the server's once they chose "theirs": what must never be lost. */
    expected: INPUT.data,
    localCopy: () => storage.get(storageKey(INPUT)),
    pending: () => calls.filter((call) => !call.settled),
    actor: createActor(
      autosaveMachine.provide({
        actors: {
          saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(
            ({ input }) =>
              new Promise((resolve, reject) => {
                calls.push({ input, resolve, reject, settled: false });
              }),
          ),
        },
        actions: {
          persistLocalCopy: (_, copy) => {
            storage.set(storageKey(copy), copy);
          },
          clearLocalCopy: (_, key) => {
            storage.delete(storageKey(key));
          },
        },
      }),
      { input: INPUT, clock },
    ),
  };
  world.actor.start();
  return world;
}
type World = ReturnType<typeof createWorld>;

function onlyPendingSave(world: World): SaveCall {
  const pending = world.pending();
  expect(pending).toHaveLength(1);
  const [call] = pending;
  if (!call) throw new Error('no save in flight');
  return call;
}

async function execute(world: World, event: ModelEvent): Promise<void> {
  const { actor, clock } = world;
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'autosave.change':
      world.expected = event.data;
      actor.send(event);
      break;
    case 'autosave.resolveConflict':
      if (event.choice === 'theirs') world.expected = world.server.data;
      actor.send(event);
      break;
    case 'autosave.flush':
    case 'autosave.online':
    case 'autosave.offline':
      actor.send(event);
      break;
    // The fake server numbers versions itself (one past the version the save was based on);
    // the samples' numbers only serve the model.
    case 'xstate.done.actor.saveDraft': {
      const call = onlyPendingSave(world);
      call.settled = true;
      world.server = { data: call.input.data, version: call.input.version + 1 };
      call.resolve({ version: world.server.version });
      break;
    }
    case 'xstate.error.actor.saveDraft': {
      const call = onlyPendingSave(world);
      call.settled = true;
      if (event.error.kind === 'conflict') {
        // Another tab saved on top of the version this save was based on.
        world.server = { data: event.error.current.data, version: call.input.version + 1 };
        call.reject({ kind: 'conflict', current: world.server });
      } else {
        call.reject(event.error);
      }
      break;
    }
    case 'xstate.after.debounce.autosave.dirty':
      // Nothing is sent before the person has been quiet for the whole debounce.
      clock.increment(DEBOUNCE_MS - 1);
      expect(actor.getSnapshot().value).toBe('dirty');
      clock.increment(1);
      break;
    case 'xstate.after.retryBackoff.autosave.retrying': {
      const { attempt } = actor.getSnapshot().context;
      const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1];
      if (delay === undefined) throw new Error(`retrying with attempt ${attempt}`);
      clock.increment(delay - 1);
      expect(actor.getSnapshot().value).toBe('retrying');
      clock.increment(1);
      break;
    }
  }
  await settle();
}

function testParams(world: World): TestParam<AutosaveSnapshot, ModelEvent> {
  const expectTags = (snapshot: AutosaveSnapshot, { busy, dirty }: { busy: boolean; dirty: boolean }) => {
    expect(snapshot.hasTag('busy')).toBe(busy);
    expect(selectIsSaving(snapshot)).toBe(busy);
    expect(snapshot.hasTag('dirty')).toBe(dirty);
    expect(selectHasUnsavedChanges(snapshot)).toBe(dirty);
  };
  /** Common to every state: the actor is where the model is, and holds what the person typed. */
  const actual = (expected: AutosaveSnapshot): AutosaveSnapshot => {
    const snapshot = world.actor.getSnapshot();
    expect(autosaveProjection(snapshot)).toEqual(autosaveProjection(expected));
    expect(snapshot.context.data).toEqual(world.expected);
    expect(selectAutosaveStatus(snapshot)).toBe(snapshot.value);
    leafPaths(snapshot.value).forEach((leaf) => visited.add(leaf));
    return snapshot;
  };
  /** Unsaved data survives a reload: browser storage holds exactly what the person typed. */
  const expectKeptLocally = () => expect(world.localCopy()?.data).toEqual(world.expected);

  const execOf = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent);
  return {
    states: {
      idle: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: false, dirty: false });
        expect(world.calls).toHaveLength(0);
        expect(world.localCopy()).toBeUndefined();
      },
      saved: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: false, dirty: false });
        expect(world.pending()).toHaveLength(0);
        expect(world.server.data).toEqual(world.expected);
        expect(snapshot.context.version).toBe(world.server.version);
        expect(selectAutosaveError(snapshot)).toBeNull();
        expect(world.localCopy()).toBeUndefined();
      },
      dirty: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: false, dirty: true });
        expect(world.pending()).toHaveLength(0);
        expectKeptLocally();
        // The local copy names the version its data builds on, so a reload now restores it without a false conflict.
        expect(world.localCopy()?.version).toBe(snapshot.context.version);
      },
      saving: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: true, dirty: true });
        const call = onlyPendingSave(world);
        expect(call.input).toMatchObject({ applicationId: INPUT.applicationId, step: INPUT.step, version: snapshot.context.version });
        // Every save builds on the version the server holds, so it can never overwrite a newer one.
        expect(call.input.version).toBe(world.server.version);
        // With nothing queued, the request carries the latest data.
        if (snapshot.context.queuedSave === 'none') expect(call.input.data).toEqual(world.expected);
        expectKeptLocally();
      },
      offline: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: false, dirty: true });
        expect(snapshot.context.online).toBe(false);
        expect(world.pending()).toHaveLength(0);
        expectKeptLocally();
      },
      retrying: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: false, dirty: true });
        expect(snapshot.context.attempt).toBeGreaterThanOrEqual(1);
        expect(selectAutosaveError(snapshot)).toEqual({ kind: 'network' });
        expect(world.pending()).toHaveLength(0);
        expectKeptLocally();
      },
      conflict: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: false, dirty: true });
        // The other tab's save is shown as the server has it, and ours is not overwritten yet.
        expect(selectConflict(snapshot)).toEqual(world.server);
        expect(world.pending()).toHaveLength(0);
        expectKeptLocally();
      },
      failed: (state) => {
        const snapshot = actual(state);
        expectTags(snapshot, { busy: false, dirty: true });
        expect(selectAutosaveError(snapshot)).toEqual({ kind: 'rejected', body: REJECTION });
        expect(world.pending()).toHaveLength(0);
        expectKeptLocally();
      },
    },
    events: {
      'autosave.change': execOf,
      'autosave.flush': execOf,
      'autosave.online': execOf,
      'autosave.offline': execOf,
      'autosave.resolveConflict': execOf,
      'xstate.done.actor.saveDraft': execOf,
      'xstate.error.actor.saveDraft': execOf,
      'xstate.after.debounce.autosave.dirty': execOf,
      'xstate.after.retryBackoff.autosave.retrying': execOf,
    },
  };
}

/** A hand-picked path through the model, for the stories the spec names. */
function scenario(events: ModelEvent[]): StatePath<AutosaveSnapshot, ModelEvent> {
  // The model machine is untyped (its events include the synthetic ones).
  let [state]: [SnapshotFrom<AnyStateMachine>, unknown] = initialTransition(modelMachine, INPUT);
  const steps: StatePath<AutosaveSnapshot, ModelEvent>['steps'] = [{ state, event: { type: 'xstate.init' } }];
  for (const event of events) {
    if (!state.can(event)) throw new Error(`${event.type} does nothing in ${JSON.stringify(state.value)}`);
    [state] = transition(modelMachine, state, event);
    steps.push({ state, event });
  }
  return { state, steps, weight: steps.length };
}

async function runScenario(events: ModelEvent[]): Promise<World> {
  const world = createWorld();
  await model.testPath(scenario(events), testParams(world));
  return world;
}

const describePath = (path: StatePath<AutosaveSnapshot, ModelEvent>) =>
  `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => autosaveLabel(step.event)).join(' → ')}`;

// ---------------------------------------------------------------------------------------------
describe('autosave machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(1000);
  });

  paths.forEach((path, index) => {
    it(`#${index} ${describePath(path)}`, async () => {
      const world = createWorld();
      await path.test(testParams(world));
      world.actor.stop();
    });
  });
});

describe('autosave machine: scenarios', () => {
  it('keeps what is typed offline and saves it once, when the network is back', async () => {
    const world = await runScenario([
      { type: 'autosave.offline' },
      change(TYPED_A),
      change(TYPED_B),
      { type: 'autosave.online' },
      saved(2),
    ]);
    expect(world.calls).toHaveLength(1);
    expect(world.calls[0]?.input).toEqual({ ...INPUT, data: TYPED_B, version: 1 });
    expect(world.actor.getSnapshot().value).toBe('saved');
  });

  it('a save that fails because the network dropped waits offline, then saves the data', async () => {
    const world = await runScenario([
      change(TYPED_A),
      debounced,
      { type: 'autosave.offline' },
      failed({ kind: 'network' }),
      change(TYPED_B),
      { type: 'autosave.online' },
      saved(2),
    ]);
    expect(world.calls.map((call) => call.input.data)).toEqual([TYPED_A, TYPED_B]);
  });

  it('a conflict resolved with "mine" saves our data on top of their version', async () => {
    const world = await runScenario([
      change(TYPED_A),
      debounced,
      failed({ kind: 'conflict', current: { data: THEIRS, version: 2 } }),
      { type: 'autosave.resolveConflict', choice: 'mine' },
      saved(3),
    ]);
    expect(world.calls.map((call) => call.input)).toEqual([
      { ...INPUT, data: TYPED_A, version: 1 },
      { ...INPUT, data: TYPED_A, version: 2 },
    ]);
    expect(world.server).toEqual({ data: TYPED_A, version: 3 });
  });

  it('a conflict resolved with "theirs" takes the server data and saves nothing', async () => {
    const world = await runScenario([
      change(TYPED_A),
      debounced,
      failed({ kind: 'conflict', current: { data: THEIRS, version: 2 } }),
      { type: 'autosave.resolveConflict', choice: 'theirs' },
    ]);
    expect(world.calls).toHaveLength(1);
    expect(world.actor.getSnapshot().context).toMatchObject({ data: THEIRS, version: 2, theirs: null });
    expect(world.localCopy()).toBeUndefined();
  });

  it('a change typed while saving is kept and saved after (debounced)', async () => {
    const world = await runScenario([change(TYPED_A), debounced, change(TYPED_B), saved(2), debounced, saved(3)]);
    expect(world.calls.map((call) => call.input)).toEqual([
      { ...INPUT, data: TYPED_A, version: 1 },
      { ...INPUT, data: TYPED_B, version: 2 },
    ]);
    expect(world.server).toEqual({ data: TYPED_B, version: 3 });
  });

  it('a change typed while saving leaves a local copy on the version just saved (a reload restores it cleanly)', async () => {
    const world = await runScenario([change(TYPED_A), debounced, change(TYPED_B), saved(2)]);
    expect(world.localCopy()).toMatchObject({ data: TYPED_B, version: 2 });
  });

  it('a change typed while saving, then a flush, is saved as soon as the first save ends', async () => {
    const world = await runScenario([
      change(TYPED_A),
      { type: 'autosave.flush' },
      change(TYPED_B),
      { type: 'autosave.flush' },
      saved(2),
      saved(3),
    ]);
    expect(world.calls.map((call) => call.input.data)).toEqual([TYPED_A, TYPED_B]);
  });

  it('retries failed saves after 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s, and keeps the data', async () => {
    const network = failed({ kind: 'network' });
    const world = await runScenario([
      change(TYPED_A),
      { type: 'autosave.flush' },
      ...Array.from({ length: 7 }, () => [network, backedOff]).flat(),
      saved(2),
    ]);
    expect(world.calls).toHaveLength(8);
    expect(world.actor.getSnapshot().context).toMatchObject({ attempt: 0, error: null, version: 2 });
  });

  it('a refused draft keeps the data and the server body; the next change tries again', async () => {
    const world = await runScenario([
      change(TYPED_A),
      debounced,
      failed({ kind: 'rejected', body: REJECTION }),
      change(TYPED_B),
      debounced,
      saved(2),
    ]);
    expect(world.server).toEqual({ data: TYPED_B, version: 2 });
  });
});

describe('autosave machine: coverage', () => {
  it('every state of the machine was reached by a real actor', () => {
    const leaves = getStateNodes(autosaveMachine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.path.join('.'));
    expect([...visited].sort()).toEqual([...leaves].sort());
  });
});
