// Shared helpers of the browser tests: accessibility checks with axe, the caught e-mail, the seeded staff account.
import { expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { E2E_SIDE_PORT } from './ports.ts';

const side = `http://127.0.0.1:${E2E_SIDE_PORT}`;

/** WCAG 2.0/2.1/2.2 A and AA: the tags the issue names. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's source (the copy @axe-core/playwright uses), run only in a document that does not have axe yet. AxeBuilder
 * evaluates its source twice per check, each time rebuilding axe (two to three seconds on a busy two-core machine); a
 * page checked several times (a screen, then its dialog) needs it once.
 */
const axeSourceOnce = `if (typeof window.axe === 'undefined') {\n${
  (createRequire(import.meta.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source
}\n}`;

/** Fails the test with a readable list when axe finds any violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, context = ''): Promise<void> {
  // Legacy mode runs axe.run() in the page itself. The default opens a blank page per check to merge the results
  // of cross-origin frames (axe.finishRun), about a second each on our 2-core machines; the portal has no frames,
  // so the results are the same and the whole-suite checks stay fast.
  const results = await new AxeBuilder({ page, axeSource: axeSourceOnce }).withTags(axeTags).setLegacyMode(true).analyze();
  const readable = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(readable, `axe violations ${context} at ${page.url()}`).toEqual([]);
}

export interface CaughtMail {
  to: string[];
  text: string;
}

/** Every e-mail to `address` the test SMTP server received so far that `match` accepts, oldest first. */
export async function mailsTo(address: string, match: (text: string) => boolean = () => true): Promise<CaughtMail[]> {
  const all = (await (await fetch(`${side}/mail`)).json()) as CaughtMail[];
  return all.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address)).filter((m) => match(m.text));
}

/** Waits for an e-mail to `address` that the test SMTP server received, and returns the newest. */
export async function waitForMail(address: string, match: (text: string) => boolean = () => true): Promise<CaughtMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await mailsTo(address, match);
    const last = found[found.length - 1];
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function staffAccount(): Promise<{ email: string; password: string }> {
  return (await (await fetch(`${side}/staff`)).json()) as { email: string; password: string };
}

/** A unique e-mail per test run, so tests never collide on the shared database. */
export const uniqueEmail = (label: string): string =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
