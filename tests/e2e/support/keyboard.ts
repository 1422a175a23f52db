// Driving the app with the keyboard alone, for the browser tests that must not touch the mouse: where focus is and
// whether it shows its ring, Tab or Shift+Tab until a control has focus (so a control the keyboard cannot reach fails
// the test), a whole round of Tab through a screen, and typing, arrows, Space and Enter on the controls.
import { expect, type Locator, type Page } from '@playwright/test';
import { shotPath } from './shell.ts';

export interface Stop {
  /** The focused element, for messages: tag, id and the start of its name. */
  where: string;
  /** Focus is on no element (the page itself): between the last control and the first when Tab goes round. */
  body: boolean;
  /** The element that had focus before this press still has it. */
  stayed: boolean;
  /** A date input: Tab walks its month, day, year and calendar button before it leaves. */
  segmented: boolean;
  /** It or, for a file input drawn by its label or drop zone, that label or zone shows a ring. */
  ring: boolean;
  /** Inside <main>. */
  inMain: boolean;
  /** The element marked as the start of a round (expectTabRound). */
  atStart: boolean;
}

/** Where focus is now (through shadow roots: the captcha's checkbox lives in the widget's), and whether it shows. */
export async function focusStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const memory = window as unknown as { keyboardLast?: Element | null; keyboardStart?: Element | null };
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    const last = memory.keyboardLast;
    memory.keyboardLast = element;
    if (!element || element === document.body || element === document.documentElement) {
      return { where: 'the page', body: true, stayed: false, segmented: false, ring: true, inMain: false, atStart: false };
    }
    const shown = (node: Element) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(node).opacity !== '0';
    };
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      const drawn = style.outlineStyle === 'auto' || (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2);
      return drawn && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    };
    const segmented = element instanceof HTMLInputElement && ['date', 'time', 'datetime-local', 'month', 'week'].includes(element.type);
    // On a date input's calendar button (inside the browser's own shadow tree, so the input no longer matches :focus)
    // Chromium draws the ring itself.
    const native = segmented && !element.matches(':focus');
    const own = native || (shown(element) && (outlined(element) || getComputedStyle(element).boxShadow !== 'none'));
    // A file input drawn by something else (DocumentsField's label, FileDropZone's zone) lends it the app's ring:
    // the amber outline with its dark edge (src/app/styles.css), so that it shows on white too.
    const stands = element instanceof HTMLInputElement && element.type === 'file' ? [...(element.labels ?? []), element.parentElement] : [];
    const lent = stands.some((node) => node !== null && shown(node) && outlined(node) && getComputedStyle(node).boxShadow !== 'none');
    let host: Node = element;
    for (let root = host.getRootNode(); root instanceof ShadowRoot; root = host.getRootNode()) host = root.host;
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 50);
    return {
      where: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element instanceof HTMLInputElement ? ` type=${element.type}` : ''}> "${name}"`,
      body: false,
      stayed: element === last,
      segmented,
      ring: own || lent,
      inMain: document.getElementById('main-content')?.contains(host) ?? false,
      atStart: element === memory.keyboardStart,
    };
  });
}

/** One press of Tab (or Shift+Tab): focus moves on (a date input keeps it while Tab walks its parts), to an element with a visible ring. */
async function press(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<Stop> {
  await page.keyboard.press(key);
  const stop = await focusStop(page);
  expect(stop.stayed && !stop.segmented, `${key} left focus on ${stop.where}: a trap`).toBe(false);
  expect(stop.ring, `${stop.where} has focus but no visible focus indicator`).toBe(true);
  return stop;
}

/**
 * Presses Tab, or Shift+Tab when `target` comes before the focused element, until `target` (or, for a group, a
 * control inside it) has focus; fails past `max` presses.
 */
export async function tabTo(page: Page, target: Locator, what: string, max = 150): Promise<void> {
  const where = () =>
    target.evaluate((element) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      if (active && (element === active || element.contains(active))) return 'here';
      if (!active || active === document.body) return 'after';
      // Compared in the page's own tree: a shadow host stands for what it holds.
      const lift = (node: Node) => {
        for (let root = node.getRootNode(); root instanceof ShadowRoot; root = node.getRootNode()) node = root.host;
        return node;
      };
      return lift(active).compareDocumentPosition(lift(element)) & Node.DOCUMENT_POSITION_PRECEDING ? 'before' : 'after';
    });
  const start = await where();
  if (start === 'here') return;
  await focusStop(page);
  const key = start === 'before' ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < max; presses += 1) {
    await press(page, key);
    if ((await where()) === 'here') return;
  }
  throw new Error(`${key} should reach ${what} within ${max} presses`);
}

/**
 * Tab from the focused control goes through the whole page (the header and the footer outside <main> too) and
 * comes back to it, and so does Shift+Tab: no part of the screen keeps focus, every stop shows its ring.
 */
export async function expectTabRound(page: Page, screen: string, max = 400): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab'] as const) {
    await page.evaluate(() => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      (window as unknown as { keyboardStart?: Element | null }).keyboardStart = element;
    });
    await focusStop(page);
    let outside = 0;
    let inside = 0;
    let onPage = 0;
    let presses = 0;
    const path: string[] = [];
    for (; presses < max; presses += 1) {
      const stop = await press(page, key);
      if (stop.atStart) break;
      path.push(stop.where);
      onPage = stop.body ? onPage + 1 : 0;
      expect(onPage, `${key} on ${screen}: focus stayed off every element`).toBeLessThan(2);
      if (stop.inMain) inside += 1;
      else if (!stop.body) outside += 1;
    }
    expect(presses, `${key} on ${screen} should come back round within ${max} presses; the last stops:\n${path.slice(-40).join('\n')}`).toBeLessThan(max);
    expect(inside, `${key} on ${screen}: stops in <main>`).toBeGreaterThan(0);
    expect(outside, `${key} on ${screen}: stops outside <main> (header, footer)`).toBeGreaterThan(0);
  }
}

export async function typeInto(page: Page, target: Locator, text: string, what: string): Promise<void> {
  await tabTo(page, target, what);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(target).toHaveValue(text);
}

/** A radio question: Tab into its group, then the arrow keys move the choice to `option` (Space when it has focus). */
export async function chooseRadio(page: Page, group: Locator, option: string, what: string): Promise<void> {
  await tabTo(page, group, what);
  const radio = group.getByRole('radio', { name: option, exact: true });
  for (let presses = 0; presses < 12 && !(await radio.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(radio).toBeFocused();
  if (!(await radio.isChecked())) await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

export async function tick(page: Page, box: Locator, what: string): Promise<void> {
  await tabTo(page, box, what);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** A native select: focused with Tab, its options walked with ArrowDown until one that is not the placeholder. */
export async function pickWithArrows(page: Page, select: Locator, what: string, wanted?: string): Promise<void> {
  await tabTo(page, select, what);
  for (let presses = 0; presses < 40; presses += 1) {
    const value = await select.inputValue();
    if (wanted === undefined ? value !== '' : value === wanted) break;
    await page.keyboard.press('ArrowDown');
  }
  if (wanted === undefined) await expect(select).not.toHaveValue('');
  else await expect(select).toHaveValue(wanted);
}

/** What a file chooser is given: a file's name, type and bytes. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A documents field's file input (its chooser, or on a touch screen its "take a photo" button): focused with Tab, opened
 * with Enter, the files given to the chooser the browser opened; the field then lists one more document, `stored`
 * (a PDF's own name, or the first photo's name with `.pdf`: docs/decisions/054-photos-are-documents.md), and focus
 * is on the field.
 */
export async function uploadByKeyboard(
  page: Page,
  field: Locator,
  files: ChosenFile | ChosenFile[],
  what: string,
  { stored = Array.isArray(files) ? files[0]?.name : files.name, via = 'chooser' }: { stored?: string | undefined; via?: 'chooser' | 'camera' } = {},
): Promise<void> {
  const before = await field.getByRole('listitem').count();
  await tabTo(page, field.locator(via === 'camera' ? 'input[type=file][capture]' : 'input[type=file]:not([capture])'), what);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles(files);
  await expect(field.getByRole('listitem').filter({ hasText: stored ?? '' })).toHaveCount(1, { timeout: 30_000 });
  expect(await field.getByRole('listitem').count()).toBe(before + 1);
  // The input is gone while the file goes up: focus waits in the field, not on the page, so Tab goes on from there.
  await expect(field, `focus after uploading into ${what}`).toBeFocused();
}

export async function pressButton(page: Page, button: Locator, what: string): Promise<void> {
  await tabTo(page, button, what);
  await page.keyboard.press('Enter');
}

/** A navigation's new screen: its main heading has focus (the layout moves it there), where the next Tab starts. */
export async function expectScreen(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(path);
  await expect(page.locator('#main-heading')).toBeFocused();
}

/** A screenshot of `target` with a margin, so that a focus ring drawn outside its box shows. */
export async function shootAround(page: Page, target: Locator, name: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${name}: nothing to shoot`);
  const margin = 16;
  await page.screenshot({ path: shotPath(name), clip: { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: box.height + 2 * margin } });
}
