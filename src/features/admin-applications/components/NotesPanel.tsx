// Staff's internal notes on an application (docs/decisions/033-scoring-and-notes.md): newest first with author and
// time, and a form to add one. The applicant never reads them (no applicant operation answers them).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { errorBody } from '#api/errors';
import { Button } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';
import { TextAreaField } from '#components/ui/TextAreaField';
import { toFormErrors, type ErrorText } from '#lib/form-errors';
import { addNote, notesQueryOptions } from '#features/admin-applications/api/scoring';

export function NotesPanel({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const notes = useQuery(notesQueryOptions(id));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<ErrorText[]>([]);
  const adding = useMutation({
    mutationFn: (body: string) => addNote(id, body),
    onSuccess: async () => {
      setText('');
      setErrors([]);
      await queryClient.invalidateQueries({ queryKey: notesQueryOptions(id).queryKey });
    },
    onError: (error) => {
      const found = toFormErrors(errorBody(error), ['text'], { id: 'admin.notes.failed' });
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
      <h2 id="notes" className="text-2xl font-bold">
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
            <li key={note.id} className="rounded-md border border-gray-300 p-3">
              <p className="text-sm text-gray-800">
                {note.author ? `${note.author.first_name} ${note.author.last_name}`.trim() || note.author.email : <FormattedMessage id="admin.notes.formerStaff" />}
                {' · '}
                <InstantText instant={note.created_at} />
              </p>
              <p className="whitespace-pre-line break-words">{note.text}</p>
            </li>
          ))}
        </ul>
      ) : notes.data ? (
        <p>
          <FormattedMessage id="admin.notes.none" />
        </p>
      ) : null}
    </section>
  );
}
