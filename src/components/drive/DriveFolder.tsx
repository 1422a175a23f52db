// The folder on screen of a program drive: where it is (a trail back up to the space's root, and its heading), the
// upload and "New folder" controls when the space is writable, and what it holds. Its listing is a query read
// through the screen's DriveSource; what the person does goes to the drive machine (machines/drive).
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DriveFolderPage } from '#api/drive';
import type { DriveActorRef } from '#machines/drive/drive.machine';
import { selectLocation } from '#machines/drive/drive.selectors';
import { Alert } from '#components/ui/Alert';
import { Button } from '#components/ui/Button';
import { useDriveSource } from './drive-source';
import { DriveListing } from './DriveListing';
import { DriveUpload } from './DriveUpload';
import { spaceNames } from './space-names';

interface DriveFolderProps {
  actor: DriveActorRef;
  programId: number;
  /** The space's root as the reader calls it (an applicant's own space is "My space"; staff see the person's name). */
  rootName?: ReactNode;
  /** What a read-only space says of itself (the applicant's words for the shared materials by default). */
  readOnlyNote?: ReactNode;
}

export function DriveFolder({ actor, programId, rootName, readOnlyNote }: DriveFolderProps) {
  const location = useSelector(actor, selectLocation);
  const folder = useQuery(useDriveSource().folder(programId, location));
  if (folder.isPending) {
    return (
      <p role="status" className="text-gray-800">
        <FormattedMessage id="app.loading" />
      </p>
    );
  }
  if (folder.isError) {
    return (
      <Alert kind="error" role="alert">
        <p>
          <FormattedMessage id="drive.loadError" />
        </p>
        <Button variant="secondary" onClick={() => void folder.refetch()}>
          <FormattedMessage id="programs.list.retry" />
        </Button>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="drive-folder-heading" className="space-y-4">
      <Breadcrumbs
        actor={actor}
        page={folder.data}
        root={rootName ?? <FormattedMessage {...spaceNames[folder.data.space]} />}
        readOnlyNote={readOnlyNote ?? <FormattedMessage id="drive.readOnly" />}
      />
      {folder.data.writable ? <DriveUpload actor={actor} /> : null}
      <DriveListing actor={actor} programId={programId} page={folder.data} />
    </section>
  );
}

/** Where the folder on screen is: its space, then each folder down to it; each one above opens. */
function Breadcrumbs({ actor, page, root, readOnlyNote }: { actor: DriveActorRef; page: DriveFolderPage; root: ReactNode; readOnlyNote: ReactNode }) {
  const intl = useIntl();
  const location = useSelector(actor, selectLocation);
  const open = (parentId: number | null) => actor.send({ type: 'drive.open', location: { ...location, parentId } });
  const trail = [{ id: null, name: root }, ...page.path.map((folder) => ({ id: folder.id as number | null, name: <>{folder.name}</> }))];
  return (
    <div className="space-y-2">
      {/* At a space's root the heading says where the person is; inside a folder the trail leads back up. */}
      {page.path.length === 0 ? null : (
        <nav aria-label={intl.formatMessage({ id: 'drive.breadcrumbs' })}>
          <ol className="flex flex-wrap items-center gap-1 text-gray-900">
            {trail.map((step, index) => (
              <li key={step.id ?? 'root'} className="flex items-center gap-1">
                {index > 0 ? <span aria-hidden="true">/</span> : null}
                {index === trail.length - 1 ? (
                  <span aria-current="location" className="font-semibold break-all">
                    {step.name}
                  </span>
                ) : (
                  <button type="button" className="min-h-11 px-1 text-blue-800 underline underline-offset-2 break-all" onClick={() => open(step.id)}>
                    {step.name}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <h2 id="drive-folder-heading" tabIndex={-1} className="text-2xl font-bold text-gray-900 break-all">
        {page.folder ? page.folder.name : root}
      </h2>
      {page.writable ? null : <p className="text-gray-800">{readOnlyNote}</p>}
    </div>
  );
}
