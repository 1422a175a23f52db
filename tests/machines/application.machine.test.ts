// Model-based path tests of the application machine: generated paths drive a real actor (deferred
// submitApplication) from each kind of loaded application, and check the lifecycle the applicant sees.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type AnyStateMachine,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { createTestModel, getStateNodes, type StatePath, type TestModel, type TestParam } from 'xstate/graph';
import { testMachineOf } from './support/test-machine.ts';
import { applicationMachine } from '../../machines/application/application.machine.ts';
import {
  selectApplicationState,
  selectCanSubmit,
  selectError,
  selectIsReadonly,
  selectIsSubmitting,
  selectNextIncompleteStep,
  selectStepStatuses,
} from '../../machines/application/application.selectors.ts';
import type {
  ApplicationError,
  ApplicationEvent,
  ApplicationInput,
  StepNumber,
  StepStatus,
  StepStatuses,
  SubmitApplicationInput,
  SubmitApplicationOutput,
} from '../../machines/application/application.types.ts';

/** Leaf state paths of a state value: 'saving', or 'draft.ready' for nested ones. */
function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [key] : leafPaths(child).map((leaf) => `${key}.${leaf}`)));
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// ---------------------------------------------------------------------------------------------
type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;
type ModelEvent =
  | ApplicationEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.submitApplication'; output: SubmitApplicationOutput }
  | { type: 'xstate.error.actor.submitApplication'; error: unknown };

const steps = (submitted: StepNumber[]): StepStatuses => {
  const status = (step: StepNumber): StepStatus => (submitted.includes(step) ? 'submitted' : 'incomplete');
  return { '1': status(1), '2': status(2), '3': status(3), '4': status(4), '5': status(5), '6': status(6) };
};
const ALL: StepNumber[] = [1, 2, 3, 4, 5, 6];

const DRAFT_ALMOST: ApplicationInput = { id: 41, status: 'draft', programStatus: 'open', steps: steps([1, 2, 3, 4, 5]) };
const DRAFT_READY: ApplicationInput = { ...DRAFT_ALMOST, steps: steps(ALL) };
const DRAFT_EMPTY: ApplicationInput = { ...DRAFT_ALMOST, steps: steps([]) };
const SUBMITTED: ApplicationInput = { ...DRAFT_READY, status: 'submitted' };
const CLOSED: ApplicationInput = { ...DRAFT_ALMOST, status: 'closed', programStatus: 'closed' };
const DRAFT_OF_CLOSED_PROGRAM: ApplicationInput = { ...DRAFT_ALMOST, programStatus: 'closed' };
const UNAVAILABLE: ApplicationInput = { ...DRAFT_ALMOST, programStatus: 'unavailable' };

const stepChanged = (step: StepNumber, status: StepStatus): ModelEvent => ({ type: 'application.stepChanged', step, status });
const submit: ModelEvent = { type: 'application.submit' };
const accepted: ModelEvent = { type: 'xstate.done.actor.submitApplication', output: { status: 'submitted' } };

/** Server answers, each with the error the applicant should be shown (the oracle, written out). */
const ANSWERS = {
  closed: { detail: 'Application has been closed', code: 'application_closed' },
  unavailable: { detail: 'Program Unavailable', code: 'program_unavailable' },
  incomplete: { detail: 'Check that all data have been entered.', code: 'steps_incomplete' },
  submitted: { detail: 'Application has been submitted', code: 'application_submitted' },
  other: ['Try Again Later'],
};
const refusedBy = (body: unknown): ModelEvent => ({ type: 'xstate.error.actor.submitApplication', error: { body } });
const closedByServer = refusedBy(ANSWERS.closed);
const unavailableByServer = refusedBy(ANSWERS.unavailable);
const incompleteByServer = refusedBy(ANSWERS.incomplete);
const submittedElsewhere = refusedBy(ANSWERS.submitted);
const otherFailure = refusedBy(ANSWERS.other);
const unreachable: ModelEvent = { type: 'xstate.error.actor.submitApplication', error: new TypeError('Failed to fetch') };
const failures: Array<[ModelEvent, ApplicationError, string]> = [
  [closedByServer, { code: 'application_closed', body: ANSWERS.closed }, 'closed'],
  [unavailableByServer, { code: 'program_unavailable', body: ANSWERS.unavailable }, 'unavailable'],
  [incompleteByServer, { code: 'steps_incomplete', body: ANSWERS.incomplete }, 'steps incomplete'],
  [submittedElsewhere, { code: 'application_submitted', body: ANSWERS.submitted }, 'submitted elsewhere'],
  [otherFailure, { code: 'submit_failed', body: ANSWERS.other }, 'other'],
  [unreachable, { code: 'network', body: null }, 'unreachable'],
];
const expectedErrorFor = (event: ModelEvent) => failures.find(([sample]) => sample === event)?.[1];

// `createTestModel` refuses machines that invoke or wait ("Invocations on test machines are not
// supported"): the model is the machine's own graph with those outcomes as plain events
// (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`), and the
// executors below make them happen on the real actor (settle its promise).
const modelMachine = testMachineOf(applicationMachine);
const modelFor = (input: ApplicationInput): TestModel<ApplicationSnapshot, ModelEvent, unknown> =>
  // Two steps toggle (3 and 6) so "all submitted" comes and goes; the context stays finite, so the
  // default serialization (value, context and the transition that led there) is used.
  createTestModel(modelMachine, {
    input,
    events: [
      stepChanged(6, 'submitted'),
      stepChanged(6, 'incomplete'),
      stepChanged(3, 'incomplete'),
      stepChanged(3, 'submitted'),
      submit,
      accepted,
      ...failures.map(([event]) => event),
    ],
    limit: 20_000,
  });

// ---------------------------------------------------------------------------------------------
// The system under test.
// ---------------------------------------------------------------------------------------------
interface SubmitCall {
  input: SubmitApplicationInput;
  resolve: (output: SubmitApplicationOutput) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

const visited = new Set<string>();

function createWorld(input: ApplicationInput) {
  const calls: SubmitCall[] = [];
  const world = {
    input,
    calls,
    pending: () => calls.filter((call) => !call.settled),
    /** The step statuses the step machines reported (input, then each change). */
    steps: { ...input.steps },
    error: null as ApplicationError | null,
    actor: createActor(
      applicationMachine.provide({
        actors: {
          submitApplication: fromPromise<SubmitApplicationOutput, SubmitApplicationInput>(
            ({ input: callInput }) =>
              new Promise((resolve, reject) => {
                calls.push({ input: callInput, resolve, reject, settled: false });
              }),
          ),
        },
      }),
      { input },
    ),
  };
  world.actor.start();
  return world;
}
type World = ReturnType<typeof createWorld>;

function onlyPendingSubmit(world: World): SubmitCall {
  const pending = world.pending();
  expect(pending).toHaveLength(1);
  const [call] = pending;
  if (!call) throw new Error('no submit in flight');
  return call;
}

async function execute(world: World, event: ModelEvent): Promise<void> {
  const before = world.actor.getSnapshot();
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'application.stepChanged':
      world.steps[`${event.step}`] = event.status;
      if (before.matches('draft')) world.error = null;
      world.actor.send(event);
      break;
    case 'application.submit':
      world.error = before.matches({ draft: 'incomplete' }) ? { code: 'steps_incomplete', body: null } : null;
      world.actor.send(event);
      break;
    case 'xstate.done.actor.submitApplication': {
      const call = onlyPendingSubmit(world);
      call.settled = true;
      call.resolve(event.output);
      break;
    }
    case 'xstate.error.actor.submitApplication': {
      const call = onlyPendingSubmit(world);
      call.settled = true;
      world.error = expectedErrorFor(event) ?? null;
      call.reject(event.error);
      break;
    }
  }
  await settle();
}

const firstIncomplete = (statuses: StepStatuses): StepNumber | null =>
  ALL.find((step) => statuses[`${step}`] === 'incomplete') ?? null;

function testParams(world: World): TestParam<ApplicationSnapshot, ModelEvent> {
  const actual = (expected: ApplicationSnapshot): ApplicationSnapshot => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(expected.value);
    expect(snapshot.context).toEqual(expected.context);
    // The step indicator shows what the steps reported, and the error is the one the applicant should see.
    expect(selectStepStatuses(snapshot)).toEqual(world.steps);
    expect(selectError(snapshot)).toEqual(world.error);
    expect(selectIsSubmitting(snapshot)).toBe(snapshot.matches('submitting'));
    if (!snapshot.matches('submitting')) expect(world.pending()).toHaveLength(0);
    leafPaths(snapshot.value).forEach((leaf) => visited.add(leaf));
    return snapshot;
  };
  const editable = (snapshot: ApplicationSnapshot) => {
    expect(selectIsReadonly(snapshot)).toBe(false);
    expect(selectNextIncompleteStep(snapshot)).toBe(firstIncomplete(world.steps));
  };
  const readonly = (snapshot: ApplicationSnapshot, state: ReturnType<typeof selectApplicationState>) => {
    expect(selectApplicationState(snapshot)).toBe(state);
    expect(selectIsReadonly(snapshot)).toBe(true);
    expect(selectCanSubmit(snapshot)).toBe(false);
    expect(selectNextIncompleteStep(snapshot)).toBeNull();
  };
  const execOf = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent);
  return {
    states: {
      'draft.incomplete': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('draft');
        expect(firstIncomplete(world.steps)).not.toBeNull();
        expect(selectCanSubmit(snapshot)).toBe(false);
        editable(snapshot);
      },
      'draft.ready': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('draft');
        expect(firstIncomplete(world.steps)).toBeNull();
        expect(selectCanSubmit(snapshot)).toBe(true);
        editable(snapshot);
      },
      submitting: (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('submitting');
        expect(onlyPendingSubmit(world).input).toEqual({ id: world.input.id });
        expect(selectCanSubmit(snapshot)).toBe(false);
        editable(snapshot);
      },
      submitted: (state) => {
        const snapshot = actual(state);
        readonly(snapshot, 'submitted');
        expect(snapshot.status).toBe('done');
      },
      closed: (state) => {
        const snapshot = actual(state);
        readonly(snapshot, 'closed');
        expect(snapshot.status).toBe('done');
      },
      unavailable: (state) => {
        readonly(actual(state), 'unavailable');
      },
    },
    events: {
      'application.stepChanged': execOf,
      'application.submit': execOf,
      'xstate.done.actor.submitApplication': execOf,
      'xstate.error.actor.submitApplication': execOf,
    },
  };
}

/** A hand-picked path through the model, for the stories the spec names. */
function scenario(input: ApplicationInput, events: ModelEvent[]): StatePath<ApplicationSnapshot, ModelEvent> {
  // The model machine is untyped (its events include the synthetic ones).
  let [state]: [SnapshotFrom<AnyStateMachine>, unknown] = initialTransition(modelMachine, input);
  const steps: StatePath<ApplicationSnapshot, ModelEvent>['steps'] = [{ state, event: { type: 'xstate.init' } }];
  for (const event of events) {
    if (!state.can(event)) throw new Error(`${event.type} does nothing in ${JSON.stringify(state.value)}`);
    [state] = transition(modelMachine, state, event);
    steps.push({ state, event });
  }
  return { state, steps, weight: steps.length };
}

async function runScenario(input: ApplicationInput, events: ModelEvent[]): Promise<World> {
  const world = createWorld(input);
  await modelFor(input).testPath(scenario(input, events), testParams(world));
  return world;
}

const label = (event: ModelEvent) => {
  const type = event.type.replace(/^xstate\./, '');
  if (event.type === 'application.stepChanged') return `${type} (${event.step} ${event.status})`;
  const failure = failures.find(([sample]) => sample === event);
  return failure ? `${type} (${failure[2]})` : type;
};
const describePath = (path: StatePath<ApplicationSnapshot, ModelEvent>) =>
  `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => label(step.event)).join(' → ')}`;

// ---------------------------------------------------------------------------------------------
describe.each([
  ['a draft with one step left', DRAFT_ALMOST],
  ['a draft with every step submitted', DRAFT_READY],
  ['a submitted application', SUBMITTED],
  ['a closed application', CLOSED],
  ['a draft whose program closed', DRAFT_OF_CLOSED_PROGRAM],
  ['an application of an unavailable program', UNAVAILABLE],
])('application machine: generated paths from %s', (_, input) => {
  const paths = modelFor(input).getShortestPaths();

  paths.forEach((path, index) => {
    it(`#${index} ${describePath(path)}`, async () => {
      const world = createWorld(input);
      await path.test(testParams(world));
      world.actor.stop();
    });
  });
});

describe('application machine: scenarios', () => {
  it('refuses to submit until all six steps are submitted, then submits once', async () => {
    const events: ModelEvent[] = [submit];
    for (const step of ALL) events.push(stepChanged(step, 'submitted'), submit);
    const world = await runScenario(DRAFT_EMPTY, [...events, accepted]);
    // Six refusals never reached the server; the seventh submit did.
    expect(world.calls).toHaveLength(1);
    expect(world.actor.getSnapshot().value).toBe('submitted');
  });

  it('a step edited back to incomplete makes a ready application refuse to submit', async () => {
    const world = await runScenario(DRAFT_READY, [stepChanged(4, 'incomplete'), submit]);
    expect(selectError(world.actor.getSnapshot())).toEqual({ code: 'steps_incomplete', body: null });
    expect(selectNextIncompleteStep(world.actor.getSnapshot())).toBe(4);
    expect(world.calls).toHaveLength(0);
  });

  it('the server saying the application was closed ends in closed, with its message', async () => {
    const world = await runScenario(DRAFT_READY, [submit, closedByServer]);
    expect(world.actor.getSnapshot().value).toBe('closed');
  });

  it('the server saying the program is unavailable ends in unavailable, with its message', async () => {
    const world = await runScenario(DRAFT_READY, [submit, unavailableByServer]);
    expect(world.actor.getSnapshot().value).toBe('unavailable');
  });

  it('an application another tab already submitted ends in submitted', async () => {
    const world = await runScenario(DRAFT_READY, [submit, submittedElsewhere]);
    expect(world.actor.getSnapshot().value).toBe('submitted');
  });

  it('any other failure stays in draft with the error, and submitting again works', async () => {
    const world = await runScenario(DRAFT_READY, [submit, otherFailure, submit, unreachable, submit, accepted]);
    expect(world.calls).toHaveLength(3);
  });

  it.each([
    [DRAFT_EMPTY, { draft: 'incomplete' }],
    [DRAFT_READY, { draft: 'ready' }],
    [SUBMITTED, 'submitted'],
    [CLOSED, 'closed'],
    [DRAFT_OF_CLOSED_PROGRAM, 'closed'],
    [{ ...SUBMITTED, programStatus: 'closed' } satisfies ApplicationInput, 'submitted'],
    [UNAVAILABLE, 'unavailable'],
    [{ ...SUBMITTED, programStatus: 'unavailable' } satisfies ApplicationInput, 'unavailable'],
  ])('starts a loaded application where it belongs (%o)', (input, expected) => {
    const actor = createActor(applicationMachine, { input }).start();
    expect(actor.getSnapshot().value).toEqual(expected);
    actor.stop();
  });
});

describe('application machine: coverage', () => {
  it('every state of the machine was reached by a real actor', () => {
    const leaves = getStateNodes(applicationMachine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      // `init` only decides where to start from the input; an actor never rests there.
      .filter((node) => node.key !== 'init')
      .map((node) => node.path.join('.'));
    expect([...visited].sort()).toEqual([...leaves].sort());
  });
});
