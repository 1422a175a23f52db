// Renders the toast queue with Radix Toast in two viewports: top (auth messages) and bottom-right (the rest).
// Radix pauses the 3000 ms timer while the pointer or focus is on a toast, and announces each one.
import * as Toast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  type ToastItem,
  type ToastPosition,
} from '#lib/toast';

const kindClass: Record<ToastItem['kind'], string> = {
  error: 'border-red-800 bg-red-50 text-red-950',
  success: 'border-green-800 bg-green-50 text-green-950',
  info: 'border-blue-800 bg-blue-50 text-blue-950',
};

const viewportClass: Record<ToastPosition, string> = {
  top: 'fixed left-1/2 top-0 z-50 flex w-full max-w-md -translate-x-1/2 flex-col gap-2 p-3',
  'bottom-right': 'fixed bottom-0 right-0 z-50 flex w-full max-w-sm flex-col gap-2 p-3',
};

function ToastRegion({ position, toasts, hotkey }: { position: ToastPosition; toasts: readonly ToastItem[]; hotkey: string }) {
  const intl = useIntl();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={position === 'top' ? 'up' : 'right'}
      label={intl.formatMessage({ id: 'ui.toast.label' })}
    >
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type={toast.kind === 'info' ? 'background' : 'foreground'}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={`flex items-start gap-3 rounded-md border-l-8 p-3 shadow-lg ${kindClass[toast.kind]}`}
        >
          <Toast.Description className="flex-1 font-medium">{toast.message}</Toast.Description>
          <Toast.Close
            aria-label={intl.formatMessage({ id: 'ui.toast.close' })}
            className="flex size-8 shrink-0 items-center justify-center rounded text-xl leading-none hover:bg-black/10"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={[hotkey]}
        // Radix fills in {hotkey} itself, so hand it the placeholder back rather than a value.
        label={intl.formatMessage({ id: 'ui.toast.viewport' }, { hotkey: '{hotkey}' })}
        className={viewportClass[position]}
      />
    </Toast.Provider>
  );
}

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <>
      <ToastRegion position="top" hotkey="F8" toasts={toasts.filter((toast) => toast.position === 'top')} />
      <ToastRegion
        position="bottom-right"
        hotkey="F9"
        toasts={toasts.filter((toast) => toast.position === 'bottom-right')}
      />
    </>
  );
}
