// Server data of staff's dashboard (docs/decisions/030-dashboard.md): the figures for the filters in the URL, the
// programs to filter by, and one chart's CSV (the server names the file).
import { queryOptions } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import type { components, operations } from '#api/schema';

type Schemas = components['schemas'];
export type AdminDashboard = Schemas['AdminDashboard'];
export type DashboardChart = Schemas['DashboardChart'];

/** The dashboard's filters, as the URL holds them (the operation's query in openapi.yaml). */
export type DashboardQuery = NonNullable<operations['getAdminDashboard']['parameters']['query']>;

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  figures: (query: DashboardQuery) => [...dashboardKeys.all, 'figures', query] as const,
  programs: () => [...dashboardKeys.all, 'programs'] as const,
};

export const dashboardQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: dashboardKeys.figures(query),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/dashboard', { params: { query }, signal })),
  });

/** The programs to filter by: the newest hundred (programs are tens, docs/decisions/024). */
export const dashboardProgramsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.programs(),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/programs', { params: { query: { limit: 100 } }, signal })),
    staleTime: 60_000,
  });

export async function downloadDashboardCsv(chart: DashboardChart, query: DashboardQuery, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/dashboard/export.csv', { params: { query: { chart, ...query } }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}
