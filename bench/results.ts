// The bench table: each part of `npm run bench` gives its figures as a markdown section, printed as it runs, and
// bench/results.md holds them all under a header saying when, how and on how busy a machine, so a run compares to the last.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { root } from '#test-support/processes.ts';

export const RESULTS_FILE = join(root, 'bench', 'results.md');

/** One part's figures: `## title` and a markdown body (a short note and a table, or why it was skipped). */
export interface Section {
  title: string;
  body: string;
}

/** A part of the bench: its section's title (stable from run to run: results.md is matched on it) and its measurement. */
export interface Part {
  title: string;
  measure: () => Promise<string>;
}

/** What the figures depend on besides the code, taken when the run starts. */
export interface RunContext {
  started: Date;
  command: string;
  load: number[];
  cpuIndex: number;
}

/** The middle value of `values` (the upper one of an even count), NaN for none. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The value at percentile p of `values` (nearest rank), NaN for none. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** True when `moduleUrl` is the script node was started with (a part run alone). */
export const isMain = (moduleUrl: string): boolean => process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === moduleUrl;

/** The settings that change the figures, as the command that repeats the run (a database URL's password left out). */
function command(): string {
  const names = ['BENCH_SECONDS', 'BENCH_CONNECTIONS', 'BENCH_APPLICATIONS', 'BENCH_SAMPLES', 'BENCH_FILE_KB', 'BENCH_CALLS', 'BENCH_INPUT_ROUNDS', 'BENCH_INPUT_COMPARE', 'BENCH_WEB_RUNS', 'BENCH_WEB_SCREENS', 'BENCH_WEB_COMPARE', 'WEB_CONCURRENCY', 'TEST_DATABASE_URL', 'DATABASE_URL'];
  const settings = names.flatMap((name) => {
    const value = process.env[name];
    if (!value) return [];
    if (!name.endsWith('DATABASE_URL')) return [`${name}=${value}`];
    const url = new URL(value);
    if (url.password) url.password = '***';
    return [`${name}=${url.toString()}`];
  });
  const script = process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}` : `node --import tsx ${process.argv[1] ?? ''}`;
  return [...settings, script].join(' ');
}

/** Load average and Lighthouse's CPU benchmark index (its own function, here in Node), before any server starts. */
export function startRun(): RunContext {
  const load = loadavg();
  const cpuIndex = pageFunctions.computeBenchmarkIndex();
  const context = { started: new Date(), command: command(), load, cpuIndex };
  console.log(`${context.command}\n${describeMachine(context)}`);
  return context;
}

function describeMachine(context: RunContext): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return (
    `Node ${process.version}, ${availableParallelism()} cores (${model}); at the start: load average ` +
    `${context.load.map((value) => value.toFixed(2)).join(' / ')} (1, 5, 15 min), Lighthouse's CPU benchmark index ` +
    `${Math.round(context.cpuIndex)} (its own function, run in Node).`
  );
}

const minutes = (context: RunContext) => ((Date.now() - context.started.getTime()) / 60_000).toFixed(1);
const render = (section: Section) => `## ${section.title}\n\n${section.body.trim()}\n`;

/** Runs a part and prints its section; a part that throws gives a `failed:` section instead of ending the run. */
export async function runPart(part: Part): Promise<Section & { failed: boolean }> {
  console.log(`\n${part.title}...`);
  let section: Section & { failed: boolean };
  try {
    section = { title: part.title, body: await part.measure(), failed: false };
  } catch (error) {
    section = { title: part.title, body: `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, failed: true };
  }
  console.log(`\n${render(section)}`);
  return section;
}

function header(context: RunContext): string {
  return (
    `# Bench results\n\nWritten by \`${context.command}\` (bench/run.ts), started ${context.started.toISOString()}, ` +
    `${minutes(context)} min in all.\n${describeMachine(context)} A 1-minute load average near or above the core count ` +
    `means other work shared the machine and slowed every figure: compare runs made on the same idle machine.\n` +
    'A part run alone (`npm run bench:api`, `bench:pages`, `bench:uploads`, `bench:web`, `bench:input`, `bench:applications`, `bench:dashboard`, `bench:backup`) replaces only its own section, which ' +
    'then says when and how it ran.\n'
  );
}

/** The whole table, from `npm run bench`. */
export function writeResults(context: RunContext, sections: Section[]): void {
  writeFileSync(RESULTS_FILE, [header(context), ...sections.map(render)].join('\n'));
  console.log(`\nwrote ${RESULTS_FILE}`);
}

/** A part run alone: prints its section and replaces that section of bench/results.md (added at the end if missing). */
export async function runAlone(part: Part): Promise<void> {
  const context = startRun();
  const section = await runPart(part);
  if (section.failed) process.exitCode = 1;
  // A failed or skipped run leaves the last figures in place rather than replace them with nothing.
  if (section.failed || section.body.startsWith('skipped:')) return;
  const note = `Updated alone by \`${context.command}\`, started ${context.started.toISOString()}. ${describeMachine(context)}`;
  const text = render({ title: section.title, body: `${note}\n\n${section.body}` });
  const old = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Bench results\n';
  const [head = '', ...rest] = old.split(/^(?=## )/m);
  const at = rest.findIndex((chunk) => chunk.startsWith(`## ${section.title}\n`));
  if (at === -1) rest.push(text);
  else rest[at] = text;
  const joined = `${head.trimEnd()}\n\n${rest.map((chunk) => chunk.trimEnd()).join('\n\n')}\n`;
  writeFileSync(RESULTS_FILE, joined);
  console.log(`\nupdated the "${section.title}" section of ${RESULTS_FILE}`);
}
