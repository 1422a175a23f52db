// Staff's internal notes on an application (docs/decisions/033-scoring-and-notes.md): newest first with author and
// time, a form to add one, and on my own notes Edit and Delete (a dialog asks first, through the admin-action
// machine). The applicant never reads them (no applicant operation answers them).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { performStaffCommand } from '#actors/staff-commands';
import { usePageActor, usePageEvent } from '#lib/use-page-actor';
import { Button } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { TextAreaField } from '#components/ui/TextAreaField';
import { toFormErrors, type ErrorText } from '#lib/form-errors';
import { useSession } from '#lib/use-session';
import { selectActionRequest, selectConfirmOpen, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { notesQueryOptions, type ApplicationNote } from '#features/admin-applications/api/scoring';
import { staffErrorBody } from '#shared/staff-commands';
import { deleteButtonId, NoteItem } from './NoteItem';
import { AdminActionOutcome } from './ReviewOutcome';
import { providePageActor } from '#actors/page-actors';
import { provideNoteActionMachine } from '#actors/admin-action';

// The session's `noteAction` page actors run this machine; it loads with this panel (src/actors/page-actors.ts).
providePageActor('noteAction', provideNoteActionMachine);

export function NotesPanel({ id }: { id: number }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const notes = useQuery(notesQueryOptions(id));
  const me = useSession(selectUser);
  // Deleting: the dialog is the machine's `confirming`; once done the note is gone, so focus goes to the heading.
  const action = usePageActor('noteAction', id, undefined);
  usePageEvent(action, 'action.done', () => document.getElementById('notes')?.focus());
  const working = useSelector(action, selectIsWorking);
  const confirmOpen = useSelector(action, selectConfirmOpen);
  const request = useSelector(action, selectActionRequest);
  const [returnTo, setReturnTo] = useState('notes');
  const askDelete = (note: ApplicationNote) => {
    setReturnTo(deleteButtonId(note));
    action.send({ type: 'action.request', request: { command: { operationId: 'deleteAdminApplicationNote', path: { id, noteId: note.id } } }, confirm: true });
  };
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<ErrorText[]>([]);
  const adding = useMutation({
    mutationFn: (body: string) => performStaffCommand({ operationId: 'addAdminApplicationNote', path: { id }, body: { text: body } }),
    onSuccess: async () => {
      setText('');
      setErrors([]);
      await queryClient.invalidateQueries({ queryKey: notesQueryOptions(id).queryKey });
    },
    onError: (error) => {
      const found = toFormErrors(staffErrorBody(error), ['text'], { id: 'admin.notes.failed' });
      setErrors([...(found.fields.text ?? []), ...found.form]);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') {
      setErrors([{ id: 'api.field.required' }]);
      return;
    }
    adding.mutate(text);
  };
  return (
    <section aria-labelledby="notes" className="space-y-4" data-print-hide>
      <h2 id="notes" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        <FormattedMessage id="admin.notes.title" />
      </h2>
      <p className="max-w-prose text-gray-900">
        <FormattedMessage id="admin.notes.intro" />
      </p>
      <form onSubmit={submit} noValidate className="max-w-2xl space-y-3">
        <TextAreaField id="note-text" label={<FormattedMessage id="admin.notes.field" />} rows={3} maxLength={5000} value={text} onChange={(e) => setText(e.target.value)} errors={errors} />
        <Button type="submit" disabled={adding.isPending}>
          <FormattedMessage id="admin.notes.add" />
        </Button>
      </form>
      {notes.data && notes.data.results.length > 0 ? (
        <ul className="space-y-3" aria-labelledby="notes">
          {notes.data.results.map((note) => (
            <NoteItem key={note.id} applicationId={id} note={note} mine={me !== null && note.author?.id === me.id} busy={working} onDelete={askDelete} />
          ))}
        </ul>
      ) : notes.data ? (
        <p>
          <FormattedMessage id="admin.notes.none" />
        </p>
      ) : null}
      <AdminActionOutcome action={action} />
      <ConfirmDialog
        open={confirmOpen && request?.command.operationId === 'deleteAdminApplicationNote'}
        title={intl.formatMessage({ id: 'admin.notes.deleteTitle' })}
        body={intl.formatMessage({ id: 'admin.notes.deleteBody' })}
        confirmLabel={<FormattedMessage id="admin.notes.delete" />}
        onConfirm={() => {
          // The note and its Delete button are about to go: the dialog hands focus to the heading, not to a button that
          // disappears under it when the list is fetched again.
          setReturnTo('notes');
          action.send({ type: 'action.confirm' });
        }}
        onCancel={() => action.send({ type: 'action.cancel' })}
        returnFocusTo={returnTo}
      />
    </section>
  );
}
