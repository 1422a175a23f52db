// Names and descriptions of the four sub-programs (docs/product.md section 1), program statuses and the actions.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '#api/schema';
import { SUB_PROGRAM_VALUES } from '#shared/contract-enums';

type Schemas = components['schemas'];

/** docs/product.md section 1, in its order (the contract's SubProgram enum). */
export const subPrograms = SUB_PROGRAM_VALUES;

export const subProgramNames: Record<Schemas['SubProgram'], MessageDescriptor> = defineMessages({
  student_incubator: { id: 'programs.subProgram.studentIncubator' },
  pre_incubator: { id: 'programs.subProgram.preIncubator' },
  incubator: { id: 'programs.subProgram.incubator' },
  accelerator: { id: 'programs.subProgram.accelerator' },
});

export const subProgramDescriptions: Record<Schemas['SubProgram'], MessageDescriptor> = defineMessages({
  student_incubator: { id: 'programs.subProgram.studentIncubatorBody' },
  pre_incubator: { id: 'programs.subProgram.preIncubatorBody' },
  incubator: { id: 'programs.subProgram.incubatorBody' },
  accelerator: { id: 'programs.subProgram.acceleratorBody' },
});

export const programStatusNames: Record<Schemas['ProgramStatus'], MessageDescriptor> = defineMessages({
  open: { id: 'programs.status.open' },
  closed: { id: 'programs.status.closed' },
  unavailable: { id: 'programs.status.unavailable' },
});

export const applicationStatusNames: Record<Schemas['ApplicationStatus'], MessageDescriptor> = defineMessages({
  draft: { id: 'programs.applicationStatus.draft' },
  submitted: { id: 'programs.applicationStatus.submitted' },
  in_review: { id: 'programs.applicationStatus.in_review' },
  changes_requested: { id: 'programs.applicationStatus.changes_requested' },
  approved: { id: 'programs.applicationStatus.approved' },
  rejected: { id: 'programs.applicationStatus.rejected' },
  waitlisted: { id: 'programs.applicationStatus.waitlisted' },
  closed: { id: 'programs.applicationStatus.closed' },
});

/** The exact labels of My Programs' actions (docs/product.md section 2): Apply, Start, Continue, Submit. */
export const actionNames: Record<NonNullable<Schemas['ApplicationAction']>, MessageDescriptor> = defineMessages({
  apply: { id: 'programs.action.apply' },
  start: { id: 'programs.action.start' },
  continue: { id: 'programs.action.continue' },
  submit: { id: 'programs.action.submit' },
});
