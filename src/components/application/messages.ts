// Names of the six steps (long for headings, short for the step indicator) and of the steps' options.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { StepNumber } from '#machines/step/step.types';
import type { IncomeSource } from '#api/applications';

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

export const businessTypeNames = defineMessages({
  physical: { id: 'application.business.typePhysical' },
  virtual: { id: 'application.business.typeVirtual' },
  both: { id: 'application.business.typeBoth' },
});

/** In the order people look for them: work first, "no income" last (it stands alone). */
export const incomeSources = [
  'work',
  'social_security',
  'ssi',
  'retirement',
  'pensions',
  'va_benefits',
  'child_support',
  'alimony',
  'child_income',
  'welfare',
  'other',
  'no_income',
] as const satisfies readonly IncomeSource[];

export const incomeSourceNames: Record<IncomeSource, MessageDescriptor> = defineMessages({
  alimony: { id: 'application.household.incomeAlimony' },
  child_income: { id: 'application.household.incomeChildIncome' },
  child_support: { id: 'application.household.incomeChildSupport' },
  no_income: { id: 'application.household.incomeNoIncome' },
  other: { id: 'application.household.incomeOther' },
  pensions: { id: 'application.household.incomePensions' },
  retirement: { id: 'application.household.incomeRetirement' },
  social_security: { id: 'application.household.incomeSocialSecurity' },
  ssi: { id: 'application.household.incomeSsi' },
  va_benefits: { id: 'application.household.incomeVaBenefits' },
  welfare: { id: 'application.household.incomeWelfare' },
  work: { id: 'application.household.incomeWork' },
});
