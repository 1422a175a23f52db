// The only script a prerendered public page loads at first (docs/decisions/034-hydrate-on-intent.md). It imports the
// app's entry (src/app/main.tsx, built; scripts/prerender.ts writes its URL in `data-app-entry`) at once for a browser
// the prerender did not draw (src/app/boot-rules.ts), otherwise at the first sign of intent. Until React has hydrated
// the page (main.tsx marks <html data-hydrated>), a click on a control or a form's submit is held and replayed after,
// so nothing a person does while the app arrives is lost. Typed text needs no help: the public forms are uncontrolled
// and hydration keeps the values in the DOM, which the forms read on submit. A link stays a link: followed before
// hydration it loads the next prerendered page, whose boot script moves focus to its <h1> as the app does after a
// navigation (src/app/RootLayout.tsx), so keyboard and screen-reader users start at the new content either way.
import { arrivalKey, bootStorageKeys, loadsAtOnce, mainHeadingId } from './boot-rules';

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

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: the next page starts at its top, as any page load does.
  }
}

/** Arrived by a link followed before hydration: the heading takes focus, as after the app's own navigations. */
function focusHeadingOnArrival(): void {
  const followed = reader('sessionStorage')(arrivalKey);
  if (followed === null) return;
  writeSession(arrivalKey, null);
  if (followed === window.location.pathname) document.getElementById(mainHeadingId)?.focus();
}

/** A plain left click on a link of this site, which the browser is about to follow (nothing prevented it). */
function noteFollowedLink(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return;
  if (link.origin !== window.location.origin || link.hash !== '') return;
  writeSession(arrivalKey, link.pathname);
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

/**
 * A language chosen in the switcher is kept at once, as the switcher keeps it (#lib/locale's setLocale: localStorage
 * and the server's cookie): a person who chooses and then follows a link before the app arrived keeps their choice.
 */
function keepLanguageChoice(control: Element): void {
  const choice = control.getAttribute('data-language-choice');
  if (choice !== 'es' && choice !== 'en') return;
  try {
    window.localStorage.setItem(bootStorageKeys.language, choice);
  } catch {
    // Storage refused: the replayed click still switches this page.
  }
  document.cookie = `language=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function holdClick(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest(heldControls) : null;
  if (!control || !root?.contains(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  keepLanguageChoice(control);
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

function stopHolding(): void {
  observer.disconnect();
  window.removeEventListener('click', holdClick, true);
  window.removeEventListener('submit', holdSubmit, true);
  window.removeEventListener('click', noteFollowedLink);
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
  stopHolding();
  const items = held.splice(0);
  for (const item of items) item.restore?.();
  replayHeld(items);
});

if (root && entry) {
  // Before the intent listeners: this focus is the page's, not a sign of the person's intent.
  focusHeadingOnArrival();
  window.addEventListener('click', holdClick, true);
  window.addEventListener('submit', holdSubmit, true);
  window.addEventListener('click', noteFollowedLink);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  // A page whose content needs the app (the prerender marks it), or a browser the prerender did not draw.
  const atOnce =
    script?.dataset.appAtOnce !== undefined ||
    loadsAtOnce({ local: reader('localStorage'), session: reader('sessionStorage') }, root.dataset.prerendered);
  if (atOnce) load();
  else for (const type of intentEvents) window.addEventListener(type, load, { capture: true, passive: true });
  // Another tab signed in (or chose a language, or remembered an e-mail): this one is no longer the prerendered
  // visitor, and the app must show it, as it would from its own storage listener.
  const watched: (string | null)[] = [null, bootStorageKeys.user, bootStorageKeys.remember, bootStorageKeys.language];
  window.addEventListener('storage', (event) => {
    if (watched.includes(event.key)) load();
  });
}
