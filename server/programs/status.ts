// Pure rules of a program's state (docs/product.md section 11, Closed / unavailable) and of the action the portal offers.
import type { components } from '#api/schema.d.ts';
import { STEP_COUNT } from '#shared/application-constants.ts';
import { APPLICATION_STATUSES } from '#shared/review-lifecycle.ts';

type Schemas = components['schemas'];
export type SubProgram = Schemas['SubProgram'];
export type ProgramStatus = Schemas['ProgramStatus'];
export type ApplicationStatus = Schemas['ApplicationStatus'];
export type ApplicationAction = Schemas['ApplicationAction'];
export type StepStatus = Schemas['StepStatus'];

/** docs/product.md section 1, in its order. */
export const subPrograms = ['student_incubator', 'pre_incubator', 'incubator', 'accelerator'] as const satisfies readonly SubProgram[];

/**
 * The status a program reads as now: staff set open, closed or unavailable, and an open program
 * closes by itself once its application deadline has passed (the deadline instant itself is still open).
 */
export function programStatus(program: { status: string; application_deadline: Date }, now: Date): ProgramStatus {
  if (program.status === 'unavailable') return 'unavailable';
  if (program.status === 'closed' || now.getTime() > program.application_deadline.getTime()) return 'closed';
  return 'open';
}

/** What an application reads as now: a draft of a program that closed is closed; staff's statuses read as stored. */
export function applicationStatus(stored: string, program: ProgramStatus): ApplicationStatus {
  if (stored === 'draft') return program === 'closed' ? 'closed' : 'draft';
  return APPLICATION_STATUSES.find((status) => status === stored) ?? 'closed';
}

/**
 * The action My Programs and the program list offer for an application:
 * none once it is submitted, in review, decided or closed, or while its program is unavailable;
 * while changes are requested, `submit` (resubmit) or `continue` whatever the deadline (docs/decisions/028);
 * `submit` when all six steps are submitted; `continue` once anything was saved or submitted;
 * `start` for a new application (step 1 prefilled from the profile does not count as saved).
 */
export function applicationAction(
  status: ApplicationStatus,
  program: ProgramStatus,
  steps: ReadonlyArray<{ status: string; version: number }>,
): ApplicationAction {
  if (program === 'unavailable') return null;
  if (status === 'changes_requested') return steps.every((s) => s.status === 'submitted') ? 'submit' : 'continue';
  if (status !== 'draft' || program !== 'open') return null;
  if (steps.length === STEP_COUNT && steps.every((s) => s.status === 'submitted')) return 'submit';
  if (steps.some((s) => s.version > 0 || s.status === 'submitted')) return 'continue';
  return 'start';
}

/** The action on a program of the list: `apply` while it is open and the person has no application yet. */
export function programAction(program: ProgramStatus, application: { action: ApplicationAction } | null): ApplicationAction {
  if (application) return application.action;
  return program === 'open' ? 'apply' : null;
}
