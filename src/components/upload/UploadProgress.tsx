// The progress of one upload under way: a bar with its percentage and a Cancel button (the intake form, the documents
// fields and a program drive show the same, each wired to its own machine), and, when the connection dropped, that the
// upload waits or resumes (docs/decisions/061-resumable-uploads.md), in a live region so a screen reader hears it.
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';

export function UploadProgress({
  percent,
  onCancel,
  connection = null,
}: {
  percent: number;
  onCancel: () => void;
  /** selectUploadConnection: offline (waiting), resuming, or null while bytes flow. */
  connection?: 'offline' | 'resuming' | null;
}) {
  const intl = useIntl();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-3">
      <p role="status" className="w-full text-sm font-semibold text-gray-900 empty:hidden">
        {connection === 'offline' ? <FormattedMessage id="application.upload.offline" /> : null}
        {connection === 'resuming' ? <FormattedMessage id="application.upload.resuming" /> : null}
      </p>
      <progress
        max={100}
        value={percent}
        aria-label={intl.formatMessage({ id: 'application.upload.progress' })}
        className={
          'h-4 w-full max-w-md appearance-none overflow-hidden rounded border border-gray-700 bg-gray-100 ' +
          '[&::-webkit-progress-bar]:bg-gray-100 [&::-webkit-progress-value]:bg-blue-800 [&::-moz-progress-bar]:bg-blue-800'
        }
      />
      <span className="text-sm font-semibold text-gray-900" aria-hidden="true">
        {intl.formatNumber(percent / 100, { style: 'percent' })}
      </span>
      <Button variant="secondary" onClick={onCancel}>
        <FormattedMessage id="application.upload.cancel" />
      </Button>
    </div>
  );
}
