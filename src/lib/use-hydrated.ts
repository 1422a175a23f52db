// Whether React has taken over the page. While React hydrates prerendered HTML (src/app/main.tsx) this is false, as in
// the prerender itself; right after, and in any fresh render, it is true. Controls that do nothing without React
// (buttons, the language switcher, checkboxes) are disabled until then, so an early click or submit waits for the
// page instead of being lost or sending a form the browser's own way.
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}
