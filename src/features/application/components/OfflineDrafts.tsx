// An application opened without a network and without its data (an offline reload: the worker never keeps /api
// answers, docs/decisions/060-offline-shell.md): the step drafts this device keeps, read-only, so the person sees
// nothing was lost. The form itself needs the server's copy; it comes back with the connection.
import { FormattedMessage } from 'react-intl';
import { STEP_NUMBERS } from '#shared/application-constants';
import { readLocalCopy } from '#actors/application-drafts';
import { stepNames } from '#components/application/messages';
import { Alert } from '#components/ui/Alert';
import { PageHeading } from '#components/ui/PageHeading';

/** The answers of a draft that can be shown as text (files and nested lists are the server's). */
function textsOf(data: Record<string, unknown>): string[] {
  return Object.values(data).flatMap((value) =>
    typeof value === 'string' && value.trim() !== '' ? [value] : typeof value === 'number' ? [String(value)] : [],
  );
}

export function OfflineDrafts({ applicationId }: { applicationId: number }) {
  const drafts = STEP_NUMBERS.flatMap((step) => {
    const copy = readLocalCopy({ applicationId, step });
    const texts = copy === null ? [] : textsOf(copy.data);
    return texts.length === 0 ? [] : [{ step, texts }];
  });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeading>
        <FormattedMessage id="application.offline.title" />
      </PageHeading>
      <Alert kind="info">
        <p>
          <FormattedMessage id="application.offline.intro" />
        </p>
      </Alert>
      {drafts.length === 0 ? (
        <p>
          <FormattedMessage id="application.offline.none" />
        </p>
      ) : (
        drafts.map(({ step, texts }) => (
          <section key={step} aria-labelledby={`offline-step-${step}`} className="space-y-2">
            <h2 id={`offline-step-${step}`} className="text-lg font-semibold">
              <FormattedMessage {...stepNames[step]} />
            </h2>
            <ul className="list-disc space-y-1 pl-6">
              {texts.map((text, index) => (
                // The same text may be in two fields: the position tells them apart.
                <li key={index} className="break-words">
                  {text}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
