// Types of the application machine: the lifecycle of one application (draft -> submitted, or closed / unavailable).
import type { StepNumber, StepStatus } from '../step/step.types.ts';

export type { StepNumber, StepStatus };

/** Step keys as the API sends them ('1'...'6'). */
export type StepKey = `${StepNumber}`;
export type StepStatuses = Record<StepKey, StepStatus>;

export type ApplicationStatus = 'draft' | 'submitted' | 'closed';
export type ProgramStatus = 'open' | 'closed' | 'unavailable';

export interface ApplicationInput {
  id: number;
  status: ApplicationStatus;
  programStatus: ProgramStatus;
  steps: StepStatuses;
}

export interface SubmitApplicationInput {
  id: number;
}

export interface SubmitApplicationOutput {
  status: 'submitted';
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
export type ApplicationErrorCode =
  | 'steps_incomplete'
  | 'application_closed'
  | 'program_unavailable'
  | 'application_submitted'
  | 'submit_failed'
  | 'network';

export interface ApplicationError {
  code: ApplicationErrorCode;
  /** The server's body, shown as received (already localized); null when the server was not asked. */
  body: unknown;
}

export interface ApplicationContext {
  id: number;
  programStatus: ProgramStatus;
  /** The status the server reported when loaded; it only picks the first state, which is authoritative after. */
  loadedStatus: ApplicationStatus;
  steps: StepStatuses;
  error: ApplicationError | null;
}

export type ApplicationEvent =
  /** A step machine reports a change of its status (forwarded by the SPA). */
  | { type: 'application.stepChanged'; step: StepNumber; status: StepStatus }
  | { type: 'application.submit' };
