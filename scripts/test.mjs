// `npm test`: every suite that can fail, in order: types, lint, unit + machines + server (Vitest), browser (Playwright).
// Ends with one line `N passed, N failed` summed over all runners (CI reads it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const out = mkdtempSync(join(tmpdir(), 'portal-test-report-'));
const only = process.argv.slice(2); // e.g. `npm test -- vitest` runs one step
let passed = 0;
let failed = 0;
const summary = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function step(name, fn) {
  if (only.length > 0 && !only.includes(name)) return;
  const [ok, bad] = fn();
  passed += ok;
  failed += bad;
  summary.push(`${name}: ${ok} passed, ${bad} failed`);
}

step('types', () => (run('types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) === 0 ? [1, 0] : [0, 1]));
step('lint', () => (run('lint', bin('eslint'), ['.', '--max-warnings', '0']) === 0 ? [1, 0] : [0, 1]));

step('vitest', () => {
  const report = join(out, 'vitest.json');
  const status = run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (!existsSync(report)) return [0, 1];
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const bad = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return [json.numPassedTests, bad];
});

step('e2e', () => {
  const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`\nThe browser tests need Chromium at ${chromium}: apt-get install chromium (or set CHROME_PATH).`);
    return [0, 1];
  }
  const report = join(out, 'playwright.json');
  const status = run('e2e', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!existsSync(report)) return [0, 1];
  const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
  const bad = (stats.unexpected ?? 0) + (stats.flaky ?? 0) * 0;
  const ok = (stats.expected ?? 0) + (stats.flaky ?? 0);
  return [ok, bad + (status !== 0 && bad === 0 ? 1 : 0)];
});

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
