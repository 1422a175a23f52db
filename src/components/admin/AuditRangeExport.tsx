// Staff download every audit entry of a range of Puerto Rico days as CSV (docs/decisions/040-staff-queues-and-history.md);
// the server checks the range (both days, not backwards, at most 366 days) and its reasons show on the fields.
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorBody } from '#api/errors';
import { Button } from '#components/ui/Button';
import { TextField } from '#components/ui/Field';
import { errorText, noErrors, toFormErrors } from '#lib/form-errors';
import { downloadAuditRange } from './record-history';

export function AuditRangeExport() {
  const intl = useIntl();
  const download = useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      downloadAuditRange(from, to, `${intl.formatMessage({ id: 'admin.audit.csvName' })}-${from}-${to}.csv`),
  });
  const errors = download.error
    ? toFormErrors(errorBody(download.error), ['from', 'to'], intl.formatMessage({ id: 'admin.history.exportFailed' }))
    : noErrors;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    download.mutate({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  };
  return (
    <section aria-labelledby="audit-range" className="space-y-3 rounded-md border-2 border-gray-300 p-4">
      <h2 id="audit-range" className="text-xl font-bold">
        <FormattedMessage id="admin.history.rangeTitle" />
      </h2>
      <form noValidate onSubmit={submit} className="grid items-end gap-4 md:grid-cols-3">
        <TextField id="audit-from" name="from" type="date" required label={<FormattedMessage id="admin.history.rangeFrom" />} errors={errors.fields.from} />
        <TextField id="audit-to" name="to" type="date" required label={<FormattedMessage id="admin.history.rangeTo" />} hint={<FormattedMessage id="admin.history.rangeHint" />} errors={errors.fields.to} />
        <Button type="submit" disabled={download.isPending}>
          <FormattedMessage id="admin.history.rangeExport" />
        </Button>
      </form>
      {errors.form.length > 0 ? (
        <div role="alert" className="font-semibold text-red-800">
          {errors.form.map((message) => (
            <p key={errorText(intl, message)}>{errorText(intl, message)}</p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
