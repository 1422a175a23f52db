// Staff's review dialogs (Radix): ask for changes (the steps to reopen, chosen with checkboxes, and the message) and
// decide (approved, rejected or waitlisted, with the reason). Each is open while the admin-action machine is
// `confirming` its request: Send confirms with what was filled in, Escape and Cancel cancel; focus goes back to the
// button that opened it. The rules are the contract's, checked before sending (docs/decisions/029-review-screens.md).
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { isFilled, isValidChangeRequest } from '#machines/review/review.machine';
import type { ReviewDecision } from '#shared/review-lifecycle';
import { STEP_NUMBERS, type StepNumber } from '#shared/application-constants';
import { stepNames } from '#components/application/messages';
import { applicationStatusNames } from '#components/programs/messages';
import { Button } from '#components/ui/Button';
import { CheckboxGroupField, RadioGroupField } from '#components/ui/ChoiceField';
import { RequiredNote } from '#components/ui/Field';
import { TextAreaField } from '#components/ui/TextAreaField';

interface FrameProps {
  open: boolean;
  title: ReactNode;
  intro: ReactNode;
  onCancel: () => void;
  /** Where focus goes when the dialog closes (the button that opened it). */
  returnFocusTo: string;
  /** The dialog's form: mounted each time the dialog opens, so it starts empty. */
  children: ReactNode;
}

export function FormDialog({ open, title, intro, onCancel, returnFocusTo, children }: FrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(returnFocusTo)?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md border-t-8 border-blue-800 bg-white p-6 text-gray-900 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold break-words">{title}</Dialog.Title>
          <Dialog.Description className="mt-3">{intro}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog's form: the required-mark note, its fields, Send and Cancel. */
export function DialogForm({ onSubmit, sendLabel, onCancel, children }: { onSubmit: () => void; sendLabel: ReactNode; onCancel: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-5">
      <RequiredNote />
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit">{sendLabel}</Button>
        <Button variant="secondary" onClick={onCancel}>
          <FormattedMessage id="ui.confirm.cancel" />
        </Button>
      </div>
    </form>
  );
}

/** Moves focus to the first field the person must fix (the summary of a short form is its fields' own errors). */
export const focusFirst = (ids: readonly string[]) => {
  const [first] = ids;
  if (first !== undefined) document.getElementById(first)?.focus();
};

const words = defineMessages({
  changeMessage: { id: 'admin.review.changes.message' },
  changeMessageHint: { id: 'admin.review.changes.messageHint' },
  reason: { id: 'admin.review.decide.reason' },
  reasonHint: { id: 'admin.review.decide.reasonHint' },
});

/** What staff write to the applicant (the contract's ReviewText: required, up to 5,000 characters). */
function WordsField(props: { id: string; label: MessageDescriptor; hint: MessageDescriptor; errors: string[] | undefined; value: string; onChange: (value: string) => void }) {
  return (
    <TextAreaField
      id={props.id}
      label={<FormattedMessage {...props.label} />}
      hint={<FormattedMessage {...props.hint} />}
      required
      maxLength={5000}
      errors={props.errors}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

export interface ChangeRequestPayload {
  steps: StepNumber[];
  message: string;
}

interface ChangeRequestDialogProps {
  open: boolean;
  name: string;
  onSend: (payload: ChangeRequestPayload) => void;
  onCancel: () => void;
  returnFocusTo: string;
}

export function ChangeRequestDialog({ open, name, onSend, onCancel, returnFocusTo }: ChangeRequestDialogProps) {
  return (
    <FormDialog
      open={open}
      title={<FormattedMessage id="admin.review.changes.title" values={{ name }} />}
      intro={<FormattedMessage id="admin.review.changes.intro" />}
      onCancel={onCancel}
      returnFocusTo={returnFocusTo}
    >
      <ChangeRequestForm onSend={onSend} onCancel={onCancel} />
    </FormDialog>
  );
}

function ChangeRequestForm({ onSend, onCancel }: { onSend: (payload: ChangeRequestPayload) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [steps, setSteps] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const chosen = steps.map(Number).filter((step): step is StepNumber => STEP_NUMBERS.some((known) => known === step));
  const stepsError = tried && chosen.length === 0 ? [intl.formatMessage({ id: 'admin.review.changes.stepsRequired' })] : undefined;
  const messageError = tried && !isFilled(message) ? [intl.formatMessage({ id: 'api.field.required' })] : undefined;
  const send = () => {
    setTried(true);
    if (isValidChangeRequest(message, chosen)) onSend({ steps: chosen, message: message.trim() });
    else focusFirst([chosen.length === 0 ? 'review-changes-steps' : '', isFilled(message) ? '' : 'review-changes-message'].filter(Boolean));
  };
  return (
    <DialogForm onSubmit={send} sendLabel={<FormattedMessage id="admin.review.changes.send" />} onCancel={onCancel}>
      <CheckboxGroupField
        id="review-changes-steps"
        name="steps"
        legend={<FormattedMessage id="admin.review.changes.steps" />}
        required
        errors={stepsError}
        values={steps}
        onChange={setSteps}
        options={STEP_NUMBERS.map((step) => ({
          value: String(step),
          label: <FormattedMessage id="application.step.heading" values={{ step, name: <FormattedMessage {...stepNames[step]} /> }} />,
        }))}
      />
      <WordsField id="review-changes-message" label={words.changeMessage} hint={words.changeMessageHint} errors={messageError} value={message} onChange={setMessage} />
    </DialogForm>
  );
}

export interface DecisionPayload {
  decision: ReviewDecision;
  reason: string;
}

interface DecisionDialogProps {
  open: boolean;
  name: string;
  /** The decisions the lifecycle allows from the current status (a waitlisted application cannot be waitlisted again). */
  decisions: readonly ReviewDecision[];
  /** Approving records a proposal a second staff member confirms (the program's setting). */
  proposes?: boolean;
  onSend: (payload: DecisionPayload) => void;
  onCancel: () => void;
  returnFocusTo: string;
}

export function DecisionDialog({ open, name, decisions, proposes = false, onSend, onCancel, returnFocusTo }: DecisionDialogProps) {
  return (
    <FormDialog
      open={open}
      title={<FormattedMessage id="admin.review.decide.title" values={{ name }} />}
      intro={
        <>
          <FormattedMessage id="admin.review.decide.intro" />
          {proposes && decisions.includes('approved') ? (
            <>
              {' '}
              <FormattedMessage id="admin.review.decide.proposeNote" />
            </>
          ) : null}
        </>
      }
      onCancel={onCancel}
      returnFocusTo={returnFocusTo}
    >
      <DecisionForm decisions={decisions} onSend={onSend} onCancel={onCancel} />
    </FormDialog>
  );
}

function DecisionForm({ decisions, onSend, onCancel }: Pick<DecisionDialogProps, 'decisions' | 'onSend' | 'onCancel'>) {
  const intl = useIntl();
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const decisionError = tried && decision === null ? [intl.formatMessage({ id: 'admin.review.decide.decisionRequired' })] : undefined;
  const reasonError = tried && !isFilled(reason) ? [intl.formatMessage({ id: 'api.field.required' })] : undefined;
  const send = () => {
    setTried(true);
    if (decision !== null && isFilled(reason)) onSend({ decision, reason: reason.trim() });
    else focusFirst([decision === null ? 'review-decision' : '', isFilled(reason) ? '' : 'review-decision-reason'].filter(Boolean));
  };
  return (
    <DialogForm onSubmit={send} sendLabel={<FormattedMessage id="admin.review.decide.send" />} onCancel={onCancel}>
      <RadioGroupField
        id="review-decision"
        name="decision"
        legend={<FormattedMessage id="admin.review.decide.decision" />}
        required
        errors={decisionError}
        value={decision}
        onChange={(value) => setDecision(decisions.find((item) => item === value) ?? null)}
        options={decisions.map((item) => ({ value: item, label: <FormattedMessage {...applicationStatusNames[item]} /> }))}
      />
      <WordsField id="review-decision-reason" label={words.reason} hint={words.reasonHint} errors={reasonError} value={reason} onChange={setReason} />
    </DialogForm>
  );
}
