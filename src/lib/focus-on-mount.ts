// A ref callback that focuses its element once it is in the page: for content that replaces a form or a page
// (a confirmation, "what happens next"), so keyboard and screen-reader users land on it.

/** Stable identity (module level), so React calls it once per mount, not on every render. */
export const focusOnMount = (element: HTMLElement | null): void => {
  element?.focus();
};
