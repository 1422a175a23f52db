// /admin/programs/drive/:id: staff's view of a program's drive (docs/decisions/024). A chooser between the shared
// materials (staff upload, create folders, rename, move and delete: each change audited on the server) and the
// space of each applicant of the program (searched, keyset-paged; read-only, files downloadable). The folder itself
// is the applicant's drive's views (src/components/drive) and machine (machines/drive), given staff's calls.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { usePageActor } from '#lib/use-page-actor';
import type { DriveActorRef } from '#machines/drive/drive.machine';
import { selectLocation } from '#machines/drive/drive.selectors';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants';
import { KeysetPager, useUrlSearch } from '#components/admin/ListControls';
import { DriveDialogs } from '#components/drive/DriveDialogs';
import { DriveFolder } from '#components/drive/DriveFolder';
import { DriveSourceContext } from '#components/drive/drive-source';
import { spaceNames } from '#components/drive/space-names';
import { applicationStatusNames } from '#components/programs/messages';
import { Alert } from '#components/ui/Alert';
import { Button, ButtonLink } from '#components/ui/Button';
import { TextField } from '#components/ui/Field';
import { PageHeading } from '#components/ui/PageHeading';
import { fileSize } from '#components/upload/upload-messages';
import { useLocale } from '#lib/locale';
import {
  adminDriveCalls,
  adminDriveQueryOptions,
  adminDriveSource,
  driveSpacesQueryOptions,
  type AdminDriveSpace,
} from '#features/admin-drive/api/drive';
import { providePageActor } from '#actors/page-actors';
import { provideDriveMachine } from '#actors/drive';

// The session's `adminDrive` page actors run this machine; it loads with this screen (src/actors/page-actors.ts).
providePageActor('adminDrive', (queryClient) => provideDriveMachine(queryClient, adminDriveCalls));

const fullName = (space: AdminDriveSpace) => `${space.first_name} ${space.last_name}`.trim() || space.email;

export function AdminDrivePage() {
  const { id = '' } = useParams();
  const programId = Number(id);
  const drive = useQuery({ ...adminDriveQueryOptions(programId), enabled: Number.isInteger(programId) && programId > 0 });
  const locale = useLocale();
  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="admin.drive.title" />
      </PageHeading>
      {drive.isPending && drive.fetchStatus !== 'idle' ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : drive.isSuccess ? (
        <>
          <p className="text-xl font-semibold text-gray-900">{drive.data.program.name[locale]}</p>
          <DriveWorkspace programId={programId} />
        </>
      ) : (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="admin.drive.unavailable" />
          </p>
          <ButtonLink to="/admin/programs" variant="secondary">
            <FormattedMessage id="admin.drive.backToPrograms" />
          </ButtonLink>
        </Alert>
      )}
    </div>
  );
}

function DriveWorkspace({ programId }: { programId: number }) {
  const actor = usePageActor('adminDrive', programId, { programId, maxBytes: MAX_UPLOAD_BYTES, location: { space: 'shared', parentId: null } });
  // The applicant whose space is on screen (the machine keeps their id; their name titles the space).
  const [person, setPerson] = useState<AdminDriveSpace | null>(null);
  const open = (space: AdminDriveSpace | null) => {
    setPerson(space);
    actor.send({ type: 'drive.open', location: space ? { space: 'personal', ownerId: space.owner_id, parentId: null } : { space: 'shared', parentId: null } });
  };
  return (
    <DriveSourceContext value={adminDriveSource}>
      <div className="space-y-8">
        <SpaceChooser actor={actor} programId={programId} onOpen={open} />
        <DriveFolder
          actor={actor}
          programId={programId}
          {...(person
            ? {
                rootName: <FormattedMessage id="admin.drive.spaceOf" values={{ name: fullName(person) }} />,
                readOnlyNote: <FormattedMessage id="admin.drive.readOnlyPersonal" values={{ name: fullName(person) }} />,
              }
            : {})}
        />
        <DriveDialogs actor={actor} programId={programId} />
      </div>
    </DriveSourceContext>
  );
}

/** The shared materials, then the applicants with a space (searched by name or e-mail, a page at a time). */
function SpaceChooser({ actor, programId, onOpen }: { actor: DriveActorRef; programId: number; onOpen: (space: AdminDriveSpace | null) => void }) {
  const intl = useIntl();
  const location = useSelector(actor, selectLocation);
  const { params, submit } = useUrlSearch(['q']);
  const q = params.get('q') ?? '';
  const spaces = useQuery(driveSpacesQueryOptions(programId, q, params.get('cursor')));
  const sharedOpen = location.space === 'shared';
  return (
    <section aria-labelledby="admin-drive-spaces" className="space-y-4">
      <h2 id="admin-drive-spaces" className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="admin.drive.spaces" />
      </h2>
      <div className="space-y-1">
        <Button variant={sharedOpen ? 'primary' : 'secondary'} aria-current={sharedOpen ? 'true' : undefined} onClick={() => onOpen(null)}>
          <FormattedMessage {...spaceNames.shared} />
        </Button>
        <p className="text-gray-800">
          <FormattedMessage id="admin.drive.sharedHint" />
        </p>
      </div>
      <h3 className="text-xl font-bold text-gray-900">
        <FormattedMessage id="admin.drive.applicants" />
      </h3>
      <form role="search" aria-label={intl.formatMessage({ id: 'admin.drive.applicants' })} className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <TextField id="admin-drive-q" name="q" type="search" defaultValue={q} label={<FormattedMessage id="admin.drive.search" />} />
        <Button type="submit">
          <FormattedMessage id="admin.drive.searchButton" />
        </Button>
      </form>
      {spaces.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : spaces.isError ? (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="admin.drive.loadError" />
          </p>
          <Button variant="secondary" onClick={() => void spaces.refetch()}>
            <FormattedMessage id="programs.list.retry" />
          </Button>
        </Alert>
      ) : (
        <>
          <p role="status" className="text-gray-800">
            <FormattedMessage id="admin.drive.count" values={{ count: spaces.data.count }} />
          </p>
          <ul className="space-y-3">
            {spaces.data.results.map((space) => (
              <SpaceRow key={space.owner_id} space={space} current={location.space === 'personal' && location.ownerId === space.owner_id} onOpen={onOpen} />
            ))}
          </ul>
          <KeysetPager
            label={intl.formatMessage({ id: 'admin.drive.pages' })}
            nextCursor={spaces.data.next_cursor}
            first={<FormattedMessage id="admin.drive.firstPage" />}
            next={<FormattedMessage id="admin.drive.nextPage" />}
          />
        </>
      )}
    </section>
  );
}

function SpaceRow({ space, current, onOpen }: { space: AdminDriveSpace; current: boolean; onOpen: (space: AdminDriveSpace) => void }) {
  const intl = useIntl();
  const status = space.application_status ? intl.formatMessage(applicationStatusNames[space.application_status]) : intl.formatMessage({ id: 'admin.drive.noApplication' });
  return (
    <li className="space-y-1 border-b border-gray-300 pb-3">
      <Button variant={current ? 'primary' : 'secondary'} aria-current={current ? 'true' : undefined} className="break-all" onClick={() => onOpen(space)}>
        <FormattedMessage id="admin.drive.openSpace" values={{ name: fullName(space) }} />
      </Button>
      <p className="text-gray-800 break-all">
        <FormattedMessage id="admin.drive.spaceFacts" values={{ email: space.email, status, files: space.files, size: fileSize(intl, space.bytes) }} />
      </p>
    </li>
  );
}
