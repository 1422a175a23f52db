// /admin/reports/hud/print: the HUD report with the filters of the address, as one document to print or save as PDF
// (docs/decisions/031-hud-beneficiary-report.md). The controls stay on screen only; print CSS (src/app/styles.css,
// under [data-print-document]) leaves the document alone, black on white, no table row cut across two pages.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { hudReportQueryOptions, reportProgramsQueryOptions } from '#features/admin-reports/api/hud';
import { populationNames } from '#features/admin-reports/messages';
import { HudTables } from './HudTables';
import { hudQueryFromUrl, hudSearch, programLabel } from './query';
import { ReportSummary } from './ReportSummary';

export function HudPrintPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const query = hudQueryFromUrl(params);
  const report = useQuery(hudReportQueryOptions(query));
  const programs = useQuery(reportProgramsQueryOptions());
  const search = hudSearch(query);
  const program = programs.data?.results.find((candidate) => candidate.id === query.program_id);

  return (
    <div className="space-y-8">
      <div data-print-hide className="flex flex-wrap items-center gap-4">
        <Link to={`/admin/reports/hud${search ? `?${search}` : ''}`} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
          <FormattedMessage id="admin.hud.print.back" />
        </Link>
        <Button disabled={!report.data} onClick={() => window.print()}>
          <FormattedMessage id="admin.print.printButton" />
        </Button>
      </div>
      <article data-print-document className="space-y-6">
        <div className="space-y-2">
          <PageHeading>
            <FormattedMessage id="admin.hud.title" />
          </PageHeading>
          <p className="text-gray-900">
            <FormattedMessage {...populationNames[query.population ?? 'applicants']} />
            {' · '}
            {query.program_id === undefined ? <FormattedMessage id="admin.hud.allPrograms" /> : program ? programLabel(intl.locale, program) : String(query.program_id)}
          </p>
          <p className="text-gray-800">
            <FormattedMessage id="admin.print.printed" values={{ date: intl.formatDate(new Date(), { dateStyle: 'long' }) }} />
          </p>
          <ReportSummary report={report.data} pending={report.isPending} failed={report.isError} />
          <p className="text-gray-900">
            <FormattedMessage id="admin.hud.personRule" />
          </p>
        </div>
        {report.data ? <HudTables report={report.data} /> : null}
      </article>
    </div>
  );
}
