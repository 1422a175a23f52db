// Reminder e-mails on or off (GET and PUT /me/reminders; docs/decisions/050-reminders.md): the person sees which
// reminders there are, changes the box and saves; the e-mails' "turn them off in your profile" link lands here.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import { CheckboxField } from '#components/ui/Checkbox';
import { showToast } from '#lib/toast';
import { remindersQueryOptions, useSetReminders } from '#features/profile/api/me';

export function RemindersForm() {
  const setting = useQuery(remindersQueryOptions());
  return setting.isSuccess ? <RemindersFields stored={setting.data.enabled} /> : null;
}

function RemindersFields({ stored }: { stored: boolean }) {
  const intl = useIntl();
  const [enabled, setEnabled] = useState(stored);
  const save = useSetReminders();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { enabled },
      {
        onSuccess: (saved) =>
          showToast({
            kind: 'success',
            message: saved.enabled ? intl.formatMessage({ id: 'profile.reminders.savedOn' }) : intl.formatMessage({ id: 'profile.reminders.savedOff' }),
          }),
        onError: () => showToast({ kind: 'error', message: intl.formatMessage({ id: 'profile.reminders.failed' }) }),
      },
    );
  }

  return (
    <form
      id="reminders"
      noValidate
      onSubmit={submit}
      className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6"
      aria-busy={save.isPending}
      aria-labelledby="reminders-form-title"
    >
      <h2 id="reminders-form-title" className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="profile.reminders.title" />
      </h2>
      <CheckboxField
        id="reminders-enabled"
        name="enabled"
        label={<FormattedMessage id="profile.reminders.label" />}
        hint={<FormattedMessage id="profile.reminders.hint" />}
        checked={enabled}
        onCheckedChange={setEnabled}
      />
      <Button type="submit" disabled={save.isPending}>
        <FormattedMessage id="profile.reminders.save" />
      </Button>
    </form>
  );
}
