// Types of the application machine: the lifecycle of one application (draft -> submitted, or closed / unavailable),
// with the step, autosave and upload actors it spawns. Statuses are the contract's (shared/review-lifecycle.ts).
import type { DraftData, LocalCopy } from '#machines/autosave/autosave.types.ts';
import type { StepNumber, StepStatus } from '#machines/step/step.types.ts';
import type { ApplicationFile, StoredFile } from '#machines/upload/upload.types.ts';
import type { ErrorCode } from '#machines/shared/error-codes.ts';
import type { ApplicationStatus, ProgramStatus } from '#shared/review-lifecycle.ts';

export type { ApplicationStatus, ProgramStatus, StepNumber, StepStatus };

/** Step keys as the API sends them ('1'...'6'). */
export type StepKey = `${StepNumber}`;
export type StepStatuses = Record<StepKey, StepStatus>;

/** One step as the server sent it, with this device's local copy of its draft (null when there is none). */
export interface LoadedStep {
  status: StepStatus;
  data: DraftData;
  version: number;
  localCopy: LocalCopy | null;
}

export interface ApplicationInput {
  id: number;
  /** The status as the server sent it: the lifecycle table's applicant side picks the first state and the editable steps. */
  status: ApplicationStatus;
  programStatus: ProgramStatus;
  steps: Record<StepKey, LoadedStep>;
  /** While changes are requested: the steps staff reopened (every other step is read-only). Ignored otherwise. */
  reopenedSteps: readonly StepNumber[];
  /** The intake form already on the server (step 6), or null. */
  intakeForm: StoredFile | null;
  /** The upload limit the upload actor checks before sending (the server checks it too). */
  maxUploadBytes: number;
  /** The application's stored documents: each documents field's actor starts with those its step's draft names. */
  files: readonly ApplicationFile[];
  /** How many documents one field takes (openapi.yaml FileIds maxItems). */
  maxDocumentsPerField: number;
}

/** The documents actors, one per documents field: step 4's income documents and no-income form, each owner's id. */
export type DocumentsActorId =
  | 'documentsIncome'
  | 'documentsNoIncome'
  | `documentsOwner${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19}`;

/** The ids of the actors the application machine invokes: `step1`...`step6`, `autosave1`...`autosave6`, `upload`, the documents fields'. */
// A type, not an interface: XState's `types.children` wants a Record<string, string>, which interfaces are not.
export type ApplicationChildren = {
  step1: 'step';
  step2: 'step';
  step3: 'step';
  step4: 'step';
  step5: 'step';
  step6: 'step';
  autosave1: 'autosave';
  autosave2: 'autosave';
  autosave3: 'autosave';
  autosave4: 'autosave';
  autosave5: 'autosave';
  autosave6: 'autosave';
  upload: 'upload';
} & Record<DocumentsActorId, 'documents'>;

export interface SubmitApplicationInput {
  id: number;
}

export interface SubmitApplicationOutput {
  /** The status the server answered: submitted, or in review after a change request. */
  status: ApplicationStatus;
}

/** How a submitApplication actor rejects: the server's body as it answered (`{ detail, code }`...). */
export interface SubmitApplicationRejection {
  body: unknown;
}

/**
 * `steps_incomplete`: refused before asking the server (or the server said so).
 * `application_closed` / `program_unavailable` / `application_submitted` (another tab submitted it):
 * the server's codes that end the draft.
 * `submit_failed`: any other answer (its body is kept to show as received). `network`: no answer.
 */
export type ApplicationErrorCode = ServerApplicationErrorCode | 'submit_failed' | 'network';

/** The server's codes that the application machine tells apart: the contract's (components/schemas/ErrorCode). */
export type ServerApplicationErrorCode = Extract<
  ErrorCode,
  'steps_incomplete' | 'application_closed' | 'program_unavailable' | 'application_submitted'
>;

export interface ApplicationError {
  code: ApplicationErrorCode;
  /** The server's body, shown as received (already localized); null when the server was not asked. */
  body: unknown;
}

export interface ApplicationContext {
  id: number;
  programStatus: ProgramStatus;
  /**
   * The status as the applicant knows it: as loaded, then where their sending took it (statusAfterSending). Its
   * applicant side (shared/review-lifecycle.ts) picks the first state; the selectors read staff's outcome from it.
   */
  status: ApplicationStatus;
  /** What the step, autosave, upload and documents actors were started from. */
  loaded: Pick<ApplicationInput, 'steps' | 'intakeForm' | 'maxUploadBytes' | 'files' | 'maxDocumentsPerField'>;
  /** incomplete / submitted per step: as loaded, then as the step actors report. */
  steps: StepStatuses;
  /**
   * Per step, read-only from the start: every step of a submitted, closed or unavailable application, and while
   * changes are requested the steps staff did not reopen (their step actors start locked and never report).
   */
  readonlySteps: Record<StepKey, boolean>;
  /**
   * Step 3's owners, in the applicant's order: the slot (`documentsOwner<slot>`) each owner's identification field
   * has for the life of the draft (docs/decisions/065-stable-owner-slots.md). Owner n of a loaded draft has slot n;
   * an owner added takes a free slot, an owner removed frees theirs, and nobody else's slot moves.
   */
  ownerSlots: number[];
  error: ApplicationError | null;
}

export type ApplicationEvent =
  /** A step actor reports a change of its status. */
  | { type: 'application.stepChanged'; step: StepNumber; status: StepStatus }
  /** The upload actor stored a new intake form: the server made step 6 incomplete again. */
  | { type: 'application.intakeFormUploaded'; stored: StoredFile }
  | { type: 'application.submit' }
  /** The person confirmed, in the dialog that "Submit application" opened, that the application goes as it is. */
  | { type: 'application.confirmSubmit' }
  /** The person closed that dialog (Cancel, Escape): the application stays a draft. */
  | { type: 'application.cancelSubmit' }
  // What the person does on a step, relayed to its step and autosave actors.
  /** Typed in a step's form: `patch` goes on top of the latest draft. */
  | { type: 'application.edit'; step: StepNumber; patch: DraftData }
  /** "Add another owner" on step 3: `owner` goes at the end of the list, with a free slot for their documents. */
  | { type: 'application.addOwner'; owner: DraftData }
  /** "Remove owner n" on step 3 (`index` from 0): the owners below keep their slots, and what their fields are doing. */
  | { type: 'application.removeOwner'; index: number }
  /**
   * From a documents actor (sendParent): its field changed on the server (a file uploaded or deleted); its ids go into
   * the latest draft at `path` (`income_documents`; for an owner, `owners.<slot>.id_files`, which the machine writes
   * at the place that slot's owner has now).
   */
  | { type: 'application.setFiles'; step: StepNumber; path: readonly (string | number)[]; ids: readonly number[] }
  /** Left a field or the step: save now rather than after the debounce. */
  | { type: 'application.flushStep'; step: StepNumber }
  | { type: 'application.submitStep'; step: StepNumber }
  | { type: 'application.resolveConflict'; step: StepNumber; choice: 'mine' | 'theirs' }
  // The browser, forwarded by the SPA: the network status, and the page being hidden, closed or left.
  | { type: 'application.online' }
  | { type: 'application.offline' }
  | { type: 'application.hidden' };
