// Shown while a step's autosave is in its `conflict` state: another tab or device saved this step first. The
// person keeps what this screen shows ("mine", saved over theirs) or takes the other version ("theirs").
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '#components/ui/Button';

interface ConflictDialogProps {
  open: boolean;
  stepName: ReactNode;
  step: number;
  onResolve: (choice: 'mine' | 'theirs') => void;
  /** Where focus goes once the choice is made (the dialog has no trigger to return to). */
  returnFocusTo: string;
}

export function ConflictDialog({ open, stepName, step, onResolve, returnFocusTo }: ConflictDialogProps) {
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          role="alertdialog"
          // A choice is required: Escape and clicks outside would leave the step unsaved with no decision.
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(returnFocusTo)?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md border-t-8 border-yellow-600 bg-white p-6 text-gray-900 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold">
            <FormattedMessage id="application.conflict.title" />
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-2">
              <p>
                <FormattedMessage id="application.conflict.step" values={{ step, name: stepName }} />
              </p>
              <p>
                <FormattedMessage id="application.conflict.body" />
              </p>
            </div>
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button onClick={() => onResolve('mine')}>
              <FormattedMessage id="application.conflict.mine" />
            </Button>
            <Button variant="secondary" onClick={() => onResolve('theirs')}>
              <FormattedMessage id="application.conflict.theirs" />
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
