// A program drive (docs/decisions/019-program-drive.md): browsing folders, and in one's own space creating a folder,
// renaming, moving (a dialog that browses to the destination) and deleting after a confirmation, each with its
// failure and retry. Uploads are upload machines (machines/upload) this machine spawns into the folder on screen.
// The folder's listing is a query (react-query), which the `refreshListing` slot refreshes after each change.
import { assign, fromPromise, sendTo, setup, spawnChild, stopChild, type ActorRefFrom } from 'xstate';
import { uploadMachine } from '#machines/upload/upload.machine.ts';
import { checkWith } from '#shared/validation/field-messages.ts';
import { updateDriveNodeBody } from '#shared/validation/validators/updateDriveNodeBody.js';
import type {
  CreateFolderInput,
  DeleteNodeInput,
  DriveAnnouncement,
  DriveCallError,
  DriveContext,
  DriveEvent,
  DriveInput,
  DriveTarget,
  MoveNodeInput,
  RenameNodeInput,
} from './drive.types.ts';

type SubmitName = Extract<DriveEvent, { type: 'drive.submitName' }>;
type WithNode = Extract<DriveEvent, { node: DriveTarget }>;

/** The contract's name rules (openapi.yaml DriveName), as message ids; none when the name is fine. */
export const nameProblems = (name: string) => checkWith(updateDriveNodeBody, { name }).name ?? [];

const statusOf = (error: unknown): number =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 0;
const bodyOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'body' in error ? error.body : undefined);

/** A slot's stand-in: it fails as a call without an answer would. */
const notProvided = <Input>(name: string) =>
  fromPromise<unknown, Input>(async () => {
    throw { status: 0, body: { detail: `${name} is not provided` } } satisfies DriveCallError;
  });

const machineSetup = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as DriveContext,
    events: {} as DriveEvent,
    input: {} as DriveInput,
    tags: {} as 'busy' | 'dialog',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slots: the SPA provides the real calls in src/actors; tests settle them.
    createFolder: notProvided<CreateFolderInput>('createFolder'),
    renameNode: notProvided<RenameNodeInput>('renameNode'),
    moveNode: notProvided<MoveNodeInput>('moveNode'),
    deleteNode: notProvided<DeleteNodeInput>('deleteNode'),
    upload: uploadMachine,
  },
  actions: {
    // Slots: the SPA refreshes the folder's query and shows the success toasts.
    refreshListing: () => {},
    announce: (_, _what: DriveAnnouncement) => {},
    goTo: assign((_, params: { location: DriveContext['location'] }) => ({ location: params.location })),
    aim: assign((_, params: { node: DriveTarget }) => ({ target: params.node, destination: params.node.parent_id, error: null, name: params.node.name, deleted: null })),
    startNew: assign({ target: null, name: '', error: null, deleted: null }),
    markDeleted: assign(({ context }) => ({ deleted: context.target?.id ?? null })),
    keepName: assign((_, params: { name: string }) => ({ name: params.name, error: null })),
    keepProblems: assign((_, params: { name: string }) => ({ name: params.name, error: { code: 'invalid' as const, problems: nameProblems(params.name) } })),
    keepRefusal: assign((_, params: { error: unknown }) => ({ error: { code: 'refused' as const, body: bodyOf(params.error) } })),
    keepFailure: assign((_, params: { error: unknown }) => ({ error: { code: 'failed' as const, body: bodyOf(params.error) ?? null } })),
    browseTo: assign((_, params: { parentId: number | null }) => ({ destination: params.parentId, error: null })),
    clear: assign({ target: null, name: '', error: null, destination: null }),
    /** The last upload's actor (done, failed or cancelled) gives way to the next. */
    dropUpload: stopChild('upload'),
    /** A new upload into the folder on screen. */
    startUpload: spawnChild('upload', {
      id: 'upload',
      input: ({ context }) => ({
        target: { kind: 'drive' as const, programId: context.programId, space: context.location.space, parentId: context.location.parentId },
        maxBytes: context.maxBytes,
        stored: null,
      }),
    }),
    chooseFile: sendTo('upload', ({ event }) => {
      if (event.type !== 'drive.upload') throw new Error('chooseFile outside drive.upload');
      return { type: 'upload.choose' as const, file: event.file };
    }),
  },
  guards: {
    nameInvalid: (_, params: { name: string }) => nameProblems(params.name).length > 0,
    /** 400 (a taken name, a move into itself), 403, 404: the server refused the change itself; trying again cannot help. */
    refused: (_, params: { error: unknown }) => [400, 403, 404, 409].includes(statusOf(params.error)),
    stays: ({ context }) => context.destination === context.target?.parent_id,
  },
});

// Param mappers of the transitions below. The transitions themselves are written out, so the Stately editor draws
// them: `drive.cancel` closes a dialog only while nothing is under way (a change sent cannot be taken back: its
// dialog waits for the answer).
const trimmed = ({ event }: { event: SubmitName }) => ({ name: event.name.trim() });
const nodeOf = ({ event }: { event: WithNode }) => ({ node: event.node });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const driveMachine = machineSetup.createMachine({
  id: 'drive',
  description: "A program's drive: browse the shared materials and one's own space; create, rename, move and delete in one's own space; uploads run beside.",
  context: ({ input }) => ({
    programId: input.programId,
    maxBytes: input.maxBytes,
    location: input.location,
    target: null,
    name: '',
    destination: null,
    error: null,
    deleted: null,
  }),
  initial: 'browsing',
  on: {
    // An upload runs beside whatever else happens; it goes into the folder on screen when the file was chosen.
    'drive.upload': { actions: ['dropUpload', 'startUpload', 'chooseFile'] },
    'drive.uploaded': { actions: ['refreshListing', { type: 'announce', params: 'uploaded' as const }] },
  },
  states: {
    browsing: {
      description: 'A folder is on screen (its listing is a query); the person may open another or start a change.',
      on: {
        'drive.open': { actions: { type: 'goTo', params: ({ event }) => ({ location: event.location }) } },
        'drive.newFolder': { target: 'creatingFolder', actions: 'startNew' },
        'drive.rename': { target: 'renaming', actions: { type: 'aim', params: nodeOf } },
        'drive.move': { target: 'moving', actions: { type: 'aim', params: nodeOf } },
        'drive.delete': { target: 'confirmingDelete', actions: { type: 'aim', params: nodeOf } },
      },
    },
    creatingFolder: {
      description: 'A dialog asks for the new folder’s name.',
      tags: ['dialog'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The name is being typed (or was refused).',
          on: {
            'drive.submitName': [
            // Checked in the browser with the contract's rules, then saved.
            { guard: { type: 'nameInvalid', params: trimmed }, target: 'editing', actions: { type: 'keepProblems', params: trimmed } },
            { target: 'saving', actions: { type: 'keepName', params: trimmed } },
          ],
            'drive.cancel': { target: '#drive.browsing', actions: 'clear' },
          },
        },
        saving: {
          description: 'Creating the folder on the server.',
          tags: ['busy'],
          invoke: {
            id: 'createFolder',
            src: 'createFolder',
            input: ({ context }) => ({ programId: context.programId, location: context.location, name: context.name }),
            onDone: { target: '#drive.browsing', actions: ['refreshListing', { type: 'announce', params: 'folderCreated' as const }, 'clear'] },
            // A refusal goes back to the question; anything else (no answer, a server failure) may be tried again.
            onError: [
              { guard: { type: 'refused', params: errorOf }, target: 'editing', actions: { type: 'keepRefusal', params: errorOf } },
              { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
            ],
          },
        },
        failed: { description: 'No answer, or the server failed: try again, or give up.', on: { 'drive.retry': 'saving', 'drive.cancel': { target: '#drive.browsing', actions: 'clear' } } },
      },
    },
    renaming: {
      description: 'A dialog asks for the new name of a folder or file.',
      tags: ['dialog'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The new name is being typed (or was refused).',
          on: {
            'drive.submitName': [
            // Checked in the browser with the contract's rules, then saved.
            { guard: { type: 'nameInvalid', params: trimmed }, target: 'editing', actions: { type: 'keepProblems', params: trimmed } },
            { target: 'saving', actions: { type: 'keepName', params: trimmed } },
          ],
            'drive.cancel': { target: '#drive.browsing', actions: 'clear' },
          },
        },
        saving: {
          description: 'Renaming on the server.',
          tags: ['busy'],
          invoke: {
            id: 'renameNode',
            src: 'renameNode',
            input: ({ context }) => ({ programId: context.programId, nodeId: context.target?.id ?? 0, name: context.name }),
            onDone: { target: '#drive.browsing', actions: ['refreshListing', { type: 'announce', params: 'renamed' as const }, 'clear'] },
            // A refusal goes back to the question; anything else (no answer, a server failure) may be tried again.
            onError: [
              { guard: { type: 'refused', params: errorOf }, target: 'editing', actions: { type: 'keepRefusal', params: errorOf } },
              { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
            ],
          },
        },
        failed: { description: 'No answer, or the server failed: try again, or give up.', on: { 'drive.retry': 'saving', 'drive.cancel': { target: '#drive.browsing', actions: 'clear' } } },
      },
    },
    moving: {
      description: 'A dialog browses the person’s own folders to the destination.',
      tags: ['dialog'],
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Browsing to the destination folder (or refused: into itself, a taken name).',
          on: {
            'drive.browseDestination': { actions: { type: 'browseTo', params: ({ event }) => ({ parentId: event.parentId }) } },
            'drive.cancel': { target: '#drive.browsing', actions: 'clear' },
            // Where it already is: nothing to do.
            'drive.moveHere': [{ guard: 'stays', target: '#drive.browsing', actions: 'clear' }, { target: 'saving' }],
          },
        },
        saving: {
          description: 'Moving on the server.',
          tags: ['busy'],
          invoke: {
            id: 'moveNode',
            src: 'moveNode',
            input: ({ context }) => ({ programId: context.programId, nodeId: context.target?.id ?? 0, parentId: context.destination }),
            onDone: { target: '#drive.browsing', actions: ['refreshListing', { type: 'announce', params: 'moved' as const }, 'clear'] },
            // A refusal goes back to the question; anything else (no answer, a server failure) may be tried again.
            onError: [
              { guard: { type: 'refused', params: errorOf }, target: 'choosing', actions: { type: 'keepRefusal', params: errorOf } },
              { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
            ],
          },
        },
        failed: { description: 'No answer, or the server failed: try again, or give up.', on: { 'drive.retry': 'saving', 'drive.cancel': { target: '#drive.browsing', actions: 'clear' } } },
      },
    },
    confirmingDelete: {
      description: 'A confirmation dialog: deleting a folder deletes all it holds.',
      tags: ['dialog'],
      initial: 'asking',
      states: {
        asking: { description: 'Waiting for the person to confirm or cancel.', on: { 'drive.confirm': 'deleting', 'drive.cancel': { target: '#drive.browsing', actions: 'clear' } } },
        deleting: {
          description: 'Deleting on the server.',
          tags: ['busy'],
          invoke: {
            id: 'deleteNode',
            src: 'deleteNode',
            input: ({ context }) => ({ programId: context.programId, nodeId: context.target?.id ?? 0 }),
            onDone: {
              target: '#drive.browsing',
              actions: [
                'markDeleted',
                'refreshListing',
                { type: 'announce', params: ({ context }) => (context.target?.kind === 'folder' ? 'folderDeleted' : 'fileDeleted') },
                'clear',
              ],
            },
            // A refusal goes back to the question; anything else (no answer, a server failure) may be tried again.
            onError: [
              { guard: { type: 'refused', params: errorOf }, target: 'asking', actions: { type: 'keepRefusal', params: errorOf } },
              { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
            ],
          },
        },
        failed: { description: 'No answer, or the server failed: try again, or give up.', on: { 'drive.retry': 'deleting', 'drive.cancel': { target: '#drive.browsing', actions: 'clear' } } },
      },
    },
  },
});

export type DriveMachine = typeof driveMachine;
export type DriveActorRef = ActorRefFrom<DriveMachine>;
