// Model-based path tests of the composed application machine: the application and the REAL step, autosave and upload
// machines it spawns, driven only through the application actor (as the SPA drives it), with deferred API calls and
// a simulated clock. Paths come from four graphs: the application's own (submit, refusals, closed, unavailable),
// step 6's (flush, submit, lock), step 6's autosave (debounce, offline, retries, conflicts) and the intake-form upload
// (choose, progress, failures, retry, cancel); each is replayed on the whole composed system, and a last test checks
// that every state of the parent and its children was visited.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
  type AnyStateMachine,
  type Snapshot,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { createTestModel, getStateNodes, type StatePath, type TestModel, type TestParam } from 'xstate/graph';
import {
  autosaveLabel,
  autosaveProjection,
  autosaveSampleEvents,
  LOADED,
  serializeAutosaveState,
  type AutosaveModelEvent,
  type AutosaveSnapshot,
} from './support/autosave-model.ts';
import type { StepModelEvent, StepSnapshot } from './support/step-model.ts';
import { testMachineOf } from './support/test-machine.ts';
import {
  UPLOAD_EVENT_TYPES,
  uploadLabel,
  UPLOAD_STATES,
  uploadSampleEvents,
  verdictOf,
  type UploadModelEvent,
  type UploadSnapshot,
} from './support/upload-model.ts';
import { applicationMachine } from '#machines/application/application.machine.ts';
import {
  selectApplicationState,
  selectAutosaveActor,
  selectCanSubmit,
  selectDocumentsActor,
  selectIsConfirmingSubmit,
  selectIsChangeRequestOpen,
  selectIsDecided,
  selectReadonlyBanner,
  selectReviewOutcome,
  selectEditableSteps,
  selectError,
  selectIncompleteSteps,
  selectIsEditable,
  selectIsReadonly,
  selectIsStepEditable,
  selectIsSubmitting,
  selectNextIncompleteStep,
  selectStepActor,
  selectStepStatuses,
  selectSubmittedStepCount,
  selectUploadActor,
} from '#machines/application/application.selectors.ts';
import type {
  ApplicationError,
  ApplicationEvent,
  ApplicationInput,
  LoadedStep,
  StepNumber,
  StepStatus,
  SubmitApplicationInput,
  SubmitApplicationOutput,
} from '#machines/application/application.types.ts';
import { autosaveMachine, DEBOUNCE_MS, retryDelayMs } from '#machines/autosave/autosave.machine.ts';
import { selectAutosaveStatus } from '#machines/autosave/autosave.selectors.ts';
import type {
  DraftData,
  LocalCopy,
  SaveDraftError,
  SaveDraftInput,
  SaveDraftOutput,
} from '#machines/autosave/autosave.types.ts';
import { DraftNotSaved, stepMachine } from '#machines/step/step.machine.ts';
import { selectStepStatus } from '#machines/step/step.selectors.ts';
import type { StepInput, SubmitStepInput, SubmitStepOutput } from '#machines/step/step.types.ts';
import { uploadMachine } from '#machines/upload/upload.machine.ts';
import { selectIsUploading, selectPickedFile, selectUploadError, selectUploadStatus } from '#machines/upload/upload.selectors.ts';
import type { ApplicationFile, StoredFile, UploadEvent, UploadFileInput, UploadInput } from '#machines/upload/upload.types.ts';
import { SERVER_ANSWERS } from '../support/server-answers.ts';
import { selectPaths } from './support/path-selection.ts';

/** Leaf state paths of a state value: 'saving', or 'draft.ready' for nested ones. */
function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [key] : leafPaths(child).map((leaf) => `${key}.${leaf}`)));
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------
const ALL: StepNumber[] = [1, 2, 3, 4, 5, 6];
const APPLICATION_ID = 41;
const MAX_BYTES = 20 * 1024 * 1024;

const loadedStep = (status: StepStatus, localCopy: LocalCopy | null = null): LoadedStep => ({
  status,
  data: LOADED,
  version: 1,
  localCopy,
});
const stepsWith = (submitted: StepNumber[]): ApplicationInput['steps'] => {
  const step = (n: StepNumber) => loadedStep(submitted.includes(n) ? 'submitted' : 'incomplete');
  return { '1': step(1), '2': step(2), '3': step(3), '4': step(4), '5': step(5), '6': step(6) };
};
const base = { id: APPLICATION_ID, intakeForm: null, maxUploadBytes: MAX_BYTES, reopenedSteps: [], files: [], maxDocumentsPerField: 10 } as const;
const DRAFT_ALMOST: ApplicationInput = { ...base, status: 'draft', programStatus: 'open', steps: stepsWith([1, 2, 3, 4, 5]) };
const DRAFT_READY: ApplicationInput = { ...DRAFT_ALMOST, steps: stepsWith(ALL) };
const DRAFT_EMPTY: ApplicationInput = { ...DRAFT_ALMOST, steps: stepsWith([]) };
const SUBMITTED: ApplicationInput = { ...DRAFT_READY, status: 'submitted' };
/** Staff's review as the applicant meets it on opening the application: in review, and decided (waitlisted). */
const IN_REVIEW: ApplicationInput = { ...DRAFT_READY, status: 'in_review' };
const DECIDED: ApplicationInput = { ...DRAFT_READY, status: 'waitlisted' };
const CLOSED: ApplicationInput = { ...DRAFT_ALMOST, status: 'closed', programStatus: 'closed' };
const DRAFT_OF_CLOSED_PROGRAM: ApplicationInput = { ...DRAFT_ALMOST, programStatus: 'closed' };
const UNAVAILABLE: ApplicationInput = { ...DRAFT_ALMOST, programStatus: 'unavailable' };
/**
 * Staff asked for changes on steps 3 and 6 (the two steps the application graph toggles): the server reopened them
 * (incomplete); 1, 2, 4 and 5 stay submitted and read-only (docs/decisions/028-review-lifecycle.md).
 */
const CHANGES_REQUESTED: ApplicationInput = { ...base, status: 'changes_requested', programStatus: 'open', steps: stepsWith([1, 2, 4, 5]), reopenedSteps: [3, 6] };
/** A change request is answered whatever the program's deadline: the application was sent in time. */
const CHANGES_AFTER_DEADLINE: ApplicationInput = { ...CHANGES_REQUESTED, programStatus: 'closed' };
const LOCKED_BY_CHANGE_REQUEST: StepNumber[] = [1, 2, 4, 5];

/** Server answers (bodies in the shapes the server sends), each with the error the applicant should be shown. */
const ANSWERS = {
  closed: SERVER_ANSWERS.applicationClosed,
  unavailable: SERVER_ANSWERS.programUnavailable,
  incomplete: SERVER_ANSWERS.stepsIncomplete,
  submitted: SERVER_ANSWERS.applicationSubmitted,
  /** An answer without a code the machine acts on. */
  other: SERVER_ANSWERS.fileTooLarge,
};
const FIELD_ERRORS = SERVER_ANSWERS.stepFieldsMissing;

// ---------------------------------------------------------------------------------------------
// The system under test: the composed application actor, its calls answered by the test.
// ---------------------------------------------------------------------------------------------
interface Deferred<TInput, TOutput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

const deferredActor = <TOutput, TInput>(calls: Array<Deferred<TInput, TOutput>>) =>
  fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        const call: Deferred<TInput, TOutput> = { input, resolve, reject, settled: false };
        calls.push(call);
        // A state left another way (a lock) stops its call.
        signal.addEventListener('abort', () => {
          call.settled = true;
        });
      }),
  );

const visited = { application: new Set<string>(), step: new Set<string>(), autosave: new Set<string>(), upload: new Set<string>() };

function createWorld(input: ApplicationInput) {
  const clock = new SimulatedClock();
  const submits: Array<Deferred<SubmitApplicationInput, SubmitApplicationOutput>> = [];
  const stepSubmits: Array<Deferred<SubmitStepInput, SubmitStepOutput>> = [];
  const saves: Array<Deferred<SaveDraftInput, SaveDraftOutput>> = [];
  /** Each upload sent, marked stopped when the upload machine stops it (a cancel, or another file chosen). */
  const uploads: Array<{ input: UploadFileInput; sendBack: (event: UploadEvent) => void; stopped: boolean }> = [];
  /** This device's local copies, as the SPA keeps them in localStorage. */
  const storage = new Map<string, LocalCopy>();
  const storageKey = (key: { applicationId: number; step: number }) => `${key.applicationId}:${key.step}`;
  for (const step of ALL) {
    const copy = input.steps[`${step}`].localCopy;
    if (copy) storage.set(storageKey(copy), copy);
  }
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        submitApplication: deferredActor(submits),
        step: stepMachine.provide({ actors: { submitStep: deferredActor(stepSubmits) } }),
        autosave: autosaveMachine.provide({
          actors: { saveDraft: deferredActor(saves) },
          actions: {
            persistLocalCopy: (_, copy) => storage.set(storageKey(copy), copy),
            clearLocalCopy: (_, key) => storage.delete(storageKey(key)),
          },
        }),
        upload: uploadMachine.provide({
          actors: {
            uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ input: callInput, sendBack }) => {
              const call = { input: callInput, sendBack, stopped: false };
              uploads.push(call);
              return () => {
                call.stopped = true;
              };
            }),
          },
        }),
      },
      actions: {
        discardLocalCopies: (_, keys) => keys.forEach((key) => storage.delete(storageKey(key))),
      },
    }),
    { input, clock },
  );
  actor.start();
  const world = {
    input,
    actor,
    clock,
    submits,
    stepSubmits,
    saves,
    uploads,
    storage,
    /** What the applicant should be shown as the submit error, worked out from what the test did. */
    error: null as ApplicationError | null,
    snapshot: () => actor.getSnapshot(),
    step: (step: StepNumber) => selectStepActor(actor.getSnapshot(), step).getSnapshot(),
    autosave: (step: StepNumber) => selectAutosaveActor(actor.getSnapshot(), step).getSnapshot(),
    upload: () => selectUploadActor(actor.getSnapshot()).getSnapshot(),
    pendingSubmits: () => submits.filter((call) => !call.settled),
    pendingStepSubmits: (step: StepNumber) => stepSubmits.filter((call) => !call.settled && call.input.step === step),
    pendingSaves: (step: StepNumber) => saves.filter((call) => !call.settled && call.input.step === step),
    pendingUploads: () => uploads.filter((call) => !call.stopped),
    send: (event: ApplicationEvent) => actor.send(event),
  };
  return world;
}
type World = ReturnType<typeof createWorld>;

function only<T>(calls: T[], what: string): T {
  expect(calls, what).toHaveLength(1);
  const [call] = calls;
  if (call === undefined) throw new Error(`no ${what} in flight`);
  return call;
}

function settleCall<TInput, TOutput>(call: Deferred<TInput, TOutput>, outcome: { output: TOutput } | { error: unknown }) {
  call.settled = true;
  if ('output' in outcome) call.resolve(outcome.output);
  else call.reject(outcome.error);
}

/** Answers every save of `step` as the server would, until its autosave is settled (a flush can queue a second save). */
async function saveEverything(world: World, step: StepNumber): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await settle();
    const [call] = world.pendingSaves(step);
    if (call) {
      settleCall(call, { output: { version: call.input.version + 1 } });
    } else if (selectAutosaveStatus(world.autosave(step)) === 'dirty') {
      world.clock.increment(DEBOUNCE_MS);
    } else {
      return;
    }
  }
}

let edits = 0;
/** Typing in a step: a new value each time, so the autosave always has something to save. */
const typeIn = (world: World, step: StepNumber) => {
  edits += 1;
  world.send({ type: 'application.edit', step, patch: { notes: `edit ${edits}` } });
};

// ---------------------------------------------------------------------------------------------
// 1. The application's own graph: the steps report, the application is submitted, refused, closed...
// ---------------------------------------------------------------------------------------------
type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;
type ApplicationModelEvent =
  | ApplicationEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.submitApplication'; output: SubmitApplicationOutput }
  | { type: 'xstate.error.actor.submitApplication'; error: unknown };

const stepChanged = (step: StepNumber, status: StepStatus): ApplicationModelEvent => ({ type: 'application.stepChanged', step, status });
const submit: ApplicationModelEvent = { type: 'application.submit' };
const confirm: ApplicationModelEvent = { type: 'application.confirmSubmit' };
const cancel: ApplicationModelEvent = { type: 'application.cancelSubmit' };
const accepted: ApplicationModelEvent = { type: 'xstate.done.actor.submitApplication', output: { status: 'submitted' } };
const refusedBy = (body: unknown): ApplicationModelEvent => ({ type: 'xstate.error.actor.submitApplication', error: { body } });
const closedByServer = refusedBy(ANSWERS.closed);
const unavailableByServer = refusedBy(ANSWERS.unavailable);
const incompleteByServer = refusedBy(ANSWERS.incomplete);
const submittedElsewhere = refusedBy(ANSWERS.submitted);
const otherFailure = refusedBy(ANSWERS.other);
const unreachable: ApplicationModelEvent = { type: 'xstate.error.actor.submitApplication', error: new TypeError('Failed to fetch') };
const failures: Array<[ApplicationModelEvent, ApplicationError, string]> = [
  [closedByServer, { code: 'application_closed', body: ANSWERS.closed }, 'closed'],
  [unavailableByServer, { code: 'program_unavailable', body: ANSWERS.unavailable }, 'unavailable'],
  [incompleteByServer, { code: 'steps_incomplete', body: ANSWERS.incomplete }, 'steps incomplete'],
  [submittedElsewhere, { code: 'application_submitted', body: ANSWERS.submitted }, 'submitted elsewhere'],
  [otherFailure, { code: 'submit_failed', body: ANSWERS.other }, 'other'],
  [unreachable, { code: 'network', body: null }, 'unreachable'],
];
const expectedErrorFor = (event: ApplicationModelEvent) => failures.find(([sample]) => sample === event)?.[1];

// The actions that talk to the children do nothing in the graph (there are no children there); the real actor runs them.
const applicationModelMachine = testMachineOf(applicationMachine, {
  inert: ['restoreLocalCopies', 'discardLocalCopies', 'editStep', 'changeOwners', 'flushStep', 'submitStep', 'resolveConflict', 'reopenIntakeStep', 'setFiles', 'tellEveryAutosave', 'lockSteps'],
});
const applicationModelFor = (input: ApplicationInput): TestModel<ApplicationSnapshot, ApplicationModelEvent, unknown> =>
  // Two steps toggle (3 and 6) so "all submitted" comes and goes; the context stays finite.
  createTestModel(applicationModelMachine, {
    input,
    events: [
      stepChanged(6, 'submitted'),
      stepChanged(6, 'incomplete'),
      stepChanged(3, 'incomplete'),
      stepChanged(3, 'submitted'),
      submit,
      confirm,
      cancel,
      accepted,
      ...failures.map(([event]) => event),
    ],
    limit: 20_000,
  });

/**
 * A step reports a status only when it really changes, so the executor makes it change the way a person does:
 * "submit step" on an incomplete step (its draft is saved first, then the server validates it), or typing in a
 * submitted one. Anything else would report nothing, and the model's event changes nothing either.
 */
async function changeStep(world: World, step: StepNumber, status: StepStatus): Promise<void> {
  const current = world.step(step);
  if (status === 'submitted' && current.matches('incomplete')) {
    world.send({ type: 'application.submitStep', step });
    await saveEverything(world, step);
    await settle();
    settleCall(only(world.pendingStepSubmits(step), `submit of step ${step}`), { output: { status: 'submitted' } });
  } else if (status === 'incomplete' && current.matches('submitted')) {
    typeIn(world, step);
  }
}

async function executeApplication(world: World, event: ApplicationModelEvent): Promise<void> {
  const before = world.snapshot();
  switch (event.type) {
    case 'application.stepChanged':
      if (before.matches('draft') || before.matches('changesRequested')) world.error = null;
      await changeStep(world, event.step, event.status);
      break;
    case 'application.submit':
      world.error = before.matches({ draft: 'incomplete' }) || before.matches({ changesRequested: 'incomplete' }) ? { code: 'steps_incomplete', body: null } : null;
      world.send(event);
      break;
    case 'application.confirmSubmit':
    case 'application.cancelSubmit':
      world.send(event);
      break;
    case 'xstate.done.actor.submitApplication':
      settleCall(only(world.pendingSubmits(), 'submit'), { output: event.output });
      break;
    case 'xstate.error.actor.submitApplication':
      world.error = expectedErrorFor(event) ?? null;
      settleCall(only(world.pendingSubmits(), 'submit'), { error: event.error });
      break;
    default:
      throw new Error(`not a sample: ${event.type}`);
  }
  await settle();
}

const firstIncomplete = (snapshot: ApplicationSnapshot): StepNumber | null =>
  ALL.find((step) => snapshot.context.steps[`${step}`] === 'incomplete') ?? null;

function applicationTestParams(world: World): TestParam<ApplicationSnapshot, ApplicationModelEvent> {
  const actual = (expected: ApplicationSnapshot): ApplicationSnapshot => {
    const snapshot = world.snapshot();
    expect(snapshot.value).toEqual(expected.value);
    expect(snapshot.context).toEqual(expected.context);
    // The step indicator shows what the step actors say, and the error is the one the applicant should see.
    for (const step of ALL) expect(snapshot.context.steps[`${step}`]).toBe(selectStepStatus(world.step(step)));
    expect(selectStepStatuses(snapshot)).toBe(snapshot.context.steps);
    expect(selectSubmittedStepCount(snapshot)).toBe(ALL.filter((step) => snapshot.context.steps[`${step}`] === 'submitted').length);
    expect(selectIncompleteSteps(snapshot)).toEqual(ALL.filter((step) => snapshot.context.steps[`${step}`] === 'incomplete'));
    expect(selectError(snapshot)).toEqual(world.error);
    expect(selectIsSubmitting(snapshot)).toBe(snapshot.matches('submitting'));
    if (!snapshot.matches('submitting')) expect(world.pendingSubmits()).toHaveLength(0);
    leafPaths(snapshot.value).forEach((leaf) => visited.application.add(leaf));
    return snapshot;
  };
  const editable = (snapshot: ApplicationSnapshot) => {
    expect(selectIsReadonly(snapshot)).toBe(false);
    expect(selectIsEditable(snapshot)).toBe(true);
    expect(selectNextIncompleteStep(snapshot)).toBe(firstIncomplete(snapshot));
    // Every step of a draft is editable; while changes are requested, only the reopened ones.
    const locked = world.input.status === 'changes_requested' ? LOCKED_BY_CHANGE_REQUEST : [];
    for (const step of ALL) {
      expect(world.step(step).matches('readonly')).toBe(locked.includes(step));
      expect(snapshot.context.readonlySteps[`${step}`]).toBe(locked.includes(step));
      expect(selectIsStepEditable(snapshot, step)).toBe(!locked.includes(step));
    }
    expect(selectEditableSteps(snapshot)).toEqual(ALL.filter((step) => !locked.includes(step)));
  };
  const readonly = (snapshot: ApplicationSnapshot, state: ReturnType<typeof selectApplicationState>) => {
    expect(selectApplicationState(snapshot)).toBe(state);
    expect(selectIsReadonly(snapshot)).toBe(true);
    expect(selectIsEditable(snapshot)).toBe(false);
    expect(selectCanSubmit(snapshot)).toBe(false);
    expect(selectNextIncompleteStep(snapshot)).toBeNull();
    expect(selectEditableSteps(snapshot)).toEqual([]);
    // Every step is locked: nothing can be changed any more.
    for (const step of ALL) expect(world.step(step).value).toBe('readonly');
  };
  const execOf = (step: { event: { type: string } }) => executeApplication(world, step.event as ApplicationModelEvent);
  return {
    states: {
      'draft.incomplete': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('draft');
        expect(firstIncomplete(snapshot)).not.toBeNull();
        expect(selectCanSubmit(snapshot)).toBe(false);
        editable(snapshot);
      },
      'draft.ready': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('draft');
        expect(firstIncomplete(snapshot)).toBeNull();
        expect(selectCanSubmit(snapshot)).toBe(true);
        editable(snapshot);
      },
      'draft.confirming': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('draft');
        expect(selectIsConfirmingSubmit(snapshot)).toBe(true);
        // Asked, not sent: nothing reaches the server until the person confirms.
        expect(world.pendingSubmits()).toHaveLength(0);
        expect(selectCanSubmit(snapshot)).toBe(false);
        editable(snapshot);
      },
      submitting: (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('submitting');
        expect(only(world.pendingSubmits(), 'submit').input).toEqual({ id: world.input.id });
        expect(selectCanSubmit(snapshot)).toBe(false);
        editable(snapshot);
      },
      'changesRequested.incomplete': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('changesRequested');
        expect(selectIsChangeRequestOpen(snapshot)).toBe(true);
        expect(selectReviewOutcome(snapshot)).toBe('changesRequested');
        expect(firstIncomplete(snapshot)).not.toBeNull();
        expect(selectCanSubmit(snapshot)).toBe(false);
        editable(snapshot);
      },
      'changesRequested.ready': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('changesRequested');
        expect(selectIsChangeRequestOpen(snapshot)).toBe(true);
        expect(firstIncomplete(snapshot)).toBeNull();
        expect(selectCanSubmit(snapshot)).toBe(true);
        editable(snapshot);
      },
      'changesRequested.confirming': (state) => {
        const snapshot = actual(state);
        expect(selectApplicationState(snapshot)).toBe('changesRequested');
        expect(selectIsConfirmingSubmit(snapshot)).toBe(true);
        expect(world.pendingSubmits()).toHaveLength(0);
        expect(selectCanSubmit(snapshot)).toBe(false);
        editable(snapshot);
      },
      // Sent: read-only, and staff's review as the applicant sees it (the lifecycle table's `review` of the status).
      submitted: (state) => {
        const snapshot = actual(state);
        readonly(snapshot, 'submitted');
        expect(selectIsChangeRequestOpen(snapshot)).toBe(false);
        // Not final: the applicant goes on reading staff's review; the children stay (their steps locked).
        expect(snapshot.status).toBe('active');
      },
      'submitted.waiting': (state) => {
        const snapshot = actual(state);
        expect(snapshot.context.status).toBe('submitted');
        expect(selectReviewOutcome(snapshot)).toBe('waiting');
        expect(selectReadonlyBanner(snapshot)).toBe('submitted');
        expect(selectIsDecided(snapshot)).toBe(false);
      },
      'submitted.inReview': (state) => {
        const snapshot = actual(state);
        expect(snapshot.context.status).toBe('in_review');
        expect(selectReviewOutcome(snapshot)).toBe('inReview');
        expect(selectReadonlyBanner(snapshot)).toBe('submitted');
        expect(selectIsDecided(snapshot)).toBe(false);
      },
      'submitted.decided': (state) => {
        const snapshot = actual(state);
        expect(selectReviewOutcome(snapshot)).toBe('decided');
        expect(selectReadonlyBanner(snapshot)).toBe('decided');
        expect(selectIsDecided(snapshot)).toBe(true);
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
      'application.confirmSubmit': execOf,
      'application.cancelSubmit': execOf,
      'xstate.done.actor.submitApplication': execOf,
      'xstate.error.actor.submitApplication': execOf,
    },
  };
}

const applicationLabel = (event: ApplicationModelEvent) => {
  const type = event.type.replace(/^xstate\./, '');
  if (event.type === 'application.stepChanged') return `${type} (${event.step} ${event.status})`;
  const failure = failures.find(([sample]) => sample === event);
  return failure ? `${type} (${failure[2]})` : type;
};

/** A hand-picked path through a model, for the stories the spec names. */
function scenario<TSnapshot extends Snapshot<unknown>, TEvent extends { type: string }>(
  machine: AnyStateMachine,
  input: unknown,
  events: TEvent[],
): StatePath<TSnapshot, TEvent> {
  let [state]: [SnapshotFrom<AnyStateMachine>, unknown] = initialTransition(machine, input);
  const steps: Array<{ state: SnapshotFrom<AnyStateMachine>; event: { type: string } }> = [{ state, event: { type: 'xstate.init' } }];
  for (const event of events) {
    if (!state.can(event)) throw new Error(`${event.type} does nothing in ${JSON.stringify(state.value)}`);
    [state] = transition(machine, state, event);
    steps.push({ state, event });
  }
  return { state, steps, weight: steps.length } as unknown as StatePath<TSnapshot, TEvent>;
}

describe.each([
  ['a draft with one step left', DRAFT_ALMOST],
  ['a draft with every step submitted', DRAFT_READY],
  ['a submitted application', SUBMITTED],
  ['a closed application', CLOSED],
  ['a draft whose program closed', DRAFT_OF_CLOSED_PROGRAM],
  ['an application of an unavailable program', UNAVAILABLE],
  ['a change request on steps 3 and 6', CHANGES_REQUESTED],
  ['a change request past the program deadline', CHANGES_AFTER_DEADLINE],
  ['an application in review', IN_REVIEW],
  ['a decided application', DECIDED],
])('application machine: generated paths from %s', (_, input) => {
  // The CI-size selection (every step the whole set takes, and a spread tenth); PATHS_ALL=1 walks them all.
  const paths = selectPaths(applicationModelFor(input).getShortestPaths());
  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => applicationLabel(step.event)).join(' → ')}`, async () => {
      const world = createWorld(input);
      await path.test(applicationTestParams(world));
      world.actor.stop();
    });
  });
});

describe('application machine: scenarios', () => {
  const run = async (input: ApplicationInput, events: ApplicationModelEvent[]) => {
    const world = createWorld(input);
    await applicationModelFor(input).testPath(scenario(applicationModelMachine, input, events), applicationTestParams(world));
    return world;
  };

  it('refuses to submit until all six steps are submitted, then submits once', async () => {
    const events: ApplicationModelEvent[] = [submit];
    for (const step of ALL) events.push(stepChanged(step, 'submitted'), submit);
    const world = await run(DRAFT_EMPTY, [...events, confirm, accepted]);
    // Six refusals never reached the server; the seventh submit did. Each step was saved, then validated.
    expect(world.submits).toHaveLength(1);
    expect(world.stepSubmits.map((call) => call.input.step)).toEqual(ALL);
    expect(world.snapshot().value).toEqual({ submitted: 'waiting' });
  });

  it('typing in a submitted step makes a ready application refuse to submit', async () => {
    const world = await run(DRAFT_READY, [stepChanged(4, 'incomplete'), submit]);
    expect(selectError(world.snapshot())).toEqual({ code: 'steps_incomplete', body: null });
    expect(selectNextIncompleteStep(world.snapshot())).toBe(4);
    expect(world.submits).toHaveLength(0);
  });

  it('the server closing the application during the submit locks every step', async () => {
    const world = await run(DRAFT_READY, [submit, confirm, closedByServer]);
    expect(world.snapshot().value).toBe('closed');
    // A locked step ignores typing and "submit step".
    typeIn(world, 2);
    world.send({ type: 'application.submitStep', step: 2 });
    await settle();
    expect(world.step(2).value).toBe('readonly');
    expect(world.stepSubmits).toHaveLength(0);
  });

  it('a change request: the locked steps ignore typing and "submit step"; fixing the reopened ones resubmits', async () => {
    const world = await run(CHANGES_REQUESTED, [submit, stepChanged(3, 'submitted'), stepChanged(6, 'submitted'), submit, confirm, accepted]);
    expect(world.submits).toHaveLength(1);
    expect(world.stepSubmits.map((call) => call.input.step)).toEqual([3, 6]);
    expect(world.snapshot().value).toEqual({ submitted: 'inReview' });
    for (const step of ALL) expect(world.step(step).value).toBe('readonly');
  });

  it('a change request: typing in a step staff did not reopen saves nothing and changes no status', async () => {
    const world = createWorld(CHANGES_REQUESTED);
    typeIn(world, 2);
    world.send({ type: 'application.submitStep', step: 2 });
    world.clock.increment(DEBOUNCE_MS);
    await settle();
    expect(world.step(2).value).toBe('readonly');
    expect(world.pendingSaves(2)).toHaveLength(0);
    expect(world.stepSubmits).toHaveLength(0);
    expect(selectStepStatuses(world.snapshot())['2']).toBe('submitted');
    expect(selectNextIncompleteStep(world.snapshot())).toBe(3);
    world.actor.stop();
  });

  it('a change request: a local copy of a locked step is deleted, one of a reopened step is restored', async () => {
    const locked: LocalCopy = { applicationId: APPLICATION_ID, step: 2, data: { business_name: 'Panadería Luna' }, version: 1 };
    const reopened: LocalCopy = { applicationId: APPLICATION_ID, step: 3, data: { notes: 'corregido' }, version: 1 };
    const steps = { ...CHANGES_REQUESTED.steps, '2': loadedStep('submitted', locked), '3': loadedStep('incomplete', reopened) };
    const world = createWorld({ ...CHANGES_REQUESTED, steps });
    await settle();
    expect(world.storage.has(`${APPLICATION_ID}:2`)).toBe(false);
    expect(world.autosave(2).context.data).toEqual(LOADED);
    expect(world.autosave(3).context.data).toEqual(reopened.data);
    world.actor.stop();
  });

  it('an application another tab already submitted ends in submitted', async () => {
    const world = await run(DRAFT_READY, [submit, confirm, submittedElsewhere]);
    expect(world.snapshot().value).toEqual({ submitted: 'waiting' });
  });

  it('any other failure stays in draft with the error, and submitting again works', async () => {
    const world = await run(DRAFT_READY, [submit, confirm, otherFailure, submit, confirm, unreachable, submit, confirm, accepted]);
    expect(world.submits).toHaveLength(3);
  });

  it('asks before submitting: cancelled, nothing is sent and the application stays ready; confirmed, it goes once', async () => {
    const world = await run(DRAFT_READY, [submit, cancel, submit, cancel]);
    expect(world.submits).toHaveLength(0);
    expect(world.snapshot().value).toEqual({ draft: 'ready' });
    const sent = await run(DRAFT_READY, [submit, confirm, accepted]);
    expect(sent.submits).toHaveLength(1);
    expect(sent.snapshot().value).toEqual({ submitted: 'waiting' });
  });

  it.each([
    [DRAFT_EMPTY, { draft: 'incomplete' }, false],
    [DRAFT_READY, { draft: 'ready' }, false],
    [SUBMITTED, { submitted: 'waiting' }, true],
    [IN_REVIEW, { submitted: 'inReview' }, true],
    [DECIDED, { submitted: 'decided' }, true],
    [CHANGES_REQUESTED, { changesRequested: 'incomplete' }, false],
    [CLOSED, 'closed', true],
    [DRAFT_OF_CLOSED_PROGRAM, 'closed', true],
    [{ ...SUBMITTED, programStatus: 'closed' } satisfies ApplicationInput, { submitted: 'waiting' }, true],
    [UNAVAILABLE, 'unavailable', true],
    [{ ...SUBMITTED, programStatus: 'unavailable' } satisfies ApplicationInput, 'unavailable', true],
    [{ ...CHANGES_REQUESTED, programStatus: 'unavailable' } satisfies ApplicationInput, 'unavailable', true],
  ])('starts a loaded application where it belongs, its steps read-only when it is (%o)', (input, expected, readonly) => {
    const world = createWorld(input);
    expect(world.snapshot().value).toEqual(expected);
    for (const step of ALL) expect(world.step(step).matches('readonly')).toBe(readonly || (input.status === 'changes_requested' && !input.reopenedSteps.includes(step)));
    world.actor.stop();
  });

  it('a newer local copy is put back and saved at once; one that says nothing new is deleted', async () => {
    const typed: LocalCopy = { applicationId: APPLICATION_ID, step: 2, data: { business_name: 'Panadería Luna' }, version: 1 };
    const same: LocalCopy = { applicationId: APPLICATION_ID, step: 3, data: LOADED, version: 1 };
    const steps = { ...DRAFT_READY.steps, '2': loadedStep('submitted', typed), '3': loadedStep('submitted', same) };
    const world = createWorld({ ...DRAFT_READY, steps });
    await settle();
    // Step 2 holds the restored typing, which the server has not seen: the step is incomplete until submitted again.
    expect(world.autosave(2).context.data).toEqual(typed.data);
    expect(world.step(2).value).toBe('incomplete');
    expect(world.snapshot().matches({ draft: 'incomplete' })).toBe(true);
    expect(world.storage.has(`${APPLICATION_ID}:3`)).toBe(false);
    expect(world.storage.get(`${APPLICATION_ID}:2`)?.data).toEqual(typed.data);
    world.actor.stop();
  });

  it.each([
    ['submitted', { draft: 'ready' }],
    ['incomplete', { draft: 'incomplete' }],
  ] as const)('"use theirs" on a step another tab saved takes the status the server holds (%s there)', async (status, expected) => {
    const world = createWorld(DRAFT_READY);
    typeIn(world, 2);
    expect(world.step(2).value).toBe('incomplete');
    world.send({ type: 'application.flushStep', step: 2 });
    await settle();
    const theirs = { business_name: 'Panadería Luna', business_type: 'both' };
    settleCall(only(world.pendingSaves(2), 'save of step 2'), { error: { kind: 'conflict', current: { data: theirs, version: 7, status } } });
    await settle();
    expect(world.autosave(2).value).toBe('conflict');
    world.send({ type: 'application.resolveConflict', step: 2, choice: 'theirs' });
    await settle();
    expect(world.autosave(2).context).toMatchObject({ data: theirs, version: 7, theirs: null });
    expect(world.step(2).value).toBe(status);
    expect(selectStepStatuses(world.snapshot())['2']).toBe(status);
    expect(world.snapshot().value).toEqual(expected);
    world.actor.stop();
  });

  /** Types on `step`, lets its save meet another tab's newer copy, and uses theirs. */
  async function useTheirs(world: World, step: StepNumber, current: { data: DraftData; files: ApplicationFile[] }) {
    typeIn(world, step);
    world.send({ type: 'application.flushStep', step });
    await settle();
    const save = only(world.pendingSaves(step), `save of step ${step}`);
    settleCall(save, { error: { kind: 'conflict', current: { ...current, version: save.input.version + 1, status: 'incomplete' } } });
    await settle();
    world.send({ type: 'application.resolveConflict', step, choice: 'theirs' });
    await settle();
  }
  const documentOf = (id: number, kind: ApplicationFile['kind']): ApplicationFile => ({
    id,
    kind,
    file_name: `${kind}-${id}.pdf`,
    size: 1000,
    sha256: 'a'.repeat(64),
    uploaded_at: '2026-11-27T12:00:00.000Z',
    active_content: [],
  });
  const shownAt = (world: World, step: StepNumber, path: (string | number)[]) =>
    (selectDocumentsActor(world.snapshot(), step, path).getSnapshot().context.files as ApplicationFile[]).map((file) => file.id);

  it('"use theirs" on step 4 shows the documents the other tab uploaded and its draft names', async () => {
    const world = createWorld(DRAFT_READY);
    const files = [documentOf(31, 'income_document'), documentOf(32, 'income_document'), documentOf(33, 'no_income_form')];
    await useTheirs(world, 4, { data: { household_size: 3, income_documents: [31, 32] }, files });
    expect(shownAt(world, 4, ['income_documents'])).toEqual([31, 32]);
    // The no-income form the other tab stored but its draft does not name is not shown in the field.
    expect(shownAt(world, 4, ['no_income_form'])).toEqual([]);
    world.actor.stop();
  });

  it('"use theirs" on step 3 gives their owners slots by place, each with its identification', async () => {
    const world = createWorld(DRAFT_READY);
    const owners = [{ name: 'Ana', id_files: [41] }, { name: 'Beto', id_files: [] }, { name: 'Carla', id_files: [43] }];
    await useTheirs(world, 3, { data: { owners }, files: [documentOf(41, 'owner_id'), documentOf(43, 'owner_id')] });
    expect(world.snapshot().context.ownerSlots).toEqual([0, 1, 2]);
    expect([0, 1, 2].map((place) => shownAt(world, 3, ['owners', place, 'id_files']))).toEqual([[41], [], [43]]);
    // With fewer owners there, the slots left over are freed and show nothing.
    await useTheirs(world, 3, { data: { owners: [{ name: 'Carla', id_files: [43] }] }, files: [documentOf(43, 'owner_id')] });
    expect(world.snapshot().context.ownerSlots).toEqual([0]);
    expect(shownAt(world, 3, ['owners', 0, 'id_files'])).toEqual([43]);
    expect(selectDocumentsActor(world.snapshot(), 3, ['owners', 1, 'id_files']).getSnapshot().context.files).toEqual([]);
    world.actor.stop();
  });

  it('"keep mine" on a step another tab submitted keeps this tab\'s typing, incomplete, and saves it on their version', async () => {
    const world = createWorld(DRAFT_READY);
    typeIn(world, 2);
    world.send({ type: 'application.flushStep', step: 2 });
    await settle();
    const mine = world.autosave(2).context.data;
    settleCall(only(world.pendingSaves(2), 'save of step 2'), { error: { kind: 'conflict', current: { data: { business_name: 'Otra' }, version: 7, status: 'submitted' } } });
    await settle();
    world.send({ type: 'application.resolveConflict', step: 2, choice: 'mine' });
    await settle();
    expect(world.step(2).value).toBe('incomplete');
    expect(only(world.pendingSaves(2), 'save of step 2').input).toMatchObject({ data: mine, version: 7 });
    expect(world.snapshot().value).toEqual({ draft: 'incomplete' });
    world.actor.stop();
  });

  it('a stored intake form makes a submitted step 6 incomplete again', async () => {
    const world = createWorld(DRAFT_READY);
    const upload = selectUploadActor(world.snapshot());
    const body = new Blob(['%PDF-1.7']);
    upload.send({ type: 'upload.choose', file: { name: 'intake.pdf', size: body.size, type: 'application/pdf', body } });
    const stored: StoredFile = { file_name: 'intake.pdf', size: body.size, uploaded_at: '2026-11-23T12:00:00Z', active_content: [] };
    only(world.uploads, 'upload').sendBack({ type: 'upload.done', stored });
    await settle();
    expect(world.step(6).value).toBe('incomplete');
    expect(world.snapshot().matches({ draft: 'incomplete' })).toBe(true);
    expect(selectNextIncompleteStep(world.snapshot())).toBe(6);
    world.actor.stop();
  });

  it('the browser going offline and back, and the page being hidden, reach every step draft', async () => {
    const world = createWorld(DRAFT_ALMOST);
    typeIn(world, 1);
    typeIn(world, 5);
    world.send({ type: 'application.offline' });
    expect(ALL.map((step) => world.autosave(step).context.online)).toEqual(ALL.map(() => false));
    expect(selectAutosaveStatus(world.autosave(1))).toBe('offline');
    world.send({ type: 'application.online' });
    await settle();
    expect(world.pendingSaves(1)).toHaveLength(1);
    world.send({ type: 'application.hidden' });
    await settle();
    // Step 5 was waiting for its debounce: hiding the page sends it now.
    expect(world.pendingSaves(5)).toHaveLength(1);
    world.actor.stop();
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Step 6's graph (flush, submit, lock), replayed on the composed system. Its autosave is the real one: the flush
//    settles when the test answers the autosave's save, and the lock comes from the application being closed.
// ---------------------------------------------------------------------------------------------

const stepSamples = {
  submit: { type: 'step.submit' },
  edit: { type: 'step.edit' },
  lock: { type: 'step.lock' },
  flushed: { type: 'xstate.done.actor.flushDraft', output: { draft: null } },
  draftRefused: { type: 'xstate.error.actor.flushDraft', error: new DraftNotSaved(FIELD_ERRORS) },
  draftUnsaved: { type: 'xstate.error.actor.flushDraft', error: new DraftNotSaved(undefined) },
  accepted: { type: 'xstate.done.actor.submitStep', output: { status: 'submitted' } },
  invalid: { type: 'xstate.error.actor.submitStep', error: { body: FIELD_ERRORS } },
  unreachable: { type: 'xstate.error.actor.submitStep', error: new TypeError('Failed to fetch') },
  theirsSubmitted: { type: 'step.serverCopy', status: 'submitted' },
  theirsIncomplete: { type: 'step.serverCopy', status: 'incomplete' },
} satisfies Record<string, StepModelEvent>;

/** What another tab saved on step 6 (then submitted there, or not): the copy a version conflict offers. */
const THEIRS = { notes: 'from the other tab' };

const stepModelMachine = testMachineOf(stepMachine, { inert: ['reportStatus'] });
const STEP6: StepInput = { applicationId: APPLICATION_ID, step: 6, status: 'submitted', readonly: false };
const stepModel: TestModel<StepSnapshot, StepModelEvent, unknown> = createTestModel(stepModelMachine, {
  input: STEP6,
  events: Object.values(stepSamples),
  limit: 5_000,
});

async function executeStep(world: World, event: StepModelEvent): Promise<void> {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'step.submit':
      // Typing first gives the flush something to save, so the step waits in `flushing` until the save answers.
      if (world.step(6).matches('incomplete')) typeIn(world, 6);
      world.send({ type: 'application.submitStep', step: 6 });
      break;
    case 'step.edit':
      typeIn(world, 6);
      break;
    case 'step.lock':
      // The server closes the application the person was submitting: the application locks its steps.
      settleCall(only(world.pendingSubmits(), 'submit'), { error: { body: ANSWERS.closed } });
      break;
    case 'xstate.done.actor.flushDraft':
      await saveEverything(world, 6);
      break;
    case 'xstate.error.actor.flushDraft': {
      await settle();
      const save = only(world.pendingSaves(6), 'save of step 6');
      const refused = event.error instanceof DraftNotSaved && event.error.body !== undefined;
      settleCall(save, { error: refused ? ({ kind: 'rejected', body: FIELD_ERRORS } satisfies SaveDraftError) : { kind: 'network' } });
      break;
    }
    case 'step.serverCopy': {
      // As a person meets it: typing here, the save meets another tab's newer copy, and the person uses theirs.
      typeIn(world, 6);
      world.send({ type: 'application.flushStep', step: 6 });
      await settle();
      const save = only(world.pendingSaves(6), 'save of step 6');
      settleCall(save, { error: { kind: 'conflict', current: { data: THEIRS, version: save.input.version + 1, status: event.status } } satisfies SaveDraftError });
      await settle();
      expect(world.autosave(6).value).toBe('conflict');
      world.send({ type: 'application.resolveConflict', step: 6, choice: 'theirs' });
      await settle();
      expect(world.autosave(6).context.data).toEqual(THEIRS);
      break;
    }
    case 'xstate.done.actor.submitStep':
      settleCall(only(world.pendingStepSubmits(6), 'submit of step 6'), { output: event.output });
      break;
    case 'xstate.error.actor.submitStep':
      settleCall(only(world.pendingStepSubmits(6), 'submit of step 6'), { error: event.error });
      break;
  }
  await settle();
}

function stepTestParams(world: World): TestParam<StepSnapshot, StepModelEvent> {
  const actual = (expected: StepSnapshot) => {
    const step = world.step(6);
    expect(step.value).toEqual(expected.value);
    // The flush hands "submit step" the autosave sibling's draft (the model knows no data: it says null).
    const { draft: _draft, ...context } = step.context;
    const { draft: _modelDraft, ...expectedContext } = expected.context;
    expect(context).toEqual(expectedContext);
    // The application hears of every change of status.
    expect(world.snapshot().context.steps['6']).toBe(selectStepStatus(step));
    if (!step.matches('submitting')) expect(world.pendingStepSubmits(6)).toHaveLength(0);
    leafPaths(step.value).forEach((leaf) => visited.step.add(leaf));
    return step;
  };
  const execOf = (step: { event: { type: string } }) => executeStep(world, step.event as StepModelEvent);
  const check = (state: StepSnapshot) => void actual(state);
  return {
    states: {
      incomplete: check,
      flushing: (state) => {
        actual(state);
        // The draft is on its way, and the server is not asked to validate before it has it.
        expect(selectAutosaveStatus(world.autosave(6))).toBe('saving');
        expect(world.pendingStepSubmits(6)).toHaveLength(0);
      },
      submitting: (state) => {
        actual(state);
        expect(only(world.pendingStepSubmits(6), 'submit of step 6').input).toEqual({ applicationId: APPLICATION_ID, step: 6, draft: world.step(6).context.draft });
      },
      submitted: check,
      readonly: (state) => {
        actual(state);
        expect(world.snapshot().value).toBe('closed');
      },
    },
    events: Object.fromEntries(Object.values(stepSamples).map((event) => [event.type, execOf])),
  };
}

const stepLabel = (event: StepModelEvent) =>
  Object.entries(stepSamples).find(([, sample]) => sample === event)?.[0] ?? event.type.replace(/^xstate\./, '');

describe.each([
  ['while the application is a draft', false],
  ['while the application is being submitted (then closed by the server)', true],
])('application machine: generated paths of step 6 %s', (_, whileSubmitting) => {
  // Only the application locks its steps, once submitted, closed or unavailable: a draft's steps are never locked.
  const paths = stepModel
    .getShortestPaths()
    .filter((path) => whileSubmitting || !path.steps.some((step) => step.event.type === 'step.lock'));
  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => stepLabel(step.event)).join(' → ')}`, async () => {
      const world = createWorld(DRAFT_READY);
      if (whileSubmitting) {
        world.send({ type: 'application.submit' });
        world.send({ type: 'application.confirmSubmit' });
      }
      await path.test(stepTestParams(world));
      world.actor.stop();
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Step 6's autosave graph (debounce, offline, retries, conflicts), replayed on the composed system: typing, "leave
//    the field", the browser's network status and the conflict choice all go through the application actor.
// ---------------------------------------------------------------------------------------------
const autosaveModel: TestModel<AutosaveSnapshot, AutosaveModelEvent, unknown> = createTestModel(testMachineOf(autosaveMachine), {
  input: { applicationId: APPLICATION_ID, step: 6, data: LOADED, version: 1 },
  events: autosaveSampleEvents,
  serializeState: serializeAutosaveState,
  limit: 20_000,
});

async function executeAutosave(world: World, event: AutosaveModelEvent): Promise<void> {
  const autosave = () => world.autosave(6);
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'autosave.change':
      world.send({ type: 'application.edit', step: 6, patch: event.data });
      break;
    case 'autosave.flush':
      world.send({ type: 'application.flushStep', step: 6 });
      break;
    case 'autosave.online':
      world.send({ type: 'application.online' });
      break;
    case 'autosave.offline':
      world.send({ type: 'application.offline' });
      break;
    case 'autosave.resolveConflict':
      world.send({ type: 'application.resolveConflict', step: 6, choice: event.choice });
      break;
    case 'xstate.done.actor.saveDraft': {
      const call = only(world.pendingSaves(6), 'save of step 6');
      settleCall(call, { output: { version: call.input.version + 1 } });
      break;
    }
    case 'xstate.error.actor.saveDraft': {
      const call = only(world.pendingSaves(6), 'save of step 6');
      const { error } = event;
      settleCall(call, {
        error: error.kind === 'conflict' ? { kind: 'conflict', current: { data: error.current.data, version: call.input.version + 1 } } : error,
      });
      break;
    }
    case 'xstate.after.debounce.autosave.dirty':
      world.clock.increment(DEBOUNCE_MS - 1);
      expect(autosave().value).toBe('dirty');
      world.clock.increment(1);
      break;
    case 'xstate.after.retryBackoff.autosave.retrying': {
      const delay = retryDelayMs(autosave().context.attempt);
      world.clock.increment(delay - 1);
      expect(autosave().value).toBe('retrying');
      world.clock.increment(1);
      break;
    }
  }
  await settle();
}

function autosaveTestParams(world: World): TestParam<AutosaveSnapshot, AutosaveModelEvent> {
  const check = (expected: AutosaveSnapshot) => {
    const autosave = world.autosave(6);
    expect(autosaveProjection(autosave)).toEqual(autosaveProjection(expected));
    expect(world.pendingSaves(6)).toHaveLength(autosave.matches('saving') ? 1 : 0);
    // Every draft is kept on this device until the server has it.
    if (autosave.hasTag('dirty')) expect(world.storage.get(`${APPLICATION_ID}:6`)?.data).toEqual(autosave.context.data);
    else expect(world.storage.has(`${APPLICATION_ID}:6`)).toBe(false);
    leafPaths(autosave.value).forEach((leaf) => visited.autosave.add(leaf));
  };
  const execOf = (step: { event: { type: string } }) => executeAutosave(world, step.event as AutosaveModelEvent);
  const states = Object.fromEntries(
    ['idle', 'saved', 'dirty', 'saving', 'offline', 'retrying', 'conflict', 'failed'].map((state) => [state, check]),
  );
  const eventTypes = [
    'autosave.change',
    'autosave.flush',
    'autosave.online',
    'autosave.offline',
    'autosave.resolveConflict',
    'xstate.done.actor.saveDraft',
    'xstate.error.actor.saveDraft',
    'xstate.after.debounce.autosave.dirty',
    'xstate.after.retryBackoff.autosave.retrying',
  ];
  return { states, events: Object.fromEntries(eventTypes.map((type) => [type, execOf])) };
}

describe('application machine: generated paths of step 6 autosave', () => {
  const paths = selectPaths(autosaveModel.getShortestPaths());
  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => autosaveLabel(step.event)).join(' → ')}`, async () => {
      const world = createWorld(DRAFT_ALMOST);
      await path.test(autosaveTestParams(world));
      world.actor.stop();
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 4. The upload's graph (choose, progress, done, failed, retry, cancel), replayed on the composed system. The
//    application routes no upload event: as IntakeFormField does, the person's choices are sent to its upload child,
//    and the answers come from the real upload in flight. A stored file reaches the application, which reopens step 6.
// ---------------------------------------------------------------------------------------------
const UPLOAD_INPUT: UploadInput = { target: { kind: 'intake_form', applicationId: APPLICATION_ID }, maxBytes: MAX_BYTES, stored: DRAFT_READY.intakeForm };
// The upload's report to its parent does nothing in the graph (there is no parent there); the real actor sends it.
const uploadModel: TestModel<UploadSnapshot, UploadModelEvent, unknown> = createTestModel(
  testMachineOf(uploadMachine, { inert: ['reportUploaded'] }),
  { input: UPLOAD_INPUT, events: uploadSampleEvents, limit: 20_000 },
);

async function executeUpload(world: World, event: UploadModelEvent): Promise<void> {
  const upload = selectUploadActor(world.snapshot());
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'upload.choose':
    case 'upload.retry':
    case 'upload.cancel':
      upload.send(event);
      break;
    case 'upload.done': {
      const call = only(world.pendingUploads(), 'upload');
      // The server answers for the file that was sent.
      expect(event.stored.file_name).toBe(call.input.file.name);
      call.sendBack(event);
      break;
    }
    case 'upload.progress':
    case 'upload.refused':
    case 'upload.failed':
    case 'upload.offline':
    case 'upload.online':
      only(world.pendingUploads(), 'upload').sendBack(event);
      break;
  }
  await settle();
}

function uploadTestParams(world: World): TestParam<UploadSnapshot, UploadModelEvent> {
  const check = (expected: UploadSnapshot) => {
    const upload = world.upload();
    expect(upload.value).toEqual(expected.value);
    expect(upload.context).toEqual(expected.context);
    expect(selectUploadStatus(upload)).toBe(typeof upload.value === 'string' ? upload.value : Object.keys(upload.value)[0]);
    expect(selectIsUploading(upload)).toBe(upload.matches('uploading'));
    expect(world.pendingUploads()).toHaveLength(upload.matches('uploading') ? 1 : 0);
    if (upload.matches('uploading')) {
      expect(only(world.pendingUploads(), 'upload').input).toEqual({ target: { kind: 'intake_form', applicationId: APPLICATION_ID }, file: selectPickedFile(upload) });
    }
    if (upload.matches('invalid')) {
      const picked = selectPickedFile(upload);
      if (!picked) throw new Error('refused without a file');
      expect(selectUploadError(upload)).toEqual({ code: verdictOf(picked) });
    }
    // A stored file made the submitted step 6 incomplete again; until then the application is ready to send.
    const stored = upload.context.stored !== null;
    expect(world.step(6).value).toBe(stored ? 'incomplete' : 'submitted');
    expect(world.snapshot().value).toEqual({ draft: stored ? 'incomplete' : 'ready' });
    leafPaths(upload.value).forEach((leaf) => visited.upload.add(leaf));
  };
  const execOf = (step: { event: { type: string } }) => executeUpload(world, step.event as UploadModelEvent);
  const states = Object.fromEntries(UPLOAD_STATES.map((state) => [state, check]));
  return { states, events: Object.fromEntries(UPLOAD_EVENT_TYPES.map((type) => [type, execOf])) };
}

describe('application machine: generated paths of the intake-form upload', () => {
  const paths = selectPaths(uploadModel.getShortestPaths());
  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => uploadLabel(step.event)).join(' → ')}`, async () => {
      const world = createWorld(DRAFT_READY);
      await path.test(uploadTestParams(world));
      world.actor.stop();
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('application machine: coverage', () => {
  const leavesOf = (machine: AnyStateMachine) =>
    getStateNodes(machine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      // `init` only decides where to start from the input; an actor never rests there.
      .filter((node) => node.key !== 'init')
      .map((node) => node.path.join('.'))
      .sort();

  it('every state of the application and of its step, autosave and upload children was reached by the composed actor', () => {
    expect([...visited.application].sort()).toEqual(leavesOf(applicationMachine));
    expect([...visited.step].sort()).toEqual(leavesOf(stepMachine));
    expect([...visited.autosave].sort()).toEqual(leavesOf(autosaveMachine));
    expect([...visited.upload].sort()).toEqual(leavesOf(uploadMachine));
  });
});
