// A link may ask that a given element take focus once it has navigated: its `state` is `{ focus: id }`. The layout
// (src/app/RootLayout.tsx) focuses that element instead of the page's <h1> when the new page has it.

/** The navigation state that asks for `id` to take focus after the link is followed. */
export const focusAfterNavigation = (id: string): { focus: string } => ({ focus: id });

/** The element id a navigation's state asks to focus, if any. */
export const focusIdOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'focus' in state && typeof state.focus === 'string' ? state.focus : undefined;
