// The suites that need a PostgreSQL server never fail for want of one (docs/testing.md): each such file declares them
// with describeOnPostgres (tests/support/postgres-suites.ts), and, run with no TEST_DATABASE_URL, still holds at least
// one test, reported as skipped with the reason, instead of Vitest's "No test suite found".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const serverTests = readdirSync(join(root, 'tests/server'))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/server/${name}`);
const source = (file: string) => readFileSync(join(root, file), 'utf8');

/** Files with a suite kept to the PostgreSQL server named by TEST_DATABASE_URL (the default reason). */
const needServer = serverTests.filter((file) => source(file).includes('describeOnPostgres(') && !source(file).includes('postgresBinariesMissing'));

describe('suites that need PostgreSQL', () => {
  it('are declared with describeOnPostgres, never by filtering the database kinds down to PostgreSQL or an if around describe', () => {
    // Either of these leaves a file without a suite where no PostgreSQL runs, and Vitest fails the file.
    const emptied = serverTests.filter((file) => /databaseKinds\.filter\(|if \(process\.env\.TEST_DATABASE_URL\) describe/.test(source(file)));
    expect(emptied).toEqual([]);
    expect(needServer.length).toBeGreaterThan(0);
  });

  it('still hold a test each, skipped with the reason, when TEST_DATABASE_URL is not set', { timeout: 120_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'portal-pg-suites-'));
    try {
      const report = join(out, 'report.json');
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.TEST_DATABASE_URL;
      // Only the skipped suites' names match the filter: nothing runs, every file is collected.
      const run = spawnSync(
        join(root, 'node_modules/.bin/vitest'),
        ['run', '--project', 'server', ...needServer, '-t', 'skipped: needs PostgreSQL', '--reporter=json', `--outputFile=${report}`],
        { cwd: root, env, encoding: 'utf8' },
      );
      const json = JSON.parse(readFileSync(report, 'utf8')) as {
        testResults: { name: string; status: string; assertionResults: { fullName: string; status: string }[] }[];
      };
      const byFile = Object.fromEntries(
        json.testResults.map((result) => [
          result.name.slice(root.length),
          {
            status: result.status,
            skippedWithReason: result.assertionResults.filter((test) => test.status === 'skipped' && test.fullName.includes('[skipped: needs PostgreSQL')).length > 0,
          },
        ]),
      );
      expect(byFile, run.stderr).toEqual(Object.fromEntries(needServer.map((file) => [file, { status: 'passed', skippedWithReason: true }])));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
