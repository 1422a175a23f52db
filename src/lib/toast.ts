// The toast queue: any code (a view's event handler, a session actor) adds a toast; <Toaster> renders it.
// Positions and durations follow docs/product.md section 9: auth toasts at the top, the rest bottom-right, 3000 ms.

export type ToastKind = 'error' | 'success' | 'info';
export type ToastPosition = 'top' | 'bottom-right';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  /** Already translated text: server messages are shown as received (docs/product.md section 5). */
  message: string;
  position: ToastPosition;
}

export const TOAST_DURATION_MS = 3000;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(toast: Omit<ToastItem, 'id' | 'position'> & { position?: ToastPosition }): number {
  const id = nextId++;
  items = [...items, { position: 'bottom-right', ...toast, id }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

export function getToasts(): readonly ToastItem[] {
  return items;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
