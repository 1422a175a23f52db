// Types of the step machine: one of the six application steps, incomplete or submitted.

import type { components } from '#api/schema.d.ts';
import type { DraftData } from '#machines/autosave/autosave.types.ts';
import type { StepNumber } from '#shared/application-constants.ts';

export type { StepNumber };
/** The contract's step status (components/schemas/StepStatus). */
export type StepStatus = components['schemas']['StepStatus'];

export interface StepInput {
  applicationId: number;
  step: StepNumber;
  status: StepStatus;
  /** The application is submitted or closed: nothing can change any more. */
  readonly: boolean;
}

export interface SubmitStepInput {
  applicationId: number;
  step: StepNumber;
  /** The draft the autosave sibling held once flushed (null when the step has none): what is checked before asking. */
  draft: DraftData | null;
}

export interface FlushDraftInput {
  applicationId: number;
  step: StepNumber;
}

/** The flush's answer: the autosave sibling's draft once settled (null when there is no sibling). */
export interface FlushDraftOutput {
  draft: DraftData | null;
}

export interface SubmitStepOutput {
  status: 'submitted';
}

/** How a submitStep actor rejects: the server's body as it answered (field errors, already localized). */
export interface SubmitStepRejection {
  body: unknown;
}

/** Why the last "submit step" failed. A rejection without a body means the server was not reached. */
export type StepSubmitError = { kind: 'rejected'; body: unknown } | { kind: 'network' };

/** What the step tells the application machine (sent to its parent as `application.stepChanged`). */
export interface StepStatusReport {
  step: StepNumber;
  status: StepStatus;
}

export interface StepContext {
  applicationId: number;
  step: StepNumber;
  status: StepStatus;
  readonly: boolean;
  error: StepSubmitError | null;
  /** The person edited while the server was validating: its "submitted" answer is already stale. */
  editedWhileSubmitting: boolean;
  /** The draft the flush settled on, handed to "submit step"; null before. */
  draft: DraftData | null;
}

export type StepEvent =
  | { type: 'step.submit' }
  | { type: 'step.edit' }
  /**
   * A field the last refusal named has been answered outside the form (the intake form was uploaded): its messages
   * go, and with the last of them the refusal, so no error stays next to the success that answers it.
   */
  | { type: 'step.answered'; field: string }
  /** The application became submitted, closed or unavailable: the application machine locks its steps. */
  | { type: 'step.lock' }
  /**
   * The person kept the copy another tab or device saved (a version conflict answered "use theirs"): the step takes
   * the status the server holds for it, submitted when that tab submitted the step.
   */
  | { type: 'step.serverCopy'; status: StepStatus };
