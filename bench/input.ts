// `npm run bench:input`: how quickly step 3 (the owners) answers input on a phone. In the built SPA at 360x740 with the
// CPU slowed 4x (Chromium's Emulation.setCPUThrottlingRate), a new applicant with two owners types 40 characters into
// the second owner's name and adds two owners; each interaction's duration is read the way INP reads it (Event
// Timing entries grouped by interactionId). A measurement to compare builds on one machine, never a pass/fail test
// (docs/decisions/068-quick-input.md).
import { readFileSync } from 'node:fs';
import { type Browser } from 'puppeteer-core';
import { SESSION_STORAGE_KEYS } from '#machines/session/session.machine';
import { isMain, percentile, runAlone, type Part } from './results.ts';
import { buildsToMeasure, newApplicant, signIn, withBuilds, type Build } from './web.ts';

/** Rounds per build; each round is a new applicant, a fresh page, 40 keystrokes and two owners added. */
const ROUNDS = Number(process.env.BENCH_INPUT_ROUNDS ?? 4);
/** Another build to measure in alternation with this one (`dist/` of an earlier commit): round by round, so load hits both alike. */
const COMPARE = process.env.BENCH_INPUT_COMPARE;
const CPU_SLOWDOWN = 4;
/** 40 characters, typed one key at a time with a pause like a quick thumb's between them. */
const TYPED = ' de la Cruz Rivera y Santiago Domínguez!';
const KEY_GAP_MS = 150;
/** The Event Timing API's smallest threshold: a quicker interaction leaves no entry, and counts here as 16 ms. */
const THRESHOLD_MS = 16;

type Kind = 'typing' | 'add owner';

interface Round {
  build: string;
  durations: Record<Kind, number[]>;
  /** /proc/loadavg as the round ended (1, 5 and 15 minutes, running/total tasks). */
  load: string;
}

const procLoad = (): string => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 4).join(' ');

/** Collects every Event Timing entry of an interaction from the page's start (installed before the app runs). */
const observeInteractions = (threshold: number) => {
  const seen: { id: number; name: string; duration: number }[] = [];
  (window as unknown as { __interactions: typeof seen }).__interactions = seen;
  const observer = new PerformanceObserver((list) => {
    // TypeScript's DOM types lack interactionId, which Chromium sets on the entries of one interaction.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      if (entry.interactionId > 0) seen.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  });
  // durationThreshold is Event Timing's own option, missing from TypeScript's PerformanceObserverInit.
  const options: PerformanceObserverInit & { durationThreshold: number } = { type: 'event', durationThreshold: threshold, buffered: true };
  observer.observe(options);
};

/** An application with two owners (names and positions only) on step 3, made through the real API. */
async function applicantWithTwoOwners(base: string) {
  const { account, applicationId } = await newApplicant(base);
  const record = await signIn(base, account);
  const headers = { authorization: `Bearer ${String(record.access)}`, 'content-type': 'application/json' };
  const application = (await (await fetch(`${base}/api/applications/${applicationId}`, { headers })).json()) as {
    steps: { step: number; version: number }[];
  };
  const version = application.steps.find((item) => item.step === 3)?.version ?? 0;
  const owners = [
    { name: 'Ana Torres', position: 'Presidenta' },
    { name: 'Luis', position: 'Tesorero' },
  ];
  const saved = await fetch(`${base}/api/applications/${applicationId}/steps/3`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ data: { owners }, version }),
  });
  if (!saved.ok) throw new Error(`step 3: ${saved.status} ${await saved.text()}`);
  return { applicationId, record };
}

/** One round on one build: each interaction's duration, the longest Event Timing entry under its interactionId. */
async function round(browser: Browser, base: string, build: string): Promise<Round> {
  const { applicationId, record } = await applicantWithTwoOwners(base);
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.goto(`${base}/api/health`);
    await page.evaluate((key, value) => localStorage.setItem(key, value), SESSION_STORAGE_KEYS.user, JSON.stringify(record));
    await page.evaluateOnNewDocument(observeInteractions, THRESHOLD_MS);
    await page.goto(`${base}/panel/application/${applicationId}/3`);
    const nameField = '#step3-owners-1-name';
    await page.waitForSelector(nameField, { visible: true });
    // The screen's lazy parts and first saves settle before the clock starts.
    await page.waitForNetworkIdle({ idleTime: 500 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Focus without a click, so the only pointer interactions measured are the two additions.
    await page.$eval(nameField, (input) => {
      const field = input as HTMLInputElement;
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    });
    await page.keyboard.type(TYPED, { delay: KEY_GAP_MS });
    for (const index of [2, 3]) {
      await page.click('#step3-add-owner');
      await page.waitForSelector(`#step3-owners-${index}-name`, { visible: true });
      await new Promise((done) => setTimeout(done, 1000));
    }
    // The last entries are reported once their frame painted.
    await new Promise((done) => setTimeout(done, 1000));
    const typedValue = await page.$eval(nameField, (input) => (input as HTMLInputElement).value);
    if (!typedValue.endsWith(TYPED)) throw new Error(`${build}: the name field holds "${typedValue}", not what was typed`);
    const entries = await page.evaluate(() => (window as unknown as { __interactions: { id: number; name: string; duration: number }[] }).__interactions);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    const byId = new Map<number, { kind: Kind; duration: number }>();
    for (const entry of entries) {
      const kind: Kind = entry.name.startsWith('key') ? 'typing' : 'add owner';
      byId.set(entry.id, { kind, duration: Math.max(byId.get(entry.id)?.duration ?? 0, entry.duration) });
    }
    const durations: Record<Kind, number[]> = { typing: [], 'add owner': [] };
    for (const { kind, duration } of byId.values()) durations[kind].push(duration);
    // Interactions quicker than the threshold left no entry: they count at the threshold.
    const expected: Record<Kind, number> = { typing: TYPED.length, 'add owner': 2 };
    for (const kind of Object.keys(expected) as Kind[]) {
      while (durations[kind].length < expected[kind]) durations[kind].push(THRESHOLD_MS);
    }
    return { build, durations, load: procLoad() };
  } finally {
    await page.close();
  }
}

const ms = (value: number) => (value <= THRESHOLD_MS ? `<= ${THRESHOLD_MS}` : String(Math.round(value)));

function table(builds: Build[], rounds: Round[]): string {
  const rows = builds.flatMap(({ label }) => {
    const mine = rounds.filter((item) => item.build === label);
    return (['typing', 'add owner'] as Kind[]).map((kind) => {
      const values = mine.flatMap((item) => item.durations[kind]);
      const target = kind === 'typing' ? 100 : 200;
      return `| ${label} | ${kind} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 98))} | ${ms(Math.max(...values))} | ${target} | ${mine.map((item) => item.load.split(' ')[0]).join(', ')} |`;
    });
  });
  return [
    '| build | interaction | count | p50 ms | p98 ms | max ms | target p98 ms | load (1 min) after each round |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

export function benchInput(): Promise<string> {
  const builds = buildsToMeasure(COMPARE);
  return withBuilds(builds, async (apps) => {
    const rounds: Round[] = [];
    for (let at = 0; at < ROUNDS; at++) {
      for (const { build, base, browser } of apps) {
        const result = await round(browser, base, build.label);
        rounds.push(result);
        const worst = (kind: Kind) => Math.round(Math.max(...result.durations[kind]));
        console.log(`  ${build.label} round ${at + 1}: typing max ${worst('typing')} ms, add owner max ${worst('add owner')} ms; /proc/loadavg ${result.load}`);
      }
    }
    return (
      `Step 3 of an application on the built SPA (\`npm run build\`), Debian's Chromium headless at 360x740 (mobile, touch),\n` +
      `the CPU slowed ${CPU_SLOWDOWN}x through CDP (Emulation.setCPUThrottlingRate). Each round: a new applicant with two owners,\n` +
      `${TYPED.length} characters typed into the second owner's name (${KEY_GAP_MS} ms between keys), then "add an owner" clicked twice.\n` +
      `An interaction's duration is the longest Event Timing entry of its interactionId (as INP counts it: input to the next\n` +
      `paint); one quicker than ${THRESHOLD_MS} ms leaves no entry and counts as ${THRESHOLD_MS}. ${ROUNDS} rounds per build` +
      (COMPARE ? `, the builds in alternation round by round (compared build: ${COMPARE})` : '') +
      `. Load: /proc/loadavg's 1-minute figure as each round ended (2 cores: above 2 the machine was busy).\n` +
      `Targets (docs/decisions/068-quick-input.md): typing p98 <= 100 ms, adding an owner p98 <= 200 ms.\n\n${table(builds, rounds)}`
    );
  });
}

export const inputPart: Part = { title: 'Typing on step 3 on a phone (INP)', measure: benchInput };

if (isMain(import.meta.url)) await runAlone(inputPart);
