// Whether React has taken over the page. While React hydrates prerendered HTML (src/app/main.tsx) this is false, as in
// the prerender itself; right after, and in any fresh render, it is true. Pieces that exist only in the browser (the
// toasts) mount once it is true. Controls are not disabled meanwhile: the boot script holds an early click and replays
// it once the page is hydrated (src/app/boot.ts, docs/decisions/034-hydrate-on-intent.md).
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}
