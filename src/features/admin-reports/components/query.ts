// The HUD report's filters read from the URL (population, program, income-limits year), shared by the report and
// its printable page so both show the same figures.
import { HUD_POPULATIONS, type HudReportQuery } from '#features/admin-reports/api/hud';

export const FILTER_FIELDS = ['population', 'program_id', 'year'] as const;

export function hudQueryFromUrl(params: URLSearchParams): HudReportQuery {
  const population = HUD_POPULATIONS.find((candidate) => candidate === params.get('population'));
  const programId = Number(params.get('program_id'));
  const year = Number(params.get('year'));
  return {
    ...(population ? { population } : {}),
    ...(Number.isInteger(programId) && programId > 0 ? { program_id: programId } : {}),
    ...(Number.isInteger(year) && year >= 2000 && year <= 2100 ? { year } : {}),
  };
}

/** The filters as a query string, for the CSV and the printable page's address. */
export const hudSearch = (query: HudReportQuery): string =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();

export const programLabel = (locale: string, program: { name: { es: string; en: string }; period: string }) =>
  `${locale.startsWith('en') ? program.name.en : program.name.es} (${program.period})`;
