// Suites that only a PostgreSQL server can run (several processes on one database, the server stopped under load):
// where none is at hand they are still collected, as skipped with the reason in their name, so a file never ends in
// "No test suite found" and `npm test`'s closing line counts them (docs/testing.md).
import { describe } from 'vitest';
import { postgresBinaries } from './throwaway-postgres.ts';

/** Why a suite that needs the server named by TEST_DATABASE_URL cannot run here, or null when it can. */
export const postgresMissing: string | null = process.env.TEST_DATABASE_URL
  ? null
  : 'needs PostgreSQL: TEST_DATABASE_URL is not set (npm test sets it, with a throwaway server, where the PostgreSQL server is installed)';

/** Why a suite that starts its own PostgreSQL cluster cannot run here, or null when the server binaries are installed. */
export const postgresBinariesMissing: string | null =
  postgresBinaries() === null ? 'needs the PostgreSQL server binaries (apt-get install postgresql): none under /usr/lib/postgresql' : null;

/** `describe` where PostgreSQL can run, else `describe.skip` with the reason in the suite's name. */
export function describeOnPostgres(name: string, body: () => void, missing: string | null = postgresMissing): void {
  if (missing === null) describe(name, body);
  else describe.skip(`${name} [skipped: ${missing}]`, body);
}
