// One document of an application as staff see it: its name, size and upload time, the active-content warning the
// upload check left on it (docs/decisions/007), and, on screen, "view" (the browser's PDF viewer in a new tab) and
// "download". The print view shows the same facts without the buttons. ViewDocumentButton is the same "view" alone, for
// the document checklist (DocumentChecklist.tsx).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';
import { fileSize } from '#components/upload/upload-messages';
import { downloadApplicationDocument, viewApplicationDocument, type DocumentRef } from '#features/admin-applications/api/applications';
import { activeContentNames, type ActiveContent } from '#features/admin-applications/messages';

export interface DocumentFacts {
  file_name: string;
  size: number;
  uploaded_at: string;
  active_content: readonly ActiveContent[];
}

export type DocumentMode = 'review' | 'print';

export function ActiveContentWarning({ kinds }: { kinds: readonly ActiveContent[] }) {
  const intl = useIntl();
  if (kinds.length === 0) return null;
  return (
    <p className="w-full rounded-md border-l-8 border-amber-600 bg-amber-50 p-3 font-semibold text-gray-900 print:border-2 print:border-black">
      <FormattedMessage
        id="admin.review.activeContent"
        values={{ kinds: intl.formatList(kinds.map((kind) => intl.formatMessage(activeContentNames[kind]))) }}
      />
    </p>
  );
}

/** Runs a view or download, and whether the last one failed (its message is shown by DocumentFailed). */
function useDocumentAttempt(): { failed: boolean; attempt: (run: () => Promise<void>) => void } {
  const [failed, setFailed] = useState(false);
  return {
    failed,
    attempt: (run) => {
      setFailed(false);
      run().catch(() => setFailed(true));
    },
  };
}

function DocumentFailed({ failed }: { failed: boolean }) {
  return failed ? (
    <p role="alert" className="w-full font-semibold text-red-800">
      <FormattedMessage id="admin.review.documentFailed" />
    </p>
  ) : null;
}

/** "View {name}": the document in the browser's PDF viewer, in a new tab. */
export function ViewDocumentButton({ target, fileName }: { target: DocumentRef; fileName: string }) {
  const { failed, attempt } = useDocumentAttempt();
  return (
    <>
      <Button variant="secondary" className="min-h-11 break-all" onClick={() => attempt(() => viewApplicationDocument(target))}>
        <FormattedMessage id="admin.review.view" values={{ name: fileName }} />
      </Button>
      <DocumentFailed failed={failed} />
    </>
  );
}

export function DocumentItem({ document, target, mode }: { document: DocumentFacts; target: DocumentRef; mode: DocumentMode }) {
  const intl = useIntl();
  const { failed, attempt } = useDocumentAttempt();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span className="font-semibold break-all">{document.file_name}</span>
      <span className="text-gray-800">
        <FormattedMessage
          id="admin.review.fileFacts"
          values={{ size: fileSize(intl, document.size), date: <InstantText instant={document.uploaded_at} /> }}
        />
      </span>
      {mode === 'review' ? (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" className="min-h-11 break-all" onClick={() => attempt(() => viewApplicationDocument(target))}>
            <FormattedMessage id="admin.review.view" values={{ name: document.file_name }} />
          </Button>
          <Button
            variant="secondary"
            className="min-h-11 break-all"
            onClick={() => attempt(() => downloadApplicationDocument(target, document.file_name))}
          >
            <FormattedMessage id="admin.review.download" values={{ name: document.file_name }} />
          </Button>
        </span>
      ) : null}
      <ActiveContentWarning kinds={document.active_content} />
      <DocumentFailed failed={failed} />
    </div>
  );
}
