// The upload machine's model, shared by its own path tests and by the composed application's and documents field's:
// the sample files and the answers of the upload in flight (a few fixed ones, so the explored context stays finite).
import type { SnapshotFrom } from 'xstate';
import en from '#locales/en.json';
import type { uploadMachine } from '#machines/upload/upload.machine.ts';
import type { ApplicationFile, PickedFile, StoredFile, UploadEvent, UploadTarget, UploadedFile } from '#machines/upload/upload.types.ts';

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
export type UploadModelEvent = UploadEvent | { type: 'xstate.init' };

/** docs/product.md section 9, as the hint says: "A PDF of 20MB or smaller" (counted in MiB, like the server). */
export const TWENTY_MB = 20 * 1024 * 1024;
/** The machine reads name, size and type only; the bytes are a stand-in. */
export const bytes = () => new Blob(['%PDF-1.7\n'], { type: 'application/pdf' });

type Verdict = 'sent' | 'too_large' | 'not_pdf';
/** What the person should see for each sample: sent, or refused before a byte leaves the browser. */
export const SIGNED: PickedFile = { name: 'formulario-firmado.pdf', size: 240 * 1024, type: 'application/pdf', body: bytes() };
/** Exactly at the limit, and with the empty type some browsers give: still a PDF by its name. */
export const AT_LIMIT: PickedFile = { name: 'ESCANEO-FIRMADO.PDF', size: TWENTY_MB, type: '', body: bytes() };
export const TOO_LARGE: PickedFile = { name: 'escaneo-completo.pdf', size: TWENTY_MB + 1, type: 'application/pdf', body: bytes() };
/** A WebP picture: documents take PDFs and JPEG, PNG and HEIC photos only (docs/decisions/054). */
export const PHOTO: PickedFile = { name: 'foto-del-formulario.webp', size: 1_500_000, type: 'image/webp', body: bytes() };
const VERDICTS = new Map<PickedFile, Verdict>([
  [SIGNED, 'sent'],
  [AT_LIMIT, 'sent'],
  [TOO_LARGE, 'too_large'],
  [PHOTO, 'not_pdf'],
]);
export const verdictOf = (file: PickedFile): Verdict => {
  const verdict = VERDICTS.get(file);
  if (!verdict) throw new Error(`not a sample file: ${file.name}`);
  return verdict;
};

/** The multipart envelope around the file: XMLHttpRequest counts it in `total`. */
const ENVELOPE = 187;
const UPLOADED_AT = '2025-03-14T15:09:26.000Z';
/** What the server answers when it stored a file (src/actors checks this shape). */
export const storedOf = (file: PickedFile): StoredFile => ({ file_name: file.name, size: file.size, uploaded_at: UPLOADED_AT, active_content: [] });

/** The server found no PDF in the bytes (a renamed file): a field error, already localized. */
export const NOT_PDF_BODY = { file: ['El archivo debe ser un PDF.'] };
export const choose = (file: PickedFile): UploadModelEvent => ({ type: 'upload.choose', file });
export const progress = (file: PickedFile, part: 'half' | 'all'): UploadModelEvent => {
  const total = file.size + ENVELOPE;
  return { type: 'upload.progress', loaded: part === 'half' ? Math.floor(file.size / 2) : total, total };
};
/** What the server answers when it stored a document of a documents field: the stored file with its id and field. */
export const documentOf = (file: PickedFile, fileKind: ApplicationFile['kind'] = 'income_document'): ApplicationFile => ({
  id: 500 + [...VERDICTS.keys()].indexOf(file),
  kind: fileKind,
  sha256: 'a'.repeat(64),
  ...storedOf(file),
});
/** The server's answer for a file stored at a target: a document for a documents field, else a StoredFile. */
export const answerFor = (target: UploadTarget, file: PickedFile): UploadedFile =>
  target.kind === 'document' ? documentOf(file, target.fileKind) : storedOf(file);
export const done = (file: PickedFile, target?: UploadTarget): UploadModelEvent => ({
  type: 'upload.done',
  stored: target ? answerFor(target, file) : storedOf(file),
});
/** The 503 the server answers while its database is away (docs/decisions/008): the same file may go through later. */
export const UNAVAILABLE_BODY = { detail: en['api.error.unavailable'], code: 'database_unavailable' };
/**
 * What src/actors sends back when no answer came (offline, dropped), when the server failed with a body (5xx, 408,
 * 429), and when it refused the file itself (a 4xx: not a PDF inside, damaged, too large).
 */
export const dropped: UploadModelEvent = { type: 'upload.failed', error: {} };
export const serverFailed = (body: unknown): UploadModelEvent => ({ type: 'upload.failed', error: { body } });
export const refused = (body: unknown): UploadModelEvent => ({ type: 'upload.refused', body });
export const retry = { type: 'upload.retry' } satisfies UploadEvent;
export const cancel = { type: 'upload.cancel' } satisfies UploadEvent;
/** What the resumable upload (src/actors) sends when the browser goes offline, and when it is back online. */
export const offline = { type: 'upload.offline' } satisfies UploadEvent;
export const online = { type: 'upload.online' } satisfies UploadEvent;

/** Events offered in each model state: the answers are for the file being sent. */
export function uploadSampleEvents(state: UploadSnapshot): UploadModelEvent[] {
  const sending = state.context.file ?? SIGNED;
  return [
    ...[...VERDICTS.keys()].map(choose),
    progress(sending, 'half'),
    progress(sending, 'all'),
    done(sending, state.context.target),
    dropped,
    serverFailed(UNAVAILABLE_BODY),
    refused(NOT_PDF_BODY),
    retry,
    cancel,
    offline,
    online,
  ];
}

/** The event types the model sends, for the `events` executors of a test. */
export const UPLOAD_EVENT_TYPES = [
  'upload.choose',
  'upload.progress',
  'upload.done',
  'upload.refused',
  'upload.failed',
  'upload.retry',
  'upload.cancel',
  'upload.offline',
  'upload.online',
] as const;

/** The upload machine's leaf states, for the state checks of a test. */
export const UPLOAD_STATES = ['idle', 'invalid', 'uploading', 'uploaded', 'refused', 'failed'] as const;

export const uploadLabel = (event: UploadModelEvent) => {
  switch (event.type) {
    case 'upload.choose':
      return `choose ${event.file.name}`;
    case 'upload.progress':
      return `progress ${event.loaded === event.total ? 'all' : 'half'}`;
    case 'upload.failed':
      return event.error.body === undefined ? 'failed (network)' : 'failed (server)';
    case 'upload.refused':
      return 'refused';
    default:
      return event.type.replace(/^(xstate|upload)\./, '');
  }
};
