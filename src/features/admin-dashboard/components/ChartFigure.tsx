// One chart of the dashboard: bars drawn as plain SVG for the eye (no chart library: docs/decisions/058-phone-speed.md),
// the same figures in a visible table for screen readers and anyone who wants the exact numbers (the chart is
// aria-hidden: the table says everything it shows), and its CSV download. Labels and numbers are already localized by
// the caller.
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '#components/ui/Button';
import { messages } from '#features/admin-dashboard/messages';

export interface ChartRow {
  key: string;
  label: string;
  count: number;
}

/** Blue 800 (Tailwind): 8.7:1 on white, well above the 3:1 graphics need (WCAG 1.4.11). */
const BAR_COLOR = '#1e40af';
/** Chart labels are cut here (the table beside it gives them whole). */
const LABEL_LIMIT = 24;
const shorten = (label: string) => (label.length > LABEL_LIMIT ? `${label.slice(0, LABEL_LIMIT - 1)}…` : label);
/** A bar's share of the longest one, in percent (a zero still shows as a hairline, so the row reads as counted). */
const share = (count: number, max: number) => (max > 0 ? Math.max((count / max) * 100, 0.5) : 0.5);

interface BarsProps {
  /** Each bar with its share of the longest one, in percent. */
  data: readonly { key: string; label: string; count: number; percent: number }[];
  number: (value: number) => string;
}

/** One horizontal bar per category: the label, the bar (an SVG rectangle as wide as its share) and the count. */
function HorizontalBars({ data, number }: BarsProps) {
  return (
    <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] items-center gap-x-3 gap-y-2 text-xs text-gray-900">
      {data.map((row) => (
        <div key={row.key} className="contents">
          <span className="truncate text-right">{row.label}</span>
          <span className="flex min-w-0 items-center gap-2">
            <svg className="h-5 w-full min-w-0 flex-1" role="presentation">
              <rect x="0" y="0" height="100%" width={`${row.percent}%`} fill={BAR_COLOR} />
            </svg>
            <span className="w-12 shrink-0 tabular-nums">{number(row.count)}</span>
          </span>
        </div>
      ))}
    </div>
  );
}

/** Vertical columns along time (the months): each an SVG rectangle as tall as its share, its count above. */
function VerticalColumns({ data, number }: BarsProps) {
  return (
    <div className="flex h-full items-end gap-1 border-b border-gray-400 text-xs text-gray-900">
      {data.map((row) => (
        <div key={row.key} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
          <span className="tabular-nums">{number(row.count)}</span>
          <svg className="w-full" style={{ height: `calc((100% - 2.5rem) * ${row.percent / 100})` }} role="presentation">
            <rect x="10%" y="0" width="80%" height="100%" fill={BAR_COLOR} />
          </svg>
          <span className="w-full truncate text-center">{row.label}</span>
        </div>
      ))}
    </div>
  );
}

export function ChartFigure({ id, title, labelColumn, rows, columns = 'bars', note, extra, onDownload }: {
  id: string;
  title: string;
  labelColumn: MessageDescriptor;
  rows: readonly ChartRow[];
  /** `bars`: one horizontal bar per category; `columns`: vertical columns along time (the months). */
  columns?: 'bars' | 'columns';
  note?: ReactNode;
  /** Figures shown under the table (the median and average of the time to decision). */
  extra?: ReactNode;
  onDownload: () => Promise<void>;
}) {
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  const number = (value: unknown) => intl.formatNumber(Number(value));
  const max = Math.max(0, ...rows.map((row) => row.count));
  const data = rows.map((row) => ({ key: row.key, label: shorten(row.label), count: row.count, percent: share(row.count, max) }));
  const horizontal = columns === 'bars';
  const height = 260;
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-gray-300 p-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {note ? <p className="text-gray-800">{note}</p> : null}
      {rows.length === 0 ? (
        <p className="text-gray-900">
          <FormattedMessage id="admin.dashboard.empty" />
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <div aria-hidden="true" data-testid={`${id}-chart`} style={horizontal ? undefined : { height }} className="min-w-0">
            {horizontal ? <HorizontalBars data={data} number={number} /> : <VerticalColumns data={data} number={number} />}
          </div>
          <div className="space-y-3">
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">
                <FormattedMessage id="admin.dashboard.tableCaption" values={{ chart: title }} />
              </caption>
              <thead>
                <tr className="border-b-2 border-gray-700">
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <FormattedMessage {...labelColumn} />
                  </th>
                  <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                    <FormattedMessage {...messages.columnCount} />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-b border-gray-300">
                    <th scope="row" className="px-3 py-2 font-normal">
                      {row.label}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{number(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {extra}
          </div>
        </div>
      )}
      <div className="space-y-2">
        <Button
          variant="secondary"
          aria-label={intl.formatMessage({ id: 'admin.dashboard.downloadChart' }, { chart: title })}
          onClick={() => {
            setFailed(false);
            onDownload().catch(() => setFailed(true));
          }}
        >
          <FormattedMessage id="admin.dashboard.download" />
        </Button>
        {failed ? (
          <p role="alert" className="font-semibold text-red-800">
            <FormattedMessage id="admin.dashboard.downloadFailed" />
          </p>
        ) : null}
      </div>
    </section>
  );
}
