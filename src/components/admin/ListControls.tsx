// The parts every staff list shares (users, events, news, applications): the search held in the URL (so a list can be
// shared, reloaded and left with Back), the search form's buttons with the CSV export, the count and why a list could
// not be read, the keyset pager (first and next page, as the server's cursor allows), the table's column headers, and
// the box that says why an action was refused or failed.
import { useSelector } from '@xstate/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '#components/ui/Button';
import type { AdminActionMachine } from '#machines/admin-action/admin-action.machine';
import { selectActionErrorBody, selectActionStatus, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { errorBody } from '#api/errors';
import { errorText, toFormErrors, type FormErrors } from '#lib/form-errors';

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

/**
 * First, previous (when the list gives a `prevCursor`: docs/decisions/040-staff-queues-and-history.md) and next page
 * links; the search stays, only the cursor changes.
 */
export function KeysetPager({ label, nextCursor, prevCursor, first, previous, next }: {
  label: string;
  nextCursor: string | null | undefined;
  prevCursor?: string | null | undefined;
  first: ReactNode;
  previous?: ReactNode;
  next: ReactNode;
}) {
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
      {prevCursor && previous ? (
        <Link to={link(prevCursor)} className={pagerLinkClass}>
          {previous}
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

/** The header row of a list's table; `leading` is a first header cell of the caller's (a "select all" box). */
export function ColumnHeaders({ columns, leading }: { columns: readonly MessageDescriptor[]; leading?: ReactNode }) {
  return (
    <thead>
      <tr className="border-b-2 border-gray-700">
        {leading}
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

/** The search form's buttons: search, and download the matches as CSV (a failed download is said below them). */
export function SearchButtons({ search, exportCsv, exportFailed, onExport }: {
  search: ReactNode;
  exportCsv: ReactNode;
  exportFailed: ReactNode;
  /** Downloads the CSV; a rejection shows `exportFailed`. */
  onExport: () => Promise<void>;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <div className="flex flex-wrap gap-3 md:col-span-2 lg:col-span-4">
        <Button type="submit">{search}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setFailed(false);
            onExport().catch(() => setFailed(true));
          }}
        >
          {exportCsv}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="font-semibold text-red-800 md:col-span-2 lg:col-span-4">
          {exportFailed}
        </p>
      ) : null}
    </>
  );
}

/** How many rows match (or that they are loading), and, when the list could not be read, why, with a way back to its first page. */
export function ListStatus({ pending, count, error, fallback, firstPage }: {
  pending: boolean;
  /** The count's message once the list is there, else null. */
  count: ReactNode;
  error: unknown;
  /** What to say when the server gave no reason. */
  fallback: string;
  firstPage: ReactNode;
}) {
  const intl = useIntl();
  const problem = error ? toFormErrors(errorBody(error), [], fallback) : null;
  return (
    <>
      <div role="status" className="text-gray-900">
        {pending ? <FormattedMessage id="app.loading" /> : null}
        {count}
      </div>
      {problem ? (
        <div role="alert" className="rounded-md border-l-8 border-red-800 bg-red-50 p-4 text-gray-900">
          {[...problem.form, ...Object.values(problem.fields).flat()].map((message) => (
            <p key={errorText(intl, message)}>{errorText(intl, message)}</p>
          ))}
          <Link to="?" className="font-semibold text-blue-800 underline">
            {firstPage}
          </Link>
        </div>
      ) : null}
    </>
  );
}

/**
 * What became of an admin action (machines/admin-action): "working" while it runs, then, when it was refused or
 * failed, the server's reasons (or `network` when it never answered, `later` when it gave none) with "try again" when
 * that may help.
 */
export function ActionOutcome({ action, working, network, later, retryLabel, dismissLabel }: {
  action: ActorRefFrom<AdminActionMachine>;
  working: ReactNode;
  network: string;
  later: string;
  retryLabel: ReactNode;
  dismissLabel: ReactNode;
}) {
  const status = useSelector(action, selectActionStatus);
  const busy = useSelector(action, selectIsWorking);
  const body = useSelector(action, selectActionErrorBody);
  const problem = status === 'refused' || status === 'failed' ? toFormErrors(body, [], body === null ? network : later) : null;
  return (
    <>
      <div role="status">{busy ? working : null}</div>
      {problem ? (
        <ActionProblem
          problem={problem}
          onRetry={status === 'failed' ? () => action.send({ type: 'action.retry' }) : undefined}
          onDismiss={() => action.send({ type: 'action.dismiss' })}
          retryLabel={retryLabel}
          dismissLabel={dismissLabel}
        />
      ) : null}
    </>
  );
}
