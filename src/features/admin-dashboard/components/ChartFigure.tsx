// One chart of the dashboard: a bar chart drawn by recharts for the eye, the same figures in a visible table for screen
// readers and anyone who wants the exact numbers (the chart is aria-hidden: the table says everything it shows), and
// its CSV download. Labels and numbers are already localized by the caller.
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { Button } from '#components/ui/Button';
import { messages } from '#features/admin-dashboard/messages';

export interface ChartRow {
  key: string;
  label: string;
  count: number;
}

/** Blue 800 (Tailwind): 8.7:1 on white, well above the 3:1 graphics need (WCAG 1.4.11). */
const BAR_COLOR = '#1e40af';
const TEXT_COLOR = '#111827';
/** Chart labels are cut here (the table beside it gives them whole). */
const LABEL_LIMIT = 24;
const shorten = (label: string) => (label.length > LABEL_LIMIT ? `${label.slice(0, LABEL_LIMIT - 1)}…` : label);

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
  const data = rows.map((row) => ({ label: shorten(row.label), count: row.count }));
  const horizontal = columns === 'bars';
  const height = horizontal ? Math.max(120, rows.length * 36 + 40) : 260;
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
          <div aria-hidden="true" data-testid={`${id}-chart`} style={{ height }} className="min-w-0">
            <ResponsiveContainer width="100%" height="100%">
              {horizontal ? (
                <BarChart data={data} layout="vertical" margin={{ top: 4, right: 40, bottom: 4, left: 4 }} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" allowDecimals={false} tickFormatter={number} tick={{ fill: TEXT_COLOR, fontSize: 12 }} />
                  <YAxis type="category" dataKey="label" width={140} tick={{ fill: TEXT_COLOR, fontSize: 12 }} interval={0} />
                  <Bar dataKey="count" fill={BAR_COLOR} isAnimationActive={false}>
                    <LabelList dataKey="count" position="right" formatter={number} fill={TEXT_COLOR} fontSize={12} />
                  </Bar>
                </BarChart>
              ) : (
                <BarChart data={data} margin={{ top: 20, right: 8, bottom: 4, left: 0 }} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" tick={{ fill: TEXT_COLOR, fontSize: 12 }} />
                  <YAxis allowDecimals={false} tickFormatter={number} tick={{ fill: TEXT_COLOR, fontSize: 12 }} width={40} />
                  <Bar dataKey="count" fill={BAR_COLOR} isAnimationActive={false}>
                    <LabelList dataKey="count" position="top" formatter={number} fill={TEXT_COLOR} fontSize={12} />
                  </Bar>
                </BarChart>
              )}
            </ResponsiveContainer>
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
