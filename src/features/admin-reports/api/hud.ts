// Server data of the HUD beneficiary report (docs/decisions/031-hud-beneficiary-report.md): the report for a
// population, program and income-limits year, its CSV, the programs to filter by, the imported years of income
// limits, and importing a year's CSV (multipart, with the session's token).
import { queryOptions } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import { saveBlob } from '#api/applications';
import { uploadWithProgress } from '#api/upload';
import type { components, operations } from '#api/schema';
// The contract's own check of the answer (generated from openapi.yaml: scripts/gen-validators.ts).
import { isHudIncomeLimitYear } from '#shared/validation/validators/isHudIncomeLimitYear.js';
import { HUD_POPULATION_VALUES } from '#shared/contract-enums';

type Schemas = components['schemas'];
export type HudReport = Schemas['HudReport'];
export type HudPopulation = Schemas['HudPopulation'];
export type HudIncomeLimitYear = Schemas['HudIncomeLimitYear'];
export type HudSection = Schemas['HudSection'];
export type HudBucket = Schemas['HudBucket'];
export type HudRaceCategory = Schemas['HudRaceCategory'];

export const HUD_POPULATIONS: readonly HudPopulation[] = HUD_POPULATION_VALUES;

/** The report's filters, as the URL holds them (the operation's query in openapi.yaml). */
export type HudReportQuery = NonNullable<operations['getHudReport']['parameters']['query']>;

export const hudKeys = {
  all: ['admin', 'reports', 'hud'] as const,
  report: (query: HudReportQuery) => [...hudKeys.all, 'report', query] as const,
  years: () => [...hudKeys.all, 'income-limit-years'] as const,
  programs: () => [...hudKeys.all, 'programs'] as const,
};

export const hudReportQueryOptions = (query: HudReportQuery) =>
  queryOptions({
    queryKey: hudKeys.report(query),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/reports/hud', { params: { query }, signal })),
  });

export const incomeLimitYearsQueryOptions = () =>
  queryOptions({
    queryKey: hudKeys.years(),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/reports/hud/income-limits', { signal })),
  });

/** The programs to filter by: the newest hundred (programs are tens, docs/decisions/024). */
export const reportProgramsQueryOptions = () =>
  queryOptions({
    queryKey: hudKeys.programs(),
    queryFn: ({ signal }) => unwrap(api.GET('/admin/programs', { params: { query: { limit: 100 } }, signal })),
    staleTime: 60_000,
  });

export async function downloadHudCsv(query: HudReportQuery, fallbackName: string): Promise<void> {
  const { data, response } = await api.GET('/admin/reports/hud/export.csv', { params: { query }, parseAs: 'blob' });
  saveBlob(data, response, fallbackName);
}

/** Imports one year's income limits; rejects with an ApiError whose body names every bad row (field `file`). */
export async function importIncomeLimits(year: number, file: File): Promise<HudIncomeLimitYear> {
  const body = await uploadWithProgress({
    path: `/admin/reports/hud/income-limits?year=${year}`,
    field: 'file',
    file,
    fileName: file.name,
    onProgress: () => undefined,
    signal: new AbortController().signal,
  });
  if (!isHudIncomeLimitYear(body)) throw new Error('income limits: unexpected answer');
  return body;
}
