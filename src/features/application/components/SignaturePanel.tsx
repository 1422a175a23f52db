// Signing a form on screen (docs/decisions/055-signing-in-the-browser.md): the consent to sign electronically, the typed
// name, and a signature drawn with a finger, stylus or mouse (signature_pad) that keyboard users may leave empty: the
// typed name then signs alone. The panel runs the signature machine; the stored form goes to its field (onSigned).
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import SignaturePad from 'signature_pad';
import { usePageActor, usePageEvent } from '#lib/use-page-actor';
import {
  selectCanSend,
  selectConsent,
  selectHasDrawing,
  selectSignatureError,
  selectSigned,
  selectSignerName,
  selectSigning,
} from '#machines/signature/signature.selectors';
import type { SignatureError, SignatureForm, SignedForm } from '#machines/signature/signature.types';
import { Button } from '#components/ui/Button';
import { CheckboxField } from '#components/ui/Checkbox';
import { ErrorLines, TextField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { toFormErrors, type ErrorText, type FormErrors } from '#lib/form-errors';
import { providePageActor } from '#actors/page-actors';
import { provideSignatureMachine } from '#actors/signature';

// The session's `signature` page actors run this machine; it loads with this screen (docs/decisions/066-boot-closure.md).
providePageActor('signature', provideSignatureMachine);

const FIELDS = ['consent', 'signer_name', 'drawing'] as const;

/** The machine's error as the panel shows it: per field, and for the panel as a whole. */
function errorsOf(error: SignatureError | null): FormErrors {
  if (error === null) return { form: [], fields: {} };
  switch (error.code) {
    case 'consent_required':
      return { form: [], fields: { consent: [{ id: 'api.signature.consentRequired' }] } };
    case 'name_required':
      return { form: [], fields: { signer_name: [{ id: 'api.signature.nameRequired' }] } };
    case 'network':
      return { form: [{ id: 'application.signature.network' }], fields: {} };
    case 'rejected':
      return toFormErrors(error.body, FIELDS, { id: 'application.signature.network' });
  }
}

/** The pad on its canvas, sized to the canvas's CSS box at the screen's pixel density (at most 2, to keep the PNG small). */
function useSignaturePad(onDrawing: (drawing: string | null) => void, disabled: boolean) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const report = useRef(onDrawing);
  useEffect(() => {
    report.current = onDrawing;
  });
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const created = new SignaturePad(element, { penColor: 'rgb(17, 24, 39)' });
    const ended = () => report.current(created.isEmpty() ? null : created.toDataURL('image/png'));
    created.addEventListener('endStroke', ended);
    pad.current = created;
    return () => {
      created.removeEventListener('endStroke', ended);
      created.off();
      pad.current = null;
    };
  }, []);
  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);
  return {
    canvas,
    clear: () => {
      pad.current?.clear();
      report.current(null);
    },
  };
}

export function SignaturePanel({ applicationId, form, onSigned }: { applicationId: number; form: SignatureForm; onSigned: (signed: SignedForm) => void }) {
  const intl = useIntl();
  const actor = usePageActor('signature', `${applicationId}-${form}`, { applicationId, form });
  usePageEvent(actor, 'signature.signed', ({ signed }) => onSigned(signed));
  const consent = useSelector(actor, selectConsent);
  const name = useSelector(actor, selectSignerName);
  const hasDrawing = useSelector(actor, selectHasDrawing);
  const signing = useSelector(actor, selectSigning);
  const canSend = useSelector(actor, selectCanSend);
  const signed = useSelector(actor, selectSigned);
  const errors = errorsOf(useSelector(actor, selectSignatureError));
  const { canvas, clear } = useSignaturePad((drawing) => actor.send({ type: 'signature.draw', drawing }), signing);
  // Set when the person sends, spent when the "signed" line is drawn: focus follows the panel's outcome.
  const focusSignedWhenDrawn = useRef(false);
  const id = `sign-${form.replace('_', '-')}`;
  const send = () => {
    focusSignedWhenDrawn.current = true;
    actor.send({ type: 'signature.send' });
  };
  const fieldErrors = (field: (typeof FIELDS)[number]): readonly ErrorText[] | undefined => errors.fields[field];

  return (
    <fieldset id={id} className="space-y-4 rounded-md border border-gray-300 p-4" aria-describedby={`${id}-intro`}>
      <legend className="px-1 text-lg font-bold text-gray-900">
        <FormattedMessage id="application.signature.title" />
      </legend>
      <p id={`${id}-intro`} className="text-gray-800">
        <FormattedMessage id="application.signature.intro" />
      </p>
      {signed ? (
        <div className="space-y-3">
          <p
            id={`${id}-signed`}
            tabIndex={-1}
            className="font-semibold text-green-900"
            ref={(node) => {
              if (!node || !focusSignedWhenDrawn.current) return;
              focusSignedWhenDrawn.current = false;
              node.focus();
            }}
          >
            <span aria-hidden="true">✓ </span>
            <FormattedMessage
              id="application.signature.signed"
              values={{ name: signed.signature.signer_name, date: <InstantText instant={signed.signature.signed_at} /> }}
            />
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'signature.again' })}>
            <FormattedMessage id="application.signature.again" />
          </Button>
        </div>
      ) : null}
      {/* The pad stays mounted (hidden once signed): signature_pad keeps its canvas for the whole panel. */}
      <div className={signed ? 'hidden' : 'space-y-4'}>
        <CheckboxField
          id={`${id}-consent`}
          name="consent"
          checked={consent}
          onCheckedChange={(given) => actor.send({ type: 'signature.consent', given })}
          label={<FormattedMessage id="application.signature.consent" />}
          hint={<FormattedMessage id="application.signature.consentHint" />}
          errors={fieldErrors('consent')}
        />
        <TextField
          id={`${id}-name`}
          label={<FormattedMessage id="application.signature.name" />}
          hint={<FormattedMessage id="application.signature.nameHint" />}
          errors={fieldErrors('signer_name')}
          autoComplete="name"
          maxLength={200}
          value={name}
          disabled={signing}
          onChange={(event) => actor.send({ type: 'signature.name', name: event.currentTarget.value })}
          onKeyDown={(event) => {
            // Enter signs here; it must not send the step's form around the panel.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            send();
          }}
        />
        <div className={fieldErrors('drawing') ? 'border-l-4 border-red-800 pl-3' : ''}>
          <p id={`${id}-pad-label`} className="font-semibold text-gray-900">
            <FormattedMessage id="application.signature.pad" />
          </p>
          <p id={`${id}-pad-hint`} className="mt-1 text-sm text-gray-700">
            <FormattedMessage id="application.signature.padHint" />
          </p>
          {fieldErrors('drawing') ? (
            <p id={`${id}-pad-error`} className="mt-1 font-semibold text-red-800">
              <ErrorLines errors={fieldErrors('drawing') ?? []} />
            </p>
          ) : null}
          <canvas
            ref={canvas}
            role="img"
            aria-label={intl.formatMessage({ id: 'application.signature.padArea' })}
            aria-describedby={`${id}-pad-hint`}
            className="mt-2 h-40 w-full max-w-lg touch-none rounded-md border-2 border-dashed border-gray-700 bg-white"
          />
          {hasDrawing ? (
            <Button variant="secondary" className="mt-2" disabled={signing} onClick={() => clear()}>
              <FormattedMessage id="application.signature.clear" />
            </Button>
          ) : null}
        </div>
        <Button onClick={send} disabled={!canSend}>
          {signing ? <FormattedMessage id="application.signature.sending" /> : <FormattedMessage id="application.signature.send" />}
        </Button>
      </div>
      <div role="status">
        {errors.form.length > 0 ? (
          <p className="font-semibold text-red-800">
            <ErrorLines errors={errors.form} />
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
