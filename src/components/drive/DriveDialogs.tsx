// The drive machine's dialogs (Radix): naming a folder (new or renamed), moving to another folder of the same space
// (browsed inside the dialog), and confirming a delete; shared by the applicant's drive and staff's. Each shows what the machine says: busy, the browser's or the
// server's refusal, or a failure with "Try again". Escape and Cancel send drive.cancel; focus then goes back to the
// control that opened the dialog, or to the folder's heading when that control is gone (a deleted row's).
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DriveActorRef } from '#machines/drive/drive.machine';
import {
  selectBusy,
  selectCanRetry,
  selectDestination,
  selectDialog,
  selectDriveError,
  selectJustDeleted,
  selectLocation,
  selectTarget,
  type DriveDialog,
} from '#machines/drive/drive.selectors';
import type { DriveError } from '#machines/drive/drive.types';
import { Button } from '#components/ui/Button';
import { ErrorLines } from '#components/ui/Field';
import { errorText, toFormErrors, type ErrorText } from '#lib/form-errors';
import { useDriveSource } from './drive-source';
import { spaceNames } from './space-names';
import { driveExtensionOf } from '#shared/drive-constants';

interface DialogProps {
  actor: DriveActorRef;
}

/** The words of a dialog's error, for `field` (name, parent_id) and the rest. */
function useErrorTexts(error: DriveError | null, field: string): string[] {
  const intl = useIntl();
  if (error === null) return [];
  if (error.code === 'invalid') return error.problems.map((message) => errorText(intl, message));
  const fallback: ErrorText =
    error.code === 'failed' ? intl.formatMessage({ id: 'drive.failed' }) : intl.formatMessage({ id: 'auth.error.tryAgainLater' });
  const errors = toFormErrors(error.body, [field], fallback);
  const texts = [...(errors.fields[field] ?? []), ...errors.form].map((message) => errorText(intl, message));
  return texts.length > 0 ? texts : [errorText(intl, fallback)];
}

function DriveDialogFrame({ actor, which, title, children }: DialogProps & { which: DriveDialog; title: ReactNode; children: ReactNode }) {
  const open = useSelector(actor, selectDialog) === which;
  // The control that opened the dialog (the dialog has no Radix trigger): focus goes back there on close.
  const openerRef = useRef<Element | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : actor.send({ type: 'drive.cancel' }))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            openerRef.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // A deleted row's button is going: the folder's heading takes focus instead.
            const gone = selectJustDeleted(actor.getSnapshot());
            const back = !gone && openerRef.current instanceof HTMLElement && openerRef.current.isConnected ? openerRef.current : null;
            (back ?? document.getElementById('drive-folder-heading'))?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md border-t-8 border-blue-800 bg-white p-6 text-gray-900 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold break-all">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogErrors({ id, texts }: { id: string; texts: string[] }) {
  if (texts.length === 0) return null;
  return (
    <div id={id} role="alert" className="mt-3 border-l-4 border-red-800 pl-3">
      <p className="font-semibold text-red-800">
        <ErrorLines errors={texts} />
      </p>
    </div>
  );
}

/** The buttons under a dialog: its action (or Try again after a failure) and Cancel. */
function DialogButtons({ actor, action, danger = false }: { actor: DriveActorRef; action: ReactNode; danger?: boolean }) {
  const busy = useSelector(actor, selectBusy);
  const canRetry = useSelector(actor, selectCanRetry);
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {canRetry ? (
        <Button onClick={() => actor.send({ type: 'drive.retry' })}>
          <FormattedMessage id="drive.retry" />
        </Button>
      ) : (
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
          {busy ? <FormattedMessage id="drive.working" /> : action}
        </Button>
      )}
      <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'drive.cancel' })}>
        <FormattedMessage id="drive.cancel" />
      </Button>
    </div>
  );
}

export function NameDialog(props: DialogProps) {
  const { actor } = props;
  const dialog = useSelector(actor, selectDialog);
  const target = useSelector(actor, selectTarget);
  const errors = useErrorTexts(useSelector(actor, selectDriveError), 'name');
  const renaming = dialog === 'rename';
  // A renamed file keeps its extension (the server adds it back when the new name lacks it): the hint says so.
  const extension = renaming && target?.kind === 'file' ? driveExtensionOf(target.name) : '';
  const fieldId = 'drive-name';
  const form = (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('name');
        actor.send({ type: 'drive.submitName', name: typeof value === 'string' ? value : '' });
      }}
    >
      <label htmlFor={fieldId} className="mt-4 block font-semibold">
        {renaming ? <FormattedMessage id="drive.name.newName" /> : <FormattedMessage id="drive.name.folderName" />}
      </label>
      <p id={`${fieldId}-hint`} className="text-sm text-gray-700">
        <FormattedMessage id="drive.name.hint" />
        {extension === '' ? null : (
          <>
            {' '}
            <FormattedMessage id="drive.name.keepsExtension" values={{ extension }} />
          </>
        )}
      </p>
      <DialogErrors id={`${fieldId}-error`} texts={errors} />
      <input
        id={fieldId}
        name="name"
        autoComplete="off"
        defaultValue={renaming ? target?.name : ''}
        aria-describedby={`${fieldId}-hint${errors.length > 0 ? ` ${fieldId}-error` : ''}`}
        aria-invalid={errors.length > 0 || undefined}
        className={`mt-2 block min-h-11 w-full rounded-md border-2 px-3 text-base ${errors.length > 0 ? 'border-red-800' : 'border-gray-700'}`}
      />
      <DialogButtons actor={actor} action={renaming ? <FormattedMessage id="drive.rename" /> : <FormattedMessage id="drive.create" />} />
    </form>
  );
  return (
    <>
      <DriveDialogFrame {...props} which="newFolder" title={<FormattedMessage id="drive.newFolder" />}>
        {dialog === 'newFolder' ? form : null}
      </DriveDialogFrame>
      <DriveDialogFrame {...props} which="rename" title={<FormattedMessage id="drive.renameTitle" values={{ name: target?.name ?? '' }} />}>
        {renaming ? form : null}
      </DriveDialogFrame>
    </>
  );
}

export function MoveDialog({ programId, ...props }: DialogProps & { programId: number }) {
  const target = useSelector(props.actor, selectTarget);
  return (
    <DriveDialogFrame {...props} which="move" title={<FormattedMessage id="drive.moveTitle" values={{ name: target?.name ?? '' }} />}>
      <MoveChooser actor={props.actor} programId={programId} />
    </DriveDialogFrame>
  );
}

/** The folders of the space on screen, browsed from the root: "Move here" moves the item into the folder shown. */
function MoveChooser({ actor, programId }: { actor: DriveActorRef; programId: number }) {
  const intl = useIntl();
  const target = useSelector(actor, selectTarget);
  const destination = useSelector(actor, selectDestination);
  const location = useSelector(actor, selectLocation);
  const errors = useErrorTexts(useSelector(actor, selectDriveError), 'parent_id');
  const folder = useQuery(useDriveSource().folder(programId, { ...location, parentId: destination }));
  const folders = (folder.data?.results ?? []).filter((node) => node.kind === 'folder' && node.id !== target?.id);
  const browse = (parentId: number | null) => actor.send({ type: 'drive.browseDestination', parentId });
  const here = folder.data?.folder?.name ?? intl.formatMessage(spaceNames[location.space]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'drive.moveHere' });
      }}
    >
      <p className="mt-3" role="status">
        <FormattedMessage id="drive.moveHereIs" values={{ name: <strong className="break-all">{here}</strong> }} />
      </p>
      <DialogErrors id="drive-move-error" texts={errors} />
      <ul className="mt-3 space-y-1">
        {destination !== null ? (
          <li>
            <button type="button" className="min-h-11 text-blue-800 underline underline-offset-2" onClick={() => browse(folder.data?.folder?.parent_id ?? null)}>
              <FormattedMessage id="drive.moveUp" />
            </button>
          </li>
        ) : null}
        {folders.map((node) => (
          <li key={node.id}>
            <button type="button" className="min-h-11 text-left text-blue-800 underline underline-offset-2 break-all" onClick={() => browse(node.id)}>
              <FormattedMessage id="drive.openFolder" values={{ name: node.name }} />
            </button>
          </li>
        ))}
      </ul>
      <DialogButtons actor={actor} action={<FormattedMessage id="drive.moveHere" />} />
    </form>
  );
}

export function DeleteDialog(props: DialogProps) {
  const { actor } = props;
  const target = useSelector(actor, selectTarget);
  const errors = useErrorTexts(useSelector(actor, selectDriveError), 'name');
  return (
    <DriveDialogFrame {...props} which="delete" title={<FormattedMessage id="drive.deleteTitle" values={{ name: target?.name ?? '' }} />}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'drive.confirm' });
        }}
      >
        <p className="mt-3">
          {target?.kind === 'folder' ? <FormattedMessage id="drive.deleteFolderWarning" /> : <FormattedMessage id="drive.deleteFileWarning" />}
        </p>
        <DialogErrors id="drive-delete-error" texts={errors} />
        <DialogButtons actor={actor} action={<FormattedMessage id="drive.delete" />} danger />
      </form>
    </DriveDialogFrame>
  );
}

/** Every dialog of the drive machine, for a screen that shows a drive. */
export function DriveDialogs({ actor, programId }: DialogProps & { programId: number }) {
  return (
    <>
      <NameDialog actor={actor} />
      <MoveDialog actor={actor} programId={programId} />
      <DeleteDialog actor={actor} />
    </>
  );
}
