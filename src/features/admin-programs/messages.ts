// The message descriptors the Programs screen chooses among at run time (a sub-program, a status), declared
// statically so tests/unit/locales.test.ts can check each id in both catalogs.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ProgramStatus, SubProgram } from './api/programs';

export const messages = defineMessages({
  filterAll: { id: 'admin.programs.filterAll' },
  searchLabel: { id: 'admin.programs.searchLabel' },
  pages: { id: 'admin.programs.pages' },
  columnName: { id: 'admin.programs.column.name' },
  columnSubProgram: { id: 'admin.programs.column.sub_program' },
  columnPeriod: { id: 'admin.programs.column.period' },
  columnDeadline: { id: 'admin.programs.column.application_deadline' },
  columnStatus: { id: 'admin.programs.column.status' },
  columnApplications: { id: 'admin.programs.column.applications' },
  columnActions: { id: 'admin.programs.column.actions' },
  tryAgainLater: { id: 'auth.error.tryAgainLater' },
  csvName: { id: 'admin.programs.csvName' },
});

export const subProgramLabels: Record<SubProgram, MessageDescriptor> = defineMessages({
  student_incubator: { id: 'programs.subProgram.studentIncubator' },
  pre_incubator: { id: 'programs.subProgram.preIncubator' },
  incubator: { id: 'programs.subProgram.incubator' },
  accelerator: { id: 'programs.subProgram.accelerator' },
});

export const statusLabels: Record<ProgramStatus, MessageDescriptor> = defineMessages({
  open: { id: 'programs.status.open' },
  closed: { id: 'programs.status.closed' },
  unavailable: { id: 'programs.status.unavailable' },
});
