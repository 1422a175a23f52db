// /panel/programs/my/drive/:id: a program's drive (docs/decisions/019-program-drive.md). The shared materials (read
// only) and the person's own space, a folder at a time: its listing is a query, what the person does goes to the
// drive machine (machines/drive), whose dialogs and uploads the shared drive views (src/components/drive) render.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { usePageActor } from '#lib/use-page-actor';
import { applicantDriveSource, driveQueryOptions, type Drive } from '#api/drive';
import type { DriveActorRef } from '#machines/drive/drive.machine';
import { selectLocation } from '#machines/drive/drive.selectors';
import type { DriveSpace } from '#machines/drive/drive.types';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants';
import { DRIVE_SPACE_VALUES } from '#shared/contract-enums';
import { inOwnOrder } from '#shared/contract-order';
import { Alert } from '#components/ui/Alert';
import { Button, ButtonLink } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { fileSize } from '#components/upload/upload-messages';
import { applicationPaths } from '#lib/application-paths';
import { useLocale } from '#lib/locale';
import { DriveDialogs } from '#components/drive/DriveDialogs';
import { DriveFolder } from '#components/drive/DriveFolder';
import { DriveSourceContext } from '#components/drive/drive-source';
import { spaceNames } from '#components/drive/space-names';
import { providePageActor } from '#actors/page-actors';
import { provideDriveMachine } from '#actors/drive';

// The session's `drive` page actors run this machine; it loads with this screen (docs/decisions/066-boot-closure.md).
providePageActor('drive', provideDriveMachine);

/** A member's own space first, then the program's shared one. */
const SPACES_PERSONAL_FIRST = inOwnOrder(DRIVE_SPACE_VALUES, ['personal', 'shared']);

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
  const start: DriveSpace = drive.personal ? 'personal' : 'shared';
  // The session's drive of this program: it outlives the page, so uploads in flight are there on coming back.
  const actor = usePageActor('drive', programId, { programId, maxBytes: MAX_UPLOAD_BYTES, location: { space: start, parentId: null } });
  return (
    <DriveSourceContext value={applicantDriveSource}>
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
      <DriveDialogs actor={actor} programId={programId} />
    </div>
    </DriveSourceContext>
  );
}

/** The two spaces: the program's shared materials and the person's own. */
function SpaceSwitch({ actor, personal }: { actor: DriveActorRef; personal: boolean }) {
  const intl = useIntl();
  const { space } = useSelector(actor, selectLocation);
  const spaces: readonly DriveSpace[] = personal ? SPACES_PERSONAL_FIRST : ['shared'];
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
