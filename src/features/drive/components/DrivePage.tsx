// /panel/programs/my/drive/:id: a program's drive (docs/decisions/019-program-drive.md). The shared materials (read
// only) and the person's own space, a folder at a time: its listing is a query, what the person does goes to the
// drive machine (machines/drive), whose dialogs and uploads this page renders.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { provideDriveMachine } from '#actors/drive';
import { driveFolderQueryOptions, driveQueryOptions, type Drive, type DriveFolderPage } from '#api/drive';
import type { DriveActorRef } from '#machines/drive/drive.machine';
import { selectLocation } from '#machines/drive/drive.selectors';
import type { DriveSpace } from '#machines/drive/drive.types';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants';
import { Alert } from '#components/ui/Alert';
import { Button, ButtonLink } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { fileSize } from '#components/upload/upload-messages';
import { applicationPaths } from '#lib/application-paths';
import { useLocale } from '#lib/locale';
import { DeleteDialog, MoveDialog, NameDialog } from './DriveDialogs';
import { DriveListing } from './DriveListing';
import { DriveUpload } from './DriveUpload';

const spaceNames = defineMessages<DriveSpace>({
  personal: { id: 'drive.space.personal' },
  shared: { id: 'drive.space.shared' },
});

export function DrivePage() {
  const { id = '' } = useParams();
  const programId = Number(id);
  const drive = useQuery({ ...driveQueryOptions(programId), enabled: Number.isInteger(programId) && programId > 0 });
  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="panel.drive.title" />
      </PageHeading>
      {drive.isPending && drive.fetchStatus !== 'idle' ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : drive.isSuccess ? (
        <DriveWorkspace programId={programId} drive={drive.data} />
      ) : (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="drive.unavailable" />
          </p>
          <ButtonLink to={applicationPaths.myPrograms} variant="secondary">
            <FormattedMessage id="drive.backToMyPrograms" />
          </ButtonLink>
        </Alert>
      )}
    </div>
  );
}

function DriveWorkspace({ programId, drive }: { programId: number; drive: Drive }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const start: DriveSpace = drive.personal ? 'personal' : 'shared';
  const actor = useActorRef(provideDriveMachine(queryClient), {
    input: { programId, maxBytes: MAX_UPLOAD_BYTES, location: { space: start, parentId: null } },
  });
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-xl font-semibold text-gray-900">{drive.program.name[locale]}</p>
        {drive.personal ? (
          <p className="text-gray-800">
            <FormattedMessage
              id="drive.quota"
              values={{ used: fileSize(intl, drive.used_bytes), quota: fileSize(intl, drive.quota_bytes) }}
            />
          </p>
        ) : null}
      </div>
      <SpaceSwitch actor={actor} personal={drive.personal} />
      <DriveFolder actor={actor} programId={programId} />
      <NameDialog actor={actor} />
      <MoveDialog actor={actor} programId={programId} />
      <DeleteDialog actor={actor} />
    </div>
  );
}

/** The two spaces: the program's shared materials and the person's own. */
function SpaceSwitch({ actor, personal }: { actor: DriveActorRef; personal: boolean }) {
  const intl = useIntl();
  const { space } = useSelector(actor, selectLocation);
  const spaces: DriveSpace[] = personal ? ['personal', 'shared'] : ['shared'];
  return (
    <nav aria-label={intl.formatMessage({ id: 'drive.spaces' })} className="flex flex-wrap gap-3">
      {spaces.map((each) => (
        <Button
          key={each}
          variant={each === space ? 'primary' : 'secondary'}
          aria-current={each === space ? 'true' : undefined}
          onClick={() => actor.send({ type: 'drive.open', location: { space: each, parentId: null } })}
        >
          <FormattedMessage {...spaceNames[each]} />
        </Button>
      ))}
    </nav>
  );
}

function DriveFolder({ actor, programId }: { actor: DriveActorRef; programId: number }) {
  const location = useSelector(actor, selectLocation);
  const folder = useQuery(driveFolderQueryOptions(programId, location.space, location.parentId));
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
      <Breadcrumbs actor={actor} page={folder.data} />
      {folder.data.writable ? (
        <DriveUpload actor={actor} />
      ) : null}
      <DriveListing actor={actor} programId={programId} page={folder.data} />
    </section>
  );
}

/** Where the folder on screen is: its space, then each folder down to it; each one above opens. */
function Breadcrumbs({ actor, page }: { actor: DriveActorRef; page: DriveFolderPage }) {
  const intl = useIntl();
  const root = <FormattedMessage {...spaceNames[page.space]} />;
  const open = (parentId: number | null) => actor.send({ type: 'drive.open', location: { space: page.space, parentId } });
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
      {page.writable ? null : (
        <p className="text-gray-800">
          <FormattedMessage id="drive.readOnly" />
        </p>
      )}
    </div>
  );
}
