// Downloads the certification form (a PDF in the interface language with the applicant's name and program):
// fetched with the bearer token, then saved as a file.
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import { downloadCertification } from '#api/applications';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';

export function CertificationDownload() {
  const intl = useIntl();
  const { application } = useWorkspace();
  const download = useMutation({
    mutationFn: () =>
      downloadCertification(application.id, intl.formatMessage({ id: 'application.certification.fileName' }, { id: application.id })),
  });
  return (
    <div className="space-y-3 rounded-md border border-gray-300 p-4 sm:p-6">
      <h2 className="text-xl font-bold text-gray-900">
        <FormattedMessage id="application.certification.title" />
      </h2>
      <p className="text-gray-800">
        <FormattedMessage id="application.certification.body" />
      </p>
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 fill-current">
          <path d="M9 2h2v8.6l3.3-3.3 1.4 1.4L10 14.4 4.3 8.7l1.4-1.4L9 10.6V2Zm-6 14h14v2H3v-2Z" />
        </svg>
        {download.isPending ? (
          <FormattedMessage id="application.certification.downloading" />
        ) : (
          <FormattedMessage id="application.certification.download" />
        )}
      </Button>
      <div role="status">
        {download.isError ? (
          <p className="font-semibold text-red-800">
            <FormattedMessage id="application.certification.failed" />
          </p>
        ) : null}
      </div>
    </div>
  );
}
