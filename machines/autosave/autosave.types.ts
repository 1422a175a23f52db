// Types of the autosave machine: its input, context, events and the saveDraft actor's contract.
import type { components } from '#api/schema.d.ts';

/** A step's form data as the person last typed it. The machine never looks inside. */
export type DraftData = Record<string, unknown>;

export interface AutosaveInput {
  applicationId: number;
  step: number;
  data: DraftData;
  /** The server's version number of this step's draft: the base the next save builds on. */
  version: number;
}

/** A save from another tab (or device) that is newer than ours. */
export interface ServerDraft {
  data: DraftData;
  version: number;
  /**
   * The step's status on the server, when the answer said (a version conflict does): submitted when the other tab
   * submitted the step after its last save, so taking that copy takes its status too.
   */
  status?: components['schemas']['StepStatus'];
  /** The application's documents when the answer listed them (a version conflict does): those theirs may name. */
  files?: readonly components['schemas']['ApplicationFile'][];
}

export interface SaveDraftInput {
  applicationId: number;
  step: number;
  data: DraftData;
  version: number;
}

export interface SaveDraftOutput {
  version: number;
}

/**
 * How a saveDraft actor rejects. Anything else it throws is read as `network`
 * (a bare `fetch` fails with a TypeError when the network is down).
 */
export type SaveDraftError =
  /** `sent`: what the request carried (the SPA may hold a malformed field back); the machine's data when absent. */
  | { kind: 'conflict'; current: ServerDraft; sent?: DraftData }
  | { kind: 'network' }
  | { kind: 'rejected'; body: unknown };

/** What the person needs to know about the last failed save. Conflicts live in `theirs`. */
export type AutosaveError = { kind: 'network' } | { kind: 'rejected'; body: unknown };

/**
 * A save that was asked for while another one was in flight:
 * `debounced` (the person typed) or `now` (they typed, then left the field or the step).
 */
export type QueuedSave = 'none' | 'debounced' | 'now';

export interface AutosaveContext {
  applicationId: number;
  step: number;
  /** The latest data the person typed (or the server's, once they chose "theirs"). Never dropped. */
  data: DraftData;
  /** The server version our data is based on. */
  version: number;
  queuedSave: QueuedSave;
  /** Failed saves in a row, capped (see MAX_RETRY_ATTEMPT) so the backoff and the state stay bounded. */
  attempt: number;
  /** Whether the browser says it is online; kept from `autosave.online` / `autosave.offline`. */
  online: boolean;
  /** The newer server draft when another tab saved first; null when there is no conflict. */
  theirs: ServerDraft | null;
  error: AutosaveError | null;
}

/** What the SPA writes to browser storage so a reload loses nothing. */
export interface LocalCopy {
  applicationId: number;
  step: number;
  data: DraftData;
  version: number;
}

/** Which local copy to drop once the server has the data. */
export interface LocalCopyKey {
  applicationId: number;
  step: number;
}

export type AutosaveEvent =
  | { type: 'autosave.change'; data: DraftData }
  | { type: 'autosave.flush' }
  | { type: 'autosave.online' }
  | { type: 'autosave.offline' }
  | { type: 'autosave.resolveConflict'; choice: 'mine' | 'theirs' };

/** The state names, for the saving indicator. */
export type AutosaveStatus = 'idle' | 'saved' | 'dirty' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'failed';
