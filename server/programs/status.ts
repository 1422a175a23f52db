// Pure rules of a program's state (docs/product.md section 11, Closed / unavailable) and of the action the portal offers
// (shared/review-lifecycle.ts's applicant side: docs/decisions/045-one-lifecycle-table.md).
import type { components } from '#api/schema.d.ts';
import { SUB_PROGRAM_VALUES } from '#shared/contract-enums.ts';
import { APPLICATION_STATUSES, applicantOffer, programClosesDrafts, type StepProgress } from '#shared/review-lifecycle.ts';

type Schemas = components['schemas'];
export type SubProgram = Schemas['SubProgram'];
export type ProgramStatus = Schemas['ProgramStatus'];
export type ApplicationStatus = Schemas['ApplicationStatus'];
export type ApplicationAction = Schemas['ApplicationAction'];
export type StepStatus = Schemas['StepStatus'];

/** docs/product.md section 1, in its order (the contract's SubProgram enum). */
export const subPrograms = SUB_PROGRAM_VALUES;

/**
 * The status a program reads as now: staff set open, closed or unavailable, and an open program
 * closes by itself once its application deadline has passed (the deadline instant itself is still open).
 */
export function programStatus(program: { status: string; application_deadline: Date }, now: Date): ProgramStatus {
  if (program.status === 'unavailable') return 'unavailable';
  if (program.status === 'closed' || now.getTime() > program.application_deadline.getTime()) return 'closed';
  return 'open';
}

/** A status as stored, read as the contract's (the database's check allows no other; an unknown one reads as closed). */
export const storedStatus = (stored: string): ApplicationStatus => APPLICATION_STATUSES.find((status) => status === stored) ?? 'closed';

/** What an application reads as now: a draft of a program that closed is closed; staff's statuses read as stored. */
export function applicationStatus(stored: string, program: ProgramStatus): ApplicationStatus {
  if (stored === 'draft') return programClosesDrafts(program) ? 'closed' : 'draft';
  return storedStatus(stored);
}

/**
 * The action My Programs and the program list offer for an application: the table's applicantOffer, with its `view`
 * (read the answers) sent as null, which the contract's ApplicationAction says by having no action.
 */
export function applicationAction(status: ApplicationStatus, program: ProgramStatus, steps: readonly StepProgress[]): ApplicationAction {
  const offer = applicantOffer(status, program, steps);
  return offer === 'view' ? null : offer;
}

/** The action on a program of the list: `apply` while it is open and the person has no application yet. */
export function programAction(program: ProgramStatus, application: { action: ApplicationAction } | null): ApplicationAction {
  if (application) return application.action;
  return program === 'open' ? 'apply' : null;
}
