// What staff read of an application wherever it is named: the applicant's name, the program's name in the reader's
// language, and the facts that head the review and the print view. Apart from the review screen, so the applications
// list and its bulk actions name an application without loading the review's panels, dialogs and machine.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { applicationStatusNames, subProgramNames } from '#components/programs/messages';
import { InstantText } from '#components/ui/InstantText';
import type { AdminApplication } from '#features/admin-applications/api/applications';

export const applicantName = ({ applicant }: { applicant: { first_name: string; last_name: string } }) =>
  `${applicant.first_name} ${applicant.last_name}`.trim();

/** The program's name in the reader's language. */
export const programName = (locale: string, name: { es: string; en: string }) => (locale.startsWith('en') ? name.en : name.es);

/** Program, sub-program, status and dates, as the review and the print view head them. */
export function ApplicationFacts({ application }: { application: AdminApplication }) {
  const intl = useIntl();
  const row = (label: ReactNode, value: ReactNode) => (
    <div className="grid gap-1 border-b border-gray-300 py-2 sm:grid-cols-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <dl aria-label={intl.formatMessage({ id: 'admin.review.facts' })}>
      {row(<FormattedMessage id="admin.review.program" />, `${programName(intl.locale, application.program.name)} (${application.program.period})`)}
      {row(<FormattedMessage id="admin.review.subProgram" />, <FormattedMessage {...subProgramNames[application.program.sub_program]} />)}
      {row(<FormattedMessage id="admin.review.status" />, <FormattedMessage {...applicationStatusNames[application.status]} />)}
      {row(<FormattedMessage id="admin.review.created" />, <InstantText instant={application.created_at} />)}
      {row(<FormattedMessage id="admin.review.updated" />, <InstantText instant={application.updated_at} />)}
      {row(
        <FormattedMessage id="admin.review.submitted" />,
        application.submitted_at ? <InstantText instant={application.submitted_at} /> : <FormattedMessage id="admin.review.notSubmitted" />,
      )}
      {/* Sent again after a change request: its own date, so a resubmission is not read as a new application (docs/decisions/036). */}
      {application.resubmitted_at ? row(<FormattedMessage id="admin.review.resubmitted" />, <InstantText instant={application.resubmitted_at} />) : null}
    </dl>
  );
}
