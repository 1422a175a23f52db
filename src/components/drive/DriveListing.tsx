// One folder's contents: folders first, then files, each with its size and when it last changed. A folder opens; a
// file downloads; where the space is writable each offers Rename, Move and Delete, which open the drive machine's
// dialogs. Shared by the applicant's drive and staff's (its reads go through the screen's DriveSource).
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DriveFolderPage, DriveNode } from '#api/drive';
import type { DriveActorRef } from '#machines/drive/drive.machine';
import { selectBusy, selectLocation } from '#machines/drive/drive.selectors';
import { Button } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';
import { fileSize } from '#components/upload/upload-messages';
import { useDriveSource } from './drive-source';

interface ListingProps {
  actor: DriveActorRef;
  programId: number;
  page: DriveFolderPage;
}

export const actionId = (node: Pick<DriveNode, 'id'>, action: string) => `drive-${action}-${node.id}`;

export function DriveListing({ actor, programId, page }: ListingProps) {
  const intl = useIntl();
  if (page.results.length === 0) {
    return (
      <p className="text-gray-800">
        {page.writable ? <FormattedMessage id="drive.emptyWritable" /> : <FormattedMessage id="drive.empty" />}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-gray-900">
          <caption className="sr-only">{intl.formatMessage({ id: 'drive.listing' })}</caption>
          <thead>
            <tr className="border-b-2 border-gray-700">
              <th scope="col" className="py-2 pr-3 [overflow-wrap:normal]">
                <FormattedMessage id="drive.column.name" />
              </th>
              <th scope="col" className="py-2 pr-3 [overflow-wrap:normal]">
                <FormattedMessage id="drive.column.size" />
              </th>
              <th scope="col" className="hidden py-2 pr-3 [overflow-wrap:normal] sm:table-cell">
                <FormattedMessage id="drive.column.updated" />
              </th>
              {page.writable ? (
                <th scope="col" className="py-2 [overflow-wrap:normal]">
                  <FormattedMessage id="drive.column.actions" />
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {page.results.map((node) => (
              <NodeRow key={node.id} actor={actor} programId={programId} node={node} writable={page.writable} />
            ))}
          </tbody>
        </table>
      </div>
      {page.count > page.results.length ? (
        <p className="text-gray-800">
          <FormattedMessage id="drive.more" values={{ shown: page.results.length, count: page.count }} />
        </p>
      ) : null}
    </div>
  );
}

/** An action button: its words wrap between words only (the page's `overflow-wrap: anywhere` would split them). */
const actionClass = 'whitespace-nowrap [overflow-wrap:normal]';

function NodeRow({ actor, programId, node, writable }: { actor: DriveActorRef; programId: number; node: DriveNode; writable: boolean }) {
  const intl = useIntl();
  const busy = useSelector(actor, selectBusy);
  const location = useSelector(actor, selectLocation);
  const source = useDriveSource();
  const [downloadFailed, setDownloadFailed] = useState(false);
  const target = { id: node.id, kind: node.kind, name: node.name, parent_id: node.parent_id };
  const name = <span className="sr-only"> {node.name}</span>;
  return (
    <tr className="border-b border-gray-300 align-top">
      <td className="py-2 pr-3">
        {node.kind === 'folder' ? (
          <button
            type="button"
            id={actionId(node, 'open')}
            className="min-h-11 text-left font-semibold text-blue-800 underline underline-offset-2 break-all"
            onClick={() => actor.send({ type: 'drive.open', location: { ...location, parentId: node.id } })}
          >
            <FormattedMessage id="drive.openFolder" values={{ name: node.name }} />
          </button>
        ) : (
          <>
            <button
              type="button"
              id={actionId(node, 'download')}
              className="min-h-11 text-left text-blue-800 underline underline-offset-2 break-all"
              onClick={() => {
                setDownloadFailed(false);
                source.download(programId, node.id, node.name).catch(() => setDownloadFailed(true));
              }}
            >
              <FormattedMessage id="drive.download" values={{ name: node.name }} />
            </button>
            {downloadFailed ? (
              <span role="alert" className="block font-semibold text-red-800">
                <FormattedMessage id="drive.downloadFailed" />
              </span>
            ) : null}
          </>
        )}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {node.kind === 'file' && node.size !== null ? fileSize(intl, node.size) : <FormattedMessage id="drive.folder" />}
      </td>
      <td className="hidden py-2 pr-3 sm:table-cell">
        <InstantText instant={node.updated_at} />
      </td>
      {writable ? (
        <td className="py-2">
          {/* Each action's words stay whole ("Cambiar nombre", never "Cambi/ar"): on a phone the buttons stack. */}
          <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:flex-wrap">
            <Button id={actionId(node, 'rename')} className={actionClass} variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'drive.rename', node: target })}>
              <FormattedMessage id="drive.rename" />
              {name}
            </Button>
            <Button id={actionId(node, 'move')} className={actionClass} variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'drive.move', node: target })}>
              <FormattedMessage id="drive.move" />
              {name}
            </Button>
            <Button id={actionId(node, 'delete')} className={actionClass} variant="danger" disabled={busy} onClick={() => actor.send({ type: 'drive.delete', node: target })}>
              <FormattedMessage id="drive.delete" />
              {name}
            </Button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
