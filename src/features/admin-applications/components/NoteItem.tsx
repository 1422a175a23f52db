// One internal note (docs/decisions/033-scoring-and-notes.md): author, time and "edited" time, the text; its author
// edits it in place (a two-state form, a react-query mutation) or asks to delete it (the notes panel's dialog).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { performStaffCommand } from '#actors/staff-commands';
import { Button } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';
import { TextAreaField } from '#components/ui/TextAreaField';
import { toFormErrors, type ErrorText } from '#lib/form-errors';
import { notesQueryOptions, type ApplicationNote } from '#features/admin-applications/api/scoring';
import { staffErrorBody } from '#shared/staff-commands';

export const editButtonId = (note: ApplicationNote) => `note-${note.id}-edit`;
export const deleteButtonId = (note: ApplicationNote) => `note-${note.id}-delete`;

interface NoteItemProps {
  applicationId: number;
  note: ApplicationNote;
  /** Whether the signed-in staff member wrote it: only then can they change it (the server checks again). */
  mine: boolean;
  busy: boolean;
  onDelete: (note: ApplicationNote) => void;
}

export function NoteItem({ applicationId, note, mine, busy, onDelete }: NoteItemProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.text);
  const [errors, setErrors] = useState<ErrorText[]>([]);
  const fieldId = `note-${note.id}-text`;
  // Where focus goes once React has drawn the form or the note again: an effect after that commit, so the element
  // exists however busy the machine is (a timer or an animation frame could run before it).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [editing]);
  const stopEditing = () => {
    setEditing(false);
    setErrors([]);
    // The form is gone: focus goes back to the Edit button that opened it.
    focusNext.current = editButtonId(note);
  };
  const saving = useMutation({
    mutationFn: (body: string) => performStaffCommand({ operationId: 'updateAdminApplicationNote', path: { id: applicationId, noteId: note.id }, body: { text: body } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notesQueryOptions(applicationId).queryKey });
      stopEditing();
    },
    onError: (error) => {
      const found = toFormErrors(staffErrorBody(error), ['text'], { id: 'admin.notes.saveFailed' });
      setErrors([...(found.fields.text ?? []), ...found.form]);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') {
      setErrors([{ id: 'api.field.required' }]);
      document.getElementById(fieldId)?.focus();
      return;
    }
    saving.mutate(text);
  };
  const startEditing = () => {
    setText(note.text);
    setEditing(true);
    focusNext.current = fieldId;
  };
  const author = note.author ? `${note.author.first_name} ${note.author.last_name}`.trim() || note.author.email : null;

  return (
    <li className="space-y-2 rounded-md border border-gray-300 p-3">
      <p className="text-sm text-gray-800">
        {author ?? <FormattedMessage id="admin.notes.formerStaff" />}
        {' · '}
        <InstantText instant={note.created_at} />
        {note.edited_at ? (
          <>
            {' · '}
            <FormattedMessage id="admin.notes.edited" values={{ time: <InstantText instant={note.edited_at} /> }} />
          </>
        ) : null}
      </p>
      {editing ? (
        <form onSubmit={submit} noValidate className="space-y-3">
          <TextAreaField
            id={fieldId}
            label={<FormattedMessage id="admin.notes.editField" />}
            rows={3}
            maxLength={5000}
            value={text}
            onChange={(event) => setText(event.target.value)}
            errors={errors}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving.isPending}>
              <FormattedMessage id="admin.notes.save" />
            </Button>
            <Button variant="secondary" onClick={stopEditing}>
              <FormattedMessage id="ui.confirm.cancel" />
            </Button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-line break-words">{note.text}</p>
      )}
      {mine && !editing ? (
        <div className="flex flex-wrap gap-2">
          <Button id={editButtonId(note)} variant="secondary" className="min-h-11" disabled={busy} onClick={startEditing}>
            <FormattedMessage id="admin.notes.edit" />
          </Button>
          <Button id={deleteButtonId(note)} variant="danger" className="min-h-11" disabled={busy} onClick={() => onDelete(note)}>
            <FormattedMessage id="admin.notes.delete" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}
