// Model-based path tests of the upload machine: generated paths drive a real actor (an uploadFile callback the
// test answers with progress, a stored file or a failure) and check what the intake-form field, or the upload of a
// documents field (a document target), shows in each state.
// The machine has no read-only state: IntakeFormField hides the file input on a read-only application instead.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  initialTransition,
  setup,
  transition,
  type AnyStateMachine,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { createTestModel, getStateNodes, type StatePath, type TestModel, type TestParam } from 'xstate/graph';
import { testMachineOf } from './support/test-machine.ts';
import {
  answerFor,
  AT_LIMIT,
  bytes,
  cancel,
  choose,
  documentOf,
  done,
  dropped,
  NOT_PDF_BODY,
  offline,
  online,
  PHOTO,
  progress,
  refused,
  retry,
  serverFailed,
  SIGNED,
  storedOf,
  TOO_LARGE,
  TWENTY_MB,
  uploadLabel,
  uploadSampleEvents,
  UNAVAILABLE_BODY,
  verdictOf,
  type UploadModelEvent,
  type UploadSnapshot,
} from './support/upload-model.ts';
import en from '#locales/en.json';
import es from '#locales/es.json';
import { uploadMachine } from '#machines/upload/upload.machine.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';
import {
  selectIsUploading,
  selectPickedFile,
  selectStoredFile,
  selectUploadConnection,
  selectUploadError,
  selectUploadPercent,
  selectUploadRemedy,
  selectUploadStatus,
} from '#machines/upload/upload.selectors.ts';
import type {
  PickedFile,
  StoredFile,
  UploadError,
  UploadEvent,
  UploadFileEvent,
  UploadFileInput,
  UploadInput,
} from '#machines/upload/upload.types.ts';
import { SERVER_ANSWERS } from '../support/server-answers.ts';
import { selectPaths } from './support/path-selection.ts';

/** Leaf state paths of a state value: 'saving', or 'draft.ready' for nested ones. */
function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [key] : leafPaths(child).map((leaf) => `${key}.${leaf}`)));
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The top-level state of a value ('uploading' for { uploading: 'paused' }): what selectUploadStatus names. */
const topOf = (value: StateValue): string => (typeof value === 'string' ? value : (Object.keys(value)[0] ?? ''));

// ---------------------------------------------------------------------------------------------
// Samples: fixed files and answers (tests/machines/support/upload-model.ts), so the explored context stays finite.
// ---------------------------------------------------------------------------------------------
type ModelEvent = UploadModelEvent;

const PREVIOUS: StoredFile = { file_name: 'formulario-anterior.pdf', size: 180_000, uploaded_at: '2025-03-01T10:00:00.000Z', active_content: [] };
const FRESH: UploadInput = { target: { kind: 'intake_form', applicationId: 7 }, maxBytes: MAX_UPLOAD_BYTES, stored: null };
const REPLACING: UploadInput = { ...FRESH, stored: PREVIOUS };
/** A documents field's upload (machines/documents invokes it): a PDF like the intake form, answered with its id. */
const DOCUMENT: UploadInput = { target: { kind: 'document', applicationId: 7, fileKind: 'owner_id' }, maxBytes: MAX_UPLOAD_BYTES, stored: null };

// `createTestModel` refuses machines that invoke: the model is the machine's own graph without the invocation.
// uploadFile is a callback actor, so its answers are already plain `upload.*` events; the executors below make
// the real actor's uploadFile send them.
const modelMachine = testMachineOf(uploadMachine, { inert: ['reportUploaded'] });
const modelFor = (input: UploadInput): TestModel<UploadSnapshot, ModelEvent, unknown> =>
  // Context is finite (four sample files, two progress points, three kinds of error), so the default
  // serialization keys states by value, context and the transition that led there.
  createTestModel(modelMachine, { input, events: uploadSampleEvents, limit: 20_000 });

// ---------------------------------------------------------------------------------------------
// The system under test: the real machine, with an uploadFile the test answers.
// ---------------------------------------------------------------------------------------------
interface UploadCall {
  input: UploadFileInput;
  sendBack: (event: UploadFileEvent) => void;
  /** The machine stopped it (the real one aborts its request then). */
  stopped: boolean;
}

const visited = new Set<string>();

function createWorld(input: UploadInput) {
  const calls: UploadCall[] = [];
  const reports: StoredFile[] = [];
  const world = {
    input,
    calls,
    reports,
    active: () => calls.filter((call) => !call.stopped),
    /** What the field should show, kept from the events alone (not read from the machine). */
    expected: {
      stored: input.stored,
      picked: null as PickedFile | null,
      error: null as UploadError | null,
      percent: 0,
      calls: 0,
      reports: [] as StoredFile[],
    },
    actor: createActor(
      uploadMachine.provide({
        actors: {
          uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ input: callInput, sendBack }) => {
            const call: UploadCall = { input: callInput, sendBack, stopped: false };
            calls.push(call);
            return () => {
              call.stopped = true;
            };
          }),
        },
        actions: {
          reportUploaded: (_, stored) => {
            reports.push(stored);
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

function onlyActiveCall(world: World): UploadCall {
  const active = world.active();
  expect(active).toHaveLength(1);
  const [call] = active;
  if (!call) throw new Error('no upload in flight');
  return call;
}

async function execute(world: World, event: ModelEvent): Promise<void> {
  const { actor, expected } = world;
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'upload.choose': {
      const verdict = verdictOf(event.file);
      expected.picked = event.file;
      expected.percent = 0;
      expected.error = verdict === 'sent' ? null : { code: verdict };
      if (verdict === 'sent') expected.calls += 1;
      actor.send(event);
      break;
    }
    case 'upload.retry':
      expected.error = null;
      expected.percent = 0;
      expected.calls += 1;
      actor.send(event);
      break;
    case 'upload.cancel':
      expected.picked = null;
      expected.error = null;
      expected.percent = 0;
      actor.send(event);
      break;
    // The answers come from the upload in flight, as the real uploadFile sends them.
    case 'upload.progress':
      // The samples send half the file, then all of it with its multipart envelope.
      expected.percent = event.loaded === event.total ? 100 : 50;
      onlyActiveCall(world).sendBack(event);
      break;
    case 'upload.done': {
      const call = onlyActiveCall(world);
      // The server answers for the file that was sent.
      expect(event.stored).toEqual(answerFor(world.input.target, call.input.file));
      expected.stored = event.stored;
      expected.reports.push(event.stored);
      expected.picked = null;
      expected.error = null;
      call.sendBack(event);
      break;
    }
    case 'upload.failed':
      expected.error = event.error.body === undefined ? { code: 'network' } : { code: 'rejected', body: event.error.body };
      onlyActiveCall(world).sendBack(event);
      break;
    case 'upload.refused':
      expected.error = { code: 'refused', body: event.body };
      onlyActiveCall(world).sendBack(event);
      break;
    // The resumable upload itself says the connection dropped or came back; the same transfer goes on.
    case 'upload.offline':
    case 'upload.online':
      onlyActiveCall(world).sendBack(event);
      break;
  }
  await settle();
}

function testParams(world: World): TestParam<UploadSnapshot, ModelEvent> {
  /** Common to every state: the actor is where the model is, and the field shows what the person expects. */
  const actual = (model: UploadSnapshot): UploadSnapshot => {
    const snapshot = world.actor.getSnapshot();
    const { expected } = world;
    expect(snapshot.value).toEqual(model.value);
    expect(snapshot.context).toEqual(model.context);
    expect(selectUploadStatus(snapshot)).toBe(topOf(snapshot.value));
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('uploading'));
    expect(selectIsUploading(snapshot)).toBe(snapshot.matches('uploading'));
    expect(selectStoredFile(snapshot)).toEqual(expected.stored);
    expect(selectPickedFile(snapshot)).toBe(expected.picked);
    // Codes (and the server's own body), never prose: the view translates.
    expect(selectUploadError(snapshot)).toEqual(expected.error);
    expect(world.calls).toHaveLength(expected.calls);
    // Step 6 is told once per stored file, and only then (an upload makes it incomplete again).
    expect(world.reports).toEqual(expected.reports);
    leafPaths(snapshot.value).forEach((leaf) => visited.add(leaf));
    return snapshot;
  };
  const nothingInFlight = () => expect(world.active()).toHaveLength(0);
  const execOf = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent);
  return {
    states: {
      idle: (state) => {
        const snapshot = actual(state);
        expect(selectPickedFile(snapshot)).toBeNull();
        expect(selectUploadError(snapshot)).toBeNull();
        expect(selectUploadPercent(snapshot)).toBe(0);
        expect(selectUploadRemedy(snapshot)).toBeNull();
        nothingInFlight();
      },
      invalid: (state) => {
        const snapshot = actual(state);
        const picked = selectPickedFile(snapshot);
        if (!picked) throw new Error('refused without a file');
        // Refused before a byte is sent: the error says why, with the file's name still shown; another file is offered.
        expect(selectUploadError(snapshot)).toEqual({ code: verdictOf(picked) });
        expect(selectUploadPercent(snapshot)).toBe(0);
        expect(selectUploadRemedy(snapshot)).toBe('chooseAnother');
        nothingInFlight();
      },
      refused: (state) => {
        const snapshot = actual(state);
        // The server refused the file itself: its words are kept, and another file is offered, never "try again".
        expect(selectUploadError(snapshot)?.code).toBe('refused');
        expect(selectPickedFile(snapshot)).toBe(world.calls.at(-1)?.input.file);
        expect(selectUploadRemedy(snapshot)).toBe('chooseAnother');
        expect(snapshot.can(retry)).toBe(false);
        nothingInFlight();
      },
      uploading: (state) => {
        const snapshot = actual(state);
        const call = onlyActiveCall(world);
        expect(call).toBe(world.calls.at(-1));
        expect(call.input).toEqual({ target: world.input.target, file: world.expected.picked });
        expect(call.input.file).toBe(world.expected.picked);
        expect(verdictOf(call.input.file)).toBe('sent');
        expect(selectUploadError(snapshot)).toBeNull();
        expect(selectUploadPercent(snapshot)).toBe(world.expected.percent);
      },
      'uploading.sending': (state) => {
        expect(selectUploadConnection(actual(state))).toBeNull();
      },
      'uploading.paused': (state) => {
        const snapshot = actual(state);
        // Offline: the same transfer waits (never a second one), the bar keeps what was sent, no error is shown.
        expect(selectUploadConnection(snapshot)).toBe('offline');
        expect(onlyActiveCall(world)).toBe(world.calls.at(-1));
        expect(selectUploadPercent(snapshot)).toBe(world.expected.percent);
        expect(selectUploadRemedy(snapshot)).toBeNull();
        expect(snapshot.can(cancel)).toBe(true);
      },
      'uploading.resuming': (state) => {
        const snapshot = actual(state);
        expect(selectUploadConnection(snapshot)).toBe('resuming');
        expect(onlyActiveCall(world)).toBe(world.calls.at(-1));
        expect(selectUploadPercent(snapshot)).toBe(world.expected.percent);
      },
      uploaded: (state) => {
        const snapshot = actual(state);
        const stored = selectStoredFile(snapshot);
        // The stored file is the one last sent.
        expect(stored?.file_name).toBe(world.calls.at(-1)?.input.file.name);
        expect(selectPickedFile(snapshot)).toBeNull();
        expect(selectUploadError(snapshot)).toBeNull();
        nothingInFlight();
      },
      failed: (state) => {
        const snapshot = actual(state);
        // The file stays picked, so "Try again to upload <name>" names it.
        expect(selectPickedFile(snapshot)).toBe(world.calls.at(-1)?.input.file);
        expect(selectUploadError(snapshot)?.code).toMatch(/^(network|rejected)$/);
        // Only the transfer failed: the same file can be tried again.
        expect(selectUploadRemedy(snapshot)).toBe('retry');
        nothingInFlight();
      },
    },
    events: {
      'upload.choose': execOf,
      'upload.progress': execOf,
      'upload.done': execOf,
      'upload.refused': execOf,
      'upload.failed': execOf,
      'upload.retry': execOf,
      'upload.cancel': execOf,
      'upload.offline': execOf,
      'upload.online': execOf,
    },
  };
}

/** A hand-picked path through the model: every event must do something there. */
function scenario(input: UploadInput, events: ModelEvent[]): StatePath<UploadSnapshot, ModelEvent> {
  // The model machine is untyped.
  let [state]: [SnapshotFrom<AnyStateMachine>, unknown] = initialTransition(modelMachine, input);
  const steps: StatePath<UploadSnapshot, ModelEvent>['steps'] = [{ state, event: { type: 'xstate.init' } }];
  for (const event of events) {
    if (!state.can(event)) throw new Error(`${event.type} in ${JSON.stringify(state.value)}: check the scenario`);
    [state] = transition(modelMachine, state, event);
    steps.push({ state, event });
  }
  return { state, steps, weight: steps.length };
}

async function runScenario(input: UploadInput, events: ModelEvent[]): Promise<World> {
  const world = createWorld(input);
  await modelFor(input).testPath(scenario(input, events), testParams(world));
  return world;
}

const describePath = (path: StatePath<UploadSnapshot, ModelEvent>) =>
  `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => uploadLabel(step.event)).join(' → ')}`;

// ---------------------------------------------------------------------------------------------
describe.each([
  ['no file stored yet', FRESH],
  ['a file already stored', REPLACING],
  ['a document of a documents field', DOCUMENT],
])('upload machine: generated paths with %s', (_, input) => {
  const whole = modelFor(input).getShortestPaths();
  // The CI-size selection (every step the whole set takes, and a spread tenth); PATHS_ALL=1 walks them all.
  const paths = selectPaths(whole);

  it('explores a bounded, non-trivial model', () => {
    expect(whole.length).toBeGreaterThan(20);
    expect(whole.length).toBeLessThan(1000);
  });

  paths.forEach((path, index) => {
    it(`#${index} ${describePath(path)}`, async () => {
      const world = createWorld(input);
      await path.test(testParams(world));
      world.actor.stop();
    });
  });
});

describe('upload machine: scenarios', () => {
  it('a document upload tells the documents field that invoked it documents.uploaded, with the stored document', async () => {
    const heard: unknown[] = [];
    const answering = uploadMachine.provide({
      actors: {
        uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ input, sendBack }) => {
          void Promise.resolve().then(() => sendBack({ type: 'upload.done', stored: answerFor(input.target, input.file) }));
        }),
      },
    });
    const parent = setup({ actors: { upload: answering } }).createMachine({
      invoke: { id: 'upload', src: 'upload', input: DOCUMENT },
      on: { '*': { actions: ({ event }) => void heard.push(event) } },
    });
    const actor = createActor(parent).start();
    actor.getSnapshot().children.upload?.send({ type: 'upload.choose', file: SIGNED } satisfies UploadEvent);
    await settle();
    expect(heard).toEqual([{ type: 'documents.uploaded', stored: documentOf(SIGNED, 'owner_id') }]);
    actor.stop();
  });

  it('a file over 20MB is refused before a byte is sent, with a code the view translates', async () => {
    const world = await runScenario(FRESH, [choose(TOO_LARGE)]);
    expect(selectUploadError(world.actor.getSnapshot())).toEqual({ code: 'too_large' });
    expect(world.calls).toHaveLength(0);
    // IntakeFormField shows `too_large` as this message.
    expect(en['application.upload.tooLarge']).toBe('Your file is too large. It must be 20MB or smaller.');
    expect(es['application.upload.tooLarge']).toBe('Su archivo es demasiado grande. Debe ser de 20MB o menos.');
  });

  it('a file of exactly 20MB is sent, even when the browser gives no type', async () => {
    const world = await runScenario(FRESH, [choose(AT_LIMIT), progress(AT_LIMIT, 'half'), done(AT_LIMIT)]);
    expect(world.calls.map((call) => call.input.file)).toEqual([AT_LIMIT]);
    expect(world.reports).toEqual([storedOf(AT_LIMIT)]);
  });

  it('a file that is not a PDF is refused; choosing the signed PDF then uploads it', async () => {
    const world = await runScenario(FRESH, [choose(PHOTO), choose(SIGNED), done(SIGNED)]);
    expect(world.calls.map((call) => call.input.file)).toEqual([SIGNED]);
    expect(selectStoredFile(world.actor.getSnapshot())).toEqual(storedOf(SIGNED));
  });

  it('an upload shows its progress, then the stored file, and tells step 6 once', async () => {
    const world = createWorld(REPLACING);
    const percents: number[] = [];
    world.actor.subscribe((snapshot) => {
      if (selectIsUploading(snapshot)) percents.push(selectUploadPercent(snapshot));
    });
    await modelFor(REPLACING).testPath(
      scenario(REPLACING, [choose(SIGNED), progress(SIGNED, 'half'), progress(SIGNED, 'all'), done(SIGNED)]),
      testParams(world),
    );
    expect(percents).toEqual([0, 50, 100]);
    expect(world.reports).toEqual([storedOf(SIGNED)]);
    expect(selectStoredFile(world.actor.getSnapshot())).toEqual(storedOf(SIGNED));
  });

  it('a dropped connection can be tried again with the same file', async () => {
    const world = await runScenario(FRESH, [choose(SIGNED), progress(SIGNED, 'half'), dropped, retry, done(SIGNED)]);
    expect(world.calls.map((call) => call.input.file)).toEqual([SIGNED, SIGNED]);
    expect(world.reports).toEqual([storedOf(SIGNED)]);
  });

  it('an upload cut offline pauses with its progress kept, and resumes the same transfer once back online', async () => {
    const world = createWorld(FRESH);
    const seen: Array<[string | null, number]> = [];
    world.actor.subscribe((snapshot) => {
      if (selectIsUploading(snapshot)) seen.push([selectUploadConnection(snapshot), selectUploadPercent(snapshot)]);
    });
    await modelFor(FRESH).testPath(
      scenario(FRESH, [choose(SIGNED), progress(SIGNED, 'half'), offline, online, offline, online, progress(SIGNED, 'all'), done(SIGNED)]),
      testParams(world),
    );
    // One transfer from start to end: the server's offset, not a new upload, is where it resumes.
    expect(world.calls).toHaveLength(1);
    expect(seen).toEqual([
      [null, 0],
      [null, 50],
      ['offline', 50],
      ['resuming', 50],
      ['offline', 50],
      ['resuming', 50],
      [null, 100],
    ]);
    expect(world.reports).toEqual([storedOf(SIGNED)]);
  });

  it('an upload paused offline can be cancelled, which stops its transfer', async () => {
    const world = await runScenario(FRESH, [choose(SIGNED), offline, cancel]);
    expect(world.calls[0]?.stopped).toBe(true);
    expect(world.actor.getSnapshot().value).toBe('idle');
  });

  it('a refusal keeps the server body as it was sent, offers another file, not a retry; another file can be chosen', async () => {
    const tooLargeForServer = SERVER_ANSWERS.fileTooLarge;
    const world = await runScenario(REPLACING, [choose(AT_LIMIT), refused(tooLargeForServer)]);
    expect(selectUploadError(world.actor.getSnapshot())).toEqual({ code: 'refused', body: tooLargeForServer });
    expect(selectUploadRemedy(world.actor.getSnapshot())).toBe('chooseAnother');
    // The file already stored is still the one on the server.
    expect(selectStoredFile(world.actor.getSnapshot())).toEqual(PREVIOUS);
    await execute(world, choose(SIGNED));
    expect(world.actor.getSnapshot()).toMatchObject({ value: { uploading: 'sending' }, context: { file: SIGNED, error: null } });
    expect(world.active().map((call) => call.input.file)).toEqual([SIGNED]);
  });

  it('a cancelled upload stops its request, keeps the stored file, and ignores a late answer', async () => {
    const world = await runScenario(REPLACING, [choose(SIGNED), progress(SIGNED, 'half'), cancel]);
    const [call] = world.calls;
    if (!call) throw new Error('nothing was sent');
    expect(call.stopped).toBe(true);
    call.sendBack({ type: 'upload.done', stored: storedOf(SIGNED) });
    await settle();
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(selectStoredFile(snapshot)).toEqual(PREVIOUS);
    expect(world.reports).toEqual([]);
  });

  it('a server failure keeps its body and offers the same file again', async () => {
    const world = await runScenario(FRESH, [choose(SIGNED), serverFailed(UNAVAILABLE_BODY), retry, done(SIGNED)]);
    expect(world.calls.map((call) => call.input.file)).toEqual([SIGNED, SIGNED]);
  });

  it('a failed upload can be cancelled, which forgets the file and the error', async () => {
    const world = await runScenario(FRESH, [choose(SIGNED), serverFailed(UNAVAILABLE_BODY), cancel]);
    expect(world.actor.getSnapshot().context).toMatchObject({ file: null, error: null, loaded: 0, total: 0 });
  });

  it.each([
    ['idle', []],
    ['invalid', [choose(PHOTO)]],
    ['refused', [choose(SIGNED), refused(NOT_PDF_BODY)]],
    ['uploaded', [choose(SIGNED), done(SIGNED)]],
  ])('retry and cancel do nothing in %s', async (_, before: ModelEvent[]) => {
    const world = await runScenario(REPLACING, before);
    const { value, context } = world.actor.getSnapshot();
    for (const event of [retry, cancel]) {
      expect(world.actor.getSnapshot().can(event)).toBe(false);
      world.actor.send(event);
      await settle();
    }
    expect(world.actor.getSnapshot()).toMatchObject({ value, context });
    expect(world.calls).toHaveLength(world.expected.calls);
  });
});

describe('upload machine: what counts as a PDF of 20MB or smaller', () => {
  const file = (name: string, size: number, type: string): PickedFile => ({ name, size, type, body: bytes() });
  it.each([
    ['a PDF the browser calls application/octet-stream', file('formulario.pdf', 1024, 'application/octet-stream'), 'uploading', null],
    ['a PDF named in capitals with no type', file('FORMULARIO.PDF', 1024, ''), 'uploading', null],
    ['a PNG renamed .pdf (a photo too: the server judges its bytes)', file('formulario.pdf', 1024, 'image/png'), 'uploading', null],
    ['a HEIC photo the browser gives no type', file('IMG_0042.HEIC', 1024, ''), 'uploading', null],
    ['a WebP picture', file('formulario.webp', 1024, 'image/webp'), 'invalid', 'not_pdf'],
    ['a file with no type and no .pdf name', file('formulario.pdf.exe', 1024, ''), 'invalid', 'not_pdf'],
    ['a Word document', file('formulario.docx', 1024, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), 'invalid', 'not_pdf'],
    ['a large file that is not a PDF either (size is said first)', file('video.mp4', TWENTY_MB * 2, 'video/mp4'), 'invalid', 'too_large'],
    ['an empty PDF (the server judges its bytes)', file('vacio.pdf', 0, 'application/pdf'), 'uploading', null],
  ])('%s', (_, picked, status, code) => {
    const world = createWorld(FRESH);
    world.actor.send({ type: 'upload.choose', file: picked });
    const snapshot = world.actor.getSnapshot();
    expect(selectUploadStatus(snapshot)).toBe(status);
    expect(selectUploadError(snapshot)).toEqual(code === null ? null : { code });
    expect(world.calls).toHaveLength(status === 'uploading' ? 1 : 0);
    world.actor.stop();
  });
});

describe('upload machine: coverage', () => {
  it('every state of the machine was reached by a real actor', () => {
    const leaves = getStateNodes(uploadMachine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.path.join('.'));
    expect([...visited].sort()).toEqual([...leaves].sort());
  });
});
