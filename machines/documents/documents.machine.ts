// A field of several documents (docs/decisions/015). Each file goes through an upload machine (machines/upload) this
// machine invokes while the field takes changes: the child checks it in the browser (size, PDF) and sends it with
// progress, cancel and retry, then reports the stored document. This machine keeps what is the field's own: the list
// of stored documents, its maximum, removal, the lock. It is a child of the application machine, which invokes one per
// documents field: the field's ids go to the step's draft by `application.setFiles`, sent to that parent
// (sendParent); 'document uploaded' / 'document deleted' go through the `announce` slot.
import { assign, fromPromise, not, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import { uploadMachine } from '#machines/upload/upload.machine.ts';
import type { UploadEvent } from '#machines/upload/upload.types.ts';
import type { ApplicationFile, DocumentsChildren, DocumentsContext, DocumentsEvent, DocumentsInput, RemoveDocumentInput } from './documents.types.ts';

type Remove = Extract<DocumentsEvent, { type: 'documents.remove' }>;
type Choose = Extract<DocumentsEvent, { type: 'documents.choose' }>;
type Show = Extract<DocumentsEvent, { type: 'documents.show' }>;
type Replace = Extract<DocumentsEvent, { type: 'documents.replace' }>;
const ids = (files: readonly ApplicationFile[]) => files.map((file) => file.id);

const machineSetup = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
    input: {} as DocumentsInput,
    children: {} as DocumentsChildren,
    tags: {} as 'busy',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // The upload child, with its own uploadFile slot; and the removal slot. The SPA provides the real calls in
    // src/actors; tests answer the child's upload with events and settle the removal's promise.
    upload: uploadMachine,
    removeDocument: fromPromise<void, RemoveDocumentInput>(async () => {
      throw { body: { detail: 'removeDocument is not provided' } };
    }),
  },
  actions: {
    /** Tells the application machine the field's ids, which it writes into the step's draft where the field is. */
    reportFiles: sendParent(({ context }) => ({
      type: 'application.setFiles' as const,
      step: context.step,
      path: context.path,
      ids: ids(context.files),
    })),
    // Slot: the SPA shows the success toasts.
    announce: (_, _what: 'uploaded' | 'deleted') => {},
    /**
     * The field now stands for another list: an owner's slot freed (the owner was removed) or taken by a new owner
     * (docs/decisions/065-stable-owner-slots.md): its files are that list's.
     */
    show: assign((_, params: { files: readonly ApplicationFile[] }) => ({ files: [...params.files], error: null })),
    /** The person's choice, retry or cancel, for the upload child (which ignores what its state does not take). */
    forward: sendTo('upload', (_, event: UploadEvent) => event),
    noteUpload: assign((_, params: { busy: boolean }) => ({ uploading: params.busy })),
    refuseTooMany: assign({ error: { code: 'too_many' as const } }),
    clearError: assign({ error: null }),
    store: assign(({ context }, params: { stored: ApplicationFile }) => ({ files: [...context.files, params.stored] })),
    markRemoving: assign((_, params: { fileId: number }) => ({ removing: params.fileId, error: null })),
    /**
     * The field's owner was removed while a file was being deleted: the list the field now stands for waits until the
     * deletion settles, so the deletion's report cannot write the old owner's files into another owner's place.
     */
    keepShown: assign((_, params: { files: readonly ApplicationFile[] }) => ({ shown: [...params.files] })),
    drop: assign(({ context }) => ({ files: (context.shown ?? context.files).filter((file) => file.id !== context.removing), removing: null, shown: null })),
    keepRemoveError: assign(({ context }, params: { error: unknown }) => ({
      files: context.shown ?? context.files,
      shown: null,
      removing: null,
      error: {
        code: 'remove_failed' as const,
        body: typeof params.error === 'object' && params.error !== null && 'body' in params.error ? params.error.body ?? null : null,
      },
    })),
  },
  guards: {
    uploading: ({ context }) => context.uploading,
    full: ({ context }) => context.files.length >= context.maxFiles,
    /** A stored file, while no upload is under way. */
    removable: ({ context }, params: { fileId: number }) => !context.uploading && context.files.some((file) => file.id === params.fileId),
    startsLocked: ({ context }) => context.readonly,
  },
});

export const documentsMachine = machineSetup.createMachine({
  id: 'documents',
  description: 'A field of several PDFs: each chosen file goes through an upload child (checked, sent with progress, cancel, retry); a stored one can be removed.',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    step: input.step,
    path: input.path,
    kind: input.kind,
    maxBytes: input.maxBytes,
    maxFiles: input.maxFiles,
    files: [...input.files],
    readonly: input.readonly,
    uploading: false,
    removing: null,
    shown: null,
    error: null,
  }),
  initial: 'init',
  states: {
    init: {
      description: 'Transient: a submitted or closed application shows its files and takes no change.',
      always: [{ guard: 'startsLocked', target: 'locked' }, { target: 'idle' }],
    },
    idle: {
      description:
        'The stored files are listed; the upload child takes a chosen file (one at a time); a stored file can be removed while no upload is under way. Entering starts a fresh child, so a removal or a full field ends what the last choice left.',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          target: { kind: 'document' as const, applicationId: context.applicationId, fileKind: context.kind },
          maxBytes: context.maxBytes,
          stored: null,
        }),
        onSnapshot: { actions: { type: 'noteUpload', params: ({ event }) => ({ busy: event.snapshot.hasTag('busy') }) } },
      },
      on: {
        'documents.choose': [
          // One upload at a time: the view offers no file input while one is under way.
          { guard: 'uploading' },
          { guard: 'full', target: 'idle', reenter: true, actions: 'refuseTooMany' },
          {
            actions: ['clearError', { type: 'forward', params: ({ event }: { event: Choose }) => ({ type: 'upload.choose' as const, file: event.file }) }],
          },
        ],
        'documents.retry': { actions: { type: 'forward', params: { type: 'upload.retry' as const } } },
        'documents.cancel': { actions: { type: 'forward', params: { type: 'upload.cancel' as const } } },
        'documents.uploaded': {
          actions: [
            { type: 'store', params: ({ event }) => ({ stored: event.stored }) },
            'reportFiles',
            { type: 'announce', params: 'uploaded' as const },
          ],
        },
        'documents.remove': {
          guard: { type: 'removable', params: ({ event }: { event: Remove }) => ({ fileId: event.fileId }) },
          target: 'removing',
          actions: { type: 'markRemoving', params: ({ event }) => ({ fileId: event.fileId }) },
        },
        'documents.lock': { guard: not('uploading'), target: 'locked' },
        // Re-entered: a fresh upload child, so nothing of the other list's last choice stays.
        'documents.show': { target: 'idle', reenter: true, actions: { type: 'show', params: ({ event }: { event: Show }) => ({ files: event.files }) } },
        // Not re-entered: the list is the same field's, so an upload under way goes on and its file joins this list.
        'documents.replace': { actions: { type: 'show', params: ({ event }: { event: Replace }) => ({ files: event.files }) } },
      },
    },
    removing: {
      description: "Deleting a stored file on the server. A list shown meanwhile (the field's owner was removed) is applied once the deletion settles.",
      tags: ['busy'],
      invoke: {
        id: 'removeDocument',
        src: 'removeDocument',
        input: ({ context }) => ({ applicationId: context.applicationId, fileId: context.removing ?? 0 }),
        onDone: {
          target: 'idle',
          actions: ['drop', 'reportFiles', { type: 'announce', params: 'deleted' as const }],
        },
        onError: { target: 'idle', actions: { type: 'keepRemoveError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'documents.show': { actions: { type: 'keepShown', params: ({ event }: { event: Show }) => ({ files: event.files }) } },
        'documents.replace': { actions: { type: 'keepShown', params: ({ event }: { event: Replace }) => ({ files: event.files }) } },
      },
    },
    locked: {
      description: 'The application is submitted or closed: the files are shown, nothing changes.',
      type: 'final',
    },
  },
});

export type DocumentsMachine = typeof documentsMachine;
export type DocumentsActorRef = ActorRefFrom<DocumentsMachine>;
