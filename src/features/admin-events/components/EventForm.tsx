// The event form of staff (create and edit): both languages, Puerto Rico times, place, link, capacity and status. The
// save runs on the admin-action machine: working -> done | refused (the server's field errors, shown at the fields and
// in the error summary) | failed (try again). The server holds the rules; the form only checks the capacity is a number.
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { usePageActor, usePageEvent } from '#lib/use-page-actor';
import { selectActionErrorBody, selectActionStatus, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { RequiredNote, SelectField, TextField } from '#components/ui/Field';
import { TextAreaField } from '#components/ui/TextAreaField';
import { noErrors, toFormErrors, type FormErrors } from '#lib/form-errors';
import type { AdminEvent, AdminEventInput } from '#features/admin-events/api/events';
import { messages } from '#features/admin-events/messages';
import { fieldToInstant, instantToField } from '#features/admin-events/puerto-rico-time';
import { providePageActor } from '#actors/page-actors';
import { provideEventActionMachine } from '#actors/admin-action';

// The session's `eventAction` page actors run this machine; it loads with this form (src/actors/page-actors.ts).
providePageActor('eventAction', provideEventActionMachine);

const FIELDS = ['kind', 'title_es', 'title_en', 'description_es', 'description_en', 'starts_at', 'ends_at', 'place', 'link', 'capacity', 'status'] as const;
type FieldName = (typeof FIELDS)[number];

const LABELS: Record<FieldName, SummaryField['label']> = {
  kind: messages.formKind,
  title_es: messages.formTitleEs,
  title_en: messages.formTitleEn,
  description_es: messages.formDescriptionEs,
  description_en: messages.formDescriptionEn,
  starts_at: messages.formStartsAt,
  ends_at: messages.formEndsAt,
  place: messages.formPlace,
  link: messages.formLink,
  capacity: messages.formCapacity,
  status: messages.formStatus,
};

interface EventFormProps {
  /** The event to edit; none to create one (its page opens once created). */
  event?: AdminEvent;
  /** Distinguishes the ids of two forms on one page. */
  idPrefix: string;
  onCancel?: () => void;
}

export function EventForm({ event, idPrefix, onCancel }: EventFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const action = usePageActor('eventAction', `form-${event?.id ?? 'new'}`, undefined);
  // A new event's page opens once it is created.
  usePageEvent(action, 'action.done', ({ outcome }) => {
    if (outcome.operationId === 'createAdminEvent') void navigate(`/admin/events/submission/${outcome.result.id}`);
  });
  const status = useSelector(action, selectActionStatus);
  const working = useSelector(action, selectIsWorking);
  const body = useSelector(action, selectActionErrorBody);
  // The capacity typed as text, checked here: anything but a whole number would be sent as no limit otherwise.
  const [localErrors, setLocalErrors] = useState<FormErrors>(noErrors);
  const [attempt, setAttempt] = useState(0);
  const id = (name: FieldName) => `${idPrefix}-${name.replace('_', '-')}`;

  const serverErrors = status === 'refused' || status === 'failed' ? toFormErrors(body, FIELDS, intl.formatMessage(body === null ? messages.actionFailed : messages.tryAgainLater)) : noErrors;
  const errors: FormErrors = localErrors.form.length > 0 || Object.keys(localErrors.fields).length > 0 ? localErrors : serverErrors;
  const fieldErrors = (name: FieldName) => errors.fields[name];

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const form = new FormData(formEvent.currentTarget);
    const text = (name: FieldName) => String(form.get(name) ?? '');
    const capacityText = text('capacity').trim();
    setAttempt((n) => n + 1);
    if (capacityText !== '' && !/^\d+$/.test(capacityText)) {
      setLocalErrors({ form: [], fields: { capacity: [{ id: messages.capacityNumber.id }] } });
      return;
    }
    setLocalErrors(noErrors);
    const payload: AdminEventInput = {
      kind: text('kind') === 'interest' ? 'interest' : 'event',
      title_es: text('title_es'),
      title_en: text('title_en'),
      description_es: text('description_es'),
      description_en: text('description_en'),
      starts_at: fieldToInstant(text('starts_at')),
      ends_at: fieldToInstant(text('ends_at')),
      place: text('place'),
      link: text('link').trim() === '' ? null : text('link').trim(),
      capacity: capacityText === '' ? null : Number(capacityText),
      status: text('status') === 'closed' ? 'closed' : 'open',
    };
    action.send({
      type: 'action.request',
      request: { command: event ? { operationId: 'updateAdminEvent', path: { id: event.id }, body: payload } : { operationId: 'createAdminEvent', body: payload } },
      confirm: false,
    });
  };

  const summaryFields = Object.fromEntries(FIELDS.map((name) => [name, { id: id(name), label: LABELS[name] }]));
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <ErrorSummary key={attempt} id={`${idPrefix}-errors`} errors={errors} fields={summaryFields} />
      <RequiredNote />
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          id={id('kind')}
          name="kind"
          required
          defaultValue={event?.kind ?? 'event'}
          label={<FormattedMessage {...messages.formKind} />}
          errors={fieldErrors('kind')}
          options={[
            { value: 'event', label: intl.formatMessage(messages.kindEvent) },
            { value: 'interest', label: intl.formatMessage(messages.kindInterest) },
          ]}
        />
        <SelectField
          id={id('status')}
          name="status"
          required
          defaultValue={event?.status ?? 'open'}
          label={<FormattedMessage {...messages.formStatus} />}
          errors={fieldErrors('status')}
          options={[
            { value: 'open', label: intl.formatMessage(messages.statusOpen) },
            { value: 'closed', label: intl.formatMessage(messages.statusClosed) },
          ]}
        />
        <TextField id={id('title_es')} name="title_es" required maxLength={200} defaultValue={event?.title.es ?? ''} label={<FormattedMessage {...messages.formTitleEs} />} errors={fieldErrors('title_es')} lang="es" />
        <TextField id={id('title_en')} name="title_en" required maxLength={200} defaultValue={event?.title.en ?? ''} label={<FormattedMessage {...messages.formTitleEn} />} errors={fieldErrors('title_en')} lang="en" />
        <TextAreaField id={id('description_es')} name="description_es" maxLength={5000} defaultValue={event?.description.es ?? ''} label={<FormattedMessage {...messages.formDescriptionEs} />} errors={fieldErrors('description_es')} lang="es" />
        <TextAreaField id={id('description_en')} name="description_en" maxLength={5000} defaultValue={event?.description.en ?? ''} label={<FormattedMessage {...messages.formDescriptionEn} />} errors={fieldErrors('description_en')} lang="en" />
        <TextField id={id('starts_at')} name="starts_at" type="datetime-local" defaultValue={instantToField(event?.starts_at ?? null)} label={<FormattedMessage {...messages.formStartsAt} />} errors={fieldErrors('starts_at')} />
        <TextField id={id('ends_at')} name="ends_at" type="datetime-local" defaultValue={instantToField(event?.ends_at ?? null)} label={<FormattedMessage {...messages.formEndsAt} />} errors={fieldErrors('ends_at')} />
        <TextField id={id('place')} name="place" maxLength={300} defaultValue={event?.place ?? ''} label={<FormattedMessage {...messages.formPlace} />} errors={fieldErrors('place')} />
        <TextField
          id={id('link')}
          name="link"
          type="url"
          maxLength={500}
          defaultValue={event?.link ?? ''}
          label={<FormattedMessage {...messages.formLink} />}
          hint={<FormattedMessage id="admin.events.form.linkHint" />}
          errors={fieldErrors('link')}
        />
        <TextField
          id={id('capacity')}
          name="capacity"
          inputMode="numeric"
          defaultValue={event?.capacity === null || event === undefined ? '' : String(event.capacity)}
          label={<FormattedMessage {...messages.formCapacity} />}
          hint={<FormattedMessage id="admin.events.form.capacityHint" />}
          errors={fieldErrors('capacity')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={working}>
          {event ? <FormattedMessage id="admin.events.form.save" /> : <FormattedMessage id="admin.events.form.create" />}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            <FormattedMessage id="admin.events.cancel" />
          </Button>
        ) : null}
        <span role="status">{working ? <FormattedMessage id="admin.events.form.saving" /> : null}</span>
      </div>
    </form>
  );
}
