// The survey's question and option names in both languages (the 20 NAICS-style sectors, operating times and STEAM
// branches): the survey form asks with them and staff's review shows the answers with them.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { Industry, OperatingTime, SteamBranch } from '#api/survey';

export const industryNames: Record<Industry, MessageDescriptor> = defineMessages({
  '11': { id: 'survey.industry.11' },
  '21': { id: 'survey.industry.21' },
  '22': { id: 'survey.industry.22' },
  '23': { id: 'survey.industry.23' },
  '31': { id: 'survey.industry.31' },
  '42': { id: 'survey.industry.42' },
  '44': { id: 'survey.industry.44' },
  '48': { id: 'survey.industry.48' },
  '51': { id: 'survey.industry.51' },
  '52': { id: 'survey.industry.52' },
  '53': { id: 'survey.industry.53' },
  '54': { id: 'survey.industry.54' },
  '55': { id: 'survey.industry.55' },
  '56': { id: 'survey.industry.56' },
  '61': { id: 'survey.industry.61' },
  '62': { id: 'survey.industry.62' },
  '71': { id: 'survey.industry.71' },
  '72': { id: 'survey.industry.72' },
  '81': { id: 'survey.industry.81' },
  '99': { id: 'survey.industry.99' },
});

export const operatingTimeNames: Record<OperatingTime, MessageDescriptor> = defineMessages({
  under_3_months: { id: 'survey.operatingTime.under3Months' },
  months_3_to_6: { id: 'survey.operatingTime.months3To6' },
  months_6_to_12: { id: 'survey.operatingTime.months6To12' },
  years_1_to_2: { id: 'survey.operatingTime.years1To2' },
  years_3_to_5: { id: 'survey.operatingTime.years3To5' },
  years_6_plus: { id: 'survey.operatingTime.years6Plus' },
});

export const steamBranchNames: Record<SteamBranch, MessageDescriptor> = defineMessages({
  science: { id: 'survey.steam.science' },
  technology: { id: 'survey.steam.technology' },
  engineering: { id: 'survey.steam.engineering' },
  arts: { id: 'survey.steam.arts' },
  mathematics: { id: 'survey.steam.mathematics' },
});

/** The survey's questions, as the form labels them. */
export const surveyLabels = defineMessages({
  hasBusiness: { id: 'survey.form.hasBusiness' },
  idea: { id: 'survey.form.idea' },
  industry: { id: 'survey.form.industry' },
  operatingTime: { id: 'survey.form.operatingTime' },
  monthlyRevenue: { id: 'survey.form.monthlyRevenue' },
  employees: { id: 'survey.form.employees' },
  website: { id: 'survey.form.website' },
  thirdYear: { id: 'survey.form.thirdYear' },
  university: { id: 'survey.form.university' },
  gpa: { id: 'survey.form.gpa' },
  steamBranch: { id: 'survey.form.steamBranch' },
  cohort: { id: 'survey.form.cohort' },
});
