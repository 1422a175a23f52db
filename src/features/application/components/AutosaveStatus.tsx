// The saving status of one step, in a polite live region: 'Saving…', 'Saved', 'Offline: your changes are kept on
// this device', 'Could not save' (with the server's reasons, as it sent them).
import { FormattedMessage } from 'react-intl';
import type { AutosaveStatus as Status } from '#machines/autosave/autosave.types';

interface AutosaveStatusProps {
  id: string;
  status: Status;
  /** The server's reasons for refusing the last save, already worded (field name and message). */
  reasons: readonly string[];
}

function Icon({ status }: { status: Status }) {
  const common = 'size-5 shrink-0';
  if (status === 'saved') {
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className={`${common} fill-green-800`}>
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-1.2 12.2L5 9.9l1.4-1.4 2.4 2.4 4.8-4.8L15 7.5l-6.2 6.2Z" />
      </svg>
    );
  }
  if (status === 'failed' || status === 'retrying' || status === 'conflict') {
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className={`${common} fill-red-800`}>
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm1 13H9v-2h2v2Zm0-3.5H9V5.5h2V11Z" />
      </svg>
    );
  }
  if (status === 'offline') {
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className={`${common} fill-yellow-700`}>
        <path d="M10 2 1 18h18L10 2Zm1 13H9v-2h2v2Zm0-3.5H9V8h2v3.5Z" />
      </svg>
    );
  }
  return null;
}

export function AutosaveStatus({ id, status, reasons }: AutosaveStatusProps) {
  let message = null;
  switch (status) {
    case 'dirty':
    case 'saving':
      message = <FormattedMessage id="application.autosave.saving" />;
      break;
    case 'saved':
      message = <FormattedMessage id="application.autosave.saved" />;
      break;
    case 'offline':
      message = <FormattedMessage id="application.autosave.offline" />;
      break;
    case 'retrying':
      message = (
        <>
          <span className="block">
            <FormattedMessage id="application.autosave.failed" />
          </span>
          <span className="block font-normal">
            <FormattedMessage id="application.autosave.retrying" />
          </span>
        </>
      );
      break;
    case 'conflict':
      message = <FormattedMessage id="application.autosave.conflict" />;
      break;
    case 'failed':
      // A refusal (the server's reasons are listed below); network failures go to `retrying` instead.
      message = <FormattedMessage id="application.autosave.failed" />;
      break;
    default:
      message = null;
  }
  return (
    <div id={id} role="status" aria-live="polite" className="min-h-6 text-sm font-medium text-gray-900">
      {message ? (
        <p className="flex items-start gap-2">
          <Icon status={status} />
          <span>{message}</span>
        </p>
      ) : null}
      {status === 'failed' && reasons.length > 0 ? (
        <ul className="mt-1 list-disc pl-10 text-red-800">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
