// The registration form of an event or interest form (/submission/:id and the landing page's interest block): it
// renders the registration machine (machines/registration) and sends it the person's input. The captcha widget and
// its code load on the first focus inside the form, never with the page, and nothing reads the browser while
// rendering, so the form prerenders on the server.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { EventInfo } from '#api/events';
import { HOW_HEARD } from '#api/events';
import { usePageActor } from '#lib/use-page-actor';
import {
  selectAttempt,
  selectIsSubmitting,
  selectOutcome,
  selectRefusal,
  selectWidgetKey,
} from '#machines/registration/registration.selectors';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { CheckboxField } from '#components/ui/Checkbox';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote, SelectField, TextField } from '#components/ui/Field';
import { TermsLink } from '#components/terms/TermsLink';
import { errorText, hasErrors, noErrors, toFormErrors } from '#lib/form-errors';
import { checkForm, text } from '#lib/validation';
import { providePageActor } from '#actors/page-actors';
import { provideRegistrationMachine } from '#actors/events';

// The session's `registration` page actors run this machine; it loads with this screen (docs/decisions/066-boot-closure.md).
providePageActor('registration', provideRegistrationMachine);

// The widget (and the altcha package) is its own chunk, fetched once the person starts on the form.
const AltchaField = lazy(async () => ({ default: (await import('#components/ui/AltchaField')).AltchaField }));

const labels = defineMessages({
  name: { id: 'events.form.name' },
  email: { id: 'events.form.email' },
  phone: { id: 'events.form.phone' },
  howHeard: { id: 'events.form.howHeard' },
  conditions: { id: 'events.form.conditionsName' },
  captcha: { id: 'events.form.captcha' },
});

const howHeardNames = defineMessages({
  search_engine: { id: 'events.howHeard.search_engine' },
  recommendation: { id: 'events.howHeard.recommendation' },
  social: { id: 'events.howHeard.social' },
  meet_and_greet: { id: 'events.howHeard.meet_and_greet' },
  other: { id: 'events.howHeard.other' },
});

export function RegistrationForm({ event, idPrefix }: { event: EventInfo; idPrefix: string }) {
  const intl = useIntl();
  // The session's registration for this event: it outlives the form, so one being sent is still there on coming back.
  const actor = usePageActor('registration', event.id, { eventId: event.id });
  const outcome = useSelector(actor, selectOutcome);
  const submitting = useSelector(actor, selectIsSubmitting);
  const refusal = useSelector(actor, selectRefusal);
  const attempt = useSelector(actor, selectAttempt);
  const widgetKey = useSelector(actor, selectWidgetKey);
  const [conditions, setConditions] = useState(false);
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // On the prerendered landing page a person may be in the form before the app arrives (hydration keeps the focus,
  // and no focus event follows): the captcha is wanted then too.
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) setCaptchaWanted(true);
  }, []);
  // Stable, so the widget's listeners are attached once (AltchaField re-attaches when it changes).
  const onPayload = useCallback(
    (payload: string | null) => actor.send(payload ? { type: 'registration.captchaVerified', payload } : { type: 'registration.captchaCleared' }),
    [actor],
  );

  const fields = {
    name: { id: `${idPrefix}-name`, label: labels.name },
    email: { id: `${idPrefix}-email`, label: labels.email },
    phone: { id: `${idPrefix}-phone`, label: labels.phone },
    how_heard: { id: `${idPrefix}-how-heard`, label: labels.howHeard },
    conditions: { id: `${idPrefix}-conditions`, label: labels.conditions },
    captcha: { id: `${idPrefix}-captcha`, label: labels.captcha },
  } as const satisfies Record<string, SummaryField>;
  const fallback = intl.formatMessage({ id: 'auth.error.tryAgainLater' });
  const errors = refusal === null || outcome === 'failed' ? noErrors : toFormErrors(refusal, Object.keys(fields), fallback);

  // The contract's validators load on the first check, so the landing page's interest block stays light.
  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    const data = new FormData(formEvent.currentTarget);
    const howHeard = HOW_HEARD.find((value) => value === text(data, 'how_heard'));
    const body = { name: text(data, 'name'), email: text(data, 'email'), phone: text(data, 'phone'), how_heard: howHeard ?? 'other', conditions: true as const };
    const { registerForEventBody } = await import('#shared/validation/validators/registerForEventBody.js');
    const captcha = actor.getSnapshot().context.captcha;
    const found = checkForm(registerForEventBody, {
      ...body,
      how_heard: howHeard ?? '',
      conditions,
      captcha: captcha ?? '',
    });
    actor.send({ type: 'registration.submit', body, refusal: hasErrors(found) ? { code: 'invalid', messages: found.fields } : null });
  }

  if (outcome === 'registered') {
    return (
      <Alert kind="success" role="status" heading={<FormattedMessage id="events.form.registeredTitle" />} level={3}>
        <p>
          <FormattedMessage id="events.form.registered" />
        </p>
      </Alert>
    );
  }
  if (outcome === 'unavailable') {
    return (
      <Alert kind="warning" role="alert">
        <p>
          <FormattedMessage id="events.unavailable" />
        </p>
      </Alert>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      // Without the app, a submit the browser's way posts to the page: never the person's details in a URL.
      method="post"
      onSubmit={(formEvent) => void submit(formEvent)}
      onFocus={() => setCaptchaWanted(true)}
      className="space-y-5"
      aria-busy={submitting}
      aria-labelledby={`${idPrefix}-form-title`}
    >
      <h3 id={`${idPrefix}-form-title`} className="sr-only">
        <FormattedMessage id="events.form.title" />
      </h3>
      {outcome === 'duplicate' ? (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="events.form.duplicate" />
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => actor.send({ type: 'registration.edit' })}>
            <FormattedMessage id="events.form.useAnother" />
          </Button>
        </Alert>
      ) : null}
      {outcome === 'failed' ? (
        <Alert kind="error" role="alert">
          <p>{errorText(intl, toFormErrors(refusal, [], fallback).form[0] ?? fallback)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => actor.send({ type: 'registration.retry' })}>
            <FormattedMessage id="events.form.retry" />
          </Button>
        </Alert>
      ) : null}
      <ErrorSummary key={attempt} id={`${idPrefix}-errors`} errors={errors} fields={fields} />
      <RequiredNote />
      <TextField id={fields.name.id} name="name" autoComplete="name" required maxLength={200} label={<FormattedMessage {...labels.name} />} errors={errors.fields.name} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={fields.email.id}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
          label={<FormattedMessage {...labels.email} />}
          errors={errors.fields.email}
        />
        <TextField id={fields.phone.id} name="phone" type="tel" autoComplete="tel" required maxLength={32} label={<FormattedMessage {...labels.phone} />} errors={errors.fields.phone} />
      </div>
      <SelectField
        id={fields.how_heard.id}
        name="how_heard"
        required
        defaultValue=""
        label={<FormattedMessage {...labels.howHeard} />}
        errors={errors.fields.how_heard}
        options={[
          { value: '', label: intl.formatMessage({ id: 'events.howHeard.choose' }) },
          ...HOW_HEARD.map((value) => ({ value, label: intl.formatMessage(howHeardNames[value]) })),
        ]}
      />
      <CheckboxField
        id={fields.conditions.id}
        name="conditions"
        checked={conditions}
        onCheckedChange={setConditions}
        required
        label={<FormattedMessage id="events.form.conditions" />}
        hint={<TermsLink />}
        errors={errors.fields.conditions}
      />
      {captchaWanted ? (
        <Suspense fallback={<CaptchaPlaceholder id={fields.captcha.id} loading />}>
          <AltchaField
            key={widgetKey}
            id={fields.captcha.id}
            label={<FormattedMessage {...labels.captcha} />}
            errors={errors.fields.captcha}
            onPayload={onPayload}
          />
        </Suspense>
      ) : (
        <CaptchaPlaceholder id={fields.captcha.id} loading={false} />
      )}
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? <FormattedMessage id="events.form.submitting" /> : <FormattedMessage id="events.form.submit" />}
      </Button>
    </form>
  );
}

/** Where the captcha appears: its legend, and why it is not there yet. */
function CaptchaPlaceholder({ id, loading }: { id: string; loading: boolean }) {
  return (
    <fieldset id={id} tabIndex={-1}>
      <legend className="font-semibold text-gray-900">
        <FormattedMessage {...labels.captcha} />
      </legend>
      <p className="mt-1 text-sm text-gray-700">
        {loading ? <FormattedMessage id="app.loading" /> : <FormattedMessage id="events.form.captchaLater" />}
      </p>
    </fieldset>
  );
}
