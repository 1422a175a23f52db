// "Download a copy of what you sent": the applicant's copy of a submitted application (a PDF in the interface
// language, docs/decisions/048-the-applicants-copy.md), fetched with the bearer token and saved as a file. On My
// Programs (with the program's name for screen readers) and on the application's read-only record.
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import { downloadApplicantCopy } from '#api/applications';

export function ApplicantCopyButton({ applicationId, programName }: { applicationId: number; programName?: string }) {
  const intl = useIntl();
  const download = useMutation({
    mutationFn: () => downloadApplicantCopy(applicationId, intl.formatMessage({ id: 'panel.applicantCopy.fileName' }, { id: applicationId })),
  });
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 shrink-0 fill-current">
          <path d="M9 2h2v8.6l3.3-3.3 1.4 1.4L10 14.4 4.3 8.7l1.4-1.4L9 10.6V2Zm-6 14h14v2H3v-2Z" />
        </svg>
        {download.isPending ? <FormattedMessage id="panel.applicantCopy.downloading" /> : <FormattedMessage id="panel.applicantCopy.download" />}
        {programName ? <span className="sr-only">{intl.formatMessage({ id: 'panel.applicantCopy.context' }, { program: programName })}</span> : null}
      </Button>
      <div role="status">
        {download.isError ? (
          <p className="font-semibold text-red-800">
            <FormattedMessage id="panel.applicantCopy.failed" />
          </p>
        ) : null}
      </div>
    </div>
  );
}
