// Model-based path tests of the documents machine (a field of several PDFs, docs/decisions/015): generated paths drive
// a real actor (an uploadDocument callback the test answers, a removeDocument promise it settles) and check what the
// field shows in each state, which ids it reports to the step's draft, and the success toasts it asks for.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, type TestModel, type TestParam } from 'xstate/graph';
import { testMachineOf } from './support/test-machine.ts';
import { documentsMachine } from '#machines/documents/documents.machine.ts';
import {
  selectCanAdd,
  selectCanRemove,
  selectDocuments,
  selectDocumentsError,
  selectDocumentsPercent,
  selectDocumentsPicked,
  selectDocumentsRemedy,
  selectDocumentsStatus,
  selectRemoving,
} from '#machines/documents/documents.selectors.ts';
import type {
  ApplicationFile,
  DocumentsError,
  DocumentsEvent,
  DocumentsInput,
  PickedFile,
  RemoveDocumentInput,
  UploadDocumentInput,
} from '#machines/documents/documents.types.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';

type Snapshot = SnapshotFrom<typeof documentsMachine>;
type ModelEvent =
  | DocumentsEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.removeDocument' }
  | { type: 'xstate.error.actor.removeDocument'; error: unknown };

const bytes = () => new Blob(['%PDF-1.7\n'], { type: 'application/pdf' });
const PAYSTUB: PickedFile = { name: 'talonario.pdf', size: 120_000, type: 'application/pdf', body: bytes() };
const TOO_LARGE: PickedFile = { name: 'escaneo.pdf', size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf', body: bytes() };
const PHOTO: PickedFile = { name: 'foto.jpg', size: 90_000, type: 'image/jpeg', body: bytes() };
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
const NEXT = stored(12);
/** Two files at most, so "full" is reached in a few steps and the context stays finite. */
const INPUT: DocumentsInput = { applicationId: 7, kind: 'income_document', maxBytes: MAX_UPLOAD_BYTES, maxFiles: 2, files: [FIRST], readonly: false };
/** A body the server sends for a renamed PNG (400: the file itself) and one for a busy server (503: try again). */
const REFUSED = { file: ['El archivo debe ser un PDF.'], code: 'invalid' };
const BUSY = { detail: 'El servicio no está disponible en este momento.', code: 'database_unavailable' };

/** The events offered in each model state: the answers are for the file in flight; a remove names the first stored file. */
function sampleEvents(state: Snapshot): ModelEvent[] {
  const first = state.context.files[0];
  return [
    { type: 'documents.choose', file: PAYSTUB },
    { type: 'documents.choose', file: TOO_LARGE },
    { type: 'documents.choose', file: PHOTO },
    { type: 'documents.progress', loaded: 60_000, total: 120_187 },
    { type: 'documents.uploaded', stored: state.context.files.some((file) => file.id === NEXT.id) ? stored(13) : NEXT },
    { type: 'documents.uploadFailed', error: {} },
    { type: 'documents.uploadFailed', error: { body: BUSY } },
    { type: 'documents.uploadRefused', body: REFUSED },
    { type: 'documents.retry' },
    { type: 'documents.cancel' },
    ...(first ? [{ type: 'documents.remove' as const, fileId: first.id }] : []),
    { type: 'xstate.done.actor.removeDocument' },
    { type: 'xstate.error.actor.removeDocument', error: { body: undefined } },
  ];
}

const modelMachine = testMachineOf(documentsMachine, { inert: ['reportFiles', 'announce'] });
const model: TestModel<Snapshot, ModelEvent, unknown> = createTestModel(modelMachine, { input: INPUT, events: sampleEvents, limit: 20_000 });

interface World {
  actor: ReturnType<typeof createActor<typeof documentsMachine>>;
  uploads: Array<{ input: UploadDocumentInput; sendBack: (event: DocumentsEvent) => void; stopped: boolean }>;
  removals: Array<{ input: RemoveDocumentInput; resolve: () => void; reject: (error: unknown) => void }>;
  reports: number[][];
  toasts: string[];
  expected: { files: ApplicationFile[]; reports: number[][]; toasts: string[]; error: DocumentsError | null; picked: PickedFile | null; percent: number };
}

function createWorld(): World {
  const world: Omit<World, 'actor'> = {
    uploads: [],
    removals: [],
    reports: [],
    toasts: [],
    expected: { files: [FIRST], reports: [], toasts: [], error: null, picked: null, percent: 0 },
  };
  const actor = createActor(
    documentsMachine.provide({
      actors: {
        uploadDocument: fromCallback<DocumentsEvent, UploadDocumentInput>(({ input, sendBack }) => {
          const call = { input, sendBack, stopped: false };
          world.uploads.push(call);
          return () => {
            call.stopped = true;
          };
        }),
        removeDocument: fromPromise<void, RemoveDocumentInput>(
          ({ input }) => new Promise<void>((resolve, reject) => world.removals.push({ input, resolve, reject })),
        ),
      },
      actions: {
        reportFiles: (_, ids) => void world.reports.push(ids),
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

async function execute(world: World, event: ModelEvent): Promise<void> {
  const { actor, expected } = world;
  const snapshot = actor.getSnapshot();
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'documents.choose': {
      const full = snapshot.context.files.length >= snapshot.context.maxFiles;
      expected.picked = event.file;
      expected.percent = 0;
      expected.error = full ? { code: 'too_many' } : event.file === TOO_LARGE ? { code: 'too_large' } : event.file === PHOTO ? { code: 'not_pdf' } : null;
      actor.send(event);
      break;
    }
    case 'documents.progress':
      expected.percent = 50;
      active(world)[0]?.sendBack(event);
      break;
    case 'documents.uploaded':
      expected.files = [...expected.files, event.stored];
      expected.reports.push(expected.files.map((file) => file.id));
      expected.toasts.push('uploaded');
      expected.picked = null;
      expected.error = null;
      active(world)[0]?.sendBack(event);
      break;
    case 'documents.uploadFailed':
      expected.error = event.error.body === undefined ? { code: 'network' } : { code: 'rejected', body: event.error.body };
      active(world)[0]?.sendBack(event);
      break;
    case 'documents.uploadRefused':
      expected.error = { code: 'refused', body: event.body };
      active(world)[0]?.sendBack(event);
      break;
    case 'documents.retry':
      expected.error = null;
      expected.percent = 0;
      actor.send(event);
      break;
    case 'documents.cancel':
      expected.picked = null;
      expected.error = null;
      expected.percent = 0;
      actor.send(event);
      break;
    case 'documents.remove':
      // Only a stored file can be removed; the removal ends what the last choice left (error, file, progress).
      if (snapshot.context.files.some((file) => file.id === event.fileId)) {
        expected.error = null;
        expected.picked = null;
        expected.percent = 0;
      }
      actor.send(event);
      break;
    case 'xstate.done.actor.removeDocument': {
      const removal = world.removals.at(-1);
      expected.files = expected.files.filter((file) => file.id !== removal?.input.fileId);
      expected.reports.push(expected.files.map((file) => file.id));
      expected.toasts.push('deleted');
      removal?.resolve();
      break;
    }
    case 'xstate.error.actor.removeDocument':
      expected.error = { code: 'remove_failed', body: null };
      world.removals.at(-1)?.reject({ body: undefined });
      break;
    default:
      actor.send(event);
  }
  await settle();
}

const visited = new Set<string>();

function testParams(world: World): TestParam<Snapshot, ModelEvent> {
  const actual = (state: Snapshot) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.value);
    expect(snapshot.context).toEqual(state.context);
    expect(selectDocumentsStatus(snapshot)).toBe(snapshot.value);
    expect(selectDocuments(snapshot)).toEqual(world.expected.files);
    // The step's draft gets the field's ids after each stored or deleted file, and only then.
    expect(world.reports).toEqual(world.expected.reports);
    expect(world.toasts).toEqual(world.expected.toasts);
    expect(selectDocumentsError(snapshot)).toEqual(world.expected.error);
    const atRest = ['idle', 'invalid', 'refused', 'failed'].includes(String(snapshot.value));
    expect(selectCanAdd(snapshot)).toBe(atRest && world.expected.files.length < INPUT.maxFiles);
    expect(selectCanRemove(snapshot)).toBe(atRest);
    visited.add(String(snapshot.value));
    return snapshot;
  };
  const exec = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent);
  return {
    states: {
      idle: (state) => {
        const snapshot = actual(state);
        expect(active(world)).toHaveLength(0);
        expect(selectRemoving(snapshot)).toBeNull();
        expect(selectDocumentsPercent(snapshot)).toBe(0);
      },
      uploading: (state) => {
        const snapshot = actual(state);
        const [call] = active(world);
        expect(active(world)).toHaveLength(1);
        expect(call?.input).toEqual({ applicationId: 7, kind: 'income_document', file: world.expected.picked });
        expect(selectDocumentsPicked(snapshot)).toBe(world.expected.picked);
        expect(selectDocumentsPercent(snapshot)).toBe(world.expected.percent);
        expect(snapshot.hasTag('busy')).toBe(true);
      },
      invalid: (state) => {
        const snapshot = actual(state);
        // Refused in the browser: nothing was sent; another file helps, unless the field is full (delete one first).
        expect(active(world)).toHaveLength(0);
        expect(['too_large', 'not_pdf', 'too_many']).toContain(selectDocumentsError(snapshot)?.code);
        expect(selectDocumentsRemedy(snapshot)).toBe(selectDocumentsError(snapshot)?.code === 'too_many' ? null : 'chooseAnother');
        expect(selectDocumentsPicked(snapshot)).toBe(world.expected.picked);
      },
      refused: (state) => {
        const snapshot = actual(state);
        // The server refused the file itself: the message says why, another file is offered, never "try again".
        expect(active(world)).toHaveLength(0);
        expect(selectDocumentsError(snapshot)).toEqual({ code: 'refused', body: REFUSED });
        expect(selectDocumentsRemedy(snapshot)).toBe('chooseAnother');
        expect(selectDocumentsPicked(snapshot)).toBe(PAYSTUB);
      },
      failed: (state) => {
        const snapshot = actual(state);
        // The file stays picked, so "Try again to upload <name>" names it; only a failed transfer offers it.
        expect(selectDocumentsPicked(snapshot)).toBe(PAYSTUB);
        expect(selectDocumentsRemedy(snapshot)).toBe('retry');
        expect(['network', 'rejected']).toContain(selectDocumentsError(snapshot)?.code);
        expect(active(world)).toHaveLength(0);
      },
      locked: (state) => {
        const snapshot = actual(state);
        expect(active(world)).toHaveLength(0);
        expect(selectCanAdd(snapshot)).toBe(false);
      },
      removing: (state) => {
        const snapshot = actual(state);
        expect(world.removals.at(-1)?.input).toEqual({ applicationId: 7, fileId: selectRemoving(snapshot) });
        expect(snapshot.hasTag('busy')).toBe(true);
      },
    },
    events: Object.fromEntries(
      [
        'documents.choose',
        'documents.progress',
        'documents.uploaded',
        'documents.uploadFailed',
        'documents.uploadRefused',
        'documents.retry',
        'documents.cancel',
        'documents.remove',
        'xstate.done.actor.removeDocument',
        'xstate.error.actor.removeDocument',
        'documents.lock',
      ].map((type) => [type, exec]),
    ),
  };
}

describe('documents machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(15);
    expect(paths.length).toBeLessThan(2000);
  });

  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => step.event.type.replace(/^(documents|xstate)\./, '')).join(' → ')}`, async () => {
      const world = createWorld();
      await path.test(testParams(world));
      world.actor.stop();
    });
  });

  it('visited every state', () => {
    expect([...visited].sort()).toEqual(['failed', 'idle', 'invalid', 'locked', 'refused', 'removing', 'uploading']);
  });
});

describe('documents machine: a submitted application', () => {
  it('starts locked: the files are shown and nothing changes', () => {
    const actor = createActor(documentsMachine, { input: { ...INPUT, readonly: true } }).start();
    actor.send({ type: 'documents.choose', file: PAYSTUB });
    actor.send({ type: 'documents.remove', fileId: FIRST.id });
    expect(selectDocumentsStatus(actor.getSnapshot())).toBe('locked');
    expect(selectDocuments(actor.getSnapshot())).toEqual([FIRST]);
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
  });
});
