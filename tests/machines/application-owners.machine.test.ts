// Model-based paths of step 3's owners on the composed application machine (docs/decisions/063-one-staff-write-path.md,
// 065-stable-owner-slots.md): the REAL application machine with its real step, autosave, documents and upload
// children, driven only through the application actor as the owners' screen drives it. A small model of the owner list
// (add an owner, who uploads an identification; remove any owner, also while a file is being deleted or uploaded; a
// deletion or an upload settling) is walked with createTestModel (xstate/graph); after every step the draft and each
// owner's documents actor must agree with the model: every owner's files in its own slot and in the draft, no free
// slot holding a file, no removed or deleted file named anywhere, an upload under way still going in its own owner's
// slot (and landing there), and the upload child of a removed owner's slot stopped.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { applicationMachine } from '#machines/application/application.machine.ts';
import { selectDocumentsActor } from '#machines/application/application.selectors.ts';
import type { ApplicationInput, LoadedStep } from '#machines/application/application.types.ts';
import { autosaveMachine } from '#machines/autosave/autosave.machine.ts';
import type { DraftData } from '#machines/autosave/autosave.types.ts';
import { documentsMachine } from '#machines/documents/documents.machine.ts';
import type { ApplicationFile, RemoveDocumentInput } from '#machines/documents/documents.types.ts';
import { stepMachine } from '#machines/step/step.machine.ts';
import { uploadMachine } from '#machines/upload/upload.machine.ts';
import type { UploadEvent, UploadFileInput } from '#machines/upload/upload.types.ts';
import { MAX_OWNERS } from '#shared/application-constants.ts';
import { selectPaths } from './support/path-selection.ts';

// ---- the model: who the owners are, whether each has a file, and which owner's file is being deleted ----------------
const NAMES = ['Ana', 'Beto', 'Carla'] as const;
type Name = (typeof NAMES)[number];
interface Owner {
  name: Name;
  file: boolean;
}
interface ModelContext {
  owners: Owner[];
  /** The owner whose file is being deleted (the server has not answered yet). */
  deleting: Name | null;
  /** The owner whose identification is being uploaded (chosen, not stored yet). */
  uploading: Name | null;
}
type ModelEvent =
  | { type: 'owner.add' }
  | { type: 'owner.remove'; index: number }
  | { type: 'file.delete'; index: number }
  | { type: 'file.deleted' }
  | { type: 'upload.start'; index: number }
  | { type: 'upload.done' };

const ownersModel = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    // At most three owners, each name once, so the model is finite.
    canAdd: ({ context }) => context.owners.length < NAMES.length,
    // One owner stays; any owner may go, above or below a deletion or an upload under way.
    canRemove: ({ context }, params: { index: number }) => context.owners.length > 1 && params.index < context.owners.length,
    // A field removes a stored file while no upload of its own is under way (machines/documents `removable`).
    canDelete: ({ context }, params: { index: number }) =>
      context.deleting === null && context.owners[params.index]?.file === true && context.uploading !== context.owners[params.index]?.name,
    deleting: ({ context }) => context.deleting !== null,
    // One upload at a time in the model; a field that is deleting a file takes no choice (no upload child then).
    canUpload: ({ context }, params: { index: number }) =>
      context.uploading === null && params.index < context.owners.length && context.deleting !== context.owners[params.index]?.name,
    uploading: ({ context }) => context.uploading !== null,
  },
}).createMachine({
  id: 'owners',
  context: { owners: [{ name: 'Ana', file: true }, { name: 'Beto', file: true }], deleting: null, uploading: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'owner.add': {
          guard: 'canAdd',
          actions: assign(({ context }) => ({
            owners: [...context.owners, { name: NAMES.find((name) => !context.owners.some((owner) => owner.name === name)) ?? 'Carla', file: true }],
          })),
        },
        'owner.remove': {
          guard: { type: 'canRemove', params: ({ event }) => ({ index: event.index }) },
          // A removed owner's upload ends with them; a deletion goes on (the server answers whoever asked).
          actions: assign(({ context, event }) => ({
            owners: context.owners.filter((_, index) => index !== event.index),
            uploading: context.uploading === context.owners[event.index]?.name ? null : context.uploading,
          })),
        },
        'file.delete': {
          guard: { type: 'canDelete', params: ({ event }) => ({ index: event.index }) },
          actions: assign(({ context, event }) => ({ deleting: context.owners[event.index]?.name ?? null })),
        },
        'file.deleted': {
          guard: 'deleting',
          actions: assign(({ context }) => ({
            owners: context.owners.map((owner) => (owner.name === context.deleting ? { ...owner, file: false } : owner)),
            deleting: null,
          })),
        },
        'upload.start': {
          guard: { type: 'canUpload', params: ({ event }) => ({ index: event.index }) },
          actions: assign(({ context, event }) => ({ uploading: context.owners[event.index]?.name ?? null })),
        },
        'upload.done': {
          guard: 'uploading',
          actions: assign(({ context }) => ({
            owners: context.owners.map((owner) => (owner.name === context.uploading ? { ...owner, file: true } : owner)),
            uploading: null,
          })),
        },
      },
    },
  },
});

// ---- the system under test -------------------------------------------------------------------------------------------
const APPLICATION_ID = 12;
const fileOf = (id: number): ApplicationFile => ({
  id,
  kind: 'owner_id',
  file_name: `id-${id}.pdf`,
  size: 1000,
  sha256: 'f'.repeat(64),
  uploaded_at: '2026-11-26T12:00:00.000Z',
  active_content: [],
});
const loaded = (data: DraftData): LoadedStep => ({ status: 'incomplete', data, version: 1, localCopy: null });

/** A composed application on `owners` (step 3's draft as saved) and the stored `files`; the first two owners by default. */
function createWorld(saved?: { owners: DraftData[]; files: ApplicationFile[] }) {
  const deletions: Array<{ input: RemoveDocumentInput; resolve: () => void }> = [];
  /** Each owner's files as the server holds them, by name; a removed owner's files, to be named nowhere. */
  const filesOf = new Map<Name, number[]>([
    ['Ana', [1]],
    ['Beto', [2]],
  ]);
  const removed = new Set<number>();
  /** The upload children that served a removed owner's slot: each must be stopped. */
  const retired: AnyActorRef[] = [];
  /** The upload under way: whose, its upload child, and how its transfer answers (as the browser's request would). */
  const upload: { name: Name | null; child: AnyActorRef | null; answer: ((event: UploadEvent) => void) | null } = { name: null, child: null, answer: null };
  let nextFile = 10;
  const input: ApplicationInput = {
    id: APPLICATION_ID,
    status: 'draft',
    programStatus: 'open',
    intakeForm: null,
    maxUploadBytes: 20 * 1024 * 1024,
    reopenedSteps: [],
    files: saved?.files ?? [fileOf(1), fileOf(2)],
    maxDocumentsPerField: 10,
    steps: {
      '1': loaded({}),
      '2': loaded({}),
      '3': loaded({ owners: saved?.owners ?? [{ name: 'Ana', id_files: [1] }, { name: 'Beto', id_files: [2] }] }),
      '4': loaded({}),
      '5': loaded({}),
      '6': loaded({}),
    },
  };
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        step: stepMachine.provide({ actors: { submitStep: fromPromise(() => new Promise(() => {})) } }),
        // Saves never answer: the draft the machine holds is what is checked.
        autosave: autosaveMachine.provide({ actors: { saveDraft: fromPromise(() => new Promise(() => {})) } }),
        documents: documentsMachine.provide({
          actors: {
            removeDocument: fromPromise<void, RemoveDocumentInput>(({ input: call }) => new Promise<void>((resolve) => deletions.push({ input: call, resolve }))),
            // The transfer answers when the model says so (upload.done).
            upload: uploadMachine.provide({
              actors: {
                uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ sendBack }) => {
                  upload.answer = sendBack;
                }),
              },
            }),
          },
        }),
      },
    }),
    { input },
  );
  actor.start();
  const children = () => actor.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  /** The documents actor of the owner at `index` in the list, as the owners' screen finds it. */
  const slot = (index: number): AnyActorRef => selectDocumentsActor(actor.getSnapshot(), 3, ['owners', index, 'id_files']);
  /** Every owner documents actor, used or free. */
  const allSlots = () =>
    Array.from({ length: MAX_OWNERS }, (_, index) => {
      const ref = children()[`documentsOwner${index}`];
      if (!ref) throw new Error(`no documents actor documentsOwner${index}`);
      return ref;
    });
  const draftOwners = (): Array<{ name?: string; id_files?: number[] }> => {
    const data = children().autosave3?.getSnapshot().context.data as DraftData;
    return Array.isArray(data.owners) ? data.owners : [];
  };
  return { actor, deletions, filesOf, removed, retired, upload, slot, allSlots, draftOwners, fresh: () => (nextFile += 1) };
}
type World = ReturnType<typeof createWorld>;

const uploadChildOf = (field: AnyActorRef) => (field.getSnapshot().children as Record<string, AnyActorRef | undefined>).upload;
const PDF = { name: 'identificacion.pdf', size: 1000, type: 'application/pdf', body: new Blob(['%PDF-1.7']) };

/** The owners' screen: "Add another owner" and "Remove owner n", as OwnersFields sends them. */
function execute(world: World, event: ModelEvent, before: ModelContext) {
  const owners = world.draftOwners();
  switch (event.type) {
    case 'owner.add': {
      const name = NAMES.find((candidate) => !before.owners.some((owner) => owner.name === candidate)) ?? 'Carla';
      const index = owners.length;
      world.actor.send({ type: 'application.addOwner', owner: { name } });
      // The new owner's identification, as the slot's upload child reports it stored.
      const id = world.fresh();
      world.filesOf.set(name, [id]);
      world.slot(index).send({ type: 'documents.uploaded', stored: fileOf(id) });
      return;
    }
    case 'owner.remove': {
      const name = before.owners[event.index]?.name;
      if (!name) throw new Error('no such owner');
      for (const id of world.filesOf.get(name) ?? []) world.removed.add(id);
      world.filesOf.delete(name);
      // The removed owner's upload child (and any upload of theirs under way) ends with them; nobody else's.
      const child = uploadChildOf(world.slot(event.index));
      if (child) world.retired.push(child);
      if (world.upload.name === name) Object.assign(world.upload, { name: null, child: null, answer: null });
      world.actor.send({ type: 'application.removeOwner', index: event.index });
      return;
    }
    case 'file.delete': {
      const id = world.slot(event.index).getSnapshot().context.files[0]?.id as number;
      world.slot(event.index).send({ type: 'documents.remove', fileId: id });
      return;
    }
    case 'file.deleted': {
      const call = world.deletions.shift();
      if (!call) throw new Error('no deletion under way');
      // The server deleted it, whoever its owner is now.
      world.removed.add(call.input.fileId);
      for (const [name, ids] of world.filesOf) world.filesOf.set(name, ids.filter((id) => id !== call.input.fileId));
      call.resolve();
      return;
    }
    case 'upload.start': {
      const name = before.owners[event.index]?.name ?? null;
      world.slot(event.index).send({ type: 'documents.choose', file: PDF });
      Object.assign(world.upload, { name, child: uploadChildOf(world.slot(event.index)) ?? null });
      return;
    }
    case 'upload.done': {
      const { name, answer } = world.upload;
      if (!name || !answer) throw new Error('no upload under way');
      const id = world.fresh();
      world.filesOf.set(name, [...(world.filesOf.get(name) ?? []), id]);
      Object.assign(world.upload, { name: null, child: null, answer: null });
      answer({ type: 'upload.done', stored: fileOf(id) });
      return;
    }
  }
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The draft and the documents actors agree with the model. */
function check(world: World, context: ModelContext) {
  const owners = world.draftOwners();
  expect(owners.map((owner) => owner.name)).toEqual(context.owners.map((owner) => owner.name));
  const used = new Set<AnyActorRef>();
  context.owners.forEach((owner, index) => {
    const expected = owner.file ? (world.filesOf.get(owner.name) ?? []) : [];
    expect(owners[index]?.id_files ?? [], `${owner.name}'s files in the draft`).toEqual(expected);
    const field = world.slot(index);
    used.add(field);
    const files = (field.getSnapshot().context.files as ApplicationFile[]).map((file) => file.id);
    // While its deletion is under way the field still lists the file; the draft already follows the list it shows.
    if (owner.name !== context.deleting) expect(files, `${owner.name}'s documents actor`).toEqual(expected);
  });
  // Each owner has a field of their own.
  expect(used.size).toBe(context.owners.length);
  // A free slot lists nothing, once a deletion it was running has settled.
  for (const field of world.allSlots().filter((ref) => !used.has(ref))) {
    if (!field.getSnapshot().matches('removing')) expect(field.getSnapshot().context.files).toEqual([]);
  }
  // No removed or deleted file is named anywhere in the draft.
  const named = owners.flatMap((owner) => owner.id_files ?? []);
  expect(named.filter((id) => world.removed.has(id))).toEqual([]);
  for (const upload of world.retired) expect(upload.getSnapshot().status).toBe('stopped');
  // An upload under way goes on in its own owner's field: the same upload child, still sending.
  if (context.uploading !== null) {
    const field = world.slot(context.owners.findIndex((owner) => owner.name === context.uploading));
    const child = uploadChildOf(field);
    expect(child, `${context.uploading}'s upload child`).toBe(world.upload.child);
    expect(child?.getSnapshot().status).toBe('active');
    expect(child?.getSnapshot().matches('uploading')).toBe(true);
  }
}

const model = createTestModel(ownersModel, {
  events: (state): ModelEvent[] => [
    { type: 'owner.add' },
    { type: 'file.deleted' },
    { type: 'upload.done' },
    ...state.context.owners.flatMap((_, index): ModelEvent[] => [
      { type: 'owner.remove', index },
      { type: 'file.delete', index },
      { type: 'upload.start', index },
    ]),
  ],
});

/** Replays one model path on a fresh composed actor, checking the model's state after every step. */
async function replay(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const world = createWorld();
  let before: ModelContext = ownersModel.config.context as ModelContext;
  // The model's events are ModelEvents; the executor's step types them only by their `type`.
  const run = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent, before);
  await path.test({
    states: {
      '*': async (state) => {
        await settle();
        check(world, state.context);
        before = state.context;
      },
    },
    events: { 'owner.add': run, 'owner.remove': run, 'file.delete': run, 'file.deleted': run, 'upload.start': run, 'upload.done': run },
  });
  world.actor.stop();
}

describe('owners on the composed application machine: generated paths', () => {
  const whole = model.getShortestPaths();
  // The CI-size selection: every step between owner lists of the same shape (who has a file, whose file is being
  // deleted, whose upload is under way, by place rather than name), and a spread quarter of the rest; PATHS_ALL=1
  // walks them all (tests/machines/support/path-selection.ts).
  const shape = (state: { context?: unknown }) => {
    const { owners, deleting, uploading } = state.context as ModelContext;
    const place = (name: Name | null) => owners.findIndex((owner) => owner.name === name);
    return `${owners.map((owner) => (owner.file ? 'F' : '-')).join('')} ${place(deleting)} ${place(uploading)}`;
  };
  const paths = selectPaths(whole, { stateKey: shape, share: 0.25 });

  it('explores a bounded, non-trivial model', () => {
    expect(whole.length).toBeGreaterThan(15);
    expect(whole.length).toBeLessThan(500);
  });

  paths.forEach((path, index) => {
    const label = path.steps.map((step) => ('index' in step.event ? `${step.event.type}(${step.event.index})` : step.event.type)).join(' → ');
    it(`#${index} ${label}`, () => replay(path));
  });

  // The shortest paths reach "the owner whose file is being deleted was removed" but may settle the deletion another
  // way: these walk it to the end, where the old field wrote its emptied list into the next owner's place.
  it.each<[ModelEvent[]]>([
    [[{ type: 'file.delete', index: 0 }, { type: 'owner.remove', index: 0 }, { type: 'file.deleted' }]],
    [[{ type: 'owner.add' }, { type: 'file.delete', index: 1 }, { type: 'owner.remove', index: 1 }, { type: 'file.deleted' }]],
    [[{ type: 'owner.add' }, { type: 'file.delete', index: 1 }, { type: 'owner.remove', index: 2 }, { type: 'file.deleted' }]],
  ])('removes an owner while a file is being deleted: %j', async (events) => {
    const [path] = model.getPathsFromEvents(events, {});
    if (!path) throw new Error('the model refuses these events');
    await replay(path);
  });

  // docs/decisions/065-stable-owner-slots.md: an owner removed above a deletion or an upload under way; the old
  // machine re-pointed the slots from the removed owner's down, so these lost a file or an upload.
  it.each<[ModelEvent[]]>([
    [[{ type: 'file.delete', index: 1 }, { type: 'owner.remove', index: 0 }, { type: 'file.deleted' }]],
    [[{ type: 'owner.add' }, { type: 'file.delete', index: 2 }, { type: 'owner.remove', index: 0 }, { type: 'file.deleted' }]],
    [[{ type: 'owner.add' }, { type: 'file.delete', index: 2 }, { type: 'owner.remove', index: 1 }, { type: 'file.deleted' }]],
    [[{ type: 'upload.start', index: 1 }, { type: 'owner.remove', index: 0 }, { type: 'upload.done' }]],
    [[{ type: 'owner.add' }, { type: 'upload.start', index: 2 }, { type: 'owner.remove', index: 0 }, { type: 'owner.add' }, { type: 'upload.done' }]],
    [[{ type: 'file.delete', index: 0 }, { type: 'upload.start', index: 1 }, { type: 'owner.remove', index: 0 }, { type: 'file.deleted' }, { type: 'upload.done' }]],
    [[{ type: 'upload.start', index: 1 }, { type: 'owner.remove', index: 1 }, { type: 'owner.add' }, { type: 'upload.start', index: 1 }, { type: 'upload.done' }]],
  ])('removes an owner above a deletion or an upload under way: %j', async (events) => {
    const [path] = model.getPathsFromEvents(events, {});
    if (!path) throw new Error('the model refuses these events');
    await replay(path);
  });
});

describe('owner slots on a reload and on a list set whole', () => {
  it('a draft saved after removals reloads with owner n in slot n, each with the files the draft names', async () => {
    const [path] = model.getPathsFromEvents(
      [{ type: 'owner.add' }, { type: 'upload.start', index: 2 }, { type: 'owner.remove', index: 0 }, { type: 'upload.done' }, { type: 'owner.add' }],
      {},
    );
    if (!path) throw new Error('the model refuses these events');
    const world = createWorld();
    let before: ModelContext = ownersModel.config.context as ModelContext;
    const run = (step: { event: { type: string } }) => execute(world, step.event as ModelEvent, before);
    await path.test({
      states: { '*': async (state) => { await settle(); before = state.context; } },
      events: { 'owner.add': run, 'owner.remove': run, 'upload.start': run, 'upload.done': run },
    });
    // The machine's slots are not the places any more (Beto's moved up, Ana's freed slot went to the new owner).
    expect(world.actor.getSnapshot().context.ownerSlots).toEqual([1, 2, 0]);
    const owners = world.draftOwners() as DraftData[];
    const files = [...new Set(owners.flatMap((owner) => (owner.id_files as number[] | undefined) ?? []))].map(fileOf);
    world.actor.stop();
    // Two loads of the same saved draft: the same slots, owner n in slot n, the list in the applicant's order.
    for (const load of [createWorld({ owners, files }), createWorld({ owners, files })]) {
      expect(load.actor.getSnapshot().context.ownerSlots).toEqual([0, 1, 2]);
      expect(load.draftOwners().map((owner) => owner.name)).toEqual(['Beto', 'Carla', 'Ana']);
      owners.forEach((owner, index) => {
        expect(load.slot(index)).toBe(load.allSlots()[index]);
        expect((load.slot(index).getSnapshot().context.files as ApplicationFile[]).map((file) => file.id)).toEqual(owner.id_files ?? []);
      });
      load.actor.stop();
    }
  });

  it("a list of another length set as a whole keeps the owners' slots by place", async () => {
    const world = createWorld();
    const [ana] = world.draftOwners();
    world.actor.send({ type: 'application.edit', step: 3, patch: { owners: [ana] } });
    await settle();
    expect(world.actor.getSnapshot().context.ownerSlots).toEqual([0]);
    expect(world.allSlots()[1]?.getSnapshot().context.files).toEqual([]);
    world.actor.send({ type: 'application.edit', step: 3, patch: { owners: [ana, { name: 'Beto', id_files: [2] }] } });
    await settle();
    expect(world.actor.getSnapshot().context.ownerSlots).toEqual([0, 1]);
    expect((world.slot(1).getSnapshot().context.files as ApplicationFile[]).map((file) => file.id)).toEqual([]);
    world.actor.stop();
  });
});
