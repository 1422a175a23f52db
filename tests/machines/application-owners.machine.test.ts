// Model-based paths of step 3's owners on the composed application machine (docs/decisions/063-one-staff-write-path.md,
// and 051's "Not done"): the REAL application machine with its real step, autosave, documents and upload children,
// driven only through the application actor as the owners' screen drives it. A small model of the owner list (add an
// owner, who uploads an identification; remove one, also while a file of that owner is being deleted; the deletion
// settling) is walked with createTestModel (xstate/graph); after every step the draft and each owner's documents actor
// must agree with the model: every owner's files in its own slot and in the draft, no slot past the last owner holding
// a file, no removed owner named anywhere, and the upload child that served a removed owner's slot stopped.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { applicationMachine } from '#machines/application/application.machine.ts';
import type { ApplicationInput, LoadedStep } from '#machines/application/application.types.ts';
import { autosaveMachine } from '#machines/autosave/autosave.machine.ts';
import type { DraftData } from '#machines/autosave/autosave.types.ts';
import { documentsMachine } from '#machines/documents/documents.machine.ts';
import type { ApplicationFile, RemoveDocumentInput } from '#machines/documents/documents.types.ts';
import { stepMachine } from '#machines/step/step.machine.ts';
import { uploadMachine } from '#machines/upload/upload.machine.ts';

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
}
type ModelEvent = { type: 'owner.add' } | { type: 'owner.remove'; index: number } | { type: 'file.delete'; index: number } | { type: 'file.deleted' };

const indexOf = (context: ModelContext, name: Name | null) => context.owners.findIndex((owner) => owner.name === name);

const ownersModel = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    // At most three owners, each name once, so the model is finite.
    canAdd: ({ context }) => context.owners.length < NAMES.length,
    // One owner stays; while a file is being deleted, the owners from that owner down may go (see the decision's
    // "Not done" for an owner above it).
    canRemove: ({ context }, params: { index: number }) =>
      context.owners.length > 1 && params.index < context.owners.length && (context.deleting === null || params.index >= indexOf(context, context.deleting)),
    canDelete: ({ context }, params: { index: number }) => context.deleting === null && context.owners[params.index]?.file === true,
    deleting: ({ context }) => context.deleting !== null,
  },
}).createMachine({
  id: 'owners',
  context: { owners: [{ name: 'Ana', file: true }, { name: 'Beto', file: true }], deleting: null },
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
          actions: assign(({ context, event }) => ({ owners: context.owners.filter((_, index) => index !== event.index) })),
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

function createWorld() {
  const deletions: Array<{ input: RemoveDocumentInput; resolve: () => void }> = [];
  /** Each owner's files as the server holds them, by name; a removed owner's files, to be named nowhere. */
  const filesOf = new Map<Name, number[]>([
    ['Ana', [1]],
    ['Beto', [2]],
  ]);
  const removed = new Set<number>();
  /** The upload children that served a removed owner's slot: each must be stopped. */
  const retired: AnyActorRef[] = [];
  let nextFile = 10;
  const input: ApplicationInput = {
    id: APPLICATION_ID,
    status: 'draft',
    programStatus: 'open',
    intakeForm: null,
    maxUploadBytes: 20 * 1024 * 1024,
    reopenedSteps: [],
    files: [fileOf(1), fileOf(2)],
    maxDocumentsPerField: 10,
    steps: {
      '1': loaded({}),
      '2': loaded({}),
      '3': loaded({ owners: [{ name: 'Ana', id_files: [1] }, { name: 'Beto', id_files: [2] }] }),
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
            upload: uploadMachine.provide({ actors: { uploadFile: fromCallback(() => {}) } }),
          },
        }),
      },
    }),
    { input },
  );
  actor.start();
  const children = () => actor.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  const slot = (index: number) => {
    const ref = children()[`documentsOwner${index}`];
    if (!ref) throw new Error(`no documents actor for owner ${index}`);
    return ref;
  };
  const draftOwners = (): Array<{ name?: string; id_files?: number[] }> => {
    const data = children().autosave3?.getSnapshot().context.data as DraftData;
    return Array.isArray(data.owners) ? data.owners : [];
  };
  return { actor, deletions, filesOf, removed, retired, slot, draftOwners, fresh: () => (nextFile += 1) };
}
type World = ReturnType<typeof createWorld>;

/** The owners' screen: the list as the draft holds it, with one owner left out or one added (as OwnersFields sends). */
function execute(world: World, event: ModelEvent, before: ModelContext) {
  const owners = world.draftOwners();
  switch (event.type) {
    case 'owner.add': {
      const name = NAMES.find((candidate) => !before.owners.some((owner) => owner.name === candidate)) ?? 'Carla';
      const index = owners.length;
      world.actor.send({ type: 'application.edit', step: 3, patch: { owners: [...owners, { name }] } });
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
      // Each slot from the removed owner's down stands for another owner now: its upload child is replaced.
      for (let index = event.index; index < before.owners.length; index += 1) {
        const upload = (world.slot(index).getSnapshot().children as Record<string, AnyActorRef | undefined>).upload;
        if (upload) world.retired.push(upload);
      }
      world.actor.send({ type: 'application.edit', step: 3, patch: { owners: owners.filter((_, index) => index !== event.index) } });
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
  }
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The draft and the documents actors agree with the model. */
function check(world: World, context: ModelContext) {
  const owners = world.draftOwners();
  expect(owners.map((owner) => owner.name)).toEqual(context.owners.map((owner) => owner.name));
  context.owners.forEach((owner, index) => {
    const expected = owner.file ? (world.filesOf.get(owner.name) ?? []) : [];
    expect(owners[index]?.id_files ?? []).toEqual(expected);
    const files = (world.slot(index).getSnapshot().context.files as ApplicationFile[]).map((file) => file.id);
    // While its deletion is under way the field still lists the file; the draft already follows the list it shows.
    if (context.deleting === null) expect(files).toEqual(expected);
  });
  // A slot past the last owner lists nothing, once a deletion it was running has settled.
  for (let index = context.owners.length; index < 4; index += 1) {
    if (!world.slot(index).getSnapshot().matches('removing')) expect(world.slot(index).getSnapshot().context.files).toEqual([]);
  }
  const named = owners.flatMap((owner) => owner.id_files ?? []);
  expect(named.filter((id) => world.removed.has(id))).toEqual([]);
  for (const upload of world.retired) expect(upload.getSnapshot().status).toBe('stopped');
}

const model = createTestModel(ownersModel, {
  events: (state): ModelEvent[] => [
    { type: 'owner.add' },
    { type: 'file.deleted' },
    ...state.context.owners.flatMap((_, index): ModelEvent[] => [{ type: 'owner.remove', index }, { type: 'file.delete', index }]),
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
    events: { 'owner.add': run, 'owner.remove': run, 'file.delete': run, 'file.deleted': run },
  });
  world.actor.stop();
}

describe('owners on the composed application machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(15);
    expect(paths.length).toBeLessThan(500);
  });

  paths.forEach((path, index) => {
    const label = path.steps.map((step) => ('index' in step.event ? `${step.event.type}(${step.event.index})` : step.event.type)).join(' → ');
    it(`#${index} ${label}`, () => replay(path));
  });

  // The shortest paths reach "the owner whose file is being deleted was removed" but may settle the deletion another
  // way: these walk it to the end, where the old field wrote its emptied list into the next owner's place.
  it.each([
    [[{ type: 'file.delete', index: 0 }, { type: 'owner.remove', index: 0 }, { type: 'file.deleted' }]],
    [[{ type: 'owner.add' }, { type: 'file.delete', index: 1 }, { type: 'owner.remove', index: 1 }, { type: 'file.deleted' }]],
    [[{ type: 'owner.add' }, { type: 'file.delete', index: 1 }, { type: 'owner.remove', index: 2 }, { type: 'file.deleted' }]],
  ] satisfies ModelEvent[][][])('removes an owner while a file is being deleted: %j', async (events) => {
    const [path] = model.getPathsFromEvents(events, {});
    if (!path) throw new Error('the model refuses these events');
    await replay(path);
  });
});
