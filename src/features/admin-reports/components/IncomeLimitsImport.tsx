// The income limits the HUD report's income categories read (docs/decisions/031-hud-beneficiary-report.md): the
// years imported, and importing one year's CSV. The server checks every row; a bad file stores nothing, and its
// answer names each bad row, shown under the file field as the server worded them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { TextField } from '#components/ui/Field';
import { errorBody } from '#api/errors';
import { errorKey, errorText, toFormErrors, type ErrorText } from '#lib/form-errors';
import { hudKeys, importIncomeLimits, type HudIncomeLimitYear } from '#features/admin-reports/api/hud';

interface Problems {
  year?: ErrorText[];
  file?: ErrorText[];
  form?: ErrorText[];
}

export function IncomeLimitsImport({ years }: { years: readonly HudIncomeLimitYear[] | undefined }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<Problems>({});
  const importing = useMutation({
    mutationFn: ({ year, file }: { year: number; file: File }) => importIncomeLimits(year, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hudKeys.all }),
    onError: (error) => {
      const errors = toFormErrors(errorBody(error), ['year', 'file'], { id: 'admin.hud.limits.importFailed' });
      setProblems({ year: errors.fields.year, file: errors.fields.file, form: errors.form });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const yearText = String(form.get('year') ?? '').trim();
    const year = Number(yearText);
    const file = form.get('file');
    const next: Problems = {};
    if (!/^[0-9]{4}$/.test(yearText) || year < 2000 || year > 2100) next.year = [{ id: 'admin.hud.limits.yearInvalid' }];
    if (!(file instanceof File) || file.size === 0) next.file = [{ id: 'admin.hud.limits.fileMissing' }];
    setProblems(next);
    importing.reset();
    if (next.year || next.file || !(file instanceof File)) return;
    importing.mutate({ year, file });
  };

  const failed = Boolean(problems.year?.length || problems.file?.length || problems.form?.length);
  return (
    <section aria-labelledby="hud-limits" className="space-y-4 border-t border-gray-300 pt-6" data-print-hide>
      <h2 id="hud-limits" className="text-xl font-bold">
        <FormattedMessage id="admin.hud.limits.title" />
      </h2>
      <p className="max-w-prose text-gray-900">
        <FormattedMessage id="admin.hud.limits.intro" />
      </p>
      <h3 className="font-semibold">
        <FormattedMessage id="admin.hud.limits.years" />
      </h3>
      {years && years.length > 0 ? (
        <ul className="list-disc space-y-1 pl-6">
          {years.map((row) => (
            <li key={row.year}>
              <FormattedMessage id="admin.hud.limits.yearRow" values={{ year: String(row.year), rows: row.rows, municipalities: row.municipalities }} />
            </li>
          ))}
        </ul>
      ) : years ? (
        <p>
          <FormattedMessage id="admin.hud.limits.none" />
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'admin.hud.limits.title' })} className="grid max-w-2xl gap-4 md:grid-cols-2">
        <TextField
          id="hud-limits-year"
          name="year"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          required
          label={<FormattedMessage id="admin.hud.limits.yearField" />}
          hint={<FormattedMessage id="admin.hud.limits.yearHint" />}
          errors={problems.year}
        />
        <TextField
          id="hud-limits-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          label={<FormattedMessage id="admin.hud.limits.file" />}
          errors={problems.file}
        />
        <div className="md:col-span-2">
          <Button type="submit" disabled={importing.isPending}>
            {importing.isPending ? <FormattedMessage id="admin.hud.limits.importing" /> : <FormattedMessage id="admin.hud.limits.import" />}
          </Button>
        </div>
      </form>
      <div role="status">
        {importing.data ? (
          <Alert kind="success">
            <p>
              <FormattedMessage
                id="admin.hud.limits.imported"
                values={{ year: String(importing.data.year), rows: importing.data.rows, municipalities: importing.data.municipalities }}
              />
            </p>
          </Alert>
        ) : null}
      </div>
      <div role="alert">
        {failed ? (
          <Alert kind="error">
            <p className="font-semibold">
              <FormattedMessage id="admin.hud.limits.failed" />
            </p>
            {problems.form?.length ? (
              <ul className="mt-2 list-disc pl-6">
                {problems.form.map((problem) => (
                  <li key={errorKey(problem)}>{errorText(intl, problem)}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
