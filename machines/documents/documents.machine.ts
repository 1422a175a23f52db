// A field of several documents (docs/decisions/015): each chosen file is checked in the browser (size, PDF), then
// uploaded with progress (cancel, retry); a stored file can be removed. The field's file ids go to the step's draft
// through the `reportFiles` slot, and 'document uploaded' / 'document deleted' through the `announce` slot.
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { checkPickedFile, toUploadError } from '#machines/upload/upload.machine.ts';
import type {
  ApplicationFile,
  DocumentsContext,
  DocumentsEvent,
  DocumentsInput,
  PickedFile,
  RemoveDocumentInput,
  UploadDocumentEvent,
  UploadDocumentInput,
} from './documents.types.ts';

type Choose = Extract<DocumentsEvent, { type: 'documents.choose' }>;
type Remove = Extract<DocumentsEvent, { type: 'documents.remove' }>;
const fileOf = ({ event }: { event: Choose }) => ({ file: event.file });
const ids = (files: readonly ApplicationFile[]) => files.map((file) => file.id);

const machineSetup = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
    input: {} as DocumentsInput,
    tags: {} as 'busy',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slots: the SPA provides the real calls in src/actors; tests answer with events or deferred promises.
    uploadDocument: fromCallback<DocumentsEvent, UploadDocumentInput>(({ sendBack }) => {
      sendBack({ type: 'documents.uploadFailed', error: { body: { detail: 'uploadDocument is not provided' } } } satisfies UploadDocumentEvent);
    }),
    removeDocument: fromPromise<void, RemoveDocumentInput>(async () => {
      throw { body: { detail: 'removeDocument is not provided' } };
    }),
  },
  actions: {
    // Slots: the SPA writes the ids into the step's draft and shows the success toasts.
    reportFiles: (_, _ids: number[]) => {},
    announce: (_, _what: 'uploaded' | 'deleted') => {},
    refuse: assign((_, params: { file: PickedFile; code: 'too_large' | 'not_pdf' | 'too_many' }) => ({
      file: params.file,
      error: { code: params.code },
      loaded: 0,
      total: 0,
    })),
    start: assign((_, params: { file: PickedFile }) => ({ file: params.file, error: null, loaded: 0, total: params.file.size })),
    restart: assign(({ context }) => ({ error: null, loaded: 0, total: context.file?.size ?? 0 })),
    progress: assign((_, params: { loaded: number; total: number }) => ({ loaded: params.loaded, total: params.total })),
    store: assign(({ context }, params: { stored: ApplicationFile }) => ({
      files: [...context.files, params.stored],
      file: null,
      error: null,
      loaded: 0,
      total: 0,
    })),
    keepUploadError: assign((_, params: { error: { body?: unknown } }) => ({ error: toUploadError(params.error) })),
    keepRefusal: assign((_, params: { body: unknown }) => ({ error: { code: 'refused' as const, body: params.body } })),
    forget: assign({ file: null, error: null, loaded: 0, total: 0 }),
    // A removal ends whatever the last choice left (its error, its file, its progress).
    markRemoving: assign((_, params: { fileId: number }) => ({ removing: params.fileId, error: null, file: null, loaded: 0, total: 0 })),
    drop: assign(({ context }) => ({ files: context.files.filter((file) => file.id !== context.removing), removing: null })),
    keepRemoveError: assign((_, params: { error: unknown }) => ({
      removing: null,
      error: {
        code: 'remove_failed' as const,
        body: typeof params.error === 'object' && params.error !== null && 'body' in params.error ? params.error.body ?? null : null,
      },
    })),
  },
  guards: {
    tooLarge: ({ context }, params: { file: PickedFile }) => checkPickedFile(params.file, context.maxBytes) === 'too_large',
    notPdf: ({ context }, params: { file: PickedFile }) => checkPickedFile(params.file, context.maxBytes) === 'not_pdf',
    full: ({ context }) => context.files.length >= context.maxFiles,
    hasFile: ({ context }) => context.file !== null,
    isStored: ({ context }, params: { fileId: number }) => context.files.some((file) => file.id === params.fileId),
    startsLocked: ({ context }) => context.readonly,
  },
});

/** A chosen file: refused in the browser (field full, too large, not a PDF: choose another), else uploaded. */
const chooseTransitions = [
  {
    guard: 'full',
    target: '#documents.invalid',
    actions: { type: 'refuse', params: ({ event }: { event: Choose }) => ({ file: event.file, code: 'too_many' as const }) },
  },
  {
    guard: { type: 'tooLarge', params: fileOf },
    target: '#documents.invalid',
    actions: { type: 'refuse', params: ({ event }: { event: Choose }) => ({ file: event.file, code: 'too_large' as const }) },
  },
  {
    guard: { type: 'notPdf', params: fileOf },
    target: '#documents.invalid',
    actions: { type: 'refuse', params: ({ event }: { event: Choose }) => ({ file: event.file, code: 'not_pdf' as const }) },
  },
  { target: '#documents.uploading', actions: { type: 'start', params: fileOf } },
] as const;

/** What a field at rest takes (nothing in flight): another file, the removal of a stored one, the lock. */
const waitingTransitions = {
  'documents.choose': chooseTransitions,
  'documents.remove': {
    guard: { type: 'isStored', params: ({ event }: { event: Remove }) => ({ fileId: event.fileId }) },
    target: '#documents.removing',
    actions: { type: 'markRemoving', params: ({ event }: { event: Remove }) => ({ fileId: event.fileId }) },
  },
  'documents.lock': '#documents.locked',
} as const;

export const documentsMachine = machineSetup.createMachine({
  id: 'documents',
  description: 'A field of several PDFs: choose (checked in the browser), upload with progress, cancel, retry, remove.',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    kind: input.kind,
    maxBytes: input.maxBytes,
    maxFiles: input.maxFiles,
    files: [...input.files],
    readonly: input.readonly,
    file: null,
    loaded: 0,
    total: 0,
    removing: null,
    error: null,
  }),
  initial: 'init',
  states: {
    init: {
      description: 'Transient: a submitted or closed application shows its files and takes no change.',
      always: [{ guard: 'startsLocked', target: 'locked' }, { target: 'idle' }],
    },
    idle: {
      description: 'Waiting: the stored files are listed; another file can be chosen, a stored one removed.',
      on: waitingTransitions,
    },
    invalid: {
      description: 'The chosen file was refused in the browser (field full, too large, not a PDF): another must be chosen; nothing was sent.',
      on: waitingTransitions,
    },
    refused: {
      description:
        'The server refused the file for what it is (not a PDF inside, damaged, too large): another file must be chosen; trying the same one again cannot help.',
      on: waitingTransitions,
    },
    uploading: {
      description: 'Sending the file; progress is counted in bytes; it can be cancelled.',
      tags: ['busy'],
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context }) => {
          if (!context.file) throw new Error('uploading without a file');
          return { applicationId: context.applicationId, kind: context.kind, file: context.file };
        },
      },
      on: {
        'documents.progress': { actions: { type: 'progress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'documents.uploaded': {
          target: 'idle',
          actions: [
            { type: 'store', params: ({ event }) => ({ stored: event.stored }) },
            { type: 'reportFiles', params: ({ context }) => ids(context.files) },
            { type: 'announce', params: 'uploaded' as const },
          ],
        },
        'documents.uploadRefused': { target: 'refused', actions: { type: 'keepRefusal', params: ({ event }) => ({ body: event.body }) } },
        'documents.uploadFailed': { target: 'failed', actions: { type: 'keepUploadError', params: ({ event }) => ({ error: event.error }) } },
        'documents.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    failed: {
      description: 'The upload failed (the network dropped, or the server failed or was busy): the same file can be tried again, or another chosen.',
      on: {
        ...waitingTransitions,
        'documents.retry': { guard: 'hasFile', target: 'uploading', actions: 'restart' },
        'documents.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    removing: {
      description: 'Deleting a stored file on the server.',
      tags: ['busy'],
      invoke: {
        id: 'removeDocument',
        src: 'removeDocument',
        input: ({ context }) => ({ applicationId: context.applicationId, fileId: context.removing ?? 0 }),
        onDone: {
          target: 'idle',
          actions: ['drop', { type: 'reportFiles', params: ({ context }) => ids(context.files) }, { type: 'announce', params: 'deleted' as const }],
        },
        onError: { target: 'idle', actions: { type: 'keepRemoveError', params: ({ event }) => ({ error: event.error }) } },
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
