// Model-based path tests of the drive machine (docs/decisions/019-program-drive.md): generated paths drive a real
// actor whose server calls the test settles (a success, a refusal the server words, or no answer), and check which
// dialog shows, which call is made with what, the refreshes of the folder's listing and the success toasts. Uploads
// are real upload machines the drive spawns into the folder on screen.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, getStateNodes, type TestModel, type TestParam } from 'xstate/graph';
import { testMachineOf } from './support/test-machine.ts';
import { driveMachine, nameProblems } from '#machines/drive/drive.machine.ts';
import { selectBusy, selectCanRetry, selectDestination, selectDialog, selectDriveError, selectTarget, selectUpload } from '#machines/drive/drive.selectors.ts';
import type {
  CreateFolderInput,
  DeleteNodeInput,
  DriveAnnouncement,
  DriveError,
  DriveEvent,
  DriveInput,
  DriveTarget,
  MoveNodeInput,
  PickedFile,
  RenameNodeInput,
} from '#machines/drive/drive.types.ts';
import { uploadMachine } from '#machines/upload/upload.machine.ts';
import { selectUploadError, selectUploadStatus } from '#machines/upload/upload.selectors.ts';
import type { UploadEvent, UploadFileInput } from '#machines/upload/upload.types.ts';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants.ts';

type Snapshot = SnapshotFrom<typeof driveMachine>;
type CallId = 'createFolder' | 'renameNode' | 'moveNode' | 'deleteNode';
type ModelEvent =
  | DriveEvent
  | { type: 'xstate.init' }
  | { type: `xstate.done.actor.${CallId}` }
  | { type: `xstate.error.actor.${CallId}`; error: unknown };

const PROGRAM_ID = 4;
const INPUT: DriveInput = { programId: PROGRAM_ID, maxBytes: MAX_UPLOAD_BYTES, location: { space: 'personal', parentId: null } };
const FOLDER: DriveTarget = { id: 21, kind: 'folder', name: 'Facturas', parent_id: null };
const FILE: DriveTarget = { id: 22, kind: 'file', name: 'plan.pdf', parent_id: 21 };
const INSIDE = { space: 'personal' as const, parentId: 21 };
/** What the server answers a taken name (tests/server/drive.test.ts checks it says so). */
const TAKEN = { status: 400, body: { name: ['There is already a file or folder with this name in this folder. Choose another name.'], code: 'invalid' } };
const NO_ANSWER = { status: 0 };
const CALLS: readonly CallId[] = ['createFolder', 'renameNode', 'moveNode', 'deleteNode'];
const pdf = (name: string): PickedFile => ({ name, size: 1200, type: 'application/pdf', body: new Blob(['%PDF-1.7\n']) });

function sampleEvents(): ModelEvent[] {
  return [
    { type: 'drive.open', location: INSIDE },
    { type: 'drive.newFolder' },
    { type: 'drive.rename', node: FILE },
    { type: 'drive.move', node: FOLDER },
    { type: 'drive.delete', node: FOLDER },
    { type: 'drive.submitName', name: '  Recibos  ' },
    { type: 'drive.submitName', name: 'a/b' },
    { type: 'drive.browseDestination', parentId: 30 },
    { type: 'drive.moveHere' },
    { type: 'drive.confirm' },
    { type: 'drive.retry' },
    { type: 'drive.cancel' },
    { type: 'drive.upload', file: pdf('plan.pdf') },
    ...CALLS.flatMap((id): ModelEvent[] => [
      { type: `xstate.done.actor.${id}` },
      { type: `xstate.error.actor.${id}`, error: TAKEN },
      { type: `xstate.error.actor.${id}`, error: NO_ANSWER },
    ]),
  ];
}

const modelMachine = testMachineOf(driveMachine, { inert: ['dropUpload', 'startUpload', 'chooseFile'] });
const model: TestModel<Snapshot, ModelEvent, unknown> = createTestModel(modelMachine, { input: INPUT, events: sampleEvents });

interface Pending {
  id: CallId;
  input: unknown;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface World {
  actor: ReturnType<typeof createActor<typeof driveMachine>>;
  pending: Pending[];
  uploads: Array<{ input: UploadFileInput; sendBack: (event: UploadEvent) => void }>;
  refreshes: number;
  announced: DriveAnnouncement[];
  expected: { refreshes: number; announced: DriveAnnouncement[]; error: DriveError | null };
}

function createWorld(): World {
  const world: Omit<World, 'actor'> = { pending: [], uploads: [], refreshes: 0, announced: [], expected: { refreshes: 0, announced: [], error: null } };
  const call = <Input,>(id: CallId) =>
    fromPromise<unknown, Input>(({ input }) => new Promise<unknown>((resolve, reject) => world.pending.push({ id, input, resolve: () => resolve({}), reject })));
  const actor = createActor(
    driveMachine.provide({
      actors: {
        createFolder: call<CreateFolderInput>('createFolder'),
        renameNode: call<RenameNodeInput>('renameNode'),
        moveNode: call<MoveNodeInput>('moveNode'),
        deleteNode: call<DeleteNodeInput>('deleteNode'),
        upload: uploadMachine.provide({
          actors: {
            uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ input, sendBack }) => void world.uploads.push({ input, sendBack })),
          },
        }),
      },
      actions: {
        refreshListing: () => void (world.refreshes += 1),
        announce: (_, what) => void world.announced.push(what),
      },
    }),
    { input: INPUT },
  );
  actor.start();
  // The same object the slots write to (a copy would not see their counts).
  return Object.assign(world, { actor });
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What a finished change announces. */
const ANNOUNCED: Record<CallId, (target: DriveTarget | null) => DriveAnnouncement> = {
  createFolder: () => 'folderCreated',
  renameNode: () => 'renamed',
  moveNode: () => 'moved',
  deleteNode: (target) => (target?.kind === 'folder' ? 'folderDeleted' : 'fileDeleted'),
};

async function execute(world: World, event: ModelEvent): Promise<void> {
  const { actor, expected } = world;
  const snapshot = actor.getSnapshot();
  if (event.type === 'xstate.init') return;
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
  if (done || failed) {
    const id = (done ?? failed)![1] as CallId;
    const call = world.pending.pop();
    expect(call?.id).toBe(id);
    expect(world.pending).toHaveLength(0);
    if (done) {
      expected.refreshes += 1;
      expected.announced.push(ANNOUNCED[id](selectTarget(snapshot)));
      expected.error = null;
      call?.resolve();
    } else {
      const error = (event as { error: typeof TAKEN | typeof NO_ANSWER }).error;
      expected.error = 'body' in error ? { code: 'refused', body: error.body } : { code: 'failed', body: null };
      call?.reject(error);
    }
  } else if (event.type === 'drive.upload') {
    // An upload runs beside any state (the model walks it from each): it goes into the folder on screen, and leaves
    // the dialog and its error alone. (The graph offers the event without a file: a real one is chosen here.)
    const uploads = world.uploads.length;
    actor.send({ type: 'drive.upload', file: pdf('plan.pdf') });
    await settle();
    expect(world.uploads).toHaveLength(uploads + 1);
    expect(world.uploads.at(-1)?.input.target).toEqual({ kind: 'drive', programId: PROGRAM_ID, ...snapshot.context.location });
  } else {
    if (event.type === 'drive.submitName') {
      const problems = nameProblems(event.name.trim());
      expected.error = problems.length > 0 ? { code: 'invalid', problems } : null;
    } else if (['drive.newFolder', 'drive.rename', 'drive.move', 'drive.delete', 'drive.cancel', 'drive.browseDestination'].includes(event.type)) {
      expected.error = null;
    }
    actor.send(event as DriveEvent);
  }
  await settle();
}

const visited = new Set<string>();
const leaf = (snapshot: Snapshot): string => {
  const value = snapshot.value;
  return typeof value === 'string' ? value : Object.entries(value).map(([parent, child]) => `${parent}.${String(child)}`)[0]!;
};

function testParams(world: World): TestParam<Snapshot, ModelEvent> {
  /** Checks shared by every state: the real actor is where the model is, and has said and asked for what it should. */
  const actual = (state: Snapshot) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.value);
    expect(snapshot.context).toEqual(state.context);
    expect(world.refreshes).toBe(world.expected.refreshes);
    expect(world.announced).toEqual(world.expected.announced);
    expect(selectDriveError(snapshot)).toEqual(world.expected.error);
    visited.add(leaf(snapshot));
    return snapshot;
  };
  const pendingCall = (id: CallId) => {
    expect(world.pending.map((call) => call.id)).toEqual([id]);
    return world.pending[0]!.input;
  };
  const idle = (state: Snapshot, dialog: ReturnType<typeof selectDialog>) => {
    const snapshot = actual(state);
    expect(selectDialog(snapshot)).toBe(dialog);
    expect(selectBusy(snapshot)).toBe(false);
    expect(world.pending).toHaveLength(0);
    return snapshot;
  };
  const failedState = (dialog: ReturnType<typeof selectDialog>) => (state: Snapshot) => {
    const snapshot = idle(state, dialog);
    expect(selectCanRetry(snapshot)).toBe(true);
    expect(selectDriveError(snapshot)?.code).toBe('failed');
  };
  const exec = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent);
  return {
    states: {
      browsing: (state) => {
        const snapshot = idle(state, null);
        expect(selectTarget(snapshot)).toBeNull();
      },
      'creatingFolder.editing': (state) => void idle(state, 'newFolder'),
      'creatingFolder.saving': (state) => {
        const snapshot = actual(state);
        expect(selectBusy(snapshot)).toBe(true);
        // The name goes trimmed, into the folder on screen.
        expect(pendingCall('createFolder')).toEqual({ programId: PROGRAM_ID, location: snapshot.context.location, name: 'Recibos' });
      },
      'creatingFolder.failed': failedState('newFolder'),
      'renaming.editing': (state) => {
        const snapshot = idle(state, 'rename');
        expect(selectTarget(snapshot)).toEqual(FILE);
      },
      'renaming.saving': (state) => {
        expect(selectBusy(actual(state))).toBe(true);
        expect(pendingCall('renameNode')).toEqual({ programId: PROGRAM_ID, nodeId: FILE.id, name: 'Recibos' });
      },
      'renaming.failed': failedState('rename'),
      'moving.choosing': (state) => {
        const snapshot = idle(state, 'move');
        expect(selectTarget(snapshot)).toEqual(FOLDER);
      },
      'moving.saving': (state) => {
        const snapshot = actual(state);
        expect(selectBusy(snapshot)).toBe(true);
        expect(selectDestination(snapshot)).toBe(30);
        expect(pendingCall('moveNode')).toEqual({ programId: PROGRAM_ID, nodeId: FOLDER.id, parentId: 30 });
      },
      'moving.failed': failedState('move'),
      'confirmingDelete.asking': (state) => void idle(state, 'delete'),
      'confirmingDelete.deleting': (state) => {
        expect(selectBusy(actual(state))).toBe(true);
        expect(pendingCall('deleteNode')).toEqual({ programId: PROGRAM_ID, nodeId: FOLDER.id });
      },
      'confirmingDelete.failed': failedState('delete'),
    },
    events: Object.fromEntries(sampleEvents().map((event) => [event.type, exec])),
  };
}

describe('drive machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(15);
    expect(paths.length).toBeLessThan(2000);
  });

  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => step.event.type.replace(/^(drive|xstate)\./, '')).join(' → ')}`, async () => {
      const world = createWorld();
      await path.test(testParams(world));
      world.actor.stop();
    });
  });

  it('visited every state', () => {
    const leaves = getStateNodes(driveMachine.root)
      .filter((node) => node.type === 'atomic')
      .map((node) => node.path.join('.'))
      .sort();
    expect([...visited].sort()).toEqual(leaves);
  });
});

describe('drive machine: uploads', () => {
  it('uploads into the folder on screen, then refreshes it and says so; a kind the drive does not take is refused before sending', async () => {
    const world = createWorld();
    world.actor.send({ type: 'drive.open', location: INSIDE });
    world.actor.send({ type: 'drive.upload', file: pdf('plan.pdf') });
    await settle();
    expect(world.uploads).toHaveLength(1);
    expect(world.uploads[0]?.input).toEqual({ target: { kind: 'drive', programId: PROGRAM_ID, space: 'personal', parentId: 21 }, file: pdf('plan.pdf') });
    const upload = selectUpload(world.actor.getSnapshot());
    expect(upload && selectUploadStatus(upload.getSnapshot())).toBe('uploading');
    // The drive can still be browsed while it runs.
    world.actor.send({ type: 'drive.open', location: { space: 'shared', parentId: null } });
    world.uploads[0]?.sendBack({ type: 'upload.done', stored: { file_name: 'plan.pdf', size: 1200, uploaded_at: '2026-11-23T12:00:00.000Z', active_content: [] } });
    await settle();
    expect(world.refreshes).toBe(1);
    expect(world.announced).toEqual(['uploaded']);

    // The next upload replaces the last one's actor; an .exe never leaves the browser.
    world.actor.send({ type: 'drive.upload', file: { ...pdf('setup.exe'), type: 'application/x-msdownload' } });
    await settle();
    const refused = selectUpload(world.actor.getSnapshot())!.getSnapshot();
    expect(selectUploadStatus(refused)).toBe('invalid');
    expect(selectUploadError(refused)).toEqual({ code: 'type_not_allowed' });
    expect(world.uploads).toHaveLength(1);
    // Office documents, images and text are taken, whatever type the browser guessed.
    for (const name of ['carta.DOCX', 'foto.jpeg', 'notas.txt']) {
      world.actor.send({ type: 'drive.upload', file: { ...pdf(name), type: '' } });
      await settle();
      expect(selectUploadStatus(selectUpload(world.actor.getSnapshot())!.getSnapshot()), name).toBe('uploading');
    }
    expect(world.uploads.at(-1)?.input.target).toEqual({ kind: 'drive', programId: PROGRAM_ID, space: 'shared', parentId: null });
    world.actor.stop();
  });

  it('checks names with the contract’s rules before sending them', () => {
    expect(nameProblems('Recibos 2026')).toEqual([]);
    for (const bad of ['a/b', 'a\\b', '.', '..', '', 'x'.repeat(121), ' x']) expect(nameProblems(bad), bad).not.toEqual([]);
    expect(nameProblems('a/b')).toEqual([{ id: 'api.drive.nameInvalid' }]);
  });
});
