// The review's record on staff's printed application (docs/decisions/032 and 033): each document's verdict with a
// rejection's reason, and each reviewer's total with the average. Staff only: the applicant's own screens and PDFs
// never carry them (their operations do not answer them).
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { AdminApplication } from '#features/admin-applications/api/applications';
import type { ApplicationScores } from '#features/admin-applications/api/scoring';
import { documentStepLabel, Verdict } from './DocumentChecklist';
import { HistoryList, historyItems } from '#components/admin/RecordHistory';
import type { ApplicationMail, AuditEntry } from '#components/admin/record-history';
import { applicationStatusNames } from '#components/programs/messages';
import { InstantText } from '#components/ui/InstantText';

const personName = (person: { first_name: string; last_name: string; email: string }) => `${person.first_name} ${person.last_name}`.trim() || person.email;

export function PrintChecklist({ documents }: { documents: AdminApplication['documents'] }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="print-checklist" className="space-y-4">
      <h2 id="print-checklist" className="text-2xl font-bold">
        <FormattedMessage id="admin.review.documents.title" />
      </h2>
      {documents.length === 0 ? (
        <p>
          <FormattedMessage id="admin.print.noDocuments" />
        </p>
      ) : (
        <dl className="divide-y divide-gray-300 border-y border-gray-300">
          {documents.map((document) => (
            <div key={document.file_id} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
              <dt className="font-semibold break-all">
                {document.file_name}
                <span className="block font-normal text-gray-800">
                  {documentStepLabel(intl, document.step)}
                </span>
              </dt>
              <dd className="break-words sm:col-span-2">
                <Verdict document={document} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function PrintScores({ scores }: { scores: ApplicationScores | undefined }) {
  return (
    <section aria-labelledby="print-scores" className="space-y-4">
      <h2 id="print-scores" className="text-2xl font-bold">
        <FormattedMessage id="admin.scoring.title" />
      </h2>
      {!scores ? (
        <p>
          <FormattedMessage id="auth.error.tryAgainLater" />
        </p>
      ) : (
        <>
          <p data-testid="print-score-average">
            {scores.average === null ? (
              <FormattedMessage id="admin.scoring.noScores" />
            ) : (
              <FormattedMessage id="admin.scoring.average" values={{ average: <FormattedNumber value={scores.average} maximumFractionDigits={1} />, count: scores.count }} />
            )}
          </p>
          {scores.sheets.length > 0 ? (
            <ul className="list-disc space-y-1 pl-6">
              {scores.sheets.map((sheet) => (
                <li key={sheet.reviewer.id}>
                  <FormattedMessage id="admin.scoring.sheet" values={{ name: personName(sheet.reviewer), total: <FormattedNumber value={sheet.total} maximumFractionDigits={1} /> }} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The decision with its reason (the words the applicant was sent), and the application's whole history: the audit
 * entries and the e-mails, oldest first as a file reads (docs/decisions/040-staff-queues-and-history.md).
 */
export function PrintHistory({ application, entries, mails }: { application: AdminApplication; entries: readonly AuditEntry[]; mails: readonly ApplicationMail[] }) {
  const { decision } = application;
  return (
    <>
      <section aria-labelledby="print-decision" className="space-y-4">
        <h2 id="print-decision" className="text-2xl font-bold">
          <FormattedMessage id="admin.print.decision" />
        </h2>
        {decision ? (
          <dl className="divide-y divide-gray-300 border-y border-gray-300">
            <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
              <dt className="font-semibold">
                <FormattedMessage id="admin.review.status" />
              </dt>
              <dd className="sm:col-span-2">
                <FormattedMessage {...applicationStatusNames[decision.decision]} /> (<InstantText instant={decision.decided_at} />)
              </dd>
            </div>
            <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
              <dt className="font-semibold">
                <FormattedMessage id="admin.print.decisionReason" />
              </dt>
              <dd className="whitespace-pre-line break-words sm:col-span-2">{decision.reason}</dd>
            </div>
          </dl>
        ) : (
          <p>
            <FormattedMessage id="admin.print.noDecision" />
          </p>
        )}
      </section>
      <section aria-labelledby="print-history" className="space-y-4">
        <h2 id="print-history" className="text-2xl font-bold">
          <FormattedMessage id="admin.history.title" />
        </h2>
        <HistoryList items={historyItems(entries, mails).reverse()} recordType="application" />
      </section>
    </>
  );
}
