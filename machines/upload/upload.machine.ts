// One file upload: checked in the browser (size, type), then sent with progress; the stored file replaces the last.
// Its parent hears of each stored file: the application (intake form), the drive, or a documents field
// (machines/documents, which keeps the list of the field's documents).
import { assign, fromCallback, sendParent, setup, type ActorRefFrom } from 'xstate';
import { DRIVE_EXTENSIONS } from '#shared/drive-constants.ts';
import { isDocumentFile } from '#shared/document-files.ts';
import type {
  ApplicationFile,
  PickedFile,
  StoredFile,
  UploadContext,
  UploadError,
  UploadEvent,
  UploadFileEvent,
  UploadFileInput,
  UploadInput,
  UploadTarget,
  UploadedFile,
} from './upload.types.ts';

type Refusal = 'too_large' | 'not_pdf' | 'type_not_allowed';

/**
 * Why a chosen file cannot be sent, or null when it can: over the size limit (all its photos together), or neither a
 * PDF nor a photo (shared/document-files.ts). Browsers leave `type` empty for some files, so the name counts too; the
 * server checks the bytes themselves.
 */
export function checkPickedFile(file: Pick<PickedFile, 'name' | 'size' | 'type' | 'more'>, maxBytes: number): 'too_large' | 'not_pdf' | null {
  if (file.size > maxBytes) return 'too_large';
  if (![file, ...(file.more ?? [])].every(isDocumentFile)) return 'not_pdf';
  return null;
}

/** Why a file chosen for a program drive cannot be sent: too large, or of a kind the drive does not take (by name). */
export function checkDriveFile(file: Pick<PickedFile, 'name' | 'size'>, maxBytes: number): 'too_large' | 'type_not_allowed' | null {
  if (file.size > maxBytes) return 'too_large';
  const dot = file.name.lastIndexOf('.');
  return dot > 0 && DRIVE_EXTENSIONS.includes(file.name.slice(dot).toLowerCase()) ? null : 'type_not_allowed';
}

/** The browser's check of a file for where it goes: the drive's kinds, else a PDF (intake form, documents). */
const refusalOf = (target: UploadTarget, file: PickedFile, maxBytes: number): Refusal | null =>
  target.kind === 'drive' ? checkDriveFile(file, maxBytes) : checkPickedFile(file, maxBytes);

/** A stored document carries its id (what a documents field lists and its step's draft names). */
export const isApplicationFile = (stored: UploadedFile): stored is ApplicationFile => 'id' in stored;

/** What the parent is told of a stored file, by where it went. */
function uploadedNotice(target: UploadTarget, stored: UploadedFile) {
  switch (target.kind) {
    case 'drive':
      return { type: 'drive.uploaded' as const, stored };
    case 'document':
      // The server answers a document with its id; an answer without one is a slot that breaks the contract.
      if (!isApplicationFile(stored)) throw new Error('a document upload must answer an ApplicationFile');
      return { type: 'documents.uploaded' as const, stored };
    case 'intake_form':
      return { type: 'application.intakeFormUploaded' as const, stored };
  }
}

/** Reads an uploadFile failure: `{ body }` is the server's answer; anything else never reached it. */
export function toUploadError(error: { body?: unknown }): UploadError {
  return error.body === undefined ? { code: 'network' } : { code: 'rejected', body: error.body };
}

type Choose = Extract<UploadEvent, { type: 'upload.choose' }>;
const fileOf = ({ event }: { event: Choose }) => ({ file: event.file });

export const uploadMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    tags: {} as 'busy',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slot: the SPA provides the real upload in src/actors; tests answer with events.
    uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', error: { body: { detail: 'uploadFile is not provided' } } } satisfies UploadFileEvent);
    }),
  },
  actions: {
    // Tells the machine that spawned this upload: the application (the server made a submitted step 6 incomplete
    // again), the drive (its folder holds one more file), or a documents field (one more document to list).
    reportUploaded: sendParent(({ context }, stored: UploadedFile) => uploadedNotice(context.target, stored)),
    refuse: assign((_, params: { file: PickedFile; code: Refusal }) => ({
      file: params.file,
      error: { code: params.code },
      loaded: 0,
      total: 0,
    })),
    start: assign((_, params: { file: PickedFile }) => ({ file: params.file, error: null, loaded: 0, total: params.file.size })),
    restart: assign(({ context }) => ({ error: null, loaded: 0, total: context.file?.size ?? 0 })),
    progress: assign((_, params: { loaded: number; total: number }) => ({ loaded: params.loaded, total: params.total })),
    store: assign((_, params: { stored: StoredFile }) => ({ stored: params.stored, file: null, error: null })),
    keepError: assign((_, params: { error: { body?: unknown } }) => ({ error: toUploadError(params.error) })),
    keepRefusal: assign((_, params: { body: unknown }) => ({ error: { code: 'refused' as const, body: params.body } })),
    forget: assign({ file: null, error: null, loaded: 0, total: 0 }),
  },
  guards: {
    tooLarge: ({ context }, params: { file: PickedFile }) => refusalOf(context.target, params.file, context.maxBytes) === 'too_large',
    notPdf: ({ context }, params: { file: PickedFile }) => refusalOf(context.target, params.file, context.maxBytes) === 'not_pdf',
    typeNotAllowed: ({ context }, params: { file: PickedFile }) => refusalOf(context.target, params.file, context.maxBytes) === 'type_not_allowed',
    hasFile: ({ context }) => context.file !== null,
    /** The signing's answer names the stored form (an event without one changes nothing). */
    carriesFile: (_, params: { stored: StoredFile | undefined }) => params.stored !== undefined && params.stored !== null,
  },
}).createMachine({
  id: 'upload',
  description: 'A file field that checks the chosen file in the browser, then uploads it with progress.',
  context: ({ input }) => ({
    target: input.target,
    maxBytes: input.maxBytes,
    stored: input.stored,
    file: null,
    loaded: 0,
    total: 0,
    error: null,
  }),
  initial: 'idle',
  on: {
    'upload.choose': [
      {
        guard: { type: 'tooLarge', params: fileOf },
        target: '.invalid',
        actions: { type: 'refuse', params: ({ event }) => ({ file: event.file, code: 'too_large' as const }) },
      },
      {
        guard: { type: 'notPdf', params: fileOf },
        target: '.invalid',
        actions: { type: 'refuse', params: ({ event }) => ({ file: event.file, code: 'not_pdf' as const }) },
      },
      {
        guard: { type: 'typeNotAllowed', params: fileOf },
        target: '.invalid',
        actions: { type: 'refuse', params: ({ event }) => ({ file: event.file, code: 'type_not_allowed' as const }) },
      },
      { target: '.uploading', reenter: true, actions: { type: 'start', params: fileOf } },
    ],
    // The form was signed on screen (machines/signature): the server stored it as this field's file, which it replaces.
    'upload.signed': {
      guard: { type: 'carriesFile', params: ({ event }) => ({ stored: event.stored }) },
      target: '.uploaded',
      actions: { type: 'store', params: ({ event }) => ({ stored: event.stored }) },
    },
  },
  states: {
    idle: {
      description: 'Nothing chosen yet (a file may already be stored).',
    },
    invalid: {
      description: 'The chosen file is too large or of a kind this field does not take: refused before sending a byte.',
    },
    uploading: {
      description:
        'Sending the file; progress is counted in bytes. A resumable upload (docs/decisions/061) pauses while the browser is offline and resumes from what the server holds.',
      tags: ['busy'],
      initial: 'sending',
      states: {
        sending: {
          description: 'The bytes are going out.',
          on: { 'upload.offline': 'paused' },
        },
        paused: {
          description: 'The connection dropped: what reached the server is kept there, and the upload waits to be back online.',
          on: { 'upload.online': 'resuming' },
        },
        resuming: {
          description: "Back online: the server's offset is asked, and the rest is sent from there (progress resumes sending).",
          on: {
            'upload.offline': 'paused',
            'upload.progress': {
              target: 'sending',
              actions: { type: 'progress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) },
            },
          },
        },
      },
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => {
          if (!context.file) throw new Error('uploading without a file');
          return { target: context.target, file: context.file };
        },
      },
      on: {
        'upload.progress': { actions: { type: 'progress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'upload.done': {
          target: 'uploaded',
          actions: [
            { type: 'store', params: ({ event }) => ({ stored: event.stored }) },
            { type: 'reportUploaded', params: ({ event }) => event.stored },
          ],
        },
        'upload.refused': { target: 'refused', actions: { type: 'keepRefusal', params: ({ event }) => ({ body: event.body }) } },
        'upload.failed': { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        'upload.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    uploaded: {
      description: 'The server stored the file; choosing another one replaces it.',
    },
    refused: {
      description:
        'The server refused the file for what it is (not a PDF inside, damaged, too large): another file must be chosen; trying the same one again cannot help.',
    },
    failed: {
      description: 'The upload failed (the network dropped, or the server failed or was busy); the same file can be tried again.',
      on: {
        'upload.retry': { guard: 'hasFile', target: 'uploading', actions: 'restart' },
        'upload.cancel': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

export type UploadMachine = typeof uploadMachine;
export type UploadActorRef = ActorRefFrom<UploadMachine>;
