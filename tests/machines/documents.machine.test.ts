// Model-based path tests of the documents machine (a field of several PDFs, docs/decisions/015) composed with the
// upload machine it invokes: the model is the product of both graphs (the field's, and its upload child's, started
// where the field invokes it and fed the person's choices the field passes on), and the generated paths drive the
// REAL composed actor (the child's uploadFile answered by the test, the removal's promise settled by it). Each state
// checks what the field shows, which ids it reports to the step's draft, the success toasts it asks for, and the
// child's remedies: refused = choose another, failed = retry.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  initialTransition,
  transition,
  type ActorLogic,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { getStateNodes, TestModel, type TestParam } from 'xstate/graph';
import { testMachineOf } from './support/test-machine.ts';
import { PHOTO, SIGNED, TOO_LARGE, UNAVAILABLE_BODY, NOT_PDF_BODY, documentOf, verdictOf } from './support/upload-model.ts';
import { documentsMachine } from '#machines/documents/documents.machine.ts';
import {
  selectCanAdd,
  selectCanRemove,
  selectDocuments,
  selectDocumentsError,
  selectDocumentsStatus,
  selectDocumentsUpload,
  selectRemoving,
} from '#machines/documents/documents.selectors.ts';
import type { ApplicationFile, DocumentsError, DocumentsEvent, DocumentsInput, RemoveDocumentInput } from '#machines/documents/documents.types.ts';
import { isApplicationFile, uploadMachine } from '#machines/upload/upload.machine.ts';
import {
  selectPickedFile,
  selectUploadError,
  selectUploadPercent,
  selectUploadRemedy,
  selectUploadStatus,
  type UploadStatus,
} from '#machines/upload/upload.selectors.ts';
import type { UploadError, UploadEvent, UploadFileEvent, UploadFileInput, UploadInput, UploadedFile } from '#machines/upload/upload.types.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';

// ---------------------------------------------------------------------------------------------
// The model: the field's graph and its upload child's, composed.
// ---------------------------------------------------------------------------------------------
/** The person's events (to the field), the removal's answers, and the answers of the upload in flight (to the child). */
type ModelEvent =
  | Exclude<DocumentsEvent, { type: 'documents.uploaded' }>
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.removeDocument' }
  | { type: 'xstate.error.actor.removeDocument'; error: unknown }
  | UploadFileEvent;

// The model machines are untyped (testMachineOf): their snapshots are read with matches() and context.
type ModelSnapshot = SnapshotFrom<AnyStateMachine>;
interface Composed {
  status: 'active';
  output: undefined;
  error: undefined;
  field: ModelSnapshot;
  /** The upload child, while the field invokes it. */
  upload: ModelSnapshot | null;
}

const stored = (id: number): ApplicationFile => ({
  id,
  kind: 'income_document',
  file_name: `documento-${id}.pdf`,
  size: 120_000,
  sha256: 'a'.repeat(64),
  uploaded_at: '2026-11-23T12:00:00.000Z',
  active_content: [],
});
const FIRST = stored(11);
/** The server's list of the field after another device stored a file in it ("use theirs"): the first file and one more. */
const THEIRS = [FIRST, stored(21)];
/** Two files at most, so "full" is reached in a few steps and the context stays finite. */
const INPUT: DocumentsInput = { applicationId: 7, step: 4, path: ['income_documents'], kind: 'income_document', maxBytes: MAX_UPLOAD_BYTES, maxFiles: 2, files: [FIRST], readonly: false };
const uploadInputOf = (field: ModelSnapshot): UploadInput => ({
  target: { kind: 'document', applicationId: field.context.applicationId, fileKind: field.context.kind },
  maxBytes: field.context.maxBytes,
  stored: null,
});

// The slots that talk to the SPA do nothing in the graph; `forward` (a sendTo the child) and the child's
// `reportUploaded` (a sendParent) do nothing either, but show in the actions transition() returns, which the
// composition below delivers as the real actors do.
const fieldModel = testMachineOf(documentsMachine, { inert: ['reportFiles', 'announce', 'forward'], markInvokes: true });
const uploadModel = testMachineOf(uploadMachine, { inert: ['reportUploaded'] });

const paramsOf = (actions: ReadonlyArray<{ type: string; params: unknown }>, type: string): unknown[] => actions.filter((action) => action.type === type).map((action) => action.params);

/** The child's snapshot reaches the field (onSnapshot), as the real child's does after each event it takes. */
const relay = (field: ModelSnapshot, upload: ModelSnapshot): ModelSnapshot => transition(fieldModel, field, { type: 'xstate.snapshot.upload', snapshot: upload })[0];

/** The child takes an event; what it reports (reportUploaded) reaches the field, then its snapshot. */
function toChild(field: ModelSnapshot, upload: ModelSnapshot, event: UploadEvent): Composed {
  const [next, actions] = transition(uploadModel, upload, event);
  let nextField = field;
  for (const stored of paramsOf(actions, 'reportUploaded')) nextField = transition(fieldModel, nextField, { type: 'documents.uploaded', stored })[0];
  return { status: 'active', output: undefined, error: undefined, field: relay(nextField, next), upload: next };
}

/** The field takes an event: leaving the invoking state stops the child; entering it starts a fresh one; it passes on. */
function toField(state: Composed, event: ModelEvent): Composed {
  const [field, actions] = transition(fieldModel, state.field, event);
  let composed: Composed = { ...state, field, upload: field.matches('idle') ? state.upload : null };
  if (paramsOf(actions, 'test.invoke').some((params) => JSON.stringify(params) === '{"id":"upload"}')) {
    composed = { ...composed, upload: initialTransition(uploadModel, uploadInputOf(field))[0] };
  }
  for (const forwarded of paramsOf(actions, 'forward')) {
    if (composed.upload) composed = toChild(composed.field, composed.upload, forwarded as UploadEvent);
  }
  return composed;
}

const isUploadAnswer = (event: ModelEvent): event is UploadFileEvent => event.type.startsWith('upload.');

const composedLogic: ActorLogic<Composed, ModelEvent, DocumentsInput> = {
  transition: (state, event) => {
    if (!isUploadAnswer(event)) return toField(state, event);
    return state.upload ? toChild(state.field, state.upload, event) : state;
  },
  getInitialSnapshot: (_, input) => {
    const [field, actions] = initialTransition(fieldModel, input);
    const started = paramsOf(actions, 'test.invoke').length > 0;
    return { status: 'active', output: undefined, error: undefined, field, upload: started ? initialTransition(uploadModel, uploadInputOf(field))[0] : null };
  },
  getPersistedSnapshot: (state) => state,
};

/** The next document the server stores: the first id the field does not list yet. */
const nextDocument = (state: Composed): ApplicationFile => {
  const taken = new Set((state.field.context.files as ApplicationFile[]).map((file) => file.id));
  const id = [12, 13].find((candidate) => !taken.has(candidate)) ?? 14;
  return { ...documentOf(SIGNED), id };
};

/** The events offered in each model state: the answers are for the file in flight; a remove names the first stored file. */
function sampleEvents(state: Composed): ModelEvent[] {
  const first = (state.field.context.files as ApplicationFile[])[0];
  const answers: ModelEvent[] = state.upload?.matches('uploading')
    ? [
        { type: 'upload.progress', loaded: 60_000, total: SIGNED.size + 187 },
        { type: 'upload.done', stored: nextDocument(state) },
        { type: 'upload.failed', error: {} },
        { type: 'upload.failed', error: { body: UNAVAILABLE_BODY } },
        { type: 'upload.refused', body: NOT_PDF_BODY },
        // The resumable upload's own word on the connection (docs/decisions/061): the field is not concerned.
        { type: 'upload.offline' },
        { type: 'upload.online' },
      ]
    : [];
  return [
    { type: 'documents.choose', file: SIGNED },
    { type: 'documents.choose', file: TOO_LARGE },
    { type: 'documents.choose', file: PHOTO },
    ...answers,
    { type: 'documents.retry' },
    { type: 'documents.cancel' },
    ...(first ? [{ type: 'documents.remove' as const, fileId: first.id }] : []),
    { type: 'xstate.done.actor.removeDocument' },
    { type: 'xstate.error.actor.removeDocument', error: { body: undefined } },
    { type: 'documents.lock' },
    // "Use theirs" on a conflict: the same field's list as the server has it (another device stored a file).
    { type: 'documents.replace', files: THEIRS },
  ];
}

const serialize = (state: Composed) =>
  JSON.stringify([state.field.value, state.field.context, state.upload?.value ?? null, state.upload?.context ?? null]);

const model = new TestModel<Composed, ModelEvent, DocumentsInput>(composedLogic, {
  input: INPUT,
  events: sampleEvents,
  serializeState: serialize,
  stateMatcher: (state, key) => key === '*' || state.field.matches(key),
  limit: 20_000,
});

// ---------------------------------------------------------------------------------------------
// The system under test: the real field and its real upload child.
// ---------------------------------------------------------------------------------------------
interface World {
  actor: ReturnType<typeof createActor<typeof documentsMachine>>;
  uploads: Array<{ input: UploadFileInput; sendBack: (event: UploadFileEvent) => void; stopped: boolean }>;
  removals: Array<{ input: RemoveDocumentInput; resolve: () => void; reject: (error: unknown) => void }>;
  reports: number[][];
  toasts: string[];
  expected: {
    files: ApplicationFile[];
    reports: number[][];
    toasts: string[];
    error: DocumentsError | null;
    /** A list that came while a removal was under way, applied once it settles. */
    shown: ApplicationFile[] | null;
    uploadError: UploadError | null;
    /** What the child shows, kept from the events alone (the model follows the machine's own forwarding). */
    uploadStatus: UploadStatus;
  };
}

function createWorld(): World {
  const world: Omit<World, 'actor'> = {
    uploads: [],
    removals: [],
    reports: [],
    toasts: [],
    expected: { files: [FIRST], reports: [], toasts: [], error: null, shown: null, uploadError: null, uploadStatus: 'idle' },
  };
  const actor = createActor(
    documentsMachine.provide({
      actors: {
        upload: uploadMachine.provide({
          actors: {
            uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ input, sendBack }) => {
              const call = { input, sendBack, stopped: false };
              world.uploads.push(call);
              return () => {
                call.stopped = true;
              };
            }),
          },
        }),
        removeDocument: fromPromise<void, RemoveDocumentInput>(
          ({ input }) => new Promise<void>((resolve, reject) => world.removals.push({ input, resolve, reject })),
        ),
      },
      actions: {
        // In the app a sendParent to the application machine (tests/machines/application.machine.test.ts follows it there).
        reportFiles: ({ context }) => void world.reports.push(context.files.map((file) => file.id)),
        announce: (_, what) => void world.toasts.push(what),
      },
    }),
    { input: INPUT },
  );
  actor.start();
  return { ...world, actor };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const active = (world: World) => world.uploads.filter((call) => !call.stopped);
const uploadOf = (world: World) => selectDocumentsUpload(world.actor.getSnapshot())?.getSnapshot();

async function execute(world: World, event: ModelEvent): Promise<void> {
  const { actor, expected } = world;
  const snapshot = actor.getSnapshot();
  const atRest = snapshot.matches('idle') && !snapshot.context.uploading;
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'documents.choose': {
      // One at a time: ignored while a file is being sent. A full field refuses it itself; else the child checks it.
      if (!atRest) break;
      const full = snapshot.context.files.length >= snapshot.context.maxFiles;
      const verdict = verdictOf(event.file);
      expected.error = full ? { code: 'too_many' } : null;
      expected.uploadError = full || verdict === 'sent' ? null : { code: verdict };
      // A full field starts a fresh child (it drops what the last choice left).
      expected.uploadStatus = full ? 'idle' : verdict === 'sent' ? 'uploading' : 'invalid';
      break;
    }
    case 'upload.done':
      // The server answers for the file that was sent.
      expect(event.stored.file_name).toBe(active(world)[0]?.input.file.name);
      expected.files = [...expected.files, documentOfAnswer(event.stored)];
      expected.reports.push(expected.files.map((file) => file.id));
      expected.toasts.push('uploaded');
      expected.uploadStatus = 'uploaded';
      break;
    case 'upload.failed':
      expected.uploadError = event.error.body === undefined ? { code: 'network' } : { code: 'rejected', body: event.error.body };
      expected.uploadStatus = 'failed';
      break;
    case 'upload.refused':
      expected.uploadError = { code: 'refused', body: event.body };
      expected.uploadStatus = 'refused';
      break;
    case 'documents.retry':
      // Only a failed transfer is tried again.
      if (expected.uploadStatus === 'failed') {
        expected.uploadError = null;
        expected.uploadStatus = 'uploading';
      }
      break;
    case 'documents.cancel':
      // An upload under way, or a failed one, is dropped: the child is at rest with nothing picked.
      if (expected.uploadStatus === 'failed' || expected.uploadStatus === 'uploading') {
        expected.uploadError = null;
        expected.uploadStatus = 'idle';
      }
      break;
    case 'documents.remove':
      // Only a stored file, and only while no upload is under way; the removal ends what the last choice left.
      if (atRest && snapshot.context.files.some((file) => file.id === event.fileId)) {
        expected.error = null;
        expected.uploadError = null;
        expected.uploadStatus = 'idle';
      }
      break;
    case 'documents.replace':
      // The list is the server's at once, and the draft already names it (nothing reported); an upload under way goes
      // on. During a removal the list waits for the removal to settle.
      if (snapshot.matches('idle')) {
        expected.files = [...event.files];
        expected.error = null;
      } else if (snapshot.matches('removing')) expected.shown = [...event.files];
      break;
    case 'xstate.done.actor.removeDocument': {
      const removal = world.removals.at(-1);
      expected.files = (expected.shown ?? expected.files).filter((file) => file.id !== removal?.input.fileId);
      expected.shown = null;
      expected.reports.push(expected.files.map((file) => file.id));
      expected.toasts.push('deleted');
      removal?.resolve();
      break;
    }
    case 'xstate.error.actor.removeDocument':
      expected.files = expected.shown ?? expected.files;
      expected.shown = null;
      expected.error = { code: 'remove_failed', body: null };
      world.removals.at(-1)?.reject({ body: undefined });
      break;
  }
  if (isUploadAnswer(event)) active(world)[0]?.sendBack(event);
  else if (event.type === 'documents.choose' || event.type === 'documents.retry' || event.type === 'documents.cancel') actor.send(event);
  else if (event.type === 'documents.remove' || event.type === 'documents.lock' || event.type === 'documents.replace') actor.send(event);
  await settle();
}

/** The server's answer, as the field lists it. */
function documentOfAnswer(file: UploadedFile): ApplicationFile {
  if (!isApplicationFile(file)) throw new Error('a document upload answers an ApplicationFile');
  return file;
}

const visited = { field: new Set<string>(), upload: new Set<string>() };

function testParams(world: World): TestParam<Composed, ModelEvent> {
  const check = (state: Composed) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.field.value);
    expect(snapshot.context).toEqual(state.field.context);
    const upload = uploadOf(world);
    // The child runs exactly while the field takes changes, where the model has it, with the model's state.
    expect(upload?.value ?? null).toEqual(state.upload?.value ?? null);
    expect(upload?.context ?? null).toEqual(state.upload?.context ?? null);
    expect(selectDocumentsStatus(snapshot)).toBe(snapshot.value);
    expect(selectDocuments(snapshot)).toEqual(world.expected.files);
    // A list that came during a removal waits for it, and only then.
    expect(snapshot.context.shown).toEqual(world.expected.shown);
    // The step's draft gets the field's ids after each stored or deleted file, and only then.
    expect(world.reports).toEqual(world.expected.reports);
    expect(world.toasts).toEqual(world.expected.toasts);
    expect(selectDocumentsError(snapshot)).toEqual(world.expected.error);
    const uploading = upload?.matches('uploading') ?? false;
    expect(snapshot.context.uploading).toBe(uploading);
    expect(active(world)).toHaveLength(uploading ? 1 : 0);
    const atRest = snapshot.matches('idle') && !uploading;
    expect(selectCanAdd(snapshot)).toBe(atRest && world.expected.files.length < INPUT.maxFiles);
    expect(selectCanRemove(snapshot)).toBe(atRest);
    visited.field.add(String(snapshot.value));
    if (upload) {
      // The leaf's own key ('paused' of { uploading: 'paused' }), as the coverage check names the states.
      visited.upload.add(typeof upload.value === 'string' ? upload.value : String(Object.values(upload.value)[0]));
      const status = selectUploadStatus(upload);
      expect(status).toBe(world.expected.uploadStatus);
      expect(selectUploadError(upload)).toEqual(world.expected.uploadError);
      if (status === 'uploading') {
        const [call] = active(world);
        expect(call?.input).toEqual({ target: { kind: 'document', applicationId: 7, fileKind: 'income_document' }, file: selectPickedFile(upload) });
        expect(selectUploadPercent(upload)).toBe(upload.context.loaded === 0 ? 0 : Math.round((60_000 / (SIGNED.size + 187)) * 100));
      }
      // Refused (in the browser or by the server): another file is offered, never "try again"; failed: try again.
      if (status === 'invalid' || status === 'refused') expect(selectUploadRemedy(upload)).toBe('chooseAnother');
      else if (status === 'failed') expect(selectUploadRemedy(upload)).toBe('retry');
      else expect(selectUploadRemedy(upload)).toBeNull();
      if (status === 'failed' || status === 'refused') expect(selectPickedFile(upload)).toBe(SIGNED);
    }
    return snapshot;
  };
  const exec = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent);
  return {
    states: {
      idle: (state) => void check(state),
      removing: (state) => {
        const snapshot = check(state);
        expect(world.removals.at(-1)?.input).toEqual({ applicationId: 7, fileId: selectRemoving(snapshot) });
        expect(snapshot.hasTag('busy')).toBe(true);
        expect(selectDocumentsUpload(snapshot)).toBeUndefined();
      },
      locked: (state) => {
        const snapshot = check(state);
        expect(selectCanAdd(snapshot)).toBe(false);
        expect(selectDocumentsUpload(snapshot)).toBeUndefined();
      },
    },
    events: Object.fromEntries(
      [
        'documents.choose',
        'documents.retry',
        'documents.cancel',
        'documents.remove',
        'documents.lock',
        'documents.replace',
        'xstate.done.actor.removeDocument',
        'xstate.error.actor.removeDocument',
        'upload.progress',
        'upload.done',
        'upload.failed',
        'upload.refused',
        'upload.offline',
        'upload.online',
      ].map((type) => [type, exec]),
    ),
  };
}

const label = (event: ModelEvent) => {
  switch (event.type) {
    case 'documents.choose':
      return `choose ${event.file.name}`;
    case 'upload.failed':
      return event.error.body === undefined ? 'failed (network)' : 'failed (server)';
    case 'documents.replace':
      return `replace with ${event.files.map((file) => file.id).join(', ')}`;
    default:
      return event.type.replace(/^(documents|xstate|upload)\./, '');
  }
};

describe('documents machine: generated paths of the field and its upload child', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.length).toBeLessThan(3000);
  });

  paths.forEach((path, index) => {
    it(`#${index} reaches ${serializeShort(path.state)} via ${path.steps.map((step) => label(step.event)).join(' → ')}`, async () => {
      const world = createWorld();
      await path.test(testParams(world));
      world.actor.stop();
    });
  });

  it('visited every state of the field and of its upload child', () => {
    const leaves = (machine: AnyStateMachine) =>
      getStateNodes(machine.root)
        .filter((node) => (node.type === 'atomic' || node.type === 'final') && node.key !== 'init')
        .map((node) => node.key)
        .sort();
    expect([...visited.field].sort()).toEqual(leaves(documentsMachine));
    expect([...visited.upload].sort()).toEqual(leaves(uploadMachine));
  });
});

function serializeShort(state: Composed): string {
  return `${String(state.field.value)}${state.upload ? `/${String(state.upload.value)}` : ''}`;
}

// Shortest paths reach each state once, not by every transition: these walk the person's remedies on purpose.
describe('documents machine: scenarios', () => {
  const run = async (events: ModelEvent[]) => {
    const [path] = model.getPathsFromEvents(events);
    if (!path) throw new Error('no path');
    const world = createWorld();
    await path.test(testParams(world));
    return world;
  };
  const sent: ModelEvent = { type: 'documents.choose', file: SIGNED };

  it('a cancelled upload stops its request, and the field takes another file', async () => {
    const world = await run([sent, { type: 'upload.progress', loaded: 60_000, total: SIGNED.size + 187 }, { type: 'documents.cancel' }]);
    expect(world.uploads.map((call) => call.stopped)).toEqual([true]);
    expect(selectCanAdd(world.actor.getSnapshot())).toBe(true);
    expect(world.reports).toEqual([]);
  });

  it('a failed transfer is tried again with the same file, then stored, reported and announced', async () => {
    const world = await run([sent, { type: 'upload.failed', error: {} }, { type: 'documents.retry' }, { type: 'upload.done', stored: { ...documentOf(SIGNED), id: 12 } }]);
    expect(world.uploads.map((call) => call.input.file)).toEqual([SIGNED, SIGNED]);
    expect(world.reports).toEqual([[11, 12]]);
    expect(world.toasts).toEqual(['uploaded']);
  });

  it('a refused file offers another, which then goes through', async () => {
    const world = await run([sent, { type: 'upload.refused', body: NOT_PDF_BODY }, sent, { type: 'upload.done', stored: { ...documentOf(SIGNED), id: 12 } }]);
    expect(world.uploads).toHaveLength(2);
    expect(selectDocuments(world.actor.getSnapshot()).map((file) => file.id)).toEqual([11, 12]);
  });

  it('no removal starts while a file is being sent', async () => {
    const world = await run([sent, { type: 'documents.remove', fileId: FIRST.id }]);
    expect(world.removals).toHaveLength(0);
    expect(selectCanRemove(world.actor.getSnapshot())).toBe(false);
  });
});

describe('documents machine: the same field\'s list as the server has it (documents.replace, "use theirs")', () => {
  const ids = (world: World) => selectDocuments(world.actor.getSnapshot()).map((file) => file.id);

  it('shows the list at once, and reports nothing (the draft already names it)', async () => {
    const world = createWorld();
    world.actor.send({ type: 'documents.replace', files: [stored(21), stored(22)] });
    await settle();
    expect(ids(world)).toEqual([21, 22]);
    expect(world.reports).toEqual([]);
  });

  it('keeps an upload under way, whose file then joins the new list', async () => {
    const world = createWorld();
    world.actor.send({ type: 'documents.choose', file: SIGNED });
    await settle();
    expect(active(world)).toHaveLength(1);
    world.actor.send({ type: 'documents.replace', files: [stored(21)] });
    await settle();
    expect(world.uploads.map((call) => call.stopped)).toEqual([false]);
    active(world)[0]?.sendBack({ type: 'upload.done', stored: { ...documentOf(SIGNED), id: 12 } });
    await settle();
    expect(ids(world)).toEqual([21, 12]);
    expect(world.reports).toEqual([[21, 12]]);
  });

  it('waits for a removal under way, then shows the new list without the removed file', async () => {
    const world = createWorld();
    world.actor.send({ type: 'documents.remove', fileId: FIRST.id });
    await settle();
    world.actor.send({ type: 'documents.replace', files: [FIRST, stored(21)] });
    await settle();
    expect(ids(world)).toEqual([FIRST.id]);
    world.removals.at(-1)?.resolve();
    await settle();
    expect(ids(world)).toEqual([21]);
    expect(world.reports).toEqual([[21]]);
  });
});

describe('documents machine: a submitted application', () => {
  it('starts locked: the files are shown, nothing changes, and no upload is started', () => {
    const actor = createActor(documentsMachine, { input: { ...INPUT, readonly: true } }).start();
    actor.send({ type: 'documents.choose', file: SIGNED });
    actor.send({ type: 'documents.remove', fileId: FIRST.id });
    expect(selectDocumentsStatus(actor.getSnapshot())).toBe('locked');
    expect(selectDocuments(actor.getSnapshot())).toEqual([FIRST]);
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    expect(selectDocumentsUpload(actor.getSnapshot())).toBeUndefined();
  });
});
