// The only script a prerendered public page loads at first (docs/decisions/034-hydrate-on-intent.md). It imports the
// app's entry (src/app/main.tsx, built; scripts/prerender.ts writes its URL in `data-app-entry`) at once for a browser
// the prerender did not draw (src/app/boot-rules.ts), otherwise at the first sign of intent. Until React has hydrated
// the page (main.tsx marks <html data-hydrated>), a click on a control or a form's submit is held and replayed after,
// so nothing a person does while the app arrives is lost. Typed text needs no help: the public forms are uncontrolled
// and hydration keeps the values in the DOM, which the forms read on submit.
import { loadsAtOnce } from './boot-rules';

const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const root = document.getElementById('root');
const entry = script?.dataset.appEntry;
const preloads = (script?.dataset.appPreload ?? '').split(' ').filter(Boolean);

/** A person moving the pointer, touching, scrolling, typing or tabbing is about to use the page. */
const intentEvents = ['pointerdown', 'pointermove', 'mouseover', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'];
/** What a click means nothing for without React: buttons (the switcher, the menu, submits) and checkboxes. */
const heldControls = 'button, [role="checkbox"], [role="switch"], input[type="checkbox"], input[type="radio"], input[type="submit"]';

interface Held {
  kind: 'click' | 'submit';
  element: Element;
  /** Child indexes from #root, to find the same control if the app rendered afresh (createRoot) instead. */
  path: number[];
  submitter?: HTMLElement | null;
  /** A checkbox's attributes before the optimistic tick, put back before the replay. */
  restore?: () => void;
}
const held: Held[] = [];

/** Storage that never throws (a private window may refuse it), as #lib/storage. */
function reader(area: 'localStorage' | 'sessionStorage'): (key: string) => string | null {
  return (key) => {
    try {
      return window[area].getItem(key);
    } catch {
      return null;
    }
  };
}

function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    path.unshift(node.parentElement ? Array.prototype.indexOf.call(node.parentElement.children, node) : 0);
  }
  return path;
}

function resolve({ element, path }: Held): Element | undefined {
  if (element.isConnected) return element;
  let node: Element | undefined = root ?? undefined;
  for (const index of path) node = node?.children[index];
  return node;
}

let loading = false;
function load(): void {
  if (loading || !entry) return;
  loading = true;
  for (const type of intentEvents) window.removeEventListener(type, load, true);
  // The entry's own static imports and the language's catalog, fetched side by side rather than one after another.
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(/* @vite-ignore */ entry).catch((error: unknown) => {
    // A failed download (offline, a deploy in between): the next intent tries again.
    loading = false;
    for (const type of intentEvents) window.addEventListener(type, load, { capture: true, passive: true });
    console.error(error);
  });
}

/** A Radix checkbox shows its new state at once, as the person expects; React takes it over after the replay. */
function tickOptimistically(control: Element): (() => void) | undefined {
  if (control.getAttribute('role') !== 'checkbox') return undefined;
  const ariaChecked = control.getAttribute('aria-checked');
  const state = control.getAttribute('data-state');
  const checked = ariaChecked === 'true';
  control.setAttribute('aria-checked', checked ? 'false' : 'true');
  control.setAttribute('data-state', checked ? 'unchecked' : 'checked');
  return () => {
    if (ariaChecked === null) control.removeAttribute('aria-checked');
    else control.setAttribute('aria-checked', ariaChecked);
    if (state === null) control.removeAttribute('data-state');
    else control.setAttribute('data-state', state);
  };
}

function holdClick(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest(heldControls) : null;
  if (!control || !root?.contains(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push({ kind: 'click', element: control, path: pathOf(control), restore: tickOptimistically(control) });
  load();
}

function holdSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !root?.contains(form)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push({ kind: 'submit', element: form, path: pathOf(form), submitter: event.submitter });
  load();
}

function replayHeld(items: Held[]): void {
  for (const item of items) {
    const element = resolve(item);
    if (element instanceof HTMLFormElement) {
      const submitter = item.submitter && element.contains(item.submitter) ? item.submitter : null;
      element.requestSubmit(submitter);
    } else if (element instanceof HTMLElement) {
      element.click();
    }
  }
}

const observer = new MutationObserver(() => {
  if (document.documentElement.dataset.hydrated === undefined) return;
  const items = held.splice(0);
  for (const item of items) item.restore?.();
  observer.disconnect();
  window.removeEventListener('click', holdClick, true);
  window.removeEventListener('submit', holdSubmit, true);
  replayHeld(items);
});

if (root && entry) {
  window.addEventListener('click', holdClick, true);
  window.addEventListener('submit', holdSubmit, true);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  if (loadsAtOnce({ local: reader('localStorage'), session: reader('sessionStorage') }, root.dataset.prerendered)) load();
  else for (const type of intentEvents) window.addEventListener(type, load, { capture: true, passive: true });
}
