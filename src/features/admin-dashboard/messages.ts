// The message descriptors the dashboard chooses among at run time (a chart, a funnel stage, a band, how people heard, a
// column), declared statically so tests/unit/locales.test.ts can check each id in both catalogs.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '#api/schema';

type Schemas = components['schemas'];

export const messages = defineMessages({
  filters: { id: 'admin.dashboard.filters' },
  filterAll: { id: 'admin.dashboard.filterAll' },
  csvName: { id: 'admin.dashboard.csvName' },
  error: { id: 'admin.dashboard.error' },
  columnCount: { id: 'admin.dashboard.column.count' },
  columnStage: { id: 'admin.dashboard.column.stage' },
  columnStatus: { id: 'admin.dashboard.column.status' },
  columnSubProgram: { id: 'admin.dashboard.column.subProgram' },
  columnProgram: { id: 'admin.dashboard.column.program' },
  columnMonth: { id: 'admin.dashboard.column.month' },
  columnHowHeard: { id: 'admin.dashboard.column.howHeard' },
  columnBand: { id: 'admin.dashboard.column.band' },
  unknown: { id: 'admin.dashboard.unknown' },
});

export const chartNames: Record<Schemas['DashboardChart'], MessageDescriptor> = defineMessages({
  funnel: { id: 'admin.dashboard.chart.funnel' },
  status: { id: 'admin.dashboard.chart.status' },
  sub_program: { id: 'admin.dashboard.chart.sub_program' },
  program: { id: 'admin.dashboard.chart.program' },
  registrations: { id: 'admin.dashboard.chart.registrations' },
  how_heard: { id: 'admin.dashboard.chart.how_heard' },
  decision_time: { id: 'admin.dashboard.chart.decision_time' },
});

export const stageNames: Record<Schemas['DashboardFunnelStage'], MessageDescriptor> = defineMessages({
  account: { id: 'admin.dashboard.funnel.account' },
  survey: { id: 'admin.dashboard.funnel.survey' },
  started: { id: 'admin.dashboard.funnel.started' },
  submitted: { id: 'admin.dashboard.funnel.submitted' },
  decided: { id: 'admin.dashboard.funnel.decided' },
});

export const bandNames: Record<Schemas['DashboardDecisionBand'], MessageDescriptor> = defineMessages({
  days_0_6: { id: 'admin.dashboard.band.days_0_6' },
  days_7_29: { id: 'admin.dashboard.band.days_7_29' },
  days_30_59: { id: 'admin.dashboard.band.days_30_59' },
  days_60_89: { id: 'admin.dashboard.band.days_60_89' },
  days_90_plus: { id: 'admin.dashboard.band.days_90_plus' },
});

export const howHeardNames: Record<Schemas['HowHeard'], MessageDescriptor> = defineMessages({
  search_engine: { id: 'events.howHeard.search_engine' },
  recommendation: { id: 'events.howHeard.recommendation' },
  social: { id: 'events.howHeard.social' },
  meet_and_greet: { id: 'events.howHeard.meet_and_greet' },
  other: { id: 'events.howHeard.other' },
});
