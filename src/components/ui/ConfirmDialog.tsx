// A Radix dialog that asks before an action that cannot be undone (staff's deletions, an applicant sending their
// application): its title and consequence, a confirm button in the action's colour and Cancel. Escape and Cancel cancel; focus returns to the button that opened it.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './Button';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes (the button that asked). */
  returnFocusTo: string;
  /** `danger` (red) for a deletion; `primary` for an action the person means to take, such as sending an application. */
  tone?: 'danger' | 'primary';
}

export function ConfirmDialog({ open, title, body, confirmLabel, onConfirm, onCancel, returnFocusTo, tone = 'danger' }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(returnFocusTo)?.focus();
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md border-t-8 ${tone === 'danger' ? 'border-red-800' : 'border-blue-800'} bg-white p-6 text-gray-900 shadow-xl focus:outline-none`}
        >
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-3">{body}</Dialog.Description>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button variant={tone} onClick={onConfirm}>
              {confirmLabel}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              <FormattedMessage id="ui.confirm.cancel" />
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
