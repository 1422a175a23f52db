// /admin/dashboard: staff's figures (docs/decisions/030-dashboard.md), each counted by one SQL aggregate on the server:
// applicant accounts, the funnel from account to decision, applications by status, sub-program and program,
// registrations per month, how people heard, and the time to decision. The URL holds the program and the days, so a
// view can be shared and reloaded; each chart has its table beside it and downloads as CSV. Loaded as a chunk of its
// own, as every admin screen (src/app/AppRoutes.tsx), which the entry starts early for a staff member opening this address.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUrlSearch } from '#components/admin/ListControls';
import { applicationStatusNames, subProgramNames } from '#components/programs/messages';
import { Button } from '#components/ui/Button';
import { SelectField, TextField } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { errorBody } from '#api/errors';
import { errorText, toFormErrors } from '#lib/form-errors';
import {
  dashboardProgramsQueryOptions,
  dashboardQueryOptions,
  downloadDashboardCsv,
  type AdminDashboard,
  type DashboardChart,
  type DashboardQuery,
} from '#features/admin-dashboard/api/dashboard';
import { bandNames, chartNames, howHeardNames, messages, stageNames } from '#features/admin-dashboard/messages';
import { ChartFigure, type ChartRow } from './ChartFigure';

const FIELDS = ['program_id', 'from', 'to'] as const;
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

function queryFromUrl(params: URLSearchParams): DashboardQuery {
  const programId = Number(params.get('program_id'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(Number.isInteger(programId) && programId > 0 ? { program_id: programId } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}

const programName = (locale: string, name: { es: string; en: string }) => (locale.startsWith('en') ? name.en || name.es : name.es || name.en);

export function DashboardPage() {
  const intl = useIntl();
  const { params, submit } = useUrlSearch(FIELDS);
  const query = queryFromUrl(params);
  const figures = useQuery(dashboardQueryOptions(query));
  const programs = useQuery(dashboardProgramsQueryOptions());
  const problem = figures.error ? toFormErrors(errorBody(figures.error), [], intl.formatMessage(messages.error)) : null;

  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="admin.dashboard.title" />
      </PageHeading>
      <p className="text-gray-900">
        <FormattedMessage id="admin.dashboard.intro" />
      </p>
      <form aria-label={intl.formatMessage(messages.filters)} onSubmit={submit} className="grid gap-4 rounded-md bg-gray-50 p-4 md:grid-cols-3">
        <SelectField
          id="dashboard-program"
          name="program_id"
          defaultValue={query.program_id === undefined ? '' : String(query.program_id)}
          label={<FormattedMessage id="admin.dashboard.filterProgram" />}
          hint={<FormattedMessage id="admin.dashboard.programNote" />}
          options={[
            { value: '', label: intl.formatMessage(messages.filterAll) },
            ...(programs.data?.results ?? []).map((program) => ({ value: String(program.id), label: `${programName(intl.locale, program.name)} (${program.period})` })),
            ...(query.program_id !== undefined && !programs.data?.results.some((program) => program.id === query.program_id)
              ? [{ value: String(query.program_id), label: String(query.program_id) }]
              : []),
          ]}
        />
        <TextField
          id="dashboard-from"
          name="from"
          type="date"
          defaultValue={query.from ?? ''}
          label={<FormattedMessage id="admin.dashboard.from" />}
          hint={<FormattedMessage id="admin.dashboard.dateHint" />}
        />
        <TextField
          id="dashboard-to"
          name="to"
          type="date"
          defaultValue={query.to ?? ''}
          label={<FormattedMessage id="admin.dashboard.to" />}
          hint={<FormattedMessage id="admin.dashboard.dateHint" />}
        />
        <div className="md:col-span-3">
          <Button type="submit">
            <FormattedMessage id="admin.dashboard.apply" />
          </Button>
        </div>
      </form>

      <div role="status" className="text-gray-900">
        {figures.isPending ? <FormattedMessage id="app.loading" /> : null}
      </div>
      {problem ? (
        <div role="alert" className="rounded-md border-l-8 border-red-800 bg-red-50 p-4 text-gray-900">
          {[...problem.form, ...Object.values(problem.fields).flat()].map((message) => (
            <p key={errorText(intl, message)}>{errorText(intl, message)}</p>
          ))}
        </div>
      ) : null}
      {figures.data ? <Figures figures={figures.data} query={query} /> : null}
    </div>
  );
}

function Figures({ figures, query }: { figures: AdminDashboard; query: DashboardQuery }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const title = (chart: DashboardChart) => t(chartNames[chart]);
  const download = (chart: DashboardChart) => () => downloadDashboardCsv(chart, query, `${t(messages.csvName)}-${chart}.csv`);
  const days = (value: number | null) => (value === null ? '—' : intl.formatNumber(value, { maximumFractionDigits: 1 }));
  const month = (value: string) => {
    const [year, number] = value.split('-').map(Number);
    return intl.formatDate(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1), { year: 'numeric', month: 'short', timeZone: 'UTC' });
  };
  const rows = {
    funnel: figures.funnel.map((row): ChartRow => ({ key: row.stage, label: t(stageNames[row.stage]), count: row.count })),
    status: figures.by_status.map((row): ChartRow => ({ key: row.status, label: t(applicationStatusNames[row.status]), count: row.count })),
    sub_program: figures.by_sub_program.map((row): ChartRow => ({ key: row.sub_program, label: t(subProgramNames[row.sub_program]), count: row.count })),
    program: figures.by_program.map((row): ChartRow => ({
      key: String(row.program.id),
      label: `${programName(intl.locale, row.program.name)} (${row.program.period})`,
      count: row.count,
    })),
    registrations: figures.registrations_by_month.map((row): ChartRow => ({ key: row.month, label: month(row.month), count: row.count })),
    how_heard: figures.how_heard.map((row): ChartRow => ({
      key: row.how_heard,
      label: row.how_heard === 'unknown' ? t(messages.unknown) : t(howHeardNames[row.how_heard]),
      count: row.count,
    })),
    decision_time: figures.decision_time.bands.map((row): ChartRow => ({ key: row.band, label: t(bandNames[row.band]), count: row.count })),
  } satisfies Record<DashboardChart, ChartRow[]>;

  return (
    <div className="space-y-6">
      <dl className="flex flex-wrap gap-4">
        <div className="rounded-md border border-gray-300 p-4">
          <dt className="text-gray-800">
            <FormattedMessage id="admin.dashboard.accounts" />
          </dt>
          <dd className="text-3xl font-semibold tabular-nums" data-testid="dashboard-accounts">
            {intl.formatNumber(figures.accounts)}
          </dd>
        </div>
      </dl>
      <ChartFigure
        id="chart-funnel"
        title={title('funnel')}
        labelColumn={messages.columnStage}
        rows={rows.funnel}
        note={<FormattedMessage id="admin.dashboard.funnelNote" />}
        onDownload={download('funnel')}
      />
      <ChartFigure id="chart-status" title={title('status')} labelColumn={messages.columnStatus} rows={rows.status} onDownload={download('status')} />
      <ChartFigure id="chart-sub-program" title={title('sub_program')} labelColumn={messages.columnSubProgram} rows={rows.sub_program} onDownload={download('sub_program')} />
      <ChartFigure id="chart-program" title={title('program')} labelColumn={messages.columnProgram} rows={rows.program} onDownload={download('program')} />
      <ChartFigure
        id="chart-registrations"
        title={title('registrations')}
        labelColumn={messages.columnMonth}
        rows={rows.registrations}
        columns="columns"
        onDownload={download('registrations')}
      />
      <ChartFigure id="chart-how-heard" title={title('how_heard')} labelColumn={messages.columnHowHeard} rows={rows.how_heard} onDownload={download('how_heard')} />
      <ChartFigure
        id="chart-decision-time"
        title={title('decision_time')}
        labelColumn={messages.columnBand}
        rows={rows.decision_time}
        onDownload={download('decision_time')}
        extra={
          <dl className="grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1">
            <dt>
              <FormattedMessage id="admin.dashboard.decided" />
            </dt>
            <dd className="tabular-nums">{intl.formatNumber(figures.decision_time.decided)}</dd>
            <dt>
              <FormattedMessage id="admin.dashboard.medianDays" />
            </dt>
            <dd className="tabular-nums">{days(figures.decision_time.median_days)}</dd>
            <dt>
              <FormattedMessage id="admin.dashboard.averageDays" />
            </dt>
            <dd className="tabular-nums">{days(figures.decision_time.average_days)}</dd>
          </dl>
        }
      />
    </div>
  );
}
