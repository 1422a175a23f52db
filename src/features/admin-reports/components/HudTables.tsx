// The HUD report's tables (docs/decisions/031-hud-beneficiary-report.md): race x ethnicity, then one table per
// household section, each with its "unknown or declined" row; drawn alike on the screen and on the printable page.
import { FormattedMessage, useIntl } from 'react-intl';
import type { HudReport } from '#features/admin-reports/api/hud';
import { bucketNames, raceColumns, raceNames, sectionNames } from '#features/admin-reports/messages';

const cell = 'border-b border-gray-300 px-3 py-2';
const numberCell = `${cell} text-right tabular-nums`;

export function HudTables({ report }: { report: HudReport }) {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value);
  return (
    <div className="space-y-8">
      <section aria-labelledby="hud-race" className="space-y-3">
        <h2 id="hud-race" className="text-xl font-bold">
          <FormattedMessage id="admin.hud.section.race" />
        </h2>
        {/* Wider than a phone: the table scrolls within its region, which the keyboard can focus and scroll. */}
        <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-800" tabIndex={0} role="region" aria-labelledby="hud-race">
          <table className="w-full min-w-[36rem] border-collapse text-left">
            <caption className="sr-only">
              <FormattedMessage id="admin.hud.section.race" />
            </caption>
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  <FormattedMessage id="admin.hud.csv.category" />
                </th>
                {raceColumns.map((column) => (
                  <th key={String(column.id)} scope="col" className={numberCell}>
                    <FormattedMessage {...column} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.race.map((row) => (
                <tr key={row.category}>
                  <th scope="row" className={`${cell} font-normal`}>
                    <FormattedMessage {...raceNames[row.category]} />
                  </th>
                  <td className={numberCell}>{number(row.hispanic)}</td>
                  <td className={numberCell}>{number(row.not_hispanic)}</td>
                  <td className={numberCell}>{number(row.ethnicity_unknown)}</td>
                  <td className={numberCell}>{number(row.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="grid gap-8 lg:grid-cols-2">
        {report.sections.map(({ section, rows }) => (
          <section key={section} aria-labelledby={`hud-${section}`} className="space-y-3">
            <h2 id={`hud-${section}`} className="text-xl font-bold">
              <FormattedMessage {...sectionNames[section]} />
            </h2>
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">
                <FormattedMessage {...sectionNames[section]} />
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    <FormattedMessage id="admin.hud.csv.category" />
                  </th>
                  <th scope="col" className={numberCell}>
                    <FormattedMessage id="admin.hud.csv.count" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ bucket, count }) => (
                  <tr key={bucket}>
                    <th scope="row" className={`${cell} font-normal`}>
                      <FormattedMessage {...bucketNames[bucket]} />
                    </th>
                    <td className={numberCell}>{number(count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </div>
  );
}
