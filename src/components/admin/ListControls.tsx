// The parts every staff list shares (users, events, news): the search held in the URL (so a list can be shared,
// reloaded and left with Back), the keyset pager (first and next page, as the server's cursor allows), the table's
// column headers, and the box that says why an action was refused or failed.
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '#components/ui/Button';
import { errorText, type FormErrors } from '#lib/form-errors';

const pagerLinkClass = 'inline-flex min-h-11 items-center font-semibold text-blue-800 underline';

/** The URL's search of a list: `submit` writes the named form fields into it (a new search starts at page one). */
export function useUrlSearch(names: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of names) {
      const value = String(form.get(name) ?? '').trim();
      if (value !== '') next.set(name, value);
    }
    setParams(next);
  };
  return { params, submit };
}

/** First and next page links; the search stays, only the cursor changes. */
export function KeysetPager({ label, nextCursor, first, next }: { label: string; nextCursor: string | null | undefined; first: ReactNode; next: ReactNode }) {
  const [params] = useSearchParams();
  const link = (cursor: string | null) => {
    const to = new URLSearchParams(params);
    if (cursor) to.set('cursor', cursor);
    else to.delete('cursor');
    return `?${to.toString()}`;
  };
  return (
    <nav aria-label={label} className="flex flex-wrap gap-3">
      {params.get('cursor') ? (
        <Link to={link(null)} className={pagerLinkClass}>
          {first}
        </Link>
      ) : null}
      {nextCursor ? (
        <Link to={link(nextCursor)} className={pagerLinkClass}>
          {next}
        </Link>
      ) : null}
    </nav>
  );
}

/** The header row of a list's table. */
export function ColumnHeaders({ columns }: { columns: readonly MessageDescriptor[] }) {
  return (
    <thead>
      <tr className="border-b-2 border-gray-700">
        {columns.map((column) => (
          <th key={column.id} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
            <FormattedMessage {...column} />
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Why an action did not happen: the server's reasons, then "try again" (only when it may help) and "close". */
export function ActionProblem({ problem, onRetry, onDismiss, retryLabel, dismissLabel }: {
  problem: FormErrors;
  onRetry: (() => void) | undefined;
  onDismiss: () => void;
  retryLabel: ReactNode;
  dismissLabel: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div role="alert" className="space-y-2 rounded-md border-l-8 border-red-800 bg-red-50 p-4">
      {[...problem.form, ...Object.values(problem.fields).flat()].map((message) => (
        <p key={errorText(intl, message)} className="font-semibold text-red-800">
          {errorText(intl, message)}
        </p>
      ))}
      <div className="flex flex-wrap gap-3">
        {onRetry ? <Button onClick={onRetry}>{retryLabel}</Button> : null}
        <Button variant="secondary" onClick={onDismiss}>
          {dismissLabel}
        </Button>
      </div>
    </div>
  );
}
