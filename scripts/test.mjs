// `npm test`: every suite that can fail, in order: types, lint, unit + machines + server (Vitest), a selection of the
// server suites on the other supported Node.js majors (`nodes`), browser (Playwright).
// Ends with one line `N passed, N failed` (and `, K skipped` when some were) summed over all runners (CI reads it).
// Without TEST_DATABASE_URL it starts a throwaway PostgreSQL cluster for the run where the server is installed, and
// removes it after; where none is installed, the suites that need one are reported as skipped (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { nodeBinary, otherNodeVersions } from './node-versions.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const out = mkdtempSync(join(tmpdir(), 'portal-test-report-'));
// `npm test -- vitest` runs one step; `npm test -- vitest e2e tests/server/auth.test.ts tests/e2e/news.spec.ts` runs
// those steps on those files only (a file names its runner by its ending).
const args = process.argv.slice(2);
const files = args.filter((arg) => arg.endsWith('.ts'));
const only = args.filter((arg) => !arg.endsWith('.ts'));
const vitestFiles = files.filter((file) => file.endsWith('.test.ts'));
const e2eFiles = files.filter((file) => file.endsWith('.spec.ts'));
let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function step(name, fn) {
  if (interrupted || (only.length > 0 && !only.includes(name))) return;
  const [ok, bad, skip = 0] = fn();
  passed += ok;
  failed += bad;
  skipped += skip;
  summary.push(`${name}: ${ok} passed, ${bad} failed${skip > 0 ? `, ${skip} skipped` : ''}`);
}

/** A port nobody listens on now, from the kernel. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The throwaway cluster (tests/support/throwaway-postgres.ts) when TEST_DATABASE_URL names no server and one can be made. */
let cluster = null;
if (!process.env.TEST_DATABASE_URL && (only.length === 0 || only.includes('vitest') || only.includes('nodes'))) {
  const { createCluster, postgresBinaries } = await import('../tests/support/throwaway-postgres.ts');
  if (postgresBinaries() === null) {
    console.log('No PostgreSQL server is installed and TEST_DATABASE_URL is not set: the tests run on PGlite, and the suites');
    console.log('that need PostgreSQL are reported as skipped (apt-get install postgresql, or set TEST_DATABASE_URL, to run them).');
  } else {
    cluster = await createCluster(await freePort());
    process.env.TEST_DATABASE_URL = cluster.url;
    console.log(`PostgreSQL tests use a throwaway cluster at ${cluster.url}, removed after the run.`);
  }
}
// spawnSync holds the event loop: a Ctrl-C reaches the running child, and this handler runs once it has ended.
let interrupted = false;
process.on('SIGINT', () => (interrupted = true));
process.on('SIGTERM', () => (interrupted = true));

step('types', () => (run('types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) === 0 ? [1, 0] : [0, 1]));
step('lint', () => (run('lint', bin('eslint'), ['.', '--max-warnings', '0']) === 0 ? [1, 0] : [0, 1]));

/** Vitest's run of `files` (all when none) by `node`, counted from its JSON report. */
function vitest(name, node, files) {
  const report = join(out, `${name}.json`);
  const env = node === process.execPath ? {} : { PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };
  const status = run(name, node, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (!existsSync(report)) return [0, 1];
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const bad = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return [json.numPassedTests, bad, json.numPendingTests + json.numTodoTests];
}

step('vitest', () => vitest('vitest', process.execPath, vitestFiles));

// The other supported Node.js majors (scripts/node-versions.mjs) run the suites whose code differs most between
// them: native modules (argon2, sharp), streams and zlib, the server restarted as its own process, WebCrypto, SMTP.
const nodeSelection = [
  'tests/server/auth.test.ts',
  'tests/server/applications.test.ts',
  'tests/server/uploads-photos.test.ts',
  'tests/server/uploads-resumable.test.ts',
  'tests/server/static-compression.test.ts',
  'tests/server/health.test.ts',
  'tests/server/signing.test.ts',
  'tests/server/passkeys.test.ts',
  'tests/server/mail.test.ts',
  'tests/server/durability.test.ts',
];
step('nodes', () => {
  const totals = [0, 0, 0];
  for (const version of otherNodeVersions()) {
    let node;
    try {
      node = nodeBinary(version);
    } catch (error) {
      console.error(`\nNode ${version} could not be had for the tests: ${error.message}`);
      totals[1] += 1;
      continue;
    }
    const counts = vitest(`node ${version}`, node, vitestFiles.length > 0 ? vitestFiles : nodeSelection);
    counts.forEach((count, index) => (totals[index] += count));
  }
  return totals;
});

step('e2e', () => {
  const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`\nThe browser tests need Chromium at ${chromium}: apt-get install chromium (or set CHROME_PATH).`);
    return [0, 1];
  }
  const report = join(out, 'playwright.json');
  const status = run('e2e', bin('playwright'), ['test', ...e2eFiles, '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!existsSync(report)) return [0, 1];
  const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
  const bad = (stats.unexpected ?? 0) + (stats.flaky ?? 0) * 0;
  const ok = (stats.expected ?? 0) + (stats.flaky ?? 0);
  return [ok, bad + (status !== 0 && bad === 0 ? 1 : 0), stats.skipped ?? 0];
});

await cluster?.remove();
if (interrupted) failed += failed === 0 ? 1 : 0;
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
