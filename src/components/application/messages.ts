// Names of the six steps (long for headings, short for the step indicator) and of the steps' options.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { StepNumber } from '#machines/step/step.types';

export const stepNames: Record<StepNumber, MessageDescriptor> = defineMessages({
  1: { id: 'application.step.name1' },
  2: { id: 'application.step.name2' },
  3: { id: 'application.step.name3' },
  4: { id: 'application.step.name4' },
  5: { id: 'application.step.name5' },
  6: { id: 'application.step.name6' },
});

export const stepShortNames: Record<StepNumber, MessageDescriptor> = defineMessages({
  1: { id: 'application.indicator.short1' },
  2: { id: 'application.indicator.short2' },
  3: { id: 'application.indicator.short3' },
  4: { id: 'application.indicator.short4' },
  5: { id: 'application.indicator.short5' },
  6: { id: 'application.indicator.short6' },
});

export const stepStatusNames = defineMessages({
  incomplete: { id: 'application.step.incomplete' },
  submitted: { id: 'application.step.submitted' },
});

// Shared with the server's applicant's copy: shared/application-questions.ts.
export { businessTypeNames, incomeSourceNames, incomeSources } from '#shared/application-questions';
