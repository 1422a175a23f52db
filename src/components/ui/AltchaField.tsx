// The ALTCHA proof-of-work captcha (self-hosted, no third party). `import('altcha')` registers <altcha-widget>;
// widget 3.x takes the challenge URL in `challenge` (2.x's `challengeurl`/`challengejson` were merged into it).
// The payload of a verified challenge goes to the register body as `captcha`.
import type {} from 'altcha/types/react';
import { useCallback, useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { apiBaseUrl } from '#api/client';
import { useLocale } from '#lib/locale';
import type { ErrorText } from '#lib/form-errors';
import { ErrorLines } from './Field';

interface AltchaFieldProps {
  id: string;
  label: ReactNode;
  errors?: readonly ErrorText[] | undefined;
  /** Called with the base64 payload once verified, and with null when it expires or fails. */
  onPayload: (payload: string | null) => void;
}

/** The payload of a widget event, or null: the detail is untyped DOM data, so check it. */
function payloadOf(event: Event): string | null {
  if (!(event instanceof CustomEvent)) return null;
  const detail: unknown = event.detail;
  if (typeof detail !== 'object' || detail === null) return null;
  const state = 'state' in detail ? detail.state : 'verified';
  const payload = 'payload' in detail ? detail.payload : undefined;
  return state === 'verified' && typeof payload === 'string' && payload !== '' ? payload : null;
}

/**
 * The widget's code, loaded once the field is on screen. Defined earlier, <altcha-widget> would draw its content
 * inside the prerendered /account/create before React hydrates it; React would find children it did not render and
 * render the whole page afresh, dropping what the person had typed (docs/decisions/034-hydrate-on-intent.md).
 */
let widgetCode: Promise<unknown> | undefined;
function loadWidget(): Promise<unknown> {
  // Spanish strings for the widget (Latin American Spanish fits Puerto Rico); English is built in.
  widgetCode ??= import('altcha').then(() => import('altcha/i18n/es-419'));
  return widgetCode;
}

export function AltchaField({ id, label, errors, onPayload }: AltchaFieldProps) {
  const locale = useLocale();
  const invalid = errors !== undefined && errors.length > 0;
  useEffect(() => {
    void loadWidget();
  }, []);

  // A ref callback with cleanup (React 19): the widget is a custom element, so listen to its DOM events.
  const attach = useCallback(
    (widget: HTMLElement | null) => {
      if (!widget) return;
      const onStateChange = (event: Event) => onPayload(payloadOf(event));
      widget.addEventListener('statechange', onStateChange);
      widget.addEventListener('verified', onStateChange);
      return () => {
        widget.removeEventListener('statechange', onStateChange);
        widget.removeEventListener('verified', onStateChange);
      };
    },
    [onPayload],
  );

  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={invalid ? `${id}-error` : undefined}
      className={invalid ? 'border-l-4 border-red-800 pl-3' : ''}
    >
      <legend className="font-semibold text-gray-900">
        {label}
        <span aria-hidden="true" className="ml-1 font-bold text-red-800">
          *
        </span>
      </legend>
      <p className="mt-1 text-sm text-gray-700">
        <FormattedMessage id="auth.register.captchaHint" />
      </p>
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
          <ErrorLines errors={errors} />
        </p>
      ) : null}
      <div className="mt-2">
        <altcha-widget ref={attach} challenge={`${apiBaseUrl}/captcha`} language={locale} name="captcha" />
      </div>
    </fieldset>
  );
}
