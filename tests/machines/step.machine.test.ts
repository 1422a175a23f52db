// Model-based path tests of the step machine: generated paths drive a real actor (deferred flushDraft and submitStep)
// from each kind of input, and check status, tags, errors and what the application is told. The flush against a real
// autosave actor is tested with the composed application machine (tests/machines/application.machine.test.ts).
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
import type { StepModelEvent, StepSnapshot } from './support/step-model.ts';
import { testMachineOf } from './support/test-machine.ts';
import { DraftNotSaved, stepMachine, withoutFieldError } from '#machines/step/step.machine.ts';
import {
  selectCanSubmitStep,
  selectFieldErrors,
  selectIsReadonly,
  selectIsSubmitting,
  selectStepError,
  selectStepStatus,
} from '#machines/step/step.selectors.ts';
import type {
  FlushDraftInput,
  FlushDraftOutput,
  StepInput,
  StepStatus,
  StepStatusReport,
  SubmitStepInput,
  SubmitStepOutput,
} from '#machines/step/step.types.ts';
import { SERVER_ANSWERS } from '../support/server-answers.ts';

/** Leaf state paths of a state value: 'saving', or 'draft.ready' for nested ones. */
function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [key] : leafPaths(child).map((leaf) => `${key}.${leaf}`)));
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// ---------------------------------------------------------------------------------------------
type ModelEvent = StepModelEvent;

const FIELD_ERRORS = SERVER_ANSWERS.stepFieldsMissing;
const INCOMPLETE: StepInput = { applicationId: 7, step: 2, status: 'incomplete', readonly: false };
const SUBMITTED: StepInput = { ...INCOMPLETE, status: 'submitted' };
const READONLY: StepInput = { ...INCOMPLETE, status: 'submitted', readonly: true };

const flushed: ModelEvent = { type: 'xstate.done.actor.flushDraft', output: { draft: null } };
/** The server refused the draft itself (the autosave failed with its body). */
const draftRefused: ModelEvent = { type: 'xstate.error.actor.flushDraft', error: new DraftNotSaved(FIELD_ERRORS) };
/** Offline, retrying or in conflict: the draft did not reach the server. */
const draftUnsaved: ModelEvent = { type: 'xstate.error.actor.flushDraft', error: new DraftNotSaved(undefined) };
const accepted: ModelEvent = { type: 'xstate.done.actor.submitStep', output: { status: 'submitted' } };
const invalid: ModelEvent = { type: 'xstate.error.actor.submitStep', error: { body: FIELD_ERRORS } };
/** What a fetch wrapper rejects with when the request never reached the server. */
const unreachable: ModelEvent = { type: 'xstate.error.actor.submitStep', error: new TypeError('Failed to fetch') };
const submit: ModelEvent = { type: 'step.submit' };
const edit: ModelEvent = { type: 'step.edit' };
const lock: ModelEvent = { type: 'step.lock' };
/** The field the sample refusal names was answered elsewhere (as step 6's intake form is, by its upload). */
const answered: ModelEvent = { type: 'step.answered', field: 'business_name' };
/** A version conflict answered "use theirs": the other tab's copy, submitted there or not. */
const theirsSubmitted: ModelEvent = { type: 'step.serverCopy', status: 'submitted' };
const theirsIncomplete: ModelEvent = { type: 'step.serverCopy', status: 'incomplete' };

// `createTestModel` refuses machines that invoke or wait ("Invocations on test machines are not
// supported"): the model is the machine's own graph with those outcomes as plain events
// (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`), and the
// executors below make them happen on the real actor (settle its promise).
const modelMachine = testMachineOf(stepMachine, { inert: ['reportStatus'] });
const modelFor = (input: StepInput): TestModel<StepSnapshot, ModelEvent, unknown> =>
  // Context is finite here (status, flags, one of two errors), so the default serialization is used:
  // it keys states by value, context and the transition that led there.
  createTestModel(modelMachine, {
    input,
    events: [submit, edit, lock, answered, theirsSubmitted, theirsIncomplete, flushed, draftRefused, draftUnsaved, accepted, invalid, unreachable],
    limit: 5_000,
  });

// ---------------------------------------------------------------------------------------------
// The system under test.
// ---------------------------------------------------------------------------------------------
interface FlushCall {
  input: FlushDraftInput;
  resolve: (output: FlushDraftOutput) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

interface SubmitCall {
  input: SubmitStepInput;
  resolve: (output: SubmitStepOutput) => void;
  reject: (error: unknown) => void;
  settled: boolean;
  aborted: boolean;
}

const visited = new Set<string>();

function createWorld(input: StepInput) {
  const calls: SubmitCall[] = [];
  const flushes: FlushCall[] = [];
  const reports: StepStatusReport[] = [];
  const world = {
    input,
    calls,
    flushes,
    pendingFlushes: () => flushes.filter((call) => !call.settled),
    reports,
    pending: () => calls.filter((call) => !call.settled),
    /** The status the application machine has for this step: the input's, then each report. */
    applicationSees: (): StepStatus => reports.at(-1)?.status ?? input.status,
    /** The body of the last rejected submit, until the next submit. */
    lastRejection: null as unknown,
    lastFailure: null as 'rejected' | 'network' | null,
    actor: createActor(
      stepMachine.provide({
        actors: {
          flushDraft: fromPromise<FlushDraftOutput, FlushDraftInput>(
            ({ input: callInput, signal }) =>
              new Promise((resolve, reject) => {
                const call: FlushCall = { input: callInput, resolve, reject, settled: false };
                flushes.push(call);
                signal.addEventListener('abort', () => {
                  call.settled = true;
                });
              }),
          ),
          submitStep: fromPromise<SubmitStepOutput, SubmitStepInput>(
            ({ input: callInput, signal }) =>
              new Promise((resolve, reject) => {
                const call: SubmitCall = { input: callInput, resolve, reject, settled: false, aborted: false };
                calls.push(call);
                // The machine stops the request when it leaves `submitting` another way (a lock).
                signal.addEventListener('abort', () => {
                  call.aborted = true;
                  call.settled = true;
                });
              }),
          ),
        },
        actions: {
          reportStatus: (_, report) => {
            reports.push(report);
          },
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

function onlyPendingFlush(world: World): FlushCall {
  const pending = world.pendingFlushes();
  expect(pending).toHaveLength(1);
  const [call] = pending;
  if (!call) throw new Error('no flush in flight');
  return call;
}

async function execute(world: World, event: ModelEvent): Promise<void> {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'step.submit':
      if (world.actor.getSnapshot().matches('incomplete')) {
        world.lastFailure = null;
        world.lastRejection = null;
      }
      world.actor.send(event);
      break;
    case 'step.edit':
    case 'step.lock':
      world.actor.send(event);
      break;
    case 'step.serverCopy':
      // Kept as submitted, the step drops the refusal of this tab's last submit.
      if (event.status === 'submitted' && world.actor.getSnapshot().matches('incomplete')) {
        world.lastFailure = null;
        world.lastRejection = null;
      }
      world.actor.send(event);
      break;
    case 'step.answered':
      // The sample refusal names one field beside its form-wide line: once that field is answered, nothing is left
      // to show (a refusal that reached no server has no field to answer, and stays).
      if (world.lastFailure === 'rejected') {
        world.lastFailure = null;
        world.lastRejection = null;
      }
      world.actor.send(event);
      break;
    case 'xstate.done.actor.flushDraft': {
      const call = onlyPendingFlush(world);
      call.settled = true;
      call.resolve({ draft: null });
      break;
    }
    case 'xstate.error.actor.flushDraft': {
      const call = onlyPendingFlush(world);
      call.settled = true;
      const refused = event.error instanceof DraftNotSaved && event.error.body !== undefined;
      world.lastFailure = refused ? 'rejected' : 'network';
      world.lastRejection = refused ? FIELD_ERRORS : null;
      call.reject(event.error);
      break;
    }
    case 'xstate.done.actor.submitStep': {
      const call = onlyPendingSubmit(world);
      call.settled = true;
      call.resolve(event.output);
      break;
    }
    case 'xstate.error.actor.submitStep': {
      const call = onlyPendingSubmit(world);
      call.settled = true;
      const hasBody = typeof event.error === 'object' && event.error !== null && 'body' in event.error;
      world.lastFailure = hasBody ? 'rejected' : 'network';
      world.lastRejection = hasBody ? FIELD_ERRORS : null;
      call.reject(event.error);
      break;
    }
  }
  await settle();
}

function testParams(world: World): TestParam<StepSnapshot, ModelEvent> {
  const actual = (expected: StepSnapshot): StepSnapshot => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(expected.value);
    expect(snapshot.context).toEqual(expected.context);
    // The step indicator (fed by the reports) never disagrees with the step.
    expect(world.applicationSees()).toBe(selectStepStatus(snapshot));
    const busy = snapshot.matches('flushing') || snapshot.matches('submitting');
    expect(selectIsSubmitting(snapshot)).toBe(busy);
    expect(snapshot.hasTag('busy')).toBe(busy);
    if (!snapshot.matches('flushing')) expect(world.pendingFlushes()).toHaveLength(0);
    expect(selectIsReadonly(snapshot)).toBe(snapshot.matches('readonly'));
    expect(selectCanSubmitStep(snapshot)).toBe(snapshot.matches('incomplete'));
    leafPaths(snapshot.value).forEach((leaf) => visited.add(leaf));
    return snapshot;
  };
  const execOf = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent);
  return {
    states: {
      incomplete: (state) => {
        const snapshot = actual(state);
        expect(selectStepStatus(snapshot)).toBe('incomplete');
        expect(world.pending()).toHaveLength(0);
        // A failed submit shows why, as the server said it.
        expect(selectStepError(snapshot)?.kind ?? null).toBe(world.lastFailure);
        expect(selectFieldErrors(snapshot)).toEqual(world.lastRejection);
      },
      flushing: (state) => {
        const snapshot = actual(state);
        const call = onlyPendingFlush(world);
        expect(call.input).toEqual({ applicationId: world.input.applicationId, step: world.input.step });
        expect(world.pending()).toHaveLength(0);
        expect(selectStepError(snapshot)).toBeNull();
      },
      submitting: (state) => {
        const snapshot = actual(state);
        const call = onlyPendingSubmit(world);
        expect(call.input).toEqual({ applicationId: world.input.applicationId, step: world.input.step, draft: null });
        expect(selectStepError(snapshot)).toBeNull();
      },
      submitted: (state) => {
        const snapshot = actual(state);
        expect(selectStepStatus(snapshot)).toBe('submitted');
        expect(selectStepError(snapshot)).toBeNull();
        expect(world.pending()).toHaveLength(0);
      },
      readonly: (state) => {
        const snapshot = actual(state);
        expect(world.pending()).toHaveLength(0);
        expect(snapshot.context.readonly).toBe(true);
      },
    },
    events: {
      'step.submit': execOf,
      'step.edit': execOf,
      'step.lock': execOf,
      'step.answered': execOf,
      'step.serverCopy': execOf,
      'xstate.done.actor.flushDraft': execOf,
      'xstate.error.actor.flushDraft': execOf,
      'xstate.done.actor.submitStep': execOf,
      'xstate.error.actor.submitStep': execOf,
    },
  };
}

/** A hand-picked path through the model; `ignored` events must leave the model where it was. */
function scenario(input: StepInput, events: ModelEvent[], { ignored = false } = {}): StatePath<StepSnapshot, ModelEvent> {
  // The model machine is untyped (its events include the synthetic ones).
  let [state]: [SnapshotFrom<AnyStateMachine>, unknown] = initialTransition(modelMachine, input);
  const steps: StatePath<StepSnapshot, ModelEvent>['steps'] = [{ state, event: { type: 'xstate.init' } }];
  for (const event of events) {
    if (state.can(event) === ignored) throw new Error(`${event.type} in ${JSON.stringify(state.value)}: check the scenario`);
    [state] = transition(modelMachine, state, event);
    steps.push({ state, event });
  }
  return { state, steps, weight: steps.length };
}

async function runScenario(input: StepInput, events: ModelEvent[], options?: { ignored?: boolean }): Promise<World> {
  const world = createWorld(input);
  await modelFor(input).testPath(scenario(input, events, options), testParams(world));
  return world;
}

const label = (event: ModelEvent) => {
  const type = event.type.replace(/^xstate\./, '');
  if (event === draftRefused) return `${type} (draft refused)`;
  if (event === draftUnsaved) return `${type} (draft not saved)`;
  if (event.type === 'step.serverCopy') return `${type} (${event.status})`;
  if (event.type !== 'xstate.error.actor.submitStep') return type;
  return `${type} (${event === invalid ? 'field errors' : 'unreachable'})`;
};
const describePath = (path: StatePath<StepSnapshot, ModelEvent>) =>
  `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => label(step.event)).join(' → ')}`;

// ---------------------------------------------------------------------------------------------
describe.each([
  ['an incomplete step', INCOMPLETE],
  ['a submitted step', SUBMITTED],
  ['a read-only step', READONLY],
])('step machine: generated paths from %s', (_, input) => {
  const paths = modelFor(input).getShortestPaths();

  paths.forEach((path, index) => {
    it(`#${index} ${describePath(path)}`, async () => {
      const world = createWorld(input);
      await path.test(testParams(world));
      world.actor.stop();
    });
  });
});

describe('step machine: scenarios', () => {
  it('a submitted step that is edited becomes incomplete, and the application is told', async () => {
    const world = await runScenario(INCOMPLETE, [submit, flushed, accepted, edit]);
    expect(world.reports).toEqual([
      { step: 2, status: 'submitted' },
      { step: 2, status: 'incomplete' },
    ]);
  });

  it('a step the server refuses stays incomplete with its field errors, and can be submitted again', async () => {
    const world = await runScenario(INCOMPLETE, [submit, flushed, invalid, submit, flushed, accepted]);
    expect(world.calls).toHaveLength(2);
    expect(world.reports).toEqual([{ step: 2, status: 'submitted' }]);
  });

  it('an edit while the server validates wins over its "submitted"', async () => {
    const world = await runScenario(INCOMPLETE, [submit, edit, flushed, accepted]);
    expect(world.actor.getSnapshot().value).toBe('incomplete');
    expect(world.reports).toEqual([]);
  });

  it('a step kept from another tab takes its status: submitted there, submitted here, the refusal here dropped', async () => {
    const world = await runScenario(INCOMPLETE, [submit, flushed, invalid, theirsSubmitted]);
    expect(world.actor.getSnapshot().value).toBe('submitted');
    expect(selectStepError(world.actor.getSnapshot())).toBeNull();
    expect(world.reports).toEqual([{ step: 2, status: 'submitted' }]);
  });

  it('a step kept from another tab that edited it after its submit is incomplete here too', async () => {
    const world = await runScenario(SUBMITTED, [theirsIncomplete]);
    expect(world.actor.getSnapshot().value).toBe('incomplete');
    expect(world.reports).toEqual([{ step: 2, status: 'incomplete' }]);
  });

  it('a step busy submitting, or read-only, ignores the kept copy\'s status', async () => {
    const flushing = await runScenario(INCOMPLETE, [submit]);
    expect(flushing.actor.getSnapshot().can(theirsSubmitted)).toBe(false);
    const submitting = await runScenario(INCOMPLETE, [submit, flushed]);
    expect(submitting.actor.getSnapshot().can(theirsSubmitted)).toBe(false);
    const readonly = await runScenario(READONLY, [theirsIncomplete, theirsSubmitted], { ignored: true });
    expect(readonly.reports).toHaveLength(0);
  });

  it('a read-only step ignores edits, submits and locks', async () => {
    const world = await runScenario(READONLY, [edit, submit, lock, edit], { ignored: true });
    expect(world.actor.getSnapshot().value).toBe('readonly');
    expect(selectStepStatus(world.actor.getSnapshot())).toBe('submitted');
    expect(world.calls).toHaveLength(0);
    expect(world.reports).toHaveLength(0);
  });

  it('a draft that cannot be saved first is not sent for validation: the step stays incomplete and says why', async () => {
    const world = await runScenario(INCOMPLETE, [submit, draftRefused, submit, draftUnsaved]);
    expect(world.calls).toHaveLength(0);
    expect(selectStepError(world.actor.getSnapshot())).toEqual({ kind: 'network' });
  });

  it('a step locked while submitting drops the request and stays as it was', async () => {
    const world = await runScenario(INCOMPLETE, [submit, flushed, lock]);
    expect(world.actor.getSnapshot().value).toBe('readonly');
    expect(selectStepStatus(world.actor.getSnapshot())).toBe('incomplete');
    expect(world.calls.map((call) => call.aborted)).toEqual([true]);
    expect(world.reports).toHaveLength(0);
  });
});

describe('step machine: a refused field answered elsewhere (the intake form, by its upload)', () => {
  const step6Refusal = {
    non_field_errors: ['Check that all data have been entered.'],
    intake_form: ['Upload the signed participant intake form.'],
    conditions: ['Conditions must be accepted'],
    code: 'invalid',
  };

  it('drops that field\'s messages and keeps the other fields', () => {
    const { intake_form: _answered, ...rest } = step6Refusal;
    expect(withoutFieldError({ kind: 'rejected', body: step6Refusal }, 'intake_form')).toEqual({ kind: 'rejected', body: rest });
  });

  it('drops the whole refusal, its form-wide line too, once no field is left', () => {
    const onlyIntakeForm = { non_field_errors: ['Check that all data have been entered.'], intake_form: ['Upload it.'], code: 'invalid' };
    expect(withoutFieldError({ kind: 'rejected', body: onlyIntakeForm }, 'intake_form')).toBeNull();
  });

  it('drops the field from the message ids too (the Error-Messages header, read into `messages`)', () => {
    const messages = { non_field_errors: [{ id: 'api.application.incomplete' }], intake_form: [{ id: 'api.application.intakeFormRequired' }] };
    const withIds = { non_field_errors: ['Check that all data have been entered.'], intake_form: ['Upload it.'], code: 'invalid', messages };
    expect(withoutFieldError({ kind: 'rejected', body: withIds }, 'intake_form')).toBeNull();
    const twoFields = { ...withIds, conditions: ['Conditions must be accepted'], messages: { ...messages, conditions: [{ id: 'api.error.conditions' }] } };
    expect(withoutFieldError({ kind: 'rejected', body: twoFields }, 'intake_form')).toEqual({
      kind: 'rejected',
      body: {
        non_field_errors: ['Check that all data have been entered.'],
        conditions: ['Conditions must be accepted'],
        code: 'invalid',
        messages: { non_field_errors: [{ id: 'api.application.incomplete' }], conditions: [{ id: 'api.error.conditions' }] },
      },
    });
  });

  it('leaves alone a refusal that does not name the field, a network failure and no error', () => {
    const other = { kind: 'rejected', body: { conditions: ['Conditions must be accepted'], code: 'invalid' } } as const;
    expect(withoutFieldError(other, 'intake_form')).toBe(other);
    expect(withoutFieldError({ kind: 'network' }, 'intake_form')).toEqual({ kind: 'network' });
    expect(withoutFieldError(null, 'intake_form')).toBeNull();
    const array = { kind: 'rejected', body: ['intake_form'] } as const;
    expect(withoutFieldError(array, 'intake_form')).toBe(array);
  });
});

describe('step machine: coverage', () => {
  it('every state of the machine was reached by a real actor', () => {
    const leaves = getStateNodes(stepMachine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      // `init` only decides where to start from the input; an actor never rests there.
      .filter((node) => node.key !== 'init')
      .map((node) => node.path.join('.'));
    expect([...visited].sort()).toEqual([...leaves].sort());
  });
});
