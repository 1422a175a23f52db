// What the HUD report counted: the households (unduplicated persons, docs/decisions/038) and the applications they
// sent, and the income limits its categories used (or that none are imported), or that it is loading or could not be read. A live region, so a new filter's figures are announced.
import { FormattedMessage } from 'react-intl';
import type { HudReport } from '#features/admin-reports/api/hud';

export function ReportSummary({ report, pending, failed }: { report: HudReport | undefined; pending: boolean; failed: boolean }) {
  return (
    <div role="status" className="space-y-1">
      {report ? (
        <>
          <p className="text-lg font-semibold">
            <FormattedMessage id="admin.hud.summary" values={{ count: report.total }} />
          </p>
          <p className="text-gray-900">
            <FormattedMessage id="admin.hud.applicationsSent" values={{ count: report.applications }} />
          </p>
          <p className="text-gray-900">
            {report.income_limits_year === null ? (
              <FormattedMessage id="admin.hud.noLimits" />
            ) : (
              <FormattedMessage id="admin.hud.limitsUsed" values={{ year: String(report.income_limits_year) }} />
            )}
          </p>
        </>
      ) : failed ? (
        <p className="font-semibold text-red-800">
          <FormattedMessage id="admin.hud.failed" />
        </p>
      ) : pending ? (
        <p>
          <FormattedMessage id="admin.hud.loading" />
        </p>
      ) : null}
    </div>
  );
}
