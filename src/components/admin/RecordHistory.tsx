// The history of one staff record, from the audit log (docs/decisions/040-staff-queues-and-history.md): who did what,
// when, from which status to which, with the reasons given and the other fields changed; for an application, the
// e-mails its applicant was sent (subject, language, time, delivered or waiting) in the same timeline. Newest first,
// more on request, and the record's entries as CSV. Applications, programs, events, news and users all show this one.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { applicationStatusNames } from '#components/programs/messages';
import { Button } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#shared/review-lifecycle';
import {
  applicationMailQueryOptions,
  downloadRecordAudit,
  entryMessage,
  fieldNames,
  historyMessages,
  REASON_FIELDS,
  recordStatusNames,
  recordAuditQueryOptions,
  type ApplicationMail,
  type AuditEntry,
  type AuditRecordType,
} from './record-history';

type Item = { kind: 'audit'; at: string; entry: AuditEntry } | { kind: 'mail'; at: string; mail: ApplicationMail };
/** A record's own wording of an entry (its message gets `who`), where the operation's name alone says too little. */
export type DescribeEntry = (entry: AuditEntry) => MessageDescriptor | undefined;

const isApplicationStatus = (value: unknown): value is ApplicationStatus => APPLICATION_STATUSES.some((status) => status === value);

function statusWord(intl: IntlShape, recordType: AuditRecordType, value: unknown): string {
  if (recordType === 'application' && isApplicationStatus(value)) return intl.formatMessage(applicationStatusNames[value]);
  const named = typeof value === 'string' ? recordStatusNames[recordType]?.[value] : undefined;
  if (named) return intl.formatMessage(named);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The changed fields a record's form names, by their labels (bookkeeping fields are left out). */
function changedFieldNames(intl: IntlShape, recordType: AuditRecordType, after: Record<string, unknown>): string[] {
  const names = fieldNames[recordType] ?? {};
  return Object.keys(after).flatMap((key) => {
    const name = names[key];
    return name ? [intl.formatMessage(name)] : [];
  });
}

/** One audit entry in words: the operation, the status change, the reason, the steps reopened, the fields changed. */
export function AuditEntryText({ entry, recordType, describe }: { entry: AuditEntry; recordType: AuditRecordType; describe?: DescribeEntry | undefined }) {
  const intl = useIntl();
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // No actor: the portal's own scheduled work (retention), or a staff account deleted since.
  const nobody = entry.actor === null && entry.operation.startsWith('retention') ? intl.formatMessage({ id: 'admin.history.portal' }) : intl.formatMessage({ id: 'admin.history.nobody' });
  const who = entry.actor?.name || entry.actor?.email || nobody;
  const reason = REASON_FIELDS.map((field) => after[field]).find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const fields = changedFieldNames(intl, recordType, after);
  // An approval waiting for its second person records the status it keeps: no change to tell.
  const status = 'status' in after && before.status !== after.status;
  const steps = Array.isArray(after.change_steps) ? after.change_steps.filter((step): step is number => typeof step === 'number') : [];
  return (
    <>
      <span className="font-semibold">{intl.formatMessage(describe?.(entry) ?? entryMessage(entry) ?? historyMessages.otherChange, { who, operation: entry.operation })}</span>
      {status ? (
        <span className="block">
          <FormattedMessage
            id="admin.history.status"
            values={{ from: 'status' in before ? statusWord(intl, recordType, before.status) : '—', to: statusWord(intl, recordType, after.status) }}
          />
        </span>
      ) : null}
      {steps.length > 0 ? (
        <span className="block">
          <FormattedMessage id="admin.history.steps" values={{ steps: intl.formatList(steps.map(String), { type: 'conjunction' }) }} />
        </span>
      ) : null}
      {reason ? (
        <span className="block whitespace-pre-line break-words">
          <FormattedMessage id="admin.history.reason" values={{ reason }} />
        </span>
      ) : null}
      {fields.length > 0 ? (
        <span className="block break-words text-gray-800">
          <FormattedMessage id="admin.history.fields" values={{ fields: intl.formatList(fields, { type: 'conjunction' }) }} />
        </span>
      ) : null}
    </>
  );
}

function MailText({ mail }: { mail: ApplicationMail }) {
  const intl = useIntl();
  return (
    <>
      <span className="font-semibold">
        <FormattedMessage id="admin.history.mail" values={{ subject: mail.subject, language: mail.language.toUpperCase() }} />
      </span>
      <span className="block">{intl.formatMessage(historyMessages[`mailState_${mail.state}`])}</span>
    </>
  );
}

/** The timeline's items, newest first (the audit's pages as loaded, with the e-mails among them). */
export function historyItems(entries: readonly AuditEntry[], mails: readonly ApplicationMail[]): Item[] {
  return [
    ...entries.map((entry): Item => ({ kind: 'audit', at: entry.at, entry })),
    ...mails.map((mail): Item => ({ kind: 'mail', at: mail.created_at, mail })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

export function HistoryList({ items, recordType, describe }: { items: readonly Item[]; recordType: AuditRecordType; describe?: DescribeEntry | undefined }) {
  return (
    <ol className="space-y-2">
      {items.map((item) => (
        <li key={item.kind === 'audit' ? `a${item.entry.id}` : `m${item.mail.id}`} className="rounded-md bg-gray-50 px-3 py-2">
          <span className="block text-sm text-gray-800">
            <InstantText instant={item.at} />
          </span>
          {item.kind === 'audit' ? <AuditEntryText entry={item.entry} recordType={recordType} describe={describe} /> : <MailText mail={item.mail} />}
        </li>
      ))}
    </ol>
  );
}

/** The record's whole timeline, loaded page by page, for screens and (with `all`) for print. */
export function useRecordHistory(recordType: AuditRecordType, recordId: number) {
  const audit = useInfiniteQuery(recordAuditQueryOptions(recordType, recordId));
  const mail = useQuery({ ...applicationMailQueryOptions(recordId), enabled: recordType === 'application' });
  const entries = audit.data?.pages.flatMap((page) => page.results) ?? [];
  return { audit, items: historyItems(entries, mail.data?.results ?? []), loaded: audit.isSuccess && (recordType !== 'application' || mail.isSuccess) };
}

export function RecordHistory({ recordType, recordId, title, describe }: {
  recordType: AuditRecordType;
  recordId: number;
  title?: ReactNode;
  describe?: DescribeEntry;
}) {
  const { audit, items, loaded } = useRecordHistory(recordType, recordId);
  const intl = useIntl();
  const [exportFailed, setExportFailed] = useState(false);
  const headingId = `history-${recordType}-${recordId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-2xl font-bold">
        {title ?? <FormattedMessage id="admin.history.title" />}
      </h2>
      {items.length === 0 && loaded ? (
        <p>
          <FormattedMessage id="admin.history.none" />
        </p>
      ) : (
        <HistoryList items={items} recordType={recordType} describe={describe} />
      )}
      <div className="flex flex-wrap gap-3">
        {audit.hasNextPage ? (
          <Button variant="secondary" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            <FormattedMessage id="admin.history.more" />
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => {
            setExportFailed(false);
            downloadRecordAudit(recordType, recordId, `${intl.formatMessage({ id: 'admin.audit.csvName' })}-${recordType}-${recordId}.csv`).catch(() => setExportFailed(true));
          }}
        >
          <FormattedMessage id="admin.history.export" />
        </Button>
      </div>
      {exportFailed ? (
        <p role="alert" className="font-semibold text-red-800">
          <FormattedMessage id="admin.history.exportFailed" />
        </p>
      ) : null}
    </section>
  );
}
