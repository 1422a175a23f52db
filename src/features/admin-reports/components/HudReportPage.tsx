// /admin/reports/hud: the HUD beneficiary report (docs/decisions/031-hud-beneficiary-report.md). Staff choose the
// population (applicants or approved participants), a program and the income-limits year (held in the URL, so a
// report can be shared and reloaded), read the tables, download the CSV, open the printable page, and import a year
// of HUD's income limits.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { SearchButtons, useUrlSearch } from '#components/admin/ListControls';
import { SelectField } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import {
  downloadHudCsv,
  HUD_POPULATIONS,
  hudReportQueryOptions,
  incomeLimitYearsQueryOptions,
  reportProgramsQueryOptions,
} from '#features/admin-reports/api/hud';
import { populationNames } from '#features/admin-reports/messages';
import { HudTables } from './HudTables';
import { IncomeLimitsImport } from './IncomeLimitsImport';
import { FILTER_FIELDS, hudQueryFromUrl, hudSearch, programLabel } from './query';
import { ReportSummary } from './ReportSummary';

export function HudReportPage() {
  const intl = useIntl();
  const { params, submit } = useUrlSearch(FILTER_FIELDS);
  const query = hudQueryFromUrl(params);
  const report = useQuery(hudReportQueryOptions(query));
  const programs = useQuery(reportProgramsQueryOptions());
  const years = useQuery(incomeLimitYearsQueryOptions());
  const search = hudSearch(query);

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <PageHeading>
          <FormattedMessage id="admin.hud.title" />
        </PageHeading>
        <p className="max-w-prose text-gray-900">
          <FormattedMessage id="admin.hud.intro" />
        </p>
        <p className="max-w-prose text-gray-900">
          <FormattedMessage id="admin.hud.personRule" />
        </p>
      </div>
      {/* Remounted on a new address, so the fields show what the URL says after Back or a shared link. */}
      <form
        key={search}
        aria-label={intl.formatMessage({ id: 'admin.hud.filters' })}
        onSubmit={submit}
        className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-2 lg:grid-cols-4"
      >
        <SelectField
          id="hud-population"
          name="population"
          defaultValue={query.population ?? 'applicants'}
          label={<FormattedMessage id="admin.hud.population" />}
          options={HUD_POPULATIONS.map((population) => ({ value: population, label: intl.formatMessage(populationNames[population]) }))}
        />
        <SelectField
          id="hud-program"
          name="program_id"
          defaultValue={query.program_id === undefined ? '' : String(query.program_id)}
          label={<FormattedMessage id="admin.hud.program" />}
          options={[
            { value: '', label: intl.formatMessage({ id: 'admin.hud.allPrograms' }) },
            ...(programs.data?.results ?? []).map((program) => ({ value: String(program.id), label: programLabel(intl.locale, program) })),
            ...(query.program_id !== undefined && !programs.data?.results.some((program) => program.id === query.program_id)
              ? [{ value: String(query.program_id), label: String(query.program_id) }]
              : []),
          ]}
        />
        <SelectField
          id="hud-year"
          name="year"
          defaultValue={query.year === undefined ? '' : String(query.year)}
          label={<FormattedMessage id="admin.hud.year" />}
          options={[
            { value: '', label: intl.formatMessage({ id: 'admin.hud.latestYear' }) },
            ...(years.data ?? []).map((row) => ({ value: String(row.year), label: String(row.year) })),
            ...(query.year !== undefined && !years.data?.some((row) => row.year === query.year) ? [{ value: String(query.year), label: String(query.year) }] : []),
          ]}
        />
        <SearchButtons
          search={<FormattedMessage id="admin.hud.show" />}
          exportCsv={<FormattedMessage id="admin.hud.download" />}
          exportFailed={<FormattedMessage id="admin.hud.downloadFailed" />}
          onExport={() => downloadHudCsv(query, `${intl.formatMessage({ id: 'admin.hud.csvName' })}.csv`)}
        />
      </form>

      <div className="flex flex-wrap items-center gap-4">
        <ReportSummary report={report.data} pending={report.isPending} failed={report.isError} />
        <Link to={`/admin/reports/hud/print${search ? `?${search}` : ''}`} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
          <FormattedMessage id="admin.hud.printable" />
        </Link>
      </div>

      {report.data ? <HudTables report={report.data} /> : null}

      <IncomeLimitsImport years={years.data} />
    </div>
  );
}
